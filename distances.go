package slide

import (
	"context"
	"math"

	"github.com/slidekit/slide/internal/engine"
)

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
// two layers of 8 bytes a board. Larger boards run on the generic BFS,
// their boards stored once each (a byte a cell, two beyond 255 cells). All
// of it counts against lim.MaxMemory. The search stops with a *LimitError
// at lim's bounds, or with the context's error (a nil ctx is never done);
// a metric other than TileMoves and LineMoves is an ErrOption error.
func Distances(ctx context.Context, goal Board, metric Metric, lim Limits) (Distribution, error) {
	dist, err := distances(ctx, goal, metric, lim)
	return dist, toError("Distances", err)
}

// distances is Distances, its errors those of the internal packages too.
func distances(ctx context.Context, goal Board, metric Metric, lim Limits) (Distribution, error) {
	ctx = orBackground(ctx)
	if metric > LineMoves {
		return Distribution{}, errorf("Distances", ErrOption, "unknown metric %v", metric)
	}
	t, err := newTarget("Distances", goal)
	if err != nil {
		return Distribution{}, err
	}
	sp := newTileSpace(t, Zero, metric == LineMoves)
	code, _ := t.encode("Distances", goal)
	if sp.n > 16 {
		return gridDistances(ctx, sp, sp.gridNodeStart(code), lim)
	}
	var g engine.Guard
	g.Start(ctx, lim.eng())
	defer g.End()
	var dist Distribution
	start := sp.packedStart(code).key
	var seen packedVisited
	if t.distinct && sp.n <= 13 {
		words := (factorials[sp.n] + 63) / 64
		if !g.Mem.Charge(int64(words) * 8) {
			return dist, &LimitError{Limit: "memory", Value: g.Mem.Limit}
		}
		seen = packedVisited{n: sp.n, bits: make([]uint64, words)}
	} else {
		seen.set.Reset(&g.Mem)
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
	maxNodes := lim.MaxNodes
	if maxNodes <= 0 {
		maxNodes = math.MaxInt64
	}
	for len(layer) > 0 {
		dist.Counts = append(dist.Counts, int64(len(layer)))
		next = next[:0]
		for _, entry := range layer {
			if g.Stopped() {
				return dist, g.Err(ctx, expanded, 0)
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
				if stored++; stored > maxNodes {
					return dist, &LimitError{Limit: "nodes", Value: maxNodes, Expanded: expanded}
				}
				if len(next) == cap(next) {
					var ok bool
					if next, ok = engine.GrowCharged(next, &g.Mem); !ok {
						return dist, g.Err(ctx, expanded, 0)
					}
				}
				next = append(next, nk)
			}
			if g.Mem.Over { // the set could not grow
				return dist, g.Err(ctx, expanded, 0)
			}
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
func gridDistances(ctx context.Context, sp *tileSpace, start gridNode, lim Limits) (Distribution, error) {
	var dist Distribution
	bfs := BFS[gridNode, int]{Limits: lim, Key: gridNodeKey}
	var last []gridNode
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
	set  engine.Set
}

// add marks key and reports whether it was new.
func (v *packedVisited) add(key uint64) bool {
	if v.bits == nil {
		return v.set.Add(key)
	}
	r := rankPacked(key, v.n)
	w, bit := r/64, uint64(1)<<(r%64)
	if v.bits[w]&bit != 0 {
		return false
	}
	v.bits[w] |= bit
	return true
}
