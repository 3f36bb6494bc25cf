package idastar

import (
	"context"
	"errors"
	"flag"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/slidekit/slide/internal/pdb"
	"github.com/slidekit/slide/internal/pdbcache"
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

var serialWorkers = flag.Int("serial", 0, "measure the serial fraction of Korf's 100 with 6-6-3 on `N` workers (TestSerialFraction; 0: skip)")

// TestSerialFraction measures what of a parallel search of Korf's 100
// with 6-6-3 only one goroutine can do, as a fraction f of the set's
// one-worker time, and Amdahl's speedup for N workers, 1/(f + (1-f)/N),
// on any machine: it times the set on one worker, then traces it on N
// (Trace) and adds up the critical path's serial parts: the
// iterations tried on one worker (their nodes at the one-worker rate),
// the seed frontiers (timed), the waking of the workers for each phase
// (timed), a new Solver's making for each instance where ReuseSolver
// hands one back (timed, the difference), and the tasks' uneven sizes:
// each phase's tasks, at the one-worker rate, scheduled in order on N
// simulated workers, give its critical path M, and (N*M - W)/(N-1) of its
// work W is what Amdahl's law counts as serial. It also simulates bench
// -j N on one goroutine an instance from the instances' one-worker times,
// reading ahead as bench does and, as before, no further than N.
//
//	go test ./internal/idastar -run SerialFraction -v -serial 16
func TestSerialFraction(t *testing.T) {
	P := *serialWorkers
	if P < 2 {
		t.Skip("-serial N (N at least 2) runs it")
	}
	insts := readInstances(t, "korf100.txt", 16)
	db, err := pdbcache.Open(context.Background(), pdb.Korf663(), pdbcache.OpenOptions{Logf: t.Logf})
	if err != nil {
		t.Fatal(err)
	}
	one, _ := NewSolver(db, SolverOptions{Reflect: true})
	each := make([]float64, len(insts)) // one-worker ns, the least of 3 runs
	T1, N1 := 0.0, int64(0)
	for run := range 3 {
		total, nodes := 0.0, int64(0)
		for i, in := range insts {
			began := time.Now()
			res, err := one.Solve(context.Background(), in.cells, Limit{})
			d := float64(time.Since(began))
			if err != nil || len(res.Path) != in.length {
				t.Fatalf("#%d: %d moves, %v", in.id, len(res.Path), err)
			}
			if run == 0 || d < each[i] {
				each[i] = d
			}
			total += d
			nodes += res.Generated
		}
		if run == 0 || total < T1 {
			T1 = total
		}
		N1 = nodes
	}
	rate := T1 / float64(N1)
	t.Logf("one worker: %.3f s, %d nodes, %.1f ns a node", T1/1e9, N1, rate)

	many, _ := NewSolver(db, SolverOptions{Reflect: true, Workers: P})
	many.Solve(context.Background(), insts[0].cells, Limit{}) // make its Parallel
	trace := &Trace{}
	many.par.Trace = trace
	nodesP := int64(0)
	for _, in := range insts {
		res, err := many.Solve(context.Background(), in.cells, Limit{})
		if err != nil || len(res.Path) != in.length {
			t.Fatalf("#%d on %d workers: %d moves, %v", in.id, P, len(res.Path), err)
		}
		nodesP += res.Generated
	}
	var trials, seeds, uneven, work float64
	var trialNodes int64
	splits := 0
	steps := make([][]step, len(trace.Runs)) // each instance's, for simulateShared
	for i, r := range trace.Runs {
		for _, it := range r.Iterations {
			if it.Trial {
				trials += float64(it.Nodes) * rate
				trialNodes += it.Nodes
				steps[i] = append(steps[i], step{float64(it.Nodes) * rate, 1})
				continue
			}
			splits++
			seeds += float64(it.SeedTime)
			steps[i] = append(steps[i], step{float64(it.SeedTime), 1})
			for ph, counts := range [][]int64{it.Seeds, it.Tasks} {
				if len(counts) == 0 {
					continue
				}
				_, all := schedule(counts, rate, P) // with the work after the ending task, done in vain
				if it.Ended >= 0 && (ph == 1 || len(it.Tasks) == 0) {
					counts = counts[:it.Ended+1] // those after it end unfinished, off the critical path
				}
				m, w := schedule(counts, rate, P)
				uneven += max(0, (float64(P)*m-w)/float64(P-1))
				work += w
				steps[i] = append(steps[i], step{all, all / m})
			}
		}
	}
	wake := 2 * float64(splits) * wakeTime(P)
	setUp := float64(len(insts)) * newSolverTime(db, insts, each, P)
	parts := []struct {
		name string
		ns   float64
	}{
		{"iterations tried on one worker", trials},
		{"seed frontiers", seeds},
		{"waking the workers, 2 phases a split", wake},
		{"a new Solver an instance (ReuseSolver saves it)", setUp},
		{"uneven tasks (serial-equivalent)", uneven},
	}
	serial := 0.0
	for _, p := range parts {
		t.Logf("%-50s %8.1f ms  %5.2f%%", p.name, p.ns/1e6, 100*p.ns/T1)
		serial += p.ns
	}
	serial -= setUp // the searches reuse their Solvers
	f := serial / T1
	t.Logf("%d workers: %d nodes (%d on one), %d trials (%d nodes), %d split iterations (%.0f ms of tasks)",
		P, nodesP, N1, countTrials(trace), trialNodes, splits, work/1e6)
	t.Logf("serial fraction f = %.4f (%.1f ms of %.1f ms; %.4f with a new Solver an instance): Amdahl %.2f x on %d workers, %.2f x on 2",
		f, serial/1e6, T1/1e6, (serial+setUp)/T1, 1/(f+(1-f)/float64(P)), P, 1/(f+(1-f)/2))
	for _, ahead := range []int{1, 16} {
		m := simulateJobs(each, P, ahead*P)
		t.Logf("-j %d on one goroutine an instance, reading %d ahead: %.1f ms, %.2f x", P, ahead*P, m/1e6, T1/m)
	}
	t.Logf("longest instance: %.1f%% of the set, %.2f x at most on one goroutine an instance", 100*slices.Max(each)/T1, T1/slices.Max(each))
	for _, jobs := range []int{1, P} {
		m := simulateShared(steps, jobs, P)
		t.Logf("%d instances at once on %d workers each, sharing %d cores (simulated): %.1f ms, %.2f x", jobs, P, P, m/1e6, T1/m)
	}
}

// A step is a part of a traced search: work ns of it, which at most par
// cores can share (1 for a trial or a seed frontier; a phase's work over
// its critical path on the workers).
type step struct{ work, par float64 }

// simulateShared returns the time that solving instances of the given
// steps takes, jobs at once and in order, on cores cores shared by every
// instance's goroutines: each instance under way asks for as many cores
// as its step can use, and gets them all if the cores suffice, else a
// share in proportion (the Go scheduler's goroutines sharing the cores
// alike). It runs in steps of 10 microseconds.
func simulateShared(steps [][]step, jobs, cores int) float64 {
	const dt = 1e4
	type run struct {
		steps []step
		left  float64 // work left of steps[0]
	}
	var under []*run
	next, now := 0, 0.0
	for next < len(steps) || len(under) > 0 {
		for len(under) < jobs && next < len(steps) {
			if len(steps[next]) > 0 {
				under = append(under, &run{steps[next], steps[next][0].work})
			}
			next++
		}
		asked := 0.0
		for _, r := range under {
			asked += r.steps[0].par
		}
		share := min(1, float64(cores)/asked)
		for _, r := range under {
			r.left -= r.steps[0].par * share * dt
			for r.left <= 0 && len(r.steps) > 0 {
				r.steps = r.steps[1:]
				if len(r.steps) > 0 {
					r.left += r.steps[0].work
				}
			}
		}
		under = slices.DeleteFunc(under, func(r *run) bool { return len(r.steps) == 0 })
		now += dt
	}
	return now
}

func countTrials(tr *Trace) int {
	n := 0
	for _, r := range tr.Runs {
		for _, it := range r.Iterations {
			if it.Trial {
				n++
			}
		}
	}
	return n
}

// schedule gives tasks of counts nodes (at rate ns a node, plus a task's
// loading) in order to the first of p workers free, and returns the time
// the last ends and the work in all.
func schedule(counts []int64, rate float64, p int) (makespan, work float64) {
	const load = 200 // ns to load a task
	free := make([]float64, p)
	for _, n := range counts {
		d := float64(max(n, 0))*rate + load
		k := 0
		for i := range free {
			if free[i] < free[k] {
				k = i
			}
		}
		free[k] += d
		work += d
		makespan = max(makespan, free[k])
	}
	return makespan, work
}

// wakeTime returns the ns that waking p-1 waiting goroutines over
// channels and waiting for them takes, as the workers of a phase are.
func wakeTime(p int) float64 {
	chans := make([]chan int, p-1)
	var wg, alive sync.WaitGroup
	for i := range chans {
		chans[i] = make(chan int)
		alive.Add(1)
		go func() {
			defer alive.Done()
			for range chans[i] {
				wg.Done()
			}
		}()
	}
	const rounds = 2000
	began := time.Now()
	for range rounds {
		wg.Add(len(chans))
		for _, c := range chans {
			c <- 1
		}
		wg.Wait()
	}
	d := float64(time.Since(began)) / rounds
	for _, c := range chans {
		close(c)
	}
	alive.Wait()
	return d
}

// newSolverTime returns the ns a new Solver on p workers adds to a search
// beside one from ReuseSolver: the least of 10 rounds of the instances
// of 0.5 to 3 ms on one worker, each way.
func newSolverTime(db *pdb.DB, insts []instance, each []float64, p int) float64 {
	var small []instance
	for i, in := range insts {
		if each[i] > 0.5e6 && each[i] < 3e6 {
			small = append(small, in)
		}
	}
	best := [2]float64{}
	for round := range 10 {
		for k := range best {
			began := time.Now()
			for _, in := range small {
				var s *Solver
				if k == 0 {
					s, _ = ReuseSolver(db, SolverOptions{Reflect: true, Workers: p})
				} else {
					s, _ = NewSolver(db, SolverOptions{Reflect: true, Workers: p})
				}
				s.Solve(context.Background(), in.cells, Limit{})
				s.Release()
			}
			if d := float64(time.Since(began)) / float64(len(small)); round == 0 || d < best[k] {
				best[k] = d
			}
		}
	}
	return max(0, best[1]-best[0])
}

// simulateJobs returns the time bench takes to solve instances of times
// d, jobs at once on one goroutine each, in order, reading at most ahead
// instances past the one it prints next.
func simulateJobs(d []float64, jobs, ahead int) float64 {
	end := make([]float64, len(d))
	running := []int{} // instances under way
	now, printed, next := 0.0, 0, 0
	for printed < len(d) {
		for next < len(d) && len(running) < jobs && next-printed < ahead {
			end[next] = now + d[next]
			running = append(running, next)
			next++
		}
		k := 0
		for i, r := range running {
			if end[r] < end[running[k]] {
				k = i
			}
		}
		now = end[running[k]]
		running = slices.Delete(running, k, k+1)
		for printed < len(d) && printed < next && !slices.Contains(running, printed) {
			printed++
		}
	}
	return now
}
