package idastar

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/testsets"
	"github.com/slidekit/slide/internal/tiles"
)

// TestIDAOptimal checks IDA against the specialized A* of internal/tiles
// (both optimal; the A* is checked against breadth-first distances there)
// on random walks from random goals: every solution is a legal path of the
// shortest length.
func TestIDAOptimal(t *testing.T) {
	ctx := context.Background()
	for _, w := range testsets.Walks(rand.New(rand.NewPCG(41, 42)), [][2]int{{3, 3}, {2, 4}, {3, 4}, {2, 6}}, 5, 30) {
		g := tiles.NewGoal(w.Rows, w.Cols, w.Goal, true)
		code := encodeBoard(t, g, w.Start)
		for _, h := range []tiles.Kind{tiles.Manhattan, tiles.LinearConflict} {
			sp := tiles.NewSpace(g, tiles.Heuristic{Kind: h}, false)
			var ast, st tiles.Stats
			want, err := sp.AStar16(ctx, code, engine.Bounds{}, &ast)
			if err != nil {
				t.Fatal(err)
			}
			blanks, err := IDA(ctx, sp, code, engine.Bounds{}, 1, nil, &st)
			if err != nil {
				t.Fatal(err)
			}
			testsets.CheckBlanks(t, w.Cols, w.Start, w.Goal, blanks, len(want)-1)
		}
	}
}
