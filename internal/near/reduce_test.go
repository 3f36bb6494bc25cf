package near

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/slidekit/slide/internal/tiles"
)

// reduceMoves runs the reducer on code (a board of goal t) and returns
// its moves.
func reduceMoves(tb testing.TB, t *tiles.Goal, code []int32) []tiles.Dir {
	tb.Helper()
	var moves []tiles.Dir
	z := newReducer(context.Background(), t.Rows, t.Cols, code, func(d tiles.Dir) { moves = append(moves, d) })
	if err := z.solve(int32(t.BlankGoal)); err != nil {
		tb.Fatalf("%d x %d: %v\n%v", t.Rows, t.Cols, err, code)
	}
	return moves
}

func TestReduceRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 9))
	for _, sz := range [][2]int{{3, 3}, {4, 4}, {5, 5}, {2, 5}, {5, 2}, {3, 8}, {8, 3}, {5, 10}, {10, 10}, {2, 2}, {7, 4}} {
		for range 20 {
			goal := standardGoal(sz[0], sz[1])
			start := randomReaching(rng, goal)
			moves := reduceMoves(t, goal, start)
			b := slices.Clone(start)
			blank := slices.Index(b, tiles.BlankCode)
			for i, d := range moves {
				dr, dc := d.Source()
				r, c := blank/goal.Cols+dr, blank%goal.Cols+dc
				if d > tiles.Right || r < 0 || c < 0 || r >= goal.Rows || c >= goal.Cols {
					t.Fatalf("%v: move %d (%d) is not possible", sz, i, d)
				}
				next := r*goal.Cols + c
				b[blank], b[next] = b[next], tiles.BlankCode
				blank = next
			}
			if !slices.Equal(b, goalCode(goal)) {
				t.Fatalf("%v: the moves end on\n%v", sz, b)
			}
		}
	}
}

func TestReduceRatio(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for _, n := range []int{10, 32, 64} {
		total := 0
		const boards = 5
		for range boards {
			goal := standardGoal(n, n)
			total += len(reduceMoves(t, goal, randomReaching(rng, goal)))
		}
		t.Logf("n=%d: %.3f moves/n^3", n, float64(total)/boards/float64(n*n*n))
	}
}

func TestReduceStats(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	n := 64
	goal := standardGoal(n, n)
	moves := reduceMoves(t, goal, randomReaching(rng, goal))
	rev := 0
	for i := 1; i < len(moves); i++ {
		if moves[i] == opposite(moves[i-1]) {
			rev++
		}
	}
	t.Logf("n=%d: %d moves, %.3f n^3, %d immediate reversals", n, len(moves), float64(len(moves))/float64(n*n*n), rev)
}

func TestReduceBig(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	for _, n := range []int{127, 255} {
		if n == 255 && testing.Short() {
			continue // the full run only
		}
		goal := standardGoal(n, n)
		start := randomReaching(rng, goal)
		began := time.Now()
		m := reduceMoves(t, goal, start)
		t.Logf("n=%d: %.3f n^3 in %v", n, float64(len(m))/float64(n*n*n), time.Since(began))
	}
}
