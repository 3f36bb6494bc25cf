package slide

import (
	"testing"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/tiles"
)

// sized is a state that reports the bytes it points to: 16 bytes of its
// own, a pointer (never followed) and the size.
type sized struct {
	_    *byte
	size int
}

func (s sized) Size() int { return s.size }

// TestStateBytes checks that a stored state counts its own bytes plus,
// rounded as the allocator rounds them, those its Size method reports,
// for a state of the internal packages through its inner wrapper too.
func TestStateBytes(t *testing.T) {
	u, a, s := uint64(1), [3]int32{}, "not counted"
	z, five, hundred := sized{size: 0}, sized{size: 5}, sized{size: 100}
	for _, c := range []struct {
		name      string
		got, want int64
	}{
		{"uint64", stateBytes(&u), 8},
		{"[3]int32", stateBytes(&a), 12},
		{"string", stateBytes(&s), 16},
		{"Size 0", stateBytes(&z), 16},
		{"Size 5", stateBytes(&five), 16 + 8},
		{"Size 100", stateBytes(&hundred), 16 + engine.AllocSize(100)},
	} {
		if c.got != c.want {
			t.Errorf("stateBytes(%s) = %d, want %d", c.name, c.got, c.want)
		}
	}
	tg, code := encodeFor(t, Goal(5, 5).Twin().Twin(), Goal(5, 5))
	grid := inner[tiles.Grid]{tiles.NewSpace(tg, Manhattan.tiles(), false).GridStart(code)}
	if got, want := stateBytes(&grid), int64(16)+engine.AllocSize(int64(grid.s.Size())); grid.s.Size() == 0 || got < want {
		t.Errorf("a Grid state: %d bytes, want at least %d", got, want)
	}
}

// TestAttachGuard checks that attachGuard hands the guard to a state
// whose space stores states, through the inner wrapper, and leaves the
// others alone, allocating nothing.
func TestAttachGuard(t *testing.T) {
	tg, code := encodeFor(t, Goal(5, 5).Twin().Twin(), Goal(5, 5))
	sp := tiles.NewSpace(tg, Manhattan.tiles(), false)
	node := inner[tiles.Node]{sp.NodeStart(code)}
	var g engine.Guard
	g.Start(t.Context(), engine.Limits{MaxNodes: 1})
	defer g.End()
	attachGuard(&node, &g)
	if arcs := node.Successors(nil); !g.NodesOver || len(arcs) == 4 {
		t.Errorf("the node's space did not get the guard: %d moves, NodesOver %v", len(arcs), g.NodesOver)
	}
	var plain uint64
	if allocs := testing.AllocsPerRun(10, func() { attachGuard(&plain, &g) }); allocs != 0 {
		t.Errorf("attachGuard of a plain state: %v allocations", allocs)
	}
}
