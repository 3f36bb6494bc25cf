package idastar

import (
	"context"
	"testing"

	"github.com/slidekit/slide/internal/testsets"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/tiles"
)

// TestZeroAllocationIDA16 checks that ida16 allocates nothing while it
// searches, once its memory has grown.
func TestZeroAllocationIDA16(t *testing.T) {
	in := readInstances(t, "korf100.txt", 16)[11] // #12, 45 moves
	g := tiles.NewGoal(4, 4, testsets.BlankFirst(16), true)
	code := encodeBoard(t, g, in.labels)
	sp := tiles.NewSpace(g, tiles.Heuristic{Kind: tiles.LinearConflict}, false)
	start := sp.PackedStart(code)
	s := newIDA16(sp, true)
	var nodes int64
	allocs := testing.AllocsPerRun(3, func() {
		if n := s.solve(context.Background(), tiles.PackedKey(start), start.Blank(), engine.Bounds{}); n != in.length {
			t.Fatalf("%d moves", n)
		}
		nodes = s.Gen
	})
	if allocs != 0 {
		t.Errorf("ida16: %v allocations per search of %d nodes", allocs, nodes)
	}
}
