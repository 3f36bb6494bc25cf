package slide

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/slidekit/slide/internal/pdbcache"
	"github.com/slidekit/slide/internal/solve"
)

// TestParallelSolve checks WithWorkers through Solve: the solution is
// optimal and the same on any number of workers, Solution.Workers says how
// many ran, and bad counts are ErrOption.
func TestParallelSolve(t *testing.T) {
	in := readInstances(t, "korf100.txt", 4, 4)[11] // #12, 45 moves
	goal := blankFirstGoal(4, 4)
	var first []Move
	for _, w := range []int{0, 1, 2, 5} {
		sol, err := Solver{Heuristic: LinearConflict, Workers: w}.Solve(context.Background(), in.board, goal)
		if err != nil {
			t.Fatal(err)
		}
		checkSolution(t, sol, in.board, goal, in.optimal)
		want := w
		if w == 0 {
			want = runtime.GOMAXPROCS(0)
		}
		if sol.Workers != want {
			t.Errorf("WithWorkers(%d): Solution.Workers %d, want %d", w, sol.Workers, want)
		}
		if first == nil {
			first = sol.Moves
		} else if !slices.Equal(sol.Moves, first) {
			t.Errorf("WithWorkers(%d): moves %v, want %v", w, FormatMoves(sol.Moves), FormatMoves(first))
		}
	}
	sol, err := Solver{Algorithm: AlgoAStar, Heuristic: LinearConflict, Workers: 4}.Solve(context.Background(), in.board, goal)
	if err != nil || sol.Workers != 1 {
		t.Errorf("A*: %d workers, %v", sol.Workers, err)
	}
	for _, w := range []int{-1, maxWorkers + 1} {
		if _, err := (Solver{Workers: w}).Solve(context.Background(), in.board, goal); !errors.Is(err, ErrOption) {
			t.Errorf("WithWorkers(%d): %v, want ErrOption", w, err)
		}
	}
}

