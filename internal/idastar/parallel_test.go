package idastar

import (
	"context"
	"errors"
	"runtime"
	"sync/atomic"
	"testing"
	"time"
)

// toy is a test tree: the complete binary tree of depth depth, a node
// named by the bits of its path (the first move highest), whose goals are
// the leaves listed in goals. Its heuristic is 0 at a goal, 1 at an inner
// node (the root's is Run's argument); leaves that are not goals are dead
// ends. In the last iteration, if slowOn, its search sleeps and counts
// 2^18 nodes more before searching below the frontier node above the goal
// slow.
type toy struct {
	Core
	depth  int
	goals  []uint64
	slow   uint64 // a goal: the task above it is slow, if slowOn
	slowOn bool
	sleeps *atomic.Int64
	out    []toyNode
	found  uint64 // the goal found
}

type toyNode struct {
	bits uint64
	g    int
}

func (t *toy) IDACore() *Core { return &t.Core }

func (t *toy) Search(n *toyNode, out []toyNode) ([]toyNode, bool) {
	if t.slowOn && t.Split == 0 && t.Bound == t.depth && n.g > 0 && n.bits == t.slow>>(t.depth-n.g) {
		// A large subtree, searched after the next task found its goal.
		t.sleeps.Add(1)
		time.Sleep(50 * time.Millisecond)
		for range 4 * checkEvery {
			if !t.Generate() {
				return out, false
			}
		}
	}
	t.out = out
	found := t.dfs(n.g, n.bits)
	out, t.out = t.out, nil
	return out, found
}

func (t *toy) dfs(g int, bits uint64) bool {
	t.Expanded++
	for c := range uint64(2) {
		if !t.Generate() {
			return false
		}
		child := bits<<1 | c
		h := 1
		if g+1 == t.depth {
			h = 1000 // a dead end
			for _, goal := range t.goals {
				if child == goal {
					t.Found, t.found = g+1, child
					return true
				}
			}
		}
		if f := g + 1 + h; f > t.Bound {
			t.Next = min(t.Next, f)
		} else if g+1 == t.Split {
			t.out = append(t.out, toyNode{child, g + 1})
		} else if t.dfs(g+1, child) {
			return true
		} else if t.Err != nil {
			return false
		}
	}
	return false
}

// newToys returns a Parallel on workers copies of the toy.
func newToys(workers int, proto toy) *Parallel[toyNode] {
	p := &Parallel[toyNode]{Workers: workers}
	p.New = func() Tree[toyNode] {
		t := proto
		return &t
	}
	p.Trees = []Tree[toyNode]{p.New()}
	return p
}

// TestParallelLeastTaskWins: when a later task finds a goal first, the
// workers on earlier tasks go on, and the earliest task's goal is the
// answer: the one a single worker finds.
func TestParallelLeastTaskWins(t *testing.T) {
	// Goal a is the last leaf of the root's first subtree, b the first
	// of its second: at any depth, the frontier nodes above them are
	// consecutive tasks. The first sleeps before its search.
	const depth = 20
	a := uint64(1)<<(depth-1) - 1 // 0111...1
	b := uint64(1) << (depth - 1) // 1000...0
	for _, workers := range []int{2, 16} {
		var sleeps atomic.Int64
		p := newToys(workers, toy{depth: depth, goals: []uint64{b, a}, slow: a, slowOn: true, sleeps: &sleeps})
		winner, iterations, err := p.Run(context.Background(), toyNode{}, 1, 100, 0)
		if err != nil {
			t.Fatal(err)
		}
		w := p.Trees[winner].(*toy)
		if w.found != a || w.Found != depth || iterations != depth || p.Splits == 0 || sleeps.Load() != 1 {
			t.Errorf("%d workers: goal %b at depth %d after %d iterations (%d split, %d sleeps), want %b at %d after %d",
				workers, w.found, w.Found, iterations, p.Splits, sleeps.Load(), a, depth, depth)
		}
	}
}

// TestParallelCounts: iterations that find nothing count the same nodes on
// any number of workers, less a trial given up; Counts sums the workers.
func TestParallelCounts(t *testing.T) {
	const depth = 18
	var want [2]int64
	for _, workers := range []int{1, 2, 5, 16, 64} {
		p := newToys(workers, toy{depth: depth, sleeps: new(atomic.Int64)})
		if _, _, err := p.Run(context.Background(), toyNode{}, 1, depth, 0); err != ErrNotFound {
			t.Fatalf("%d workers: %v", workers, err)
		}
		exp, gen := p.Counts()
		got := [2]int64{exp - p.Discarded.Expanded, gen - p.Discarded.Generated}
		// Iteration b expands the 2^b - 1 nodes of depth below b and
		// generates their children; Generated counts the root besides.
		if workers == 1 {
			want = [2]int64{0, 1}
			for b := 1; b <= depth; b++ {
				want[0] += 1<<b - 1
				want[1] += 1<<(b+1) - 2
			}
		}
		if got != want || p.Splits == 0 || len(p.Trees) != workers {
			t.Errorf("%d workers: %v nodes (less %v discarded), want %v; %d iterations split, %d trees",
				workers, got, p.Discarded, want, p.Splits, len(p.Trees))
		}
	}
}

