package idastar

import (
	"context"
	"errors"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/slidekit/slide/internal/testsets"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/tiles"
)

// puzzle is a start board and its goal, as labels.
type puzzle struct {
	rows, cols  int
	start, goal []int
}

// idaRun is the outcome of one run of the specialized IDA*.
type idaRun struct {
	moves               int // -1 on error
	path                []int
	expanded, generated int64
	splits              int
	discarded           [2]int64 // expanded and generated in a trial given up
	err                 error
}

// runFast solves p with ida16 or idaGrid, as IDA picks them, Manhattan distance plus linear conflicts, on the given
// number of workers (1: the search on one goroutine).
func runFast(t testing.TB, ctx context.Context, p puzzle, lim engine.Bounds, workers int) idaRun {
	t.Helper()
	g := tiles.NewGoal(p.rows, p.cols, p.goal, true)
	code := encodeBoard(t, g, p.start)
	var r idaRun
	_, n, core, cell := runIDA(ctx, tiles.NewSpace(g, tiles.Heuristic{Kind: tiles.LinearConflict}, false), code, lim, workers, nil)
	r.moves = n
	for i := range max(n, 0) {
		r.path = append(r.path, cell(i))
	}
	r.expanded, r.generated, r.splits, r.err = core.Expanded, core.Gen, core.splits, core.Err
	r.discarded = [2]int64{core.discardedExp, core.discardedGen}
	return r
}

// tileInstances returns boards for the parallel tests: Korf's 15-puzzle
// instances whose search generates 0.3 to 0.7 million nodes, and boards of
// 4 x 5 cells (idaGrid): one of 46 moves and 0.7 million nodes, and two
// from random walks.
func tileInstances(t testing.TB) []puzzle {
	want := map[int]int64{}
	for _, r := range testsets.Rows(t, "korf100_nodes.txt") {
		want[int(r.Nums[0])] = r.Nums[6]
	}
	var out []puzzle
	for _, in := range readInstances(t, "korf100.txt", 16) {
		if n := want[in.id]; n >= 300_000 && n <= 700_000 {
			out = append(out, puzzle{4, 4, in.labels, testsets.BlankFirst(16)})
		}
	}
	goal := testsets.BlankLast(20)
	out = append(out, puzzle{4, 5, []int{
		11, 13, 1, 2, 10,
		7, 8, 0, 9, 3,
		6, 12, 14, 4, 19,
		16, 17, 15, 5, 18,
	}, goal})
	rng := rand.New(rand.NewPCG(10, 10))
	for range 2 {
		out = append(out, puzzle{4, 5, testsets.RandomWalk(rng, 4, 5, goal, 0, 44), goal})
	}
	return out
}

// TestIDAParallelMatchesSerial: on 2 and 5 workers the specialized IDA*
// returns the path it returns on one (an optimal one: the serial search's
// lengths are checked against Korf's elsewhere), the iterations are split,
// and the node counts differ by at most the last iteration's.
func TestIDAParallelMatchesSerial(t *testing.T) {
	boards := tileInstances(t)
	split := 0
	for i, p := range boards {
		one := runFast(t, context.Background(), p, engine.Bounds{}, 1)
		if one.err != nil {
			t.Fatal(one.err)
		}
		for _, w := range []int{2, 5} {
			many := runFast(t, context.Background(), p, engine.Bounds{}, w)
			if many.err != nil {
				t.Fatalf("board %d, %d workers: %v", i, w, many.err)
			}
			if !slices.Equal(many.path, one.path) {
				t.Errorf("board %d, %d workers: path %v, on one worker %v", i, w, many.path, one.path)
			}
			if many.splits > 0 {
				split++
			}
			t.Logf("board %d (%d moves), %d workers: %d generated (%d on one), %d iterations split",
				i, one.moves, w, many.generated, one.generated, many.splits)
		}
	}
	if split < len(boards) {
		t.Errorf("only %d of %d parallel searches split an iteration", split, 2*len(boards))
	}
}

