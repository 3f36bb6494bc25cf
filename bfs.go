package slide

import (
	"context"
	"iter"
	"slices"
	"unsafe"

	"github.com/slidekit/slide/internal/engine"
)

// BFS is a reusable breadth-first searcher of your own states: fewest moves
// to a goal (Search), between two (Bidirectional), by distance (Layers).
type BFS[S Node[S, C], C Cost] struct {
	Limits   Limits
	Key      func(S) uint64 // as for AStar
	GoalFunc func(S) bool   // Search's goal test, if set; else the state's IsGoal

	guard   engine.Guard
	err     error
	bounded bool // the last Search stopped at MaxCost with states left
	index   stateIndex[S]
	nodes   engine.Chunked[bfsNode[S]]
	// costs holds the cost of the move into each node, once a search has
	// seen a move whose cost is not 1 (until then every move cost 1).
	costs engine.Chunked[C]
	arcs  []Arc[S, C]
}

type bfsNode[S any] struct {
	state  S
	parent int32
	back   bool // reached from the goal (Bidirectional)
}

// prepare readies the engine for a search from start, under ctx; call
// b.end when it is over.
func (b *BFS[S, C]) prepare(ctx context.Context, start S) {
	b.guard.Start(ctx, b.Limits.eng())
	p := stored(&b.arcs, start)
	attachGuard(p, &b.guard)
	b.index.reset(b.Key, &b.guard.Mem)
	b.nodes.Reset(stateBytes(p) - int64(unsafe.Sizeof(start)) + b.index.entryBytes())
}

// Search returns a path to a goal of the fewest moves.
func (b *BFS[S, C]) Search(ctx context.Context, start S) (Result[S, C], error) {
	if err := refuseStart("BFS.Search", ctx, b.Limits); err != nil {
		return Result[S, C]{}, err
	}
	res, err := b.search(ctx, start)
	return res, toError("BFS.Search", err)
}

// search is Search, its errors those of the internal packages too.
func (b *BFS[S, C]) search(ctx context.Context, start S) (Result[S, C], error) {
	const fn = "BFS.Search"
	var res Result[S, C]
	t := newTests[S, C](b.GoalFunc, nil)
	if !t.hasGoal {
		return res, noGoal(fn)
	}
	b.prepare(ctx, start)
	defer b.guard.End()
	b.bounded = false
	unit := true // every move so far cost 1; b.costs is unused
	if !b.nodes.Push(bfsNode[S]{state: start, parent: -1}, &b.guard.Mem) {
		return res, b.guard.Err(ctx, 0, 0)
	}
	if t.isGoal(&b.nodes.At(0).state) {
		res.Path = []S{start}
		return res, nil
	}
	b.index.add(start)
	maxNodes := b.Limits.eng().NodeLimit()
	maxDepth := b.Limits.eng().DepthBound()
	depth, layerEnd := 0, 1 // the depth of the nodes before layerEnd
	for head := 0; head < b.nodes.Len(); head++ {
		if head == layerEnd {
			depth, layerEnd = depth+1, b.nodes.Len()
		}
		if depth >= maxDepth {
			b.bounded = true
			break // children would lie beyond the bound
		}
		if b.guard.Stopped() {
			return res, b.guard.Err(ctx, res.Expanded, res.Generated)
		}
		res.Expanded++
		n := b.nodes.At(int32(head))
		parent := n.parent
		b.arcs = n.state.Successors(b.arcs[:0])
		if b.guard.Stopped() {
			return res, b.guard.Err(ctx, res.Expanded, res.Generated)
		}
		for k := range b.arcs {
			arc := &b.arcs[k]
			if parent >= 0 && arc.To == b.nodes.At(parent).state {
				continue // the move back, whose end is stored already
			}
			res.Generated++
			if !b.index.add(arc.To) {
				continue
			}
			i := int32(b.nodes.Len())
			switch {
			case b.guard.Mem.Over:
				return res, b.guard.Err(ctx, res.Expanded, res.Generated)
			case int64(i) >= maxNodes:
				return res, b.guard.NodeLimit(res.Expanded, res.Generated)
			case !b.nodes.Push(bfsNode[S]{state: arc.To, parent: int32(head)}, &b.guard.Mem):
				return res, b.guard.Err(ctx, res.Expanded, res.Generated)
			}
			if arc.Cost != 1 || !unit {
				if err := b.keepCost(fn, i, arc.Cost, &unit); err != nil {
					return res, err
				}
			}
			if t.isGoal(&b.nodes.At(i).state) {
				res.Path = b.path(i, nil)
				var err error
				res.Cost, err = b.pathCostTo(fn, i, unit)
				return res, err
			}
		}
	}
	return res, notFound(fn, b.Limits.eng().CostBound())
}

