package slide

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"
)

// randomSolvable returns a board drawn uniformly from those that reach goal.
func randomSolvable(rng *rand.Rand, goal Board) Board {
	b := randomBoard(rng, goal.Rows(), goal.Cols())
	if ok, _ := Solvable(b, goal); !ok {
		b = b.Twin()
	}
	return b
}

// reduceMoves runs the reducer on start toward goal and returns its moves.
func reduceMoves(t testing.TB, start, goal Board) []Direction {
	t.Helper()
	tg, err := newTarget("test", goal)
	if err != nil {
		t.Fatal(err)
	}
	code, err := tg.encode("test", start)
	if err != nil {
		t.Fatal(err)
	}
	var moves []Direction
	z := newReducer(context.Background(), start.Rows(), start.Cols(), code, func(d Direction) { moves = append(moves, d) })
	if err := z.solve(int32(tg.blankGoal)); err != nil {
		t.Fatalf("%d x %d: %v\n%v", start.Rows(), start.Cols(), err, start)
	}
	return moves
}

func TestReduceRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 9))
	for _, sz := range [][2]int{{3, 3}, {4, 4}, {5, 5}, {2, 5}, {5, 2}, {3, 8}, {8, 3}, {5, 10}, {10, 10}, {2, 2}, {7, 4}} {
		for range 20 {
			goal := Goal(sz[0], sz[1])
			start := randomSolvable(rng, goal)
			moves := reduceMoves(t, start, goal)
			b := start
			for i, d := range moves {
				next, ok := b.Slide(d, 1)
				if !ok {
					t.Fatalf("%v: move %d (%v) is not possible", sz, i, d)
				}
				b = next
			}
			if b != goal {
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
			goal := Goal(n, n)
			total += len(reduceMoves(t, randomSolvable(rng, goal), goal))
		}
		t.Logf("n=%d: %.3f moves/n^3", n, float64(total)/boards/float64(n*n*n))
	}
}

func TestReduceStats(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	n := 64
	goal := Goal(n, n)
	moves := reduceMoves(t, randomSolvable(rng, goal), goal)
	rev := 0
	for i := 1; i < len(moves); i++ {
		if moves[i] == moves[i-1].Opposite() {
			rev++
		}
	}
	t.Logf("n=%d: %d moves, %.3f n^3, %d immediate reversals", n, len(moves), float64(len(moves))/float64(n*n*n), rev)
}

func TestReduceBig(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	for _, n := range []int{127, 255} {
		goal := Goal(n, n)
		start := randomSolvable(rng, goal)
		began := time.Now()
		m := reduceMoves(t, start, goal)
		t.Logf("n=%d: %.3f n^3 in %v", n, float64(len(m))/float64(n*n*n), time.Since(began))
	}
}