// TestIDAParallelCompleteIterations: iterations that find nothing generate
// and expand the same nodes on any number of workers, so a search that
// proves no solution within a bound counts exactly what one worker counts,
// but for the nodes of a trial iteration given up.
func TestIDAParallelCompleteIterations(t *testing.T) {
	boards := tileInstances(t)
	for _, i := range []int{0, 1, len(boards) - 3} { // the last three: 4 x 5, idaGrid
		p := boards[i]
		one := runFast(t, context.Background(), p, engine.Bounds{}, 1)
		lim := engine.Bounds{Cost: float64(one.moves - 2)}
		a := runFast(t, context.Background(), p, lim, 1)
		b := runFast(t, context.Background(), p, lim, 3)
		if !engine.Is(a.err, engine.NotFound) || !engine.Is(b.err, engine.NotFound) {
			t.Fatalf("board %d within %v moves: %v on one worker, %v on three", i, lim.Cost, a.err, b.err)
		}
		if a.expanded != b.expanded-b.discarded[0] || a.generated != b.generated-b.discarded[1] || b.splits == 0 {
			t.Errorf("board %d: %d/%d nodes on one worker, %d/%d on three less %d/%d discarded (%d iterations split)",
				i, a.expanded, a.generated, b.expanded, b.generated, b.discarded[0], b.discarded[1], b.splits)
		}
	}
}

// TestIDAWorkers checks IDA on several workers: the solution is a legal
// path of the optimal length, the same on any number of workers, and
// tiles.Stats says how many workers ran.
func TestIDAWorkers(t *testing.T) {
	in := readInstances(t, "korf100.txt", 16)[11] // #12, 45 moves
	var first []int
	for _, w := range []int{1, 2, 5} {
		g := tiles.NewGoal(4, 4, testsets.BlankFirst(16), true)
		code := encodeBoard(t, g, in.labels)
		var st tiles.Stats
		sp := tiles.NewSpace(g, tiles.Heuristic{Kind: tiles.LinearConflict}, false)
		blanks, err := IDA(context.Background(), sp, code, engine.Bounds{}, w, nil, &st)
		if err != nil {
			t.Fatal(err)
		}
		testsets.CheckBlanks(t, 4, in.labels, testsets.BlankFirst(16), blanks, in.length)
		if st.Workers != w || st.Generated == 0 || st.Expanded == 0 {
			t.Errorf("%d workers: Stats %+v", w, st)
		}
		if first == nil {
			first = blanks
		} else if !slices.Equal(blanks, first) {
			t.Errorf("%d workers: path %v, on one worker %v", w, blanks, first)
		}
	}
}

// TestIDAParallelLimits: with several workers, the node limit holds for all
// of them together, cancellation stops every worker, and no goroutine
// outlives the search.
func TestIDAParallelLimits(t *testing.T) {
	before := runtime.NumGoroutine()
	boards := tileInstances(t)
	p := boards[3] // 673 thousand nodes on one worker
	for _, limit := range []int64{1000, 500_000} {
		r := runFast(t, context.Background(), p, engine.Bounds{Nodes: limit}, 4)
		var le *engine.LimitError
		if !errors.As(r.err, &le) || le.Limit != "nodes" || le.Value != limit {
			t.Fatalf("limit %d: %v", limit, r.err)
		}
		// Each worker may exceed its share by one node and may hold up
		// to 2^16 nodes it did not use.
		if r.generated > limit+4 || r.generated < limit-4<<16 || le.Generated != r.generated {
			t.Errorf("limit %d: %d generated, error says %d", limit, r.generated, le.Generated)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(20*time.Millisecond, cancel)
	hard := readInstances(t, "korf100.txt", 16)[0] // #1: 276 million nodes
	began := time.Now()
	r := runFast(t, ctx, puzzle{4, 4, hard.labels, testsets.BlankFirst(16)}, engine.Bounds{}, 4)
	if !errors.Is(r.err, context.Canceled) {
		t.Errorf("canceled search: %v", r.err)
	}
	if d := time.Since(began); d > 2*time.Second {
		t.Errorf("canceled search returned after %v", d)
	}
	if n := settledGoroutines(before); n > before {
		t.Errorf("%d goroutines after the searches, %d before", n, before)
	}
}

// TestIDAParallelAllocs: a parallel search allocates per split iteration
// (the workers' goroutines), per worker and for its frontier, never per
// node.
func TestIDAParallelAllocs(t *testing.T) {
	boards := tileInstances(t)
	var r idaRun
	allocs := testing.AllocsPerRun(2, func() {
		r = runFast(t, context.Background(), boards[0], engine.Bounds{}, 2)
	})
	if r.err != nil || r.splits == 0 {
		t.Fatalf("%v, %d iterations split", r.err, r.splits)
	}
	if allocs > 100 {
		t.Errorf("%v allocations for a search of %d nodes", allocs, r.generated)
	}
	t.Logf("%v allocations for %d nodes, %d iterations split", allocs, r.generated, r.splits)
}
