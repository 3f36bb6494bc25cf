package engine

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestStop checks that the zero Stop and one watching a context that
// cannot end are never done, that one watching a context is done once
// it is cancelled (or at once if it was), and that End stops watching.
func TestStop(t *testing.T) {
	var zero Stop
	if zero.Done() {
		t.Fatal("the zero Stop is done")
	}
	zero.End() // must not panic
	var s Stop
	s.Watch(context.Background())
	if s.Done() {
		t.Fatal("a Stop of context.Background is done")
	}
	s.End()
	ctx, cancel := context.WithCancel(context.Background())
	s.Watch(ctx)
	if s.Done() {
		t.Fatal("done before the cancellation")
	}
	cancel()
	for began := time.Now(); !s.Done(); {
		if time.Since(began) > 5*time.Second {
			t.Fatal("not done 5 s after the cancellation")
		}
		time.Sleep(time.Millisecond)
	}
	s.End()
	s.Watch(ctx) // already cancelled
	if !s.Done() {
		t.Fatal("a Stop of a cancelled context is not done")
	}
	s.End()
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	s.Watch(ctx)
	s.End()
	cancel()
	time.Sleep(10 * time.Millisecond)
	if s.Done() {
		t.Fatal("done after End")
	}
}

// TestStopAtCancel checks that a Stop is done as soon as the
// cancellation returns, of its context or of one it derives from, while
// loops that poll it hold every processor: each then polls at most once
// more. A flag set by context.AfterFunc waited for its goroutine to be
// scheduled, which a search whose workers held every processor gave it
// only at the scheduler's preemption, 10 ms or more later; the loops
// here polled hundreds of thousands of times more.
func TestStopAtCancel(t *testing.T) {
	parent, cancel := context.WithCancel(context.Background())
	ctx, end := context.WithTimeout(parent, time.Hour)
	defer end()
	var s Stop
	s.Watch(ctx)
	defer s.End()
	var running, polls atomic.Int64
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			running.Add(1)
			for !s.Done() {
				polls.Add(1)
			}
		}()
	}
	for running.Load() < int64(runtime.GOMAXPROCS(0)) {
		runtime.Gosched()
	}
	cancel()
	before, done := polls.Load(), s.Done()
	wg.Wait()
	if more := polls.Load() - before; !done || more > int64(runtime.GOMAXPROCS(0)) {
		t.Fatalf("done when the cancellation returned: %v; the %d loops polled %d times more, want at most once each",
			done, runtime.GOMAXPROCS(0), more)
	}
}

// TestMakeCancelled checks that Make and Grow of large arrays give up
// with the context's error, Grow keeping its slice, when the context is
// done, and that they make what is asked otherwise, Grow keeping the
// items (copied a megabyte at a time).
func TestMakeCancelled(t *testing.T) {
	done, cancel := context.WithCancel(context.Background())
	cancel()
	if s, err := Make[int64](done, 64<<20); !errors.Is(err, context.Canceled) || s != nil {
		t.Errorf("Make of 512 MiB, context cancelled: %d items, %v", cap(s), err)
	}
	old := []int64{1, 2, 3}
	if s, err := Grow(done, old, 64<<20); !errors.Is(err, context.Canceled) || &s[0] != &old[0] {
		t.Errorf("Grow to 512 MiB, context cancelled: %d items, %v", cap(s), err)
	}
	live, stop := context.WithCancel(context.Background())
	defer stop()
	for _, n := range []int{10, 1 << 20} { // small, and past bigArray
		s, err := Make[int64](live, n)
		if err != nil || len(s) != 0 || cap(s) < n {
			t.Fatalf("Make(%d): len %d, cap %d, %v", n, len(s), cap(s), err)
		}
		s = s[:cap(s)]
		for i := range s {
			s[i] = int64(i)
		}
		g, err := Grow(live, s, 3*n)
		if err != nil || len(g) != len(s) || cap(g) < 3*n {
			t.Fatalf("Grow(%d to %d): len %d, cap %d, %v", n, 3*n, len(g), cap(g), err)
		}
		for i, v := range g {
			if v != int64(i) {
				t.Fatalf("Grow(%d to %d): item %d is %d", n, 3*n, i, v)
			}
		}
		if same, _ := Grow(live, g, len(g)); &same[0] != &g[0] {
			t.Fatalf("Grow with room made a new array")
		}
	}
}

// TestGrowChargedCtx checks that a growth charges its budget before it
// is made, fails on the budget (setting Over) or on the context (leaving
// Over unset), and keeps the items.
func TestGrowChargedCtx(t *testing.T) {
	m := Budget{Limit: 1 << 20}
	s := []int64{7}
	g, ok := GrowChargedCtx(context.Background(), s, &m)
	if !ok || cap(g) != 64 || g[0] != 7 || m.Used != 64*8 {
		t.Fatalf("grown to %d (ok %v), charged %d", cap(g), ok, m.Used)
	}
	small := Budget{Limit: 100}
	if _, ok := GrowChargedCtx(context.Background(), s, &small); ok || !small.Over {
		t.Fatalf("a growth past the budget: ok %v, over %v", ok, small.Over)
	}
	done, cancel := context.WithCancel(context.Background())
	cancel()
	big := Budget{Limit: 1 << 40}
	if _, ok := GrowChargedCtx(done, make([]int64, 1<<20), &big); ok || big.Over {
		t.Fatalf("a growth cancelled: ok %v, over %v", ok, big.Over)
	}
}
