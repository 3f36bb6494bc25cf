package slide

import (
	"context"
	"sync"
	"unsafe"
)

// astar16 is A* specialized, as ida16 is IDA*, for boards of at most 16
// cells with distinct labels under Manhattan distance with or without
// linear conflicts: packed uint64 boards, heuristic deltas, the
// open-addressing table and the bucket queue of the generic engine, and
// nodes of 16 bytes without pointers. It follows AStar's conventions: the
// goal test at expansion, ties to the node generated last, the move back
// to the parent never generated, states reached more cheaply reopened.
type astar16 struct {
	nodes []a16node
	index packedMap
	open  bucketQueue[int]
}

type a16node struct {
	board  uint64
	parent int32
	g, h   uint8
	blank  uint8
	closed bool // expanded, or beyond the cost bound
}

// a16Bytes is what a node costs: itself, two slots of the table, and an
// entry of the queue.
const a16Bytes = int64(unsafe.Sizeof(a16node{})) + 2*16 + 16

// a16Pool keeps the searchers' memory between calls of Solve.
var a16Pool sync.Pool

// astar16Solve runs the search from the packed start board (values as in
// packedTile); it returns the blank's cell in every board of the path.
func (sp *tileSpace) astar16Solve(ctx context.Context, start packedTile, lim Limits, sol *Solution) ([]int, error) {
	a, _ := a16Pool.Get().(*astar16)
	if a == nil {
		a = new(astar16)
	}
	defer a16Pool.Put(a)
	a.nodes = a.nodes[:0]
	a.index.reset()
	a.open.reset()
	maxNodes, which := lim.nodeLimit(a16Bytes)
	bound := lim.maxCost()
	if float64(start.h) > bound {
		return nil, notFound("Solve", bound)
	}
	a.index.put(start.key, 0)
	a.nodes = append(a.nodes, a16node{board: start.key, parent: -1, h: uint8(start.h), blank: start.blank})
	a.open.push(int(start.h), entry[int]{node: 0, g: 0})
	bv := uint64(sp.blankVal)
	for a.open.len() > 0 {
		_, e := a.open.pop()
		n := a.nodes[e.node]
		if n.closed || e.g != int(n.g) {
			continue
		}
		if n.board == sp.goalPacked {
			return a.path(e.node), nil
		}
		if sol.Expanded%ctxEvery == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		a.nodes[e.node].closed = true
		sol.Expanded++
		b := int(n.blank)
		back := -1 // the cell the blank came from
		if n.parent >= 0 {
			back = int(a.nodes[n.parent].blank)
		}
		for _, from := range sp.adj[b][:sp.nadj[b]] {
			if int(from) == back {
				continue
			}
			sol.Generated++
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
			j, found := a.index.getOrPut(board, int32(len(a.nodes)))
			if found {
				m := &a.nodes[j]
				if g >= int(m.g) {
					continue
				}
				m.g, m.parent, m.closed = uint8(g), e.node, false
				a.open.push(g+h, entry[int]{node: j, g: g})
				continue
			}
			if int64(len(a.nodes)) >= maxNodes {
				return nil, &LimitError{Limit: which, Value: lim.limitValue(which, maxNodes), Expanded: sol.Expanded, Generated: sol.Generated}
			}
			a.nodes = append(a.nodes, a16node{board: board, parent: e.node, g: uint8(g), h: uint8(h), blank: uint8(from)})
			a.open.push(g+h, entry[int]{node: j, g: g})
		}
	}
	return nil, notFound("Solve", bound)
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
