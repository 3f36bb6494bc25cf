package slide

import (
	"context"
	"iter"
	"slices"
	"unsafe"
)

// BFS is a reusable breadth-first searcher. It counts every move as one,
// whatever its Arc.Cost, and never calls Heuristic. It offers a shortest
// path to a goal (Search), the same between two given states searching from
// both ends (Bidirectional), and the whole space reachable from a state, by
// distance (Layers).
//
// The zero value is ready to use. Limits bound the states stored; every
// reachable state up to the answer's distance is stored once. A BFS must not
// be used by two goroutines at once.
type BFS[S State[S, C], C Cost] struct {
	Limits Limits
	// Key, if set, packs a state into a uint64 as for AStar.Key.
	Key func(S) uint64

	err   error
	index stateIndex[S]
	nodes []bfsNode[S]
	arcs  []Arc[S, C]
}

type bfsNode[S any] struct {
	state  S
	parent int32
	back   bool // reached from the goal (Bidirectional)
}

func (b *BFS[S, C]) bytesPerNode(s S) int64 {
	return sizeOf(s) + int64(unsafe.Sizeof(bfsNode[S]{})) + 2*int64(unsafe.Sizeof(s)) + 24
}

// Search returns a path from start to a goal with the fewest moves; its
// Cost is the sum of the move costs along it. The goal test is made when a
// state is generated. Errors are as for AStar.Search.
func (b *BFS[S, C]) Search(ctx context.Context, start S) (Result[S, C], error) {
	var res Result[S, C]
	b.nodes = append(b.nodes[:0], bfsNode[S]{state: start, parent: -1})
	if start.IsGoal() {
		res.Path = []S{start}
		return res, nil
	}
	b.index.reset(b.Key)
	b.index.add(start)
	maxNodes, which := b.Limits.nodeLimit(b.bytesPerNode(start))
	maxDepth := b.Limits.maxCost()
	depth, layerEnd := 0, 1 // the depth of the nodes before layerEnd
	for head := 0; head < len(b.nodes); head++ {
		if head == layerEnd {
			depth, layerEnd = depth+1, len(b.nodes)
		}
		if float64(depth) >= maxDepth {
			break // children would lie beyond the bound
		}
		if res.Expanded%ctxEvery == 0 && ctx.Err() != nil {
			return res, ctx.Err()
		}
		res.Expanded++
		parent := b.nodes[head].parent
		b.arcs = b.nodes[head].state.Successors(b.arcs[:0])
		for _, arc := range b.arcs {
			if parent >= 0 && arc.To == b.nodes[parent].state {
				continue // the move back, whose end is stored already
			}
			res.Generated++
			i := int32(len(b.nodes))
			if !b.index.add(arc.To) {
				continue
			}
			if int64(i) >= maxNodes {
				return res, &LimitError{Limit: which, Value: b.Limits.limitValue(which, maxNodes), Expanded: res.Expanded, Generated: res.Generated}
			}
			b.nodes = append(b.nodes, bfsNode[S]{state: arc.To, parent: int32(head)})
			if arc.To.IsGoal() {
				res.Path = b.path(i, nil)
				res.Cost = pathCost(res.Path, &b.arcs)
				return res, nil
			}
		}
	}
	return res, notFound("BFS.Search", maxDepth)
}

// path returns the states from the root of node i's tree to node i,
// appended to dst.
func (b *BFS[S, C]) path(i int32, dst []S) []S {
	n := len(dst)
	for ; i >= 0; i = b.nodes[i].parent {
		dst = append(dst, b.nodes[i].state)
	}
	slices.Reverse(dst[n:])
	return dst
}

// pathCost sums the costs of the moves along p, using buf as scratch.
func pathCost[S State[S, C], C Cost](p []S, buf *[]Arc[S, C]) C {
	var total C
	for i := 1; i < len(p); i++ {
		*buf = p[i-1].Successors((*buf)[:0])
		best, found := C(0), false
		for _, arc := range *buf {
			if arc.To == p[i] && (!found || arc.Cost < best) {
				best, found = arc.Cost, true
			}
		}
		total += best
	}
	return total
}