// TestParallelNodeLimit: the limit holds for the workers together.
func TestParallelNodeLimit(t *testing.T) {
	for _, limit := range []int64{10, 300_000, 1_000_000} {
		p := newToys(3, toy{depth: 20, sleeps: new(atomic.Int64)})
		_, _, err := p.Run(context.Background(), toyNode{}, 1, 20, limit)
		_, gen := p.Counts()
		if err != ErrNodeLimit || gen > limit+3 || gen < limit-3<<16 {
			t.Errorf("limit %d: %v after %d nodes", limit, err, gen)
		}
	}
}

// settledGoroutines returns the number of goroutines once it is at most
// before, or a second later: a worker that has told Run it is done may
// still be returning (the race detector slows that down).
func settledGoroutines(before int) int {
	n := runtime.NumGoroutine()
	for wait := time.Now(); n > before && time.Since(wait) < time.Second; n = runtime.NumGoroutine() {
		time.Sleep(time.Millisecond)
	}
	return n
}

// TestParallelCancel: a cancelled context stops every worker, on 4 and on
// 64 workers, and no goroutine outlives Run.
func TestParallelCancel(t *testing.T) {
	for _, workers := range []int{4, 64} {
		before := runtime.NumGoroutine()
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
		p := newToys(workers, toy{depth: 40, sleeps: new(atomic.Int64)})
		began := time.Now()
		if _, _, err := p.Run(ctx, toyNode{}, 1, 40, 0); !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("%d workers: Run: %v", workers, err)
		}
		cancel()
		if d := time.Since(began); d > time.Second || p.Splits == 0 {
			t.Errorf("%d workers: cancelled after 20 ms, returned after %v, %d iterations split", workers, d, p.Splits)
		}
		if n := settledGoroutines(before); n > before {
			t.Errorf("%d workers: %d goroutines a second after Run, %d before", workers, n, before)
		}
	}
}

// TestParallelReuse: a Parallel runs again with the workers and the
// frontier of its last Run, every worker watched by the new Run's
// OnCheck, and its goroutines end with each Run.
func TestParallelReuse(t *testing.T) {
	before := runtime.NumGoroutine()
	p := newToys(4, toy{depth: 19, sleeps: new(atomic.Int64)})
	for run := range 3 {
		for _, tr := range p.Trees {
			tr.IDACore().OnCheck = nil
		}
		var watched atomic.Int64
		p.Trees[0].IDACore().OnCheck = func(*Core) { watched.Add(1) }
		if _, _, err := p.Run(context.Background(), toyNode{}, 1, 19, 0); err != ErrNotFound || len(p.Trees) != 4 {
			t.Fatalf("run %d: %v, %d trees", run, err, len(p.Trees))
		}
		if n := settledGoroutines(before); n > before {
			t.Errorf("run %d: %d goroutines a second after Run, %d before", run, n, before)
		}
		watched.Store(0)
		for i, tr := range p.Trees {
			if f := tr.IDACore().OnCheck; f != nil {
				f(tr.IDACore())
			}
			if watched.Load() != int64(i+1) {
				t.Errorf("run %d: worker %d not watched by the Run's OnCheck", run, i)
			}
		}
	}
}

// TestParallelCheckedBound: Run refuses a solution shorter than its
// iteration's bound, which only an inadmissible heuristic produces.
func TestParallelCheckedBound(t *testing.T) {
	p := newToys(2, toy{depth: 18, goals: []uint64{5}, sleeps: new(atomic.Int64)})
	defer func() {
		if r := recover(); r == nil {
			t.Error("no panic for a goal at depth 18 in the iteration of bound 19")
		}
	}()
	p.Run(context.Background(), toyNode{}, 19, 100, 0)
}

// TestParallelTrace: the nodes a Trace records, trials, seed frontiers,
// seeds' expansions and tasks, add up to every node the workers
// generated, when every iteration is complete.
func TestParallelTrace(t *testing.T) {
	for _, workers := range []int{2, 16} {
		p := newToys(workers, toy{depth: 18, sleeps: new(atomic.Int64)})
		p.Trace = &Trace{}
		if _, _, err := p.Run(context.Background(), toyNode{}, 1, 18, 0); err != ErrNotFound {
			t.Fatal(err)
		}
		_, gen := p.Counts()
		sum, split := int64(1), 0 // the root
		for _, it := range p.Trace.Runs[0].Iterations {
			sum += it.Nodes
			if !it.Trial {
				split++
			}
			for _, n := range append(it.Seeds, it.Tasks...) {
				if n < 0 {
					t.Fatalf("%d workers, bound %d: a task not done in a complete iteration", workers, it.Bound)
				}
				sum += n
			}
		}
		if len(p.Trace.Runs) != 1 || sum != gen || split != p.Splits || split == 0 {
			t.Errorf("%d workers: %d runs, %d nodes traced of %d, %d split iterations traced of %d",
				workers, len(p.Trace.Runs), sum, gen, split, p.Splits)
		}
	}
}
