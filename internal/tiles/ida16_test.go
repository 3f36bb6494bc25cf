package tiles

import (
	"context"
	"testing"

	"github.com/slidekit/slide/internal/testsets"

	"github.com/slidekit/slide/internal/engine"
)

// TestZeroAllocationIDA16 checks that ida16 allocates nothing while it
// searches, once its memory has grown.
func TestZeroAllocationIDA16(t *testing.T) {
	in := readInstances(t, "korf100.txt", 16)[11] // #12, 45 moves
	g := NewGoal(4, 4, testsets.BlankFirst(16), true)
	code := encodeBoard(t, g, in.labels)
	sp := NewSpace(g, Heuristic{Kind: LinearConflict}, false)
	start := sp.PackedStart(code)
	s := newIDA16(sp, true)
	var nodes int64
	allocs := testing.AllocsPerRun(3, func() {
		if n := s.solve(context.Background(), start.key, int(start.blank), engine.Limits{}); n != in.optimal {
			t.Fatalf("%d moves", n)
		}
		nodes = s.Gen
	})
	if allocs != 0 {
		t.Errorf("ida16: %v allocations per search of %d nodes", allocs, nodes)
	}
}
