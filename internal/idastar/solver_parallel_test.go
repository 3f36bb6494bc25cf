package idastar

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/slidekit/slide/internal/pdb"
	"github.com/slidekit/slide/internal/testsets"
	"github.com/slidekit/slide/internal/tiles"
)

// threes partitions the 15-puzzle's tiles into five patterns of three: a
// database built in milliseconds, weak enough that Korf's instances of up
// to 46 moves take from 50 thousand to a million nodes.
func threes() pdb.Spec {
	return pdb.Spec{Rows: 4, Cols: 4, Blank: 0, Patterns: [][]uint8{{1, 2, 3}, {4, 5, 6}, {7, 8, 9}, {10, 11, 12}, {13, 14, 15}}}
}

// parallelInstances returns Korf's instances #13, #61, #71 and #85, which
// take 0.3 to 0.6 million nodes under threes with reflection.
func parallelInstances(t testing.TB) []instance {
	var out []instance
	for _, in := range readInstances(t, "korf100.txt", 16) {
		if slices.Contains([]int{13, 61, 71, 85}, in.id) {
			out = append(out, in)
		}
	}
	return out
}

// TestSolverParallel: on 2 and 4 workers the Solver returns the path it
// returns on one, with reflection and with walking distance, splitting
// iterations; node counts differ only in the last iteration.
func TestSolverParallel(t *testing.T) {
	db := mustBuild(t, threes())
	wd, err := tiles.NewWalkingTables(4, 4, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, opt := range []SolverOptions{{Reflect: true}, {Reflect: true, WD: wd}} {
		one, err := NewSolver(db, opt)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range []int{2, 4} {
			opt.Workers = w
			many, err := NewSolver(db, opt)
			if err != nil {
				t.Fatal(err)
			}
			split := 0
			for _, in := range parallelInstances(t) {
				a, err1 := one.Solve(context.Background(), in.cells, Limit{})
				b, err2 := many.Solve(context.Background(), in.cells, Limit{})
				if err1 != nil || err2 != nil {
					t.Fatal(err1, err2)
				}
				if len(a.Path) != in.length || !slices.Equal(a.Path, b.Path) || a.Iterations != b.Iterations {
					t.Errorf("#%d, %d workers: %d moves in %d iterations, on one worker %d in %d (want %d)",
						in.id, w, len(b.Path), b.Iterations, len(a.Path), a.Iterations, in.length)
				}
				split += many.par.Splits
				t.Logf("#%d, wd %v, %d workers: %d generated (%d on one), %d iterations split",
					in.id, opt.WD != nil, w, b.Generated, a.Generated, many.par.Splits)
			}
			if split == 0 {
				t.Errorf("wd %v, %d workers: no iteration split", opt.WD != nil, w)
			}
		}
	}
}

// TestSolverParallelCompleteIterations: a search that finds no solution
// within its depth limit counts on several workers exactly what it counts
// on one, but for the nodes of a trial iteration given up.
func TestSolverParallelCompleteIterations(t *testing.T) {
	db := mustBuild(t, threes())
	one, _ := NewSolver(db, SolverOptions{Reflect: true})
	many, _ := NewSolver(db, SolverOptions{Reflect: true, Workers: 3})
	for _, in := range parallelInstances(t)[:2] {
		lim := Limit{Depth: in.length - 2}
		a, err1 := one.Solve(context.Background(), in.cells, lim)
		b, err2 := many.Solve(context.Background(), in.cells, lim)
		if err1 != ErrNotFound || err2 != ErrNotFound {
			t.Fatalf("#%d within %d moves: %v on one worker, %v on three", in.id, lim.Depth, err1, err2)
		}
		d := many.par.Discarded
		if a.Expanded != b.Expanded-d.Expanded || a.Generated != b.Generated-d.Generated || many.par.Splits == 0 {
			t.Errorf("#%d: %d/%d nodes on one worker, %d/%d on three less %d/%d discarded (%d iterations split)",
				in.id, a.Expanded, a.Generated, b.Expanded, b.Generated, d.Expanded, d.Generated, many.par.Splits)
		}
	}
}

// TestParallelEveryGoalOptimal checks what lets a parallel iteration stop
// at the first goal any worker finds: every goal that an iteration finds,
// in any subtree of its frontier, lies at a depth equal to the
// iteration's bound and to the true distance. It builds each iteration's
// frontier three moves deep and searches below every frontier node to the
// end, whatever the others found, on sampled 8-puzzle positions (against
// BFS distances, under every heuristic combination, the reflected and
// walking-distance bounds making the heuristic inconsistent) and on two of
// Korf's 15-puzzle instances.
func TestParallelEveryGoalOptimal(t *testing.T) {
	db8 := mustBuild(t, pdb.Spec{Rows: 3, Cols: 3, Blank: 0, Patterns: [][]uint8{{1, 2, 3, 4}, {5, 6, 7, 8}}})
	wd, err := tiles.NewWalkingTables(3, 3, 0)
	if err != nil {
		t.Fatal(err)
	}
	truth := testsets.Distances(3, 3, 0)
	var boards []uint64
	for k := range truth {
		boards = append(boards, k)
	}
	slices.Sort(boards)
	rng := rand.New(rand.NewPCG(3, 4))
	goals := 0
	for _, opt := range []SolverOptions{{}, {Reflect: true}, {Reflect: true, WD: wd}, {NoMovePruning: true}} {
		s, err := NewSolver(db8, opt)
		if err != nil {
			t.Fatal(err)
		}
		for range 40 {
			k := boards[rng.IntN(len(boards))]
			cells := testsets.Cells(k, make([]uint8, 9))
			goals += everyGoal(t, s, cells, truth[k])
		}
	}
	s, _ := NewSolver(mustBuild(t, threes()), SolverOptions{Reflect: true})
	for _, in := range readInstances(t, "korf100.txt", 16) {
		if in.id == 12 || in.id == 42 {
			goals += everyGoal(t, s, in.cells, in.length)
		}
	}
	t.Logf("%d goals found, all at the bound", goals)
}

// everyGoal runs IDA* from cells as described at TestParallelEveryGoalOptimal,
// checking every goal found against want; it returns the goals found.
func everyGoal(t *testing.T, s *Solver, cells []uint8, want int) int {
	t.Helper()
	blank, err := s.load(cells)
	if err != nil {
		t.Fatal(err)
	}
	s.Reset(context.Background(), 0)
	h := s.rootH()
	if h == 0 {
		return 0
	}
	root := solverNode{at: s.at, wd: s.wdState, ps: s.prune.start, blank: uint8(blank)}
	w := (*searcher)(s)
	goals := 0
	found := func(bound int) {
		goals++
		if s.Found != bound || bound != want {
			t.Fatalf("%v: a goal at depth %d in the iteration of bound %d; distance %d", cells, s.Found, bound, want)
		}
		checkPath(t, s.rows, s.cols, int(s.blank), cells, s.path[:s.Found])
	}
	for bound := h; ; bound = s.Next {
		s.Bound, s.Next = bound, math.MaxInt
		layer := []solverNode{root}
		for d := 1; d <= 3; d++ {
			s.Split = d
			var next []solverNode
			for i := range layer {
				var ok bool
				if next, ok = w.Search(&layer[i], next); ok {
					found(bound)
				}
			}
			layer = next
		}
		s.Split = 0
		for i := range layer {
			if _, ok := w.Search(&layer[i], nil); ok {
				found(bound)
			}
		}
		if goals > 0 {
			return goals
		}
		if s.Next == math.MaxInt {
			t.Fatalf("%v: no goal found", cells)
		}
	}
}

// TestSolverParallelLimits: on several workers the node limit holds for
// all of them together, a cancelled search stops, and no goroutine
// outlives Solve.
func TestSolverParallelLimits(t *testing.T) {
	before := runtime.NumGoroutine()
	db := mustBuild(t, threes())
	s, _ := NewSolver(db, SolverOptions{Reflect: true, Workers: 4})
	in := parallelInstances(t)[1] // #61: 621 thousand nodes
	for _, limit := range []int64{100, 400_000} {
		res, err := s.Solve(context.Background(), in.cells, Limit{Nodes: limit})
		if err != ErrNodeLimit {
			t.Fatalf("limit %d: %v", limit, err)
		}
		// Each worker may exceed its share by one node and may hold up
		// to 2^16 nodes it did not use.
		if res.Generated > limit+4 || res.Generated < limit-4<<16 {
			t.Errorf("limit %d: %d generated", limit, res.Generated)
		}
	}
	hard, _ := NewSolver(mustBuild(t, pdb.Spec{Rows: 4, Cols: 4, Blank: 0, Patterns: [][]uint8{{1, 2}, {3, 4}, {5, 6}, {7, 8}, {9, 10}, {11, 12}, {13, 14}, {15}}}), SolverOptions{Workers: 3})
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	began := time.Now()
	if _, err := hard.Solve(ctx, readInstances(t, "korf100.txt", 16)[0].cells, Limit{}); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("search past its deadline: %v", err)
	}
	if d := time.Since(began); d > 2*time.Second {
		t.Errorf("search cancelled after 30 ms returned after %v", d)
	}
	if n := settledGoroutines(before); n > before {
		t.Errorf("%d goroutines after the searches, %d before", n, before)
	}
}