// Bidirectional returns a path from start to goal with the fewest moves,
// searching breadth-first from both ends and always widening the smaller
// frontier by a whole layer. It assumes every move can be undone (the state
// space is undirected), as in sliding puzzles, and ignores IsGoal. Its
// counts sum both directions. It stores the states within about half the
// answer's distance of either end; with Limits.MaxCost it stops, with
// ErrNotFound, once the layers searched from the two ends add up to the
// bound without meeting (by then any shorter path would have met), so a
// small bound keeps the search small however far apart the ends are.
// Errors are as for AStar.Search.
func (b *BFS[S, C]) Bidirectional(ctx context.Context, start, goal S) (Result[S, C], error) {
	var res Result[S, C]
	if start == goal {
		res.Path = []S{start}
		return res, nil
	}
	// The nodes of both trees share b.nodes and b.index.
	b.nodes = append(b.nodes[:0], bfsNode[S]{state: start, parent: -1}, bfsNode[S]{state: goal, parent: -1, back: true})
	b.index.reset(b.Key)
	b.index.put(start, 0)
	b.index.put(goal, 1)
	fronts := [2][]int32{{0}, {1}}
	maxNodes, which := b.Limits.nodeLimit(b.bytesPerNode(start))
	maxDepth := b.Limits.maxCost()
	var next []int32
	// Invariant: no path has depth moves or fewer, depth being the layers
	// searched from both ends together.
	for depth := 0; len(fronts[0]) > 0 && len(fronts[1]) > 0; depth++ {
		if float64(depth) >= maxDepth {
			break
		}
		dir := 0
		if len(fronts[1]) < len(fronts[0]) {
			dir = 1
		}
		back := dir == 1
		next = next[:0]
		for _, i := range fronts[dir] {
			if res.Expanded%ctxEvery == 0 && ctx.Err() != nil {
				return res, ctx.Err()
			}
			res.Expanded++
			b.arcs = b.nodes[i].state.Successors(b.arcs[:0])
			for _, arc := range b.arcs {
				res.Generated++
				j, seen := b.index.get(arc.To)
				if seen && b.nodes[j].back != back {
					// The first meeting is a shortest path, of depth+1
					// moves: the trees were disjoint before this layer.
					res.Path = b.joinPaths(i, j, back)
					res.Cost = pathCost(res.Path, &b.arcs)
					return res, nil
				}
				if seen {
					continue
				}
				if int64(len(b.nodes)) >= maxNodes {
					return res, &LimitError{Limit: which, Value: b.Limits.limitValue(which, maxNodes), Expanded: res.Expanded, Generated: res.Generated}
				}
				j = int32(len(b.nodes))
				b.nodes = append(b.nodes, bfsNode[S]{state: arc.To, parent: i, back: back})
				b.index.put(arc.To, j)
				next = append(next, j)
			}
		}
		fronts[dir], next = next, fronts[dir]
	}
	return res, notFound("BFS.Bidirectional", maxDepth)
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

// Layers returns the states reachable from start, one layer at a time: the
// distance d (0 for start itself) and the states at exactly that distance,
// in the order they were first generated. The slice is the iterator's to
// reuse: copy what you keep. It ignores IsGoal, and stops after the layer
// at distance Limits.MaxCost, if set. When the iteration ends early
// because of a limit or the context, Err reports why.
func (b *BFS[S, C]) Layers(ctx context.Context, start S) iter.Seq2[int, []S] {
	return func(yield func(int, []S) bool) {
		b.err = nil
		b.index.reset(b.Key)
		b.index.add(start)
		stored := int64(1)
		maxNodes, which := b.Limits.nodeLimit(b.bytesPerNode(start))
		layer, next := []S{start}, []S(nil)
		var expanded, generated int64
		maxDepth := b.Limits.maxCost()
		for d := 0; len(layer) > 0; d++ {
			if !yield(d, layer) || float64(d) >= maxDepth {
				return
			}
			next = next[:0]
			for _, s := range layer {
				if expanded%ctxEvery == 0 && ctx.Err() != nil {
					b.err = ctx.Err()
					return
				}
				expanded++
				b.arcs = s.Successors(b.arcs[:0])
				for _, arc := range b.arcs {
					generated++
					if !b.index.add(arc.To) {
						continue
					}
					if stored >= maxNodes {
						b.err = &LimitError{Limit: which, Value: b.Limits.limitValue(which, maxNodes), Expanded: expanded, Generated: generated}
						return
					}
					stored++
					next = append(next, arc.To)
				}
			}
			layer, next = next, layer
		}
	}
}

// Err returns the error that ended the last Layers iteration early, or nil.
func (b *BFS[S, C]) Err() error { return b.err }

// A Distribution is a census of a puzzle's boards by their distance from
// one goal, as Distances takes it.
type Distribution struct {
	Counts   []int64 // Counts[d] boards lie exactly d moves from the goal
	Farthest []Board // the boards at the greatest distance, in the order found
}

// Total returns the number of boards reachable from the goal.
func (d Distribution) Total() int64 {
	var n int64
	for _, c := range d.Counts {
		n += c
	}
	return n
}

// Distances explores breadth-first every board that can reach goal (or,
// the same thing, that goal can reach) and counts them by distance under
// metric. It is the exhaustive oracle against which the solvers are
// checked, and a research tool in its own right.
//
// Boards of up to 16 cells run on packed states; with distinct labels and
// at most 13 cells a visited bit per permutation rank (n!/8 bytes: 45 KB
// for 3 x 3, 60 MB for 3 x 4) replaces the hash table. Memory besides is
// two layers of 8 bytes a board. Larger boards run on the generic BFS. The
// search stops with a *LimitError at lim's bounds, or with the context's
// error.
func Distances(ctx context.Context, goal Board, metric Metric, lim Limits) (Distribution, error) {
	t, err := newTarget("Distances", goal)
	if err != nil {
		return Distribution{}, err
	}
	sp := newTileSpace(t, Zero, metric == LineMoves)
	code, _ := t.encode("Distances", goal)
	if sp.n > 16 {
		return gridDistances(ctx, sp, sp.gridStart(code), lim)
	}
	var dist Distribution
	start := sp.packedStart(code).key
	maxBytes := lim.MaxMemory
	if maxBytes == 0 {
		maxBytes = DefaultMaxMemory
	}
	var seen packedVisited
	if t.distinct && sp.n <= 13 {
		words := (factorials[sp.n] + 63) / 64
		if maxBytes > 0 && int64(words)*8 > maxBytes {
			return dist, &LimitError{Limit: "memory", Value: maxBytes}
		}
		seen = packedVisited{n: sp.n, bits: make([]uint64, words)}
	}
	seen.add(start)
	// Below 16 cells the top four bits of a layer's entries hold the cell
	// the blank came from, plus one, so the move back is not generated.
	const cellBits = 60
	mark := sp.n < 16
	layer, next := []uint64{start}, []uint64(nil)
	var succ [32]uint64
	var blanks [32]int8
	var stored, expanded int64 = 1, 0
	for len(layer) > 0 {
		dist.Counts = append(dist.Counts, int64(len(layer)))
		next = next[:0]
		for _, entry := range layer {
			if expanded%(1<<16) == 0 && ctx.Err() != nil {
				return dist, ctx.Err()
			}
			expanded++
			key, came := entry, -1
			if mark {
				key, came = entry&(1<<cellBits-1), int(entry>>cellBits)-1
			}
			blank := sp.blankOf(key)
			for i, nk := range succ[:sp.packedMoves(key, blank, &succ, &blanks)] {
				if int(blanks[i]) == came || !seen.add(nk) {
					continue
				}
				if mark {
					nk |= uint64(blank+1) << cellBits
				}
				next = append(next, nk)
			}
		}
		stored += int64(len(next))
		used := 8*int64(cap(layer)+cap(next)) + seen.bytes()
		if lim.MaxNodes > 0 && stored > lim.MaxNodes || maxBytes > 0 && used > maxBytes {
			which, value := "memory", maxBytes
			if lim.MaxNodes > 0 && stored > lim.MaxNodes {
				which, value = "nodes", lim.MaxNodes
			}
			return dist, &LimitError{Limit: which, Value: value, Expanded: expanded}
		}
		if len(next) == 0 {
			for _, entry := range layer {
				key := entry & (1<<(4*sp.n) - 1)
				dist.Farthest = append(dist.Farthest, sp.board(func(i int) int { return int(key>>(4*i)) & 15 }))
			}
		}
		layer, next = next, layer
	}
	return dist, nil
}

// gridDistances is Distances for boards of more than 16 cells.
func gridDistances(ctx context.Context, sp *tileSpace, start gridTile, lim Limits) (Distribution, error) {
	var dist Distribution
	bfs := BFS[gridTile, int]{Limits: lim}
	var last []gridTile
	for _, layer := range bfs.Layers(ctx, start) {
		dist.Counts = append(dist.Counts, int64(len(layer)))
		last = append(last[:0], layer...)
	}
	if err := bfs.Err(); err != nil {
		return dist, err
	}
	for _, s := range last {
		dist.Farthest = append(dist.Farthest, sp.board(s.at))
	}
	return dist, nil
}

// A packedVisited is the set of packed boards a census has reached: a bit
// per permutation rank when bits is set (distinct labels), else a hash set.
type packedVisited struct {
	n    int
	bits []uint64
	set  packedSet
}

// add marks key and reports whether it was new.
func (v *packedVisited) add(key uint64) bool {
	if v.bits == nil {
		return v.set.add(key)
	}
	r := rankPacked(key, v.n)
	w, bit := r/64, uint64(1)<<(r%64)
	if v.bits[w]&bit != 0 {
		return false
	}
	v.bits[w] |= bit
	return true
}

func (v *packedVisited) bytes() int64 { return 8*int64(len(v.bits)) + v.set.bytes() }
