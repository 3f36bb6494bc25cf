// Package deal is the machinery behind slide's boards dealt at a chosen
// distance from a goal: the boards exactly n moves from the goal, by a
// breadth-first search that keeps two layers (Layer), and a walk outward
// from the goal whose every move it can, it makes one that takes a tile
// away from its goal cell (Walk).
//
// Invariants: under single-tile moves the graph of boards is bipartite
// (every move moves the blank to a cell of the other colour of a
// chessboard), so the boards at distance d+1 are the neighbours of those
// at distance d less those at d-1, and Layer needs no set of every board
// seen; a layer is sorted by key, so that what it returns, and a draw from
// it by index, is the same on every run. A Walk whose every move raised
// the Manhattan distance by one ends on a board that lies exactly as many
// moves from the goal as the walk took, the walk reversed being a
// solution and the Manhattan distance a lower bound.
package deal

import (
	"cmp"
	"context"
	"math/rand/v2"
	"slices"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/tiles"
)

// Layer returns the boards exactly n tile moves from goal, the goal state
// of sp (a space of at most 16 cells, tile moves), sorted by key. It
// searches layer by layer and gives up, returning nil and deepest -1,
// when a layer before the n-th holds more than maxLayer boards (0: no
// bound); when no board lies n moves away it returns nil and the depth of
// the farthest boards. lim's memory and nodes bound it (nodes: the boards
// of the layers held at once), and ctx.
func Layer(ctx context.Context, goal tiles.Packed, n, maxLayer int, lim engine.Bounds) (layer []tiles.Packed, deepest int, err error) {
	var g engine.Guard
	g.Start(ctx, lim)
	defer g.End()
	cur, prev := []tiles.Packed{goal}, []tiles.Packed(nil)
	var next []tiles.Packed
	var succ []tiles.Packed
	var expanded int64
	byKey := func(a, b tiles.Packed) int { return cmp.Compare(tiles.PackedKey(a), tiles.PackedKey(b)) }
	for d := 0; d < n; d++ {
		if maxLayer > 0 && len(cur) > maxLayer {
			return nil, -1, nil
		}
		next = next[:0]
		for _, s := range cur {
			if g.Stopped() {
				return nil, 0, g.Err(ctx, expanded, 0)
			}
			expanded++
			succ = s.Successors(succ[:0])
			for _, a := range succ {
				if len(next) == cap(next) {
					var ok bool
					if next, ok = engine.GrowCharged(next, &g.Mem); !ok {
						return nil, 0, g.Err(ctx, expanded, 0)
					}
				}
				next = append(next, a)
			}
		}
		slices.SortFunc(next, byKey)
		next = slices.CompactFunc(next, func(a, b tiles.Packed) bool { return tiles.PackedKey(a) == tiles.PackedKey(b) })
		// Drop the boards of the layer before: the rest lie at d+1.
		kept, j := next[:0], 0
		for _, s := range next {
			k := tiles.PackedKey(s)
			for j < len(prev) && tiles.PackedKey(prev[j]) < k {
				j++
			}
			if j < len(prev) && tiles.PackedKey(prev[j]) == k {
				continue
			}
			kept = append(kept, s)
		}
		if len(kept) == 0 {
			return nil, d, nil
		}
		if int64(len(cur)+len(kept)) > lim.NodeLimit() {
			return nil, 0, g.NodeLimit(expanded, 0)
		}
		// The buffers turn: the layer before is no longer needed.
		prev, cur, next = cur, kept, prev
	}
	return cur, n, nil
}

// Walk walks from the board of codes code (see tiles.Goal: distinct
// labels, codes are goal cells), changing code in place, until the
// board's Manhattan distance is h, at most maxSteps moves; the board's
// distance is below h. Each move slides a tile away from its goal cell if
// one but the tile that just moved can go: the one straight on if it can
// (a blank that keeps its direction shifts a line of tiles that a turn
// would shift back), else one rng.IntN draws; else a tile toward its goal
// cell, but the tile that just moved (that one at a dead end). It returns
// the blank's cell before and after every move, and ok false if the walk
// took maxSteps moves without reaching h; ctx stops it too.
func Walk(ctx context.Context, t *tiles.Goal, code []int32, h, maxSteps int, rng *rand.Rand) (blanks []int, ok bool, err error) {
	blank := slices.Index(code, tiles.BlankCode)
	md := 0
	for i, c := range code {
		if c != tiles.BlankCode {
			md += t.Dist(int(c), i)
		}
	}
	blanks = append(blanks, blank)
	came := -1 // the cell the blank left last
	var up, other [4]int
	for step := 0; md != h; step++ {
		if step == maxSteps {
			return blanks, false, nil
		}
		if step%4096 == 0 && ctx.Err() != nil {
			return blanks, false, ctx.Err()
		}
		nu, no := 0, 0
		r, c := blank/t.Cols, blank%t.Cols
		for _, f := range [4]int{blank - t.Cols, blank + t.Cols, blank - 1, blank + 1} {
			switch {
			case f == blank-t.Cols && r == 0, f == blank+t.Cols && r == t.Rows-1,
				f == blank-1 && c == 0, f == blank+1 && c == t.Cols-1:
			case f == came:
			case t.Dist(int(code[f]), blank) > t.Dist(int(code[f]), f):
				up[nu] = f
				nu++
			default:
				other[no] = f
				no++
			}
		}
		from := came            // a dead end
		ahead := 2*blank - came // the cell straight on
		switch {
		case came >= 0 && slices.Contains(up[:nu], ahead):
			from = ahead
		case nu > 0:
			from = up[rng.IntN(nu)]
		case no > 0:
			from = other[rng.IntN(no)]
		case from < 0: // a board with no moves
			return blanks, false, nil
		}
		md += t.Dist(int(code[from]), blank) - t.Dist(int(code[from]), from)
		code[blank], code[from] = code[from], tiles.BlankCode
		came, blank = blank, from
		blanks = append(blanks, blank)
	}
	return blanks, true, nil
}
