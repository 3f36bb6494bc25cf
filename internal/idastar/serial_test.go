package idastar

import (
	"context"
	"flag"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/slidekit/slide/internal/pdb"
	"github.com/slidekit/slide/internal/pdbcache"
)

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
