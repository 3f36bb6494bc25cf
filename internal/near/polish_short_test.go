package near

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/testsets"
	"github.com/slidekit/slide/internal/tiles"
)

// TestShortSearch checks shortSearch against the optimal search of
// internal/idastar on random walks of 4 to 17 moves on small rectangles,
// the blank's goal on any cell: the same length of way, or none, within
// the cost bound, and every way found reaches the goal.
func TestShortSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 2))
	var s shortSearch
	for _, sz := range [][2]int{{2, 2}, {2, 9}, {2, 5}, {3, 5}, {4, 4}} {
		for range 300 {
			g := tiles.NewCellGoal(sz[0], sz[1], rng.IntN(sz[0]*sz[1]))
			code := testsets.RandomWalk(rng, g.Rows, g.Cols, goalCode(g), tiles.BlankCode, 4+rng.IntN(14))
			maxCost := 1 + rng.IntN(17) // Bounds.Cost 0 is no bound
			got, _ := s.solve(code, sz[0], sz[1], maxCost, 1<<22)
			want, err := solveSmall(context.Background(), g, code, engine.Bounds{Cost: float64(maxCost)}, nil)
			if (err == nil) != (got != nil) || got != nil && len(got) != len(want) {
				t.Fatalf("%v %v, goal's blank on %d, at most %d moves: %v, IDA* %v (%v)", sz, code, g.BlankGoal, maxCost, got, want, err)
			}
			if got != nil {
				checkBlanks(t, g, code, got)
			}
		}
	}
	// Within the boards allowed.
	g := tiles.NewCellGoal(4, 4, 15)
	code := testsets.RandomWalk(rng, 4, 4, goalCode(g), tiles.BlankCode, 40)
	if got, nodes := s.solve(code, 4, 4, 40, 100); got != nil || nodes > 100 {
		t.Errorf("within 100 boards: %v, %d boards", got, nodes)
	}
}
