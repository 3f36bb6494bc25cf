package slide

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/slidekit/slide/internal/testsets"
)

// TestRandomExact deals boards of every distance a 3 x 3 and a 2 x 4
// board allow, and checks each against the layers of a separate
// breadth-first search (the generic engine's) and its solution by
// replaying it; one move past the farthest is refused.
func TestRandomExact(t *testing.T) {
	ctx := context.Background()
	for _, goal := range []Board{Goal(3, 3), Goal(2, 4), blankFirstGoal(2, 3)} {
		layers := layersFrom(t, goal)
		at := make([]map[Board]bool, len(layers))
		for d, layer := range layers {
			at[d] = map[Board]bool{}
			for _, b := range layer {
				at[d][b] = true
			}
		}
		rng := rand.New(rand.NewPCG(1, 0))
		for n := range layers {
			if !testsets.Long() && n%4 != 0 && n != len(layers)-1 {
				continue
			}
			sol, err := Solver{}.Random(ctx, goal, n, rng)
			if err != nil {
				t.Fatalf("%d x %d, %d moves: %v", goal.Rows(), goal.Cols(), n, err)
			}
			if !at[n][sol.Start] {
				t.Errorf("%d x %d: the board dealt for %d moves is not in the BFS's layer %d:\n%v", goal.Rows(), goal.Cols(), n, n, sol.Start)
			}
			checkSolution(t, sol, sol.Start, goal, n)
		}
		if _, err := (Solver{}).Random(ctx, goal, len(layers), rng); !errors.Is(err, ErrOption) {
			t.Errorf("%d x %d, %d moves, one past the farthest: %v, want ErrOption", goal.Rows(), goal.Cols(), len(layers), err)
		}
	}
}

// TestRandomUniform checks by chi-square that on 3 x 3 every board at a
// distance is dealt about equally often, against the boards the
// exhaustive search counts there.
func TestRandomUniform(t *testing.T) {
	goal := Goal(3, 3)
	layers := layersFrom(t, goal)
	for _, n := range []int{9, 31} {
		if !testsets.Long() && n == 31 {
			continue
		}
		k := len(layers[n])
		draws := 20 * k
		if n == 31 {
			draws = 8 // two boards, each draw a full search
		}
		rng := rand.New(rand.NewPCG(uint64(n), 5))
		hits := map[Board]int{}
		for range draws {
			sol, err := Solver{}.Random(context.Background(), goal, n, rng)
			if err != nil {
				t.Fatal(err)
			}
			hits[sol.Start]++
		}
		for b := range hits {
			if !slices.Contains(layers[n], b) {
				t.Fatalf("%d moves: dealt a board not at that distance:\n%v", n, b)
			}
		}
		checkChiSquare(t, hits, draws, k)
	}
}

// TestRandomApproximate deals 3 x 4 boards past the exact draw's reach
// (the suffix of a random board's solution, and the walk outward) and
// re-solves each by a separate optimal search, IDA* with Manhattan
// distance.
func TestRandomApproximate(t *testing.T) {
	ctx := context.Background()
	goal := Goal(3, 4)
	check := Solver{Heuristic: Manhattan, Algorithm: AlgoIDAStar, Workers: 1}
	ns := []int{17, 30, 44, 46}
	if !testsets.Long() {
		ns = []int{17, 30}
	}
	rng := rand.New(rand.NewPCG(2, 0))
	for _, n := range ns {
		sol, err := Solver{Workers: 1}.Random(ctx, goal, n, rng)
		if err != nil {
			t.Fatalf("%d moves: %v", n, err)
		}
		checkSolution(t, sol, sol.Start, goal, n)
		again, err := check.Solve(ctx, sol.Start, goal)
		if err != nil || again.Len() != n {
			t.Errorf("%d moves dealt, re-solved in %d: %v", n, again.Len(), err)
		}
	}
}