// TestSolverParallelAllocs: a Solver reused on two workers allocates only
// the returned path, its worker's goroutine, once a search, and at times a
// seed's part of the frontier larger than before, however many nodes it
// generates and iterations it splits.
func TestSolverParallelAllocs(t *testing.T) {
	s, _ := NewSolver(mustBuild(t, threes()), SolverOptions{Reflect: true, Workers: 2})
	in := parallelInstances(t)[0]
	s.Solve(context.Background(), in.cells, Limit{}) // make the workers and the frontier
	var res Result
	allocs := testing.AllocsPerRun(3, func() {
		var err error
		if res, err = s.Solve(context.Background(), in.cells, Limit{}); err != nil {
			t.Fatal(err)
		}
	})
	if s.par.Splits == 0 || allocs > 4 {
		t.Errorf("%v allocations for %d nodes, %d iterations split", allocs, res.Generated, s.par.Splits)
	}
}

// TestSolverParallelManyWorkers: on many more workers than cores, and
// GOMAXPROCS twice the cores, the Solver returns the path it returns on
// one, of the published length, with Solvers handed back and reused from
// one search to the next.
func TestSolverParallelManyWorkers(t *testing.T) {
	db := mustBuild(t, threes())
	one, _ := NewSolver(db, SolverOptions{Reflect: true})
	insts := parallelInstances(t)
	paths := make([][]uint8, len(insts))
	for i, in := range insts {
		res, err := one.Solve(context.Background(), in.cells, Limit{})
		if err != nil || len(res.Path) != in.length {
			t.Fatalf("#%d on one worker: %d moves, %v", in.id, len(res.Path), err)
		}
		paths[i] = res.Path
	}
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2 * runtime.NumCPU()))
	for _, w := range []int{16, 64} {
		for i, in := range insts {
			s, err := ReuseSolver(db, SolverOptions{Reflect: true, Workers: w})
			if err != nil {
				t.Fatal(err)
			}
			res, err := s.Solve(context.Background(), in.cells, Limit{})
			if err != nil || !slices.Equal(res.Path, paths[i]) || s.par.Splits == 0 {
				t.Errorf("#%d, %d workers: %d moves (%d split iterations), %v; on one worker %d",
					in.id, w, len(res.Path), s.par.Splits, err, len(paths[i]))
			}
			s.Release()
		}
	}
}
