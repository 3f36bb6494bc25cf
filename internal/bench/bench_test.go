package bench

import (
	"context"
	"math"
	"runtime/metrics"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/slidekit/slide"
)

// TestRunOrder checks that Run emits the results in the
// order of the instances though they finish out of order (each instance
// of an even index waits for the next one to finish), with at most jobs
// solved at once, and reads no further ahead than AheadPerJob*jobs
// instances.
func TestRunOrder(t *testing.T) {
	const n = 200
	for _, jobs := range []int{2, 3, 8} {
		done := make([]chan struct{}, n+1)
		for i := range done {
			done[i] = make(chan struct{})
		}
		var running, most atomic.Int64
		var finished []int // the order in which the instances finish
		var mu sync.Mutex
		solve := func(_ context.Context, in Instance) Result {
			now := running.Add(1)
			for m := most.Load(); now > m && !most.CompareAndSwap(m, now); m = most.Load() {
			}
			i := in.Optimal
			if i%2 == 0 && i+1 < n {
				<-done[i+1]
			}
			mu.Lock()
			finished = append(finished, i)
			mu.Unlock()
			running.Add(-1)
			close(done[i])
			return Result{In: in}
		}
		var read atomic.Int64  // next runs on a goroutine of its own
		emitted, ahead := 0, 0 // ahead: the most instances read and not yet emitted
		next := func() (Instance, bool) {
			if read.Load() == n {
				return Instance{}, false
			}
			return Instance{Optimal: int(read.Add(1) - 1)}, true
		}
		var order []int
		Run(context.Background(), next, jobs, solve, func(r Result) bool {
			order = append(order, r.In.Optimal)
			emitted++
			ahead = max(ahead, int(read.Load())-emitted)
			return true
		})
		if len(order) != n || !slices.IsSorted(order) {
			t.Fatalf("-j %d: emitted %v", jobs, order)
		}
		if slices.IsSorted(finished) {
			t.Errorf("-j %d: the instances finished in order: the test shows nothing", jobs)
		}
		if most.Load() > int64(jobs) || ahead > AheadPerJob*jobs+2 {
			t.Errorf("-j %d: %d solved at once, %d read ahead", jobs, most.Load(), ahead)
		}
	}
}

// TestRunLongFirst: while a long instance runs, the jobs go on
// solving the instances after it, whose results wait to be emitted (the
// first instance here ends only once the next 3*jobs have).
func TestRunLongFirst(t *testing.T) {
	const jobs, n = 4, 40
	var after sync.WaitGroup
	after.Add(3 * jobs)
	read := 0
	next := func() (Instance, bool) {
		if read == n {
			return Instance{}, false
		}
		read++
		return Instance{Optimal: read - 1}, true
	}
	solve := func(_ context.Context, in Instance) Result {
		if i := in.Optimal; i == 0 {
			after.Wait()
		} else if i <= 3*jobs {
			after.Done()
		}
		return Result{In: in}
	}
	done := make(chan []int)
	go func() {
		var order []int
		Run(context.Background(), next, jobs, solve, func(r Result) bool {
			order = append(order, r.In.Optimal)
			return true
		})
		done <- order
	}()
	select {
	case order := <-done:
		if len(order) != n || !slices.IsSorted(order) {
			t.Errorf("emitted %v", order)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the instances after a long one waited for it")
	}
}

// FuzzShard checks that bench's -shard accepts only K/N with 0 <= K < N,
// that it writes back what it read, and that its shards take each
// instance exactly once.
func FuzzShard(f *testing.F) {
	for _, s := range []string{"0/2", "1/2", "2/2", "0/0", "-1/2", "x", "1/2/3", "0/99999999999999999999", "+1/+3", " 1/2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var sh Shard
		if err := sh.Set(s); err != nil {
			if sh != (Shard{}) {
				t.Fatalf("Set(%q) failed, %v, but changed the flag to %+v", s, err, sh)
			}
			return
		}
		if sh.n < 1 || sh.k < 0 || sh.k >= sh.n {
			t.Fatalf("Set(%q) = %+v", s, sh)
		}
		var back Shard
		if err := back.Set(sh.String()); err != nil || back != sh {
			t.Fatalf("Set(%q) = %+v, which writes %q, read back as %+v, %v", s, sh, sh.String(), back, err)
		}
		if sh.n > 100 {
			return
		}
		for i := range 3 * sh.n {
			taken := 0
			for k := range sh.n {
				if (&Shard{k, sh.n}).Takes(i) {
					taken++
				}
			}
			if taken != 1 {
				t.Fatalf("instance %d is in %d of the %d shards", i, taken, sh.n)
			}
		}
		if !sh.Takes(sh.k) || sh.Takes(sh.k+1) && sh.n > 1 {
			t.Fatalf("shard %+v: takes(%d) %v, takes(%d) %v", sh, sh.k, sh.Takes(sh.k), sh.k+1, sh.Takes(sh.k+1))
		}
	})
}

// TestCollector checks that a Collector collects after a search long
// enough that a collection costs little beside it, and not after a short
// one.
func TestCollector(t *testing.T) {
	var c Collector
	before := forcedCollections()
	c.After(CollectRatio*MinCollect - 1)
	if forced := forcedCollections() - before; forced != 0 {
		t.Errorf("after a short search: %d collections, want none", forced)
	}
	c.After(time.Hour)
	if forced := forcedCollections() - before; forced != 1 || c.cost.Load() <= 0 {
		t.Errorf("after a long search: %d collections (cost %v), want 1", forced, time.Duration(c.cost.Load()))
	}
}

// forcedCollections returns the garbage collections that runtime.GC
// forced in this process so far.
func forcedCollections() uint64 {
	s := []metrics.Sample{{Name: "/gc/cycles/forced:gc-cycles"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// TestShareMemory checks the memory bound of each of the -j searches: the
// whole bound for one, the shared tables and a share of the rest for
// several, no bound for none, and never more than the process's bound.
func TestShareMemory(t *testing.T) {
	tables, _, _ := slide.PDB663.Memory()
	const bound = 1 << 30
	for _, tc := range []struct {
		bound int64
		h     slide.Heuristic
		jobs  int
		want  int64
	}{
		{bound, slide.Manhattan, 1, bound},
		{bound, slide.Manhattan, 4, bound / 4},
		{bound, slide.PDB663, 4, tables + (bound-tables)/4},
		{tables / 2, slide.PDB663, 4, tables / 2},
		{math.MaxInt64, slide.PDB663, 4, -1},
	} {
		if got := ShareMemory(tc.bound, tc.h, tc.jobs); got != tc.want {
			t.Errorf("ShareMemory(%d, %v, %d) = %d, want %d", tc.bound, tc.h, tc.jobs, got, tc.want)
		}
	}
}
