package blocks

import (
	"context"
	"slices"
	"sync"

	"github.com/slidekit/slide/internal/engine"
)

// bfs is the root package's BFS.Search specialised for the hot path of block puzzles:
// positions with a uint64 key on grids of at most 64 cells, under straight
// or step moves. It makes the same search as the generic engine (the goal
// tested at generation, the move back to the parent never generated, the
// same counts and limits) without calling through the State interface,
// which makes it faster.
type bfs struct {
	guard engine.Guard
	nodes engine.Chunked[node]
	seen  engine.Set
	next  []uint64
}

type node struct {
	key    uint64
	parent int32
}

var bfsPool sync.Pool

// BFS64 searches from the key start, when the space is Narrow and its
// metric not PieceMoves; it returns the keys of the positions
// from start to a goal. Its ErrNotFound says in bounded whether the search
// stopped at lim.Cost (else it saw every position it could reach).
func (sp *Space) BFS64(ctx context.Context, start uint64, lim engine.Bounds, sol *Stats) (path []uint64, bounded bool, err error) {
	b, _ := bfsPool.Get().(*bfs)
	if b == nil {
		b = new(bfs)
	}
	defer bfsPool.Put(b)
	if (State64{sp: sp, key: start}).IsGoal() {
		return []uint64{start}, false, nil
	}
	b.guard.Start(ctx, lim)
	defer b.guard.End()
	b.nodes.Reset(0)
	b.seen.Reset(&b.guard.Mem)
	if !b.nodes.Push(node{start, -1}, &b.guard.Mem) {
		return nil, false, b.guard.Err(ctx, 0, 0)
	}
	b.seen.Add(start)
	maxNodes := lim.NodeLimit()
	maxDepth := lim.DepthBound()
	depth, layerEnd := 0, 1 // the depth of the nodes before layerEnd
	for head := 0; head < b.nodes.Len(); head++ {
		if head == layerEnd {
			depth, layerEnd = depth+1, b.nodes.Len()
		}
		if depth >= maxDepth {
			return nil, true, engine.ErrNotFound(lim.CostBound())
		}
		if b.guard.Stopped() {
			return nil, false, b.guard.Err(ctx, sol.Expanded, sol.Generated)
		}
		sol.Expanded++
		n := *b.nodes.At(int32(head))
		var back uint64 // the parent's key, if there is a parent
		hasBack := n.parent >= 0
		if hasBack {
			back = b.nodes.At(n.parent).key
		}
		b.next = sp.successors64(n.key, b.next[:0])
		for _, key := range b.next {
			if hasBack && key == back {
				continue
			}
			sol.Generated++
			i := int32(b.nodes.Len())
			if !b.seen.Add(key) {
				continue
			}
			switch {
			case b.guard.Mem.Over:
				return nil, false, b.guard.Err(ctx, sol.Expanded, sol.Generated)
			case int64(i) >= maxNodes:
				return nil, false, b.guard.NodeLimit(sol.Expanded, sol.Generated)
			case !b.nodes.Push(node{key, int32(head)}, &b.guard.Mem):
				return nil, false, b.guard.Err(ctx, sol.Expanded, sol.Generated)
			}
			if (State64{sp, key}).IsGoal() {
				return b.path(i), false, nil
			}
		}
	}
	return nil, false, engine.ErrNotFound(lim.CostBound())
}

// path returns the keys from the start to node i.
func (b *bfs) path(i int32) []uint64 {
	var p []uint64
	for ; i >= 0; i = b.nodes.At(i).parent {
		p = append(p, b.nodes.At(i).key)
	}
	slices.Reverse(p)
	return p
}
