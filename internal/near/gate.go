package near

import (
	"context"
	"sync/atomic"
)

// An idleGate lets the bound search (see boundSearch) run on the cores
// the beams leave idle: between the parallel parts of a layer a beam
// runs on one goroutine (it picks the boards to keep), and its workers
// end their shares at different times. The beams count their goroutines
// at work in it; the bound search, past the boards it is granted
// outright, waits while they hold every core, so a beam's worker never
// waits for a core the bound search holds longer than a poll of the
// latter. A nil *idleGate lets the bound search run at all times.
type idleGate struct {
	busy  atomic.Int32 // the beams' goroutines at work
	cores int32        // the cores the Go scheduler runs goroutines on
	wake  chan struct{}
}

// newIdleGate returns a gate for cores cores.
func newIdleGate(cores int) *idleGate {
	return &idleGate{cores: int32(max(1, cores)), wake: make(chan struct{}, 1)}
}

// enter counts n goroutines of the beams starting work.
func (g *idleGate) enter(n int) {
	if g != nil {
		g.busy.Add(int32(n))
	}
}

// leave counts a goroutine of the beams ending its work, and wakes the
// bound search if that leaves a core idle.
func (g *idleGate) leave() {
	if g != nil && g.busy.Add(-1) < g.cores {
		select {
		case g.wake <- struct{}{}:
		default:
		}
	}
}

// wait returns once the beams leave a core idle, true; or false once ctx
// is done.
func (g *idleGate) wait(ctx context.Context) bool {
	for g != nil && g.busy.Load() >= g.cores {
		select {
		case <-g.wake:
		case <-ctx.Done():
			return false
		}
	}
	return ctx.Err() == nil
}
