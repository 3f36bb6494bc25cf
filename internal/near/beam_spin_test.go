package near

import (
	"context"
	"runtime"
	"sync/atomic"
	"testing"
	"time"
)

// TestSpinner: a spinner runs every step it is given, once, calling
// after each; it parks when the next step is long in coming and wakes
// for it; and its goroutine ends once stopped, parked or not.
func TestSpinner(t *testing.T) {
	before := runtime.NumGoroutine()
	var ran, after atomic.Int64
	sp := newSpinner(1, func() { after.Add(1) })
	step := func(k int) {
		if k != 1 {
			t.Errorf("step run as worker %d, want 1", k)
		}
		ran.Add(1)
	}
	for i := range 20 {
		if i%5 == 4 {
			time.Sleep(3 * spinPark) // long enough to park
		}
		sp.start(&step)
		sp.wait()
		if got := ran.Load(); got != int64(i+1) || after.Load() != got {
			t.Fatalf("step %d: %d runs, %d calls after, want %d", i, got, after.Load(), i+1)
		}
	}
	time.Sleep(3 * spinPark)
	if !sp.idle.Load() {
		t.Error("no step for a while, and the spinner has not parked")
	}
	sp.stop()
	for deadline := time.Now().Add(5 * time.Second); runtime.NumGoroutine() > before; {
		if time.Now().After(deadline) {
			t.Fatalf("%d goroutines after the spinner stopped, %d before", runtime.NumGoroutine(), before)
		}
		time.Sleep(time.Millisecond)
	}
}

// TestBeamSpinnersEnd: a search on two workers leaves no goroutine
// behind, whether it finds the goal or its context stops it.
func TestBeamSpinnersEnd(t *testing.T) {
	f := randomFrame(t, 6, 6, 6, 6)
	before := runtime.NumGoroutine()
	for _, cancel := range []bool{false, true} {
		b := f.lcBeam(4000, 2)
		ctx, stop := context.WithCancel(context.Background())
		if cancel {
			b.onLayer = func() {
				if len(b.steps) == 20 {
					stop()
				}
			}
		}
		_, err := b.search(ctx, f.cells, f.blank, 1000)
		stop()
		if cancel != (err != nil) {
			t.Fatalf("cancelled %v: %v", cancel, err)
		}
		if len(b.spinners) != 0 {
			t.Errorf("cancelled %v: %d spinners kept", cancel, len(b.spinners))
		}
	}
	for deadline := time.Now().Add(5 * time.Second); runtime.NumGoroutine() > before; {
		if time.Now().After(deadline) {
			t.Fatalf("%d goroutines after the searches, %d before", runtime.NumGoroutine(), before)
		}
		time.Sleep(time.Millisecond)
	}
}
