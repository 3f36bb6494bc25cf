package slide

import (
	"context"
	"slices"
	"sync"
	"unsafe"
)

// blockBFS is BFS.Search specialized for the hot path of block puzzles:
// positions with a uint64 key on grids of at most 64 cells, under straight
// or step moves. It makes the same search as the generic engine (the goal
// tested at generation, the move back to the parent never generated, the
// same counts and limits) without calling through the State interface,
// which makes it about a quarter faster on Klotski.
type blockBFS struct {
	nodes []blockNode
	seen  packedSet
	next  []uint64
}

type blockNode struct {
	key    uint64
	parent int32
}

// blockBFSBytes is what a stored position costs: its node and two slots of
// the table.
const blockBFSBytes = int64(unsafe.Sizeof(blockNode{})) + 2*8

var blockBFSPool sync.Pool

// bfs64 searches from the key start; it returns the keys of the positions
// from start to a goal.
func (sp *blockSpace) bfs64(ctx context.Context, start uint64, lim Limits, sol *BlockSolution) ([]uint64, error) {
	b, _ := blockBFSPool.Get().(*blockBFS)
	if b == nil {
		b = new(blockBFS)
	}
	defer blockBFSPool.Put(b)
	if (block64{sp: sp, key: start}).IsGoal() {
		return []uint64{start}, nil
	}
	b.nodes = append(b.nodes[:0], blockNode{start, -1})
	b.seen.reset()
	b.seen.add(start)
	maxNodes, which := lim.nodeLimit(blockBFSBytes)
	maxDepth := lim.maxCost()
	depth, layerEnd := 0, 1 // the depth of the nodes before layerEnd
	for head := 0; head < len(b.nodes); head++ {
		if head == layerEnd {
			depth, layerEnd = depth+1, len(b.nodes)
		}
		if float64(depth) >= maxDepth {
			break
		}
		if sol.Expanded%ctxEvery == 0 && ctx.Err() != nil {
			return nil, ctx.Err()
		}
		sol.Expanded++
		n := b.nodes[head]
		var back uint64 // the parent's key, if there is a parent
		hasBack := n.parent >= 0
		if hasBack {
			back = b.nodes[n.parent].key
		}
		b.next = sp.successors64(n.key, b.next[:0])
		for _, key := range b.next {
			if hasBack && key == back {
				continue
			}
			sol.Generated++
			i := int32(len(b.nodes))
			if !b.seen.add(key) {
				continue
			}
			if int64(i) >= maxNodes {
				return nil, &LimitError{Limit: which, Value: lim.limitValue(which, maxNodes), Expanded: sol.Expanded, Generated: sol.Generated}
			}
			b.nodes = append(b.nodes, blockNode{key, int32(head)})
			if (block64{sp, key}).IsGoal() {
				return b.path(i), nil
			}
		}
	}
	return nil, notFound("BlockSolver.Solve", maxDepth)
}

// path returns the keys from the start to node i.
func (b *blockBFS) path(i int32) []uint64 {
	var p []uint64
	for ; i >= 0; i = b.nodes[i].parent {
		p = append(p, b.nodes[i].key)
	}
	slices.Reverse(p)
	return p
}
