package near

import (
	"context"
	"testing"

	"github.com/slidekit/slide/internal/engine"
)

// TestExpandCancelled expands a layer of 8192 boards on 16 workers once
// the search's context is done, and checks how much work follows: each
// worker scores at most stopEvery parents before its first poll, and the
// candidates they scored are not gathered (expand's s.cands is left
// empty). Before, the gather copied every worker's candidates, one step
// that neither the cancellation nor the garbage collector's pauses could
// interrupt: on a 16-core machine the anytime mode on 6 x 6 returned up
// to 63 ms after its cancellation in one trial of four.
func TestExpandCancelled(t *testing.T) {
	const width, workers = 8192, 16
	f := randomFrame(t, 34, 34, 6, 6)
	b := f.beam(width, workers)
	if _, err := b.search(context.Background(), f.cells, f.blank, 14); !engine.Is(err, engine.NotFound) {
		t.Fatalf("a beam of 14 moves on a random board: %v", err)
	}
	if len(b.cur.h) != width {
		t.Fatalf("the last layer holds %d boards, want %d", len(b.cur.h), width)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	b.ctx = ctx
	b.stop.Watch(ctx)
	defer b.stop.End()
	before := b.generated
	if _, found := b.expand(); found {
		t.Fatal("a goal 15 moves from a random board")
	}
	scored := b.generated - before
	if scored == 0 || scored > 4*stopEvery*workers {
		t.Errorf("the workers scored %d children, want some and at most %d (%d parents each)", scored, 4*stopEvery*workers, stopEvery)
	}
	if len(b.cands) > 0 {
		t.Errorf("%d of the %d candidates scored were gathered after the cancellation", len(b.cands), scored)
	}
}

// TestInsertAllStops checks that a set's insertAll inserts every hash
// while its Stop is not done, and at most 16*stopEvery once it is.
func TestInsertAllStops(t *testing.T) {
	xs := make([]uint64, 100_000)
	for i := range xs {
		xs[i] = uint64(i+1) * 0x9e3779b97f4a7c15
	}
	var live engine.Stop
	var h hashSet
	h.reset(0)
	if !h.insertAll(xs, &live) || h.n != len(xs) {
		t.Fatalf("not stopped: inserted %d of %d", h.n, len(xs))
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var done engine.Stop
	done.Watch(ctx)
	h.reset(0)
	if h.insertAll(xs, &done) || h.n > 16*stopEvery {
		t.Errorf("stopped: inserted %d of %d, want at most %d", h.n, len(xs), 16*stopEvery)
	}
	if _, ok := appendPolled(make([]uint64, 0, len(xs)), xs, &done); ok {
		t.Error("appendPolled: done, yet it appended everything")
	}
}