// keepCost records c, the cost of the move into node i, the newest node.
// The first cost other than 1 starts b.costs, with 1 for every node
// before.
func (b *BFS[S, C]) keepCost(fn string, i int32, c C, unit *bool) error {
	if !(c >= 0) {
		return badCost(fn, 0, c)
	}
	if *unit {
		*unit = false
		b.costs.Reset(0)
		for range i {
			if !b.costs.Push(1, &b.guard.Mem) {
				return &LimitError{Limit: "memory", Value: b.guard.Mem.Limit}
			}
		}
	}
	if !b.costs.Push(c, &b.guard.Mem) {
		return &LimitError{Limit: "memory", Value: b.guard.Mem.Limit}
	}
	return nil
}

// pathCostTo sums the costs of the moves from the root to node i, or
// fails with ErrCost if the sum overflows C.
func (b *BFS[S, C]) pathCostTo(fn string, i int32, unit bool) (C, error) {
	var total C
	for ; b.nodes.At(i).parent >= 0; i = b.nodes.At(i).parent {
		c := C(1)
		if !unit {
			c = *b.costs.At(i)
		}
		if total+c < total {
			return total, badCost(fn, total, c)
		}
		total += c
	}
	return total, nil
}

// path returns the states from the root of node i's tree to node i,
// appended to dst.
func (b *BFS[S, C]) path(i int32, dst []S) []S {
	n := len(dst)
	for ; i >= 0; i = b.nodes.At(i).parent {
		dst = append(dst, b.nodes.At(i).state)
	}
	slices.Reverse(dst[n:])
	return dst
}

// pathCost sums the costs of the moves along p, the cheapest move from
// each state to the next, using buf as scratch; it fails with ErrCost if
// the sum overflows C.
func pathCost[S Node[S, C], C Cost](fn string, p []S, buf *[]Arc[S, C]) (C, error) {
	var total C
	for i := 1; i < len(p); i++ {
		*buf = p[i-1].Successors((*buf)[:0])
		best, found := C(0), false
		for _, arc := range *buf {
			if arc.To == p[i] && (!found || arc.Cost < best) {
				best, found = arc.Cost, true
			}
		}
		if !(best >= 0) || total+best < total {
			return total, badCost(fn, total, best)
		}
		total += best
	}
	return total, nil
}

// Bidirectional returns a path of the fewest moves, searching from both ends.
func (b *BFS[S, C]) Bidirectional(ctx context.Context, start, goal S) (Result[S, C], error) {
	if err := b.noGoalFunc("BFS.Bidirectional", ctx); err != nil {
		return Result[S, C]{}, err
	}
	res, err := b.bidirectional(ctx, start, goal)
	return res, toError("BFS.Bidirectional", err)
}