// TestRandomFiveByFive walks outward from the 5 x 5 goal and re-solves
// the board by a separate search.
func TestRandomFiveByFive(t *testing.T) {
	if !testsets.Long() {
		t.Skip("quick form (SLIDE_LONG=1 runs it): seconds of optimal searches")
	}
	ctx := context.Background()
	goal := Goal(5, 5)
	sol, err := Solver{Workers: 1}.Random(ctx, goal, 30, rand.New(rand.NewPCG(4, 0)))
	if err != nil {
		t.Fatal(err)
	}
	checkSolution(t, sol, sol.Start, goal, 30)
	again, err := Solver{Heuristic: Manhattan, Workers: 1}.Solve(ctx, sol.Start, goal)
	if err != nil || again.Len() != 30 {
		t.Errorf("re-solved in %d moves, %v; want 30", again.Len(), err)
	}
}

// TestRandomFast deals boards by their Manhattan distance and checks the
// label: the lower bound, the walk's length, Optimal only when they meet.
func TestRandomFast(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(3, 0))
	for _, c := range []struct{ rows, cols, n int }{{6, 6, 0}, {6, 6, 60}, {8, 8, 200}, {3, 3, 20}, {20, 30, 2000}} {
		goal := Goal(c.rows, c.cols)
		sol, err := Solver{Mode: Fast()}.Random(ctx, goal, c.n, rng)
		if err != nil {
			t.Fatalf("%d x %d, %d: %v", c.rows, c.cols, c.n, err)
		}
		if md := sol.Start.Manhattan(); md != c.n || sol.LowerBound != c.n {
			t.Errorf("%d x %d: Manhattan distance %d, lower bound %d; want %d", c.rows, c.cols, md, sol.LowerBound, c.n)
		}
		if sol.Optimal != (sol.Len() == c.n) || sol.Len() < c.n {
			t.Errorf("%d x %d: %d moves labelled Optimal=%v, lower bound %d", c.rows, c.cols, sol.Len(), sol.Optimal, c.n)
		}
		if end, ok := sol.Start.Apply(sol.Moves); !ok || end != goal {
			t.Errorf("%d x %d: the solution does not reach the goal", c.rows, c.cols)
		}
	}
	if _, err := (Solver{Mode: Fast()}).Random(ctx, Goal(2, 2), 7, rng); !errors.Is(err, ErrOption) {
		t.Errorf("2 x 2, 7 moves: %v, want ErrOption", err)
	}
	if _, err := (Solver{Mode: Fast()}).Random(ctx, Goal(3, 3), 30, rng); !errors.Is(err, ErrNotFound) {
		t.Errorf("3 x 3, Manhattan distance 30: %v, want ErrNotFound", err)
	}
}

