package tiles

import (
	"context"
	"math"

	"github.com/slidekit/slide/internal/engine"
)

// Census explores breadth-first every board of at most 16 cells that can
// reach the space's goal (whose board of codes is goal), counting them by
// distance: counts[d] boards lie exactly d moves away. It returns the
// labels (see Space.Labels) of the farthest boards, in the order found;
// with lim.Cost, it counts no farther, the farthest being those at it.
// With distinct labels and at most 13 cells a visited bit per permutation
// rank (n!/8 bytes) replaces the hash table. Memory besides is two layers
// of 8 bytes a board, all of it counted against lim.
func (sp *Space) Census(ctx context.Context, goal []int32, lim engine.Bounds) (counts []int64, farthest [][]int, err error) {
	var g engine.Guard
	g.Start(ctx, lim)
	defer g.End()
	start := sp.PackedStart(goal).key
	var seen packedVisited
	if sp.t.Distinct && sp.n <= 13 {
		words := (factorials[sp.n] + 63) / 64
		if !g.Mem.Charge(int64(words) * 8) {
			return counts, nil, &engine.LimitError{Limit: "memory", Value: g.Mem.Limit}
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
	maxNodes := lim.Nodes
	if maxNodes <= 0 {
		maxNodes = math.MaxInt64
	}
	lastLayer := func() {
		for _, entry := range layer {
			key := entry & (1<<(4*sp.n) - 1)
			farthest = append(farthest, sp.Labels(func(i int) int { return int(key>>(4*i)) & 15 }))
		}
	}
	for len(layer) > 0 {
		counts = append(counts, int64(len(layer)))
		if len(counts)-1 >= lim.DepthBound() {
			lastLayer() // the layers beyond the bound are not counted
			break
		}
		next = next[:0]
		for _, entry := range layer {
			if g.Stopped() {
				return counts, nil, g.Err(ctx, expanded, 0)
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
					return counts, nil, &engine.LimitError{Limit: "nodes", Value: maxNodes, Expanded: expanded}
				}
				if len(next) == cap(next) {
					var ok bool
					if next, ok = engine.GrowCharged(next, &g.Mem); !ok {
						return counts, nil, g.Err(ctx, expanded, 0)
					}
				}
				next = append(next, nk)
			}
			if g.Mem.Over { // the set could not grow
				return counts, nil, g.Err(ctx, expanded, 0)
			}
		}
		if len(next) == 0 {
			lastLayer()
		}
		layer, next = next, layer
	}
	return counts, farthest, nil
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
