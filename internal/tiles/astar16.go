package tiles

import (
	"context"
	"sync"
	"unsafe"

	"github.com/slidekit/slide/internal/engine"
)

// astar16 is A* specialized, as internal/idastar's ida16 is IDA*, for
// boards of at most 16 cells with distinct labels under Manhattan distance
// with or without linear conflicts: packed uint64 boards, heuristic
// deltas, the open-addressing table and the bucket queue of the generic
// engine, and nodes of 16 bytes without pointers. It follows AStar's
// conventions: the goal test at expansion, ties to the node generated
// last, the move back to the parent never generated, states reached more
// cheaply reopened. Unlike the generic engine it keeps its nodes in one
// slice, doubled as it grows (chunks would slow its small searches); the
// arrays left behind are charged to its budget as garbage, so it counts
// twice its nodes' bytes.
type astar16 struct {
	guard engine.Guard
	nodes []a16node
	index engine.Map
	open  engine.BucketQueue[int]
}

type a16node struct {
	board  uint64
	parent int32
	g, h   uint8
	blank  uint8
	closed bool // expanded, or beyond the cost bound
}

// a16Extra is what a node costs besides its place in the node array and
// its table slots (which are charged as they grow): room for two entries
// of the queue.
const a16Extra = 2 * int64(unsafe.Sizeof(engine.Entry[int]{}))

// a16Pool keeps the searchers' memory between calls of Solve.
var a16Pool sync.Pool

// FitsAStar16 reports whether AStar16 takes the space: distinct labels,
// single-tile moves, a board that LineKeys take (see FitsLineKeys), and
// Manhattan distance or linear conflicts.
func (sp *Space) FitsAStar16() bool {
	return sp.t.Distinct && !sp.line && FitsLineKeys(sp.rows, sp.cols) && (sp.heur.Kind == Manhattan || sp.heur.Kind == LinearConflict)
}

// AStar16 solves the board of codes code optimally by astar16, within
// lim; it returns the blank's cell in every board of the path, and counts
// its work in st. The space must fit it (see FitsAStar16).
func (sp *Space) AStar16(ctx context.Context, code []int32, lim engine.Bounds, st *Stats) ([]int, error) {
	start := sp.PackedStart(code)
	a, _ := a16Pool.Get().(*astar16)
	if a == nil {
		a = new(astar16)
	}
	defer a16Pool.Put(a)
	a.guard.Start(ctx, lim)
	defer a.guard.End()
	a.nodes = engine.KeepSlice(a.nodes, &a.guard.Mem)
	a.index.Reset(&a.guard.Mem)
	a.open.Reset()
	maxNodes := lim.NodeLimit()
	bound := lim.CostBound()
	if float64(start.h) > bound {
		return nil, engine.ErrNotFound(bound)
	}
	a.index.Put(start.key, 0)
	a.nodes = append(a.nodes, a16node{board: start.key, parent: -1, h: uint8(start.h), blank: start.blank})
	a.open.Push(int(start.h), engine.Entry[int]{Node: 0, G: 0})
	bv := uint64(sp.blankVal)
	for a.open.Len() > 0 {
		_, e := a.open.Pop()
		np := &a.nodes[e.Node]
		n := *np
		if n.closed || e.G != int(n.g) {
			continue
		}
		if n.board == sp.goalPacked {
			return a.path(e.Node), nil
		}
		if a.guard.Stopped() {
			return nil, a.guard.Err(ctx, st.Expanded, st.Generated)
		}
		np.closed = true
		st.Expanded++
		b := int(n.blank)
		back := -1 // the cell the blank came from
		if n.parent >= 0 {
			back = int(a.nodes[n.parent].blank)
		}
		for _, from := range sp.adj[b][:sp.nadj[b]] {
			if int(from) == back {
				continue
			}
			st.Generated++
			v := int(n.board>>(4*uint(from))) & 15
			flip := (uint64(v)^bv)<<(4*uint(from)) ^ (uint64(v)^bv)<<(4*uint(b))
			h := int(n.h) + int(sp.md[v][b]) - int(sp.md[v][from])
			if sp.lines != nil {
				h += sp.lines.moveDelta(n.board, v, int(from), b)
			}
			g := int(n.g) + 1
			if float64(g+h) > bound {
				continue
			}
			board := n.board ^ flip
			j, found := a.index.GetOrPut(board, int32(len(a.nodes)))
			if found {
				m := &a.nodes[j]
				if g >= int(m.g) {
					continue
				}
				m.g, m.parent, m.closed = uint8(g), e.Node, false
				a.open.Push(g+h, engine.Entry[int]{Node: j, G: g})
				continue
			}
			if len(a.nodes) == cap(a.nodes) {
				var ok bool
				if a.nodes, ok = engine.GrowCharged(a.nodes, &a.guard.Mem); !ok {
					return nil, a.guard.Err(ctx, st.Expanded, st.Generated)
				}
			}
			switch {
			case a.guard.Mem.Over || !a.guard.Mem.Charge(a16Extra):
				return nil, a.guard.Err(ctx, st.Expanded, st.Generated)
			case int64(len(a.nodes)) >= maxNodes:
				return nil, a.guard.NodeLimit(st.Expanded, st.Generated)
			}
			a.nodes = append(a.nodes, a16node{board: board, parent: e.Node, g: uint8(g), h: uint8(h), blank: uint8(from)})
			a.open.Push(g+h, engine.Entry[int]{Node: j, G: g})
		}
	}
	return nil, engine.ErrNotFound(bound)
}

// path returns the blank's cells from the start to node i.
func (a *astar16) path(i int32) []int {
	var p []int
	for ; i >= 0; i = a.nodes[i].parent {
		p = append(p, int(a.nodes[i].blank))
	}
	for l, r := 0, len(p)-1; l < r; l, r = l+1, r-1 {
		p[l], p[r] = p[r], p[l]
	}
	return p
}
