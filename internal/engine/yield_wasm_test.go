//go:build wasm

package engine

import (
	"context"
	"testing"
	"time"
)

// TestStopDeadline checks that a loop that polls a Stop, and does
// nothing else that enters the scheduler, sees its context's deadline on
// WebAssembly's one thread, where the deadline's timer fires only when
// the loop yields: it looped forever before Stop.Done yielded.
func TestStopDeadline(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	var s Stop
	s.Watch(ctx)
	began := time.Now()
	for !s.Done() {
		if time.Since(began) > 5*time.Second {
			t.Fatal("the deadline of 20 ms not seen after 5 s")
		}
	}
	if ctx.Err() == nil {
		t.Error("the Stop is done but its context is not")
	}
}

// TestGuardDeadline checks that a loop that polls a Guard sees its
// context's deadline on WebAssembly's one thread, where both the
// deadline's timer and the goroutine that sets the Guard's flag run only
// when the loop yields.
func TestGuardDeadline(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	var g Guard
	g.Start(ctx, Bounds{})
	defer g.End()
	began := time.Now()
	for !g.Stopped() {
		if time.Since(began) > 5*time.Second {
			t.Fatal("the deadline of 20 ms not seen after 5 s")
		}
	}
	if g.Err(ctx, 0, 0) == nil {
		t.Error("the Guard stopped with no error")
	}
}