func TestSolveErrors(t *testing.T) {
	goal := Goal(3, 3)
	if _, err := (Solver{}).Solve(context.Background(), goal.Twin(), goal); !errors.Is(err, ErrUnsolvable) {
		t.Errorf("twin of goal: %v", err)
	}
	if _, err := (Solver{}).Solve(context.Background(), Goal(2, 2), goal); !errors.Is(err, ErrMismatch) {
		t.Errorf("size mismatch: %v", err)
	}
	if _, err := (Solver{Heuristic: Heuristic{kind: 99}}).Solve(context.Background(), goal, goal); !errors.Is(err, ErrOption) {
		t.Errorf("bad heuristic: %v", err)
	}
	sol, err := Solver{}.Solve(context.Background(), goal, goal)
	if err != nil || sol.Len() != 0 || len(sol.Boards) != 1 {
		t.Errorf("goal to goal: %v, %v", sol, err)
	}
	far := MustParseBoard("3\n8 6 7\n2 5 4\n3 0 1\n")
	for _, a := range []Algorithm{AlgoAStar, AlgoIDAStar, AlgoBFS, AlgoBidirectional} {
		_, err := Solver{Algorithm: a, Limits: Limits{MaxNodes: 100}}.Solve(context.Background(), far, goal)
		var le *LimitError
		if !errors.As(err, &le) || !errors.Is(err, ErrLimit) {
			t.Errorf("%v with 100 nodes: %v", a, err)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, a := range []Algorithm{AlgoAStar, AlgoIDAStar, AlgoBFS, AlgoBidirectional} {
		if _, err := (Solver{Algorithm: a}).Solve(ctx, far, goal); !errors.Is(err, context.Canceled) {
			t.Errorf("%v cancelled: %v", a, err)
		}
	}
}

// TestSolveConcurrent solves boards from several goroutines at once, as
// the package documentation allows (run with -race to check it).
func TestSolveConcurrent(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	var boards []Board
	for range 8 {
		boards = append(boards, randomWalk(rng, Goal(3, 3), 30))
	}
	want := make([]int, len(boards))
	for i, b := range boards {
		sol, err := Solver{Algorithm: AlgoBFS}.Solve(context.Background(), b, Goal(3, 3))
		if err != nil {
			t.Fatal(err)
		}
		want[i] = sol.Len()
	}
	errs := make(chan error, 4*len(boards))
	for _, a := range []Algorithm{AlgoAStar, AlgoIDAStar, AlgoBidirectional, AlgoAuto} {
		for i, b := range boards {
			go func() {
				sol, err := Solver{Algorithm: a}.Solve(context.Background(), b, Goal(3, 3))
				if err == nil && sol.Len() != want[i] {
					err = fmt.Errorf("%v: %d moves, want %d", a, sol.Len(), want[i])
				}
				errs <- err
			}()
		}
	}
	for range 4 * len(boards) {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

// TestPrepareAuto: under Auto, Prepare names linear conflicts until a
// database for the size is cached, then that database, read into memory;
// other sizes and boards with repeated labels get linear conflicts
// (Manhattan distance for repeated labels).
func TestPrepareAuto(t *testing.T) {
	t.Cleanup(pdbcache.Release)
	dir := t.TempDir()
	goal := blankFirstGoal(4, 4)
	ctx := context.Background()
	s := Solver{Cache: Cache{Dir: dir}}
	if h, err := s.Prepare(ctx, goal); err != nil || h != LinearConflict {
		t.Errorf("empty cache: %v, %v", h, err)
	}
	if err := s.Cache.Build(ctx, PDB555); err != nil {
		t.Fatal(err)
	}
	pdbcache.Release() // on disk only
	small := s
	small.Limits.MaxMemory = 1 << 10
	if h, err := small.Prepare(ctx, goal); err != nil || h != LinearConflict {
		t.Errorf("5-5-5 cached, 1 KiB of memory: %v, %v", h, err)
	}
	if h, err := s.Prepare(ctx, goal); err != nil || h != PDB555 {
		t.Errorf("5-5-5 cached: %v, %v", h, err)
	}
	spec, _ := PDB555.partition()
	req := s.Cache.request(false, Limits{})
	if st := pdbcache.StateOf(spec, &req); st != pdbcache.InMemory {
		t.Errorf("after Prepare: state %d, want the tables in memory", st)
	}
	labeled, err := NewLabeled(4, 4, []int{0, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14})
	if err != nil {
		t.Fatal(err)
	}
	for g, want := range map[Board]Heuristic{Goal(3, 3): LinearConflict, Goal(4, 5): LinearConflict, labeled: Manhattan} {
		if h, err := s.Prepare(ctx, g); err != nil || h != want {
			t.Errorf("%dx%d goal: %v, %v; want %v", g.Rows(), g.Cols(), h, err, want)
		}
	}
}

// TestSolveSettings checks that a Solver's settings reach internal/solve
// as they are: the modes and engines in the same order, under the same
// names, and the heuristic as asked or left to Auto.
func TestSolveSettings(t *testing.T) {
	for a := AlgoAuto; a < numAlgorithms; a++ {
		if got := (Solver{Algorithm: a}).settings(time.Now()).Algo; got.String() != a.String() {
			t.Errorf("%v reaches the modes as %v", a, got)
		}
	}
	modes := map[Mode]solve.Kind{Optimal(): solve.Optimal, Weighted(2): solve.Weighted, Anytime(0): solve.Anytime, Fast(): solve.Fast}
	for m, want := range modes {
		if got := (Solver{Mode: m}).settings(time.Now()).Mode; got.Kind != want || got.Weight != m.weight || got.Budget != m.budget {
			t.Errorf("%v reaches the modes as %+v", m, got)
		}
	}
	if set := (Solver{}).settings(time.Now()); !set.Auto || set.WD {
		t.Errorf("Auto reaches the modes as %+v", set)
	}
	if set := (Solver{Heuristic: PDB663.WithWalkingDistance()}).settings(time.Now()); set.Auto || !set.WD || set.Heuristic.Name != "pdb663" {
		t.Errorf("pdb663+wd reaches the modes as %+v", set)
	}
}