// bidirectional is Bidirectional, its errors those of the internal
// packages too.
func (b *BFS[S, C]) bidirectional(ctx context.Context, start, goal S) (Result[S, C], error) {
	const fn = "BFS.Bidirectional"
	var res Result[S, C]
	if start == goal {
		res.Path = []S{start}
		return res, nil
	}
	b.prepare(ctx, start)
	defer b.guard.End()
	// The nodes of both trees share b.nodes and b.index.
	if !b.nodes.Push(bfsNode[S]{state: start, parent: -1}, &b.guard.Mem) || !b.nodes.Push(bfsNode[S]{state: goal, parent: -1, back: true}, &b.guard.Mem) {
		return res, b.guard.Err(ctx, 0, 0)
	}
	b.index.put(start, 0)
	b.index.put(goal, 1)
	fronts := [2][]int32{{0}, {1}}
	maxNodes := b.Limits.eng().NodeLimit()
	maxDepth := b.Limits.eng().DepthBound()
	var next []int32
	// Invariant: no path has depth moves or fewer, depth being the layers
	// searched from both ends together.
	for depth := 0; len(fronts[0]) > 0 && len(fronts[1]) > 0; depth++ {
		if depth >= maxDepth {
			break
		}
		dir := 0
		if len(fronts[1]) < len(fronts[0]) {
			dir = 1
		}
		back := dir == 1
		next = next[:0]
		for _, i := range fronts[dir] {
			if b.guard.Stopped() {
				return res, b.guard.Err(ctx, res.Expanded, res.Generated)
			}
			res.Expanded++
			b.arcs = b.nodes.At(i).state.Successors(b.arcs[:0])
			if b.guard.Stopped() {
				return res, b.guard.Err(ctx, res.Expanded, res.Generated)
			}
			for _, arc := range b.arcs {
				res.Generated++
				j, seen := b.index.get(arc.To)
				if seen && b.nodes.At(j).back != back {
					// The first meeting is a shortest path, of depth+1
					// moves: the trees were disjoint before this layer.
					res.Path = b.joinPaths(i, j, back)
					var err error
					res.Cost, err = pathCost(fn, res.Path, &b.arcs)
					return res, err
				}
				if seen {
					continue
				}
				j = int32(b.nodes.Len())
				var ok bool
				switch {
				case int64(j) >= maxNodes:
					return res, b.guard.NodeLimit(res.Expanded, res.Generated)
				case !b.nodes.Push(bfsNode[S]{state: arc.To, parent: i, back: back}, &b.guard.Mem):
					return res, b.guard.Err(ctx, res.Expanded, res.Generated)
				}
				b.index.put(arc.To, j)
				if len(next) == cap(next) {
					if next, ok = engine.GrowCharged(next, &b.guard.Mem); !ok {
						return res, b.guard.Err(ctx, res.Expanded, res.Generated)
					}
				}
				if next = append(next, j); b.guard.Mem.Over {
					return res, b.guard.Err(ctx, res.Expanded, res.Generated)
				}
			}
		}
		// The layer just expanded becomes the buffer of the next one.
		fronts[dir], next = next, fronts[dir]
	}
	return res, notFound(fn, b.Limits.eng().CostBound())
}

// joinPaths returns the path from the start through node i and its
// neighbor node j, from the other tree, to the goal; back says that i is
// in the goal's tree.
func (b *BFS[S, C]) joinPaths(i, j int32, back bool) []S {
	if back {
		i, j = j, i
	}
	path := b.path(i, nil)
	tail := b.path(j, nil)
	slices.Reverse(tail)
	return append(path, tail...)
}

// Layers yields each distance and the states at it, in a slice it reuses.
func (b *BFS[S, C]) Layers(ctx context.Context, start S) iter.Seq2[int, []S] {
	return func(yield func(int, []S) bool) {
		if b.err = b.noGoalFunc("BFS.Layers", ctx); b.err != nil {
			return
		}
		b.prepare(ctx, start)
		defer b.guard.End()
		b.index.add(start)
		kept := int64(1)
		maxNodes := b.Limits.eng().NodeLimit()
		// Besides its layer, a state costs its heap data and its slot.
		extra := stateBytes(&b.arcs[0].To) - int64(unsafe.Sizeof(start)) + b.index.entryBytes()
		layer, next := []S{start}, []S(nil)
		var expanded, generated int64
		maxDepth := b.Limits.eng().DepthBound()
		for d := 0; len(layer) > 0; d++ {
			if !yield(d, layer) || d >= maxDepth {
				return
			}
			next = next[:0]
			for _, s := range layer {
				if b.guard.Stopped() {
					b.err = b.guard.Err(ctx, expanded, generated)
					return
				}
				expanded++
				b.arcs = s.Successors(b.arcs[:0])
				for _, arc := range b.arcs {
					generated++
					if !b.index.add(arc.To) {
						continue
					}
					if kept >= maxNodes {
						b.err = b.guard.NodeLimit(expanded, generated)
						return
					}
					ok := !b.guard.Mem.Over && (extra == 0 || b.guard.Mem.Charge(extra))
					if ok && len(next) == cap(next) {
						next, ok = engine.GrowCharged(next, &b.guard.Mem)
					}
					if !ok {
						b.err = b.guard.Err(ctx, expanded, generated)
						return
					}
					next = append(next, arc.To)
					kept++
				}
			}
			layer, next = next, layer
		}
	}
}

// Err returns the error that ended the last Layers early, or nil.
func (b *BFS[S, C]) Err() error { return toError("BFS.Layers", b.err) }

// noGoalFunc refuses, as function fn, a nil context, a limit out of range
// and a GoalFunc, which only Search uses.
func (b *BFS[S, C]) noGoalFunc(fn string, ctx context.Context) error {
	if err := refuseStart(fn, ctx, b.Limits); err != nil {
		return err
	}
	if b.GoalFunc != nil {
		return unused(fn, "BFS.GoalFunc", "only Search tests for a goal")
	}
	return nil
}