// TestRandomErrors checks that bad input is refused at once, and that
// the searches keep to their context and limits.
func TestRandomDealErrors(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(1, 1))
	repeated := MustParseBoard("3\n1 1 2\n2 3 3\n4 4 0\n")
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	for _, c := range []struct {
		what   string
		s      Solver
		ctx    context.Context
		goal   Board
		n      int
		rng    *rand.Rand
		want   error
		within time.Duration
	}{
		{"negative", Solver{}, ctx, Goal(3, 3), -1, rng, ErrOption, 0},
		{"past 3 x 3", Solver{}, ctx, Goal(3, 3), 32, rng, ErrOption, 0},
		{"past 4 x 4", Solver{}, ctx, Goal(4, 4), 81, rng, ErrOption, 0},
		{"past 4 x 2", Solver{}, ctx, Goal(4, 2), 37, rng, ErrOption, 0},
		{"past a line", Solver{}, ctx, Goal(1, 5), 5, rng, ErrOption, 0},
		{"nil rng", Solver{}, ctx, Goal(3, 3), 3, nil, ErrOption, 0},
		{"nil context", Solver{}, nil, Goal(3, 3), 3, rng, ErrOption, 0},
		{"zero goal", Solver{}, ctx, Board{}, 3, rng, ErrMismatch, 0},
		{"weighted", Solver{Mode: Weighted(2)}, ctx, Goal(3, 3), 3, rng, ErrOption, 0},
		{"line moves", Solver{Metric: LineMoves}, ctx, Goal(3, 3), 3, rng, ErrOption, 0},
		{"OnMove", Solver{OnMove: func(Move) {}}, ctx, Goal(3, 3), 3, rng, ErrOption, 0},
		{"6 x 6 optimal", Solver{}, ctx, Goal(6, 6), 3, rng, ErrOption, 0},
		{"repeated fast", Solver{Mode: Fast()}, ctx, repeated, 3, rng, ErrOption, 0},
		{"nodes", Solver{Limits: Limits{MaxNodes: 10}}, ctx, Goal(3, 3), 20, rng, ErrLimit, 0},
		{"memory", Solver{Limits: Limits{MaxMemory: 1 << 10}}, ctx, Goal(3, 3), 20, rng, ErrLimit, 0},
		{"cancelled", Solver{}, cancelled, Goal(3, 3), 20, rng, context.Canceled, 0},
		{"walk memory", Solver{Mode: Fast(), Limits: Limits{MaxMemory: 1 << 20}}, ctx, Goal(255, 255), 1 << 20, rng, ErrLimit, 0},
		{"deadline", Solver{Workers: 1}, nil, Goal(5, 5), 70, rng, context.DeadlineExceeded, 100 * time.Millisecond},
	} {
		began := time.Now()
		ctx := c.ctx
		if c.within > 0 {
			var stop context.CancelFunc
			ctx, stop = context.WithTimeout(context.Background(), c.within)
			defer stop()
		}
		_, err := c.s.Random(ctx, c.goal, c.n, c.rng)
		if !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.what, err, c.want)
		}
		if d := time.Since(began); d > c.within+2*time.Second {
			t.Errorf("%s: took %v", c.what, d)
		}
	}
}

// TestRandomDeterministic checks that the same seed deals the same board.
func TestRandomDealDeterministic(t *testing.T) {
	for _, c := range []struct {
		goal Board
		n    int
	}{{Goal(3, 3), 20}, {Goal(3, 4), 30}} {
		var first Board
		for i := range 2 {
			sol, err := Solver{Workers: 1}.Random(context.Background(), c.goal, c.n, rand.New(rand.NewPCG(9, 9)))
			if err != nil {
				t.Fatal(err)
			}
			if i == 0 {
				first = sol.Start
			} else if sol.Start != first {
				t.Errorf("%d moves: seed 9 dealt\n%v then\n%v", c.n, first, sol.Start)
			}
		}
	}
}

// TestRandomSpeed deals 4 x 4 boards of every distance from 0 to 60 with
// the tables of PDB663 (built first, in the test's cache) on two workers,
// re-solves each with PDB555, and logs the average time a board. It
// builds large tables: it runs with SLIDE_PDB_LARGE=1 only.
func TestRandomSpeed(t *testing.T) {
	if os.Getenv("SLIDE_PDB_LARGE") != "1" {
		t.Skip("builds PDB663 and PDB555: set SLIDE_PDB_LARGE=1")
	}
	ctx := context.Background()
	goal := Goal(4, 4)
	s := Solver{Workers: 2, Heuristic: PDB663}
	check := Solver{Workers: 2, Heuristic: PDB555}
	for _, h := range []Solver{s, check} {
		if _, err := h.Prepare(ctx, goal); err != nil && !errors.Is(err, ErrCache) {
			t.Fatal(err)
		}
	}
	rng := rand.New(rand.NewPCG(1, 0))
	var total time.Duration
	for n := 0; n <= 60; n++ {
		began := time.Now()
		sol, err := s.Random(ctx, goal, n, rng)
		total += time.Since(began)
		if err != nil {
			t.Fatalf("%d moves: %v", n, err)
		}
		again, err := check.Solve(ctx, sol.Start, goal)
		if err != nil || again.Len() != n || sol.Len() != n {
			t.Fatalf("%d moves: dealt %d, re-solved in %d, %v", n, sol.Len(), again.Len(), err)
		}
		t.Logf("%d moves: %v", n, time.Since(began))
	}
	t.Logf("4 x 4, 0 to 60 moves: %v a board on average", total/61)
}
