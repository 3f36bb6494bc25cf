package slide

import (
	"context"
	"math/rand/v2"
	"runtime"
	"testing"
)

// randomReaching returns a board drawn uniformly from those that reach goal.
func randomReaching(rng *rand.Rand, goal Board) Board {
	b, err := RandomBoard(goal, rng)
	if err != nil {
		panic(err)
	}
	return b
}

// checkValid checks that sol's moves lead from start to goal, that its
// boards (when kept) follow them, and that its labels are consistent.
func checkValid(t testing.TB, sol Solution, start, goal Board, metric Metric) {
	t.Helper()
	b := start
	for i, m := range sol.Moves {
		if metric == TileMoves && m.Tiles != 1 {
			t.Fatalf("move %d slides %d tiles under single-tile moves", i, m.Tiles)
		}
		next, ok := b.Slide(m.Dir, m.Tiles)
		if !ok {
			t.Fatalf("move %d (%v) cannot be made on\n%v", i, m, b)
		}
		b = next
		if sol.Boards != nil && sol.Boards[i+1] != b {
			t.Fatalf("board %d does not follow move %d", i+1, i)
		}
	}
	if b != goal {
		t.Fatalf("moves end on\n%vnot on the goal\n%v", b, goal)
	}
	if sol.LowerBound > sol.Len() || sol.LowerBound < 0 {
		t.Fatalf("lower bound %d for %d moves", sol.LowerBound, sol.Len())
	}
	if sol.Optimal != (sol.LowerBound == sol.Len()) {
		t.Fatalf("Optimal = %v with lower bound %d and %d moves", sol.Optimal, sol.LowerBound, sol.Len())
	}
}

func TestSolveFastShapes(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for _, sz := range [][2]int{{2, 2}, {2, 3}, {3, 2}, {3, 3}, {4, 4}, {3, 8}, {8, 3}, {5, 10}, {2, 9}, {9, 2}, {1, 7}, {7, 1}, {12, 12}} {
		for _, metric := range []Metric{TileMoves, LineMoves} {
			for range 5 {
				goal := Goal(sz[0], sz[1])
				if sz[0] > 1 && sz[1] > 1 && rng.IntN(2) == 0 { // another goal: the blank elsewhere
					goal = randomReaching(rng, goal)
				}
				start := randomReaching(rng, goal)
				if sz[0] == 1 || sz[1] == 1 { // tiles keep their order: move the blank
					start = goal
					for range 50 {
						if next, ok := start.Slide(Direction(rng.IntN(4)), 1); ok {
							start = next
						}
					}
				}
				sol, err := Solver{Mode: Fast(), Metric: metric}.Solve(context.Background(), start, goal)
				if err != nil {
					t.Fatalf("%v: %v", sz, err)
				}
				checkValid(t, sol, start, goal, metric)
			}
		}
	}
}

func TestSolveFastLabeled(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, sz := range [][2]int{{3, 3}, {4, 5}, {6, 6}} {
		for range 10 {
			n := sz[0] * sz[1]
			labels := make([]int, n)
			for i := 1; i < n; i++ {
				labels[i] = 1 + rng.IntN(3)
			}
			goal, err := NewLabeled(sz[0], sz[1], labels)
			if err != nil {
				t.Fatal(err)
			}
			rng.Shuffle(n, func(i, j int) { labels[i], labels[j] = labels[j], labels[i] })
			start, _ := NewLabeled(sz[0], sz[1], labels)
			sol, err := Solver{Mode: Fast()}.Solve(context.Background(), start, goal)
			if err != nil {
				t.Fatalf("%v: %v\n%v", sz, err, start)
			}
			checkValid(t, sol, start, goal, TileMoves)
		}
	}
}

// TestSolveFastBound checks the fast mode's lower bound against the true
// distance of every 3 x 3 board, and its length against the same.
func TestSolveFastBound(t *testing.T) {
	goal := Goal(3, 3)
	for d, layer := range layersFrom(t, goal) {
		for i, b := range layer {
			if i%7 != 0 {
				continue
			}
			sol, err := Solver{Mode: Fast()}.Solve(context.Background(), b, goal)
			if err != nil {
				t.Fatal(err)
			}
			if sol.LowerBound > d || sol.Len() < d {
				t.Fatalf("distance %d: lower bound %d, %d moves", d, sol.LowerBound, sol.Len())
			}
			if sol.Len() != d { // a 3 x 3 board is solved optimally
				t.Fatalf("distance %d: %d moves", d, sol.Len())
			}
		}
	}
}

func TestSolveFastStream(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 3))
	goal := Goal(20, 20)
	start := randomReaching(rng, goal)
	var moves []Move
	sol, err := Solver{Mode: Fast(), OnMove: func(m Move) { moves = append(moves, m) }}.Solve(context.Background(), start, goal)
	if err != nil {
		t.Fatal(err)
	}
	if sol.Moves != nil || sol.Boards != nil {
		t.Fatalf("WithMoves kept %d moves and %d boards in the solution", len(sol.Moves), len(sol.Boards))
	}
	if end, ok := start.Apply(moves); !ok || end != goal {
		t.Fatalf("streamed moves do not solve the board")
	}
}

// TestFastAllocations checks that the fast mode's memory stays near
// linear in the cells: a random 255 x 255 board once allocated 50 GB in
// one solve, in 30 s (breadth-first searches over windows whose area
// squared was allocated whole); now about 0.3 GB in 2 s.
func TestFastAllocations(t *testing.T) {
	if testing.Short() {
		t.Skip("a 255 x 255 solve of about 2 s")
	}
	rng := rand.New(rand.NewPCG(255, 9)) // BenchmarkFast's boards
	goal := Goal(255, 255)
	var start Board
	for range 4 { // the fourth: the others never needed a large window
		start = randomReaching(rng, goal)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	moves := 0
	if _, err := (Solver{Mode: Fast(), OnMove: func(Move) { moves++ }}).Solve(context.Background(), start, goal); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	if got := after.TotalAlloc - before.TotalAlloc; got > 1<<30 {
		t.Errorf("%d moves: %d MB allocated, want under 1 GB", moves, got>>20)
	}
}
