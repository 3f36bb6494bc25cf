package blocks

import (
	"math/bits"

	"github.com/slidekit/slide/internal/tiles"
)

// generate returns the moves out of the state just decoded, in the order
// of the slots (the goal piece's first) and, for each piece, of Direction;
// a slide's positions nearest first. The slice is sp's to reuse.
func (sp *Space) generate() []step {
	sp.moves = sp.moves[:0]
	sp.fill()
	for k := range sp.groups {
		g := &sp.groups[k]
		if g.dirs == 0 {
			continue
		}
		for s := g.first; s < g.end; s++ {
			sp.addMoves(g, s)
		}
	}
	return sp.moves
}

// pieceMoves returns the moves of slot s's piece, of group g, in the state
// just decoded and filled (see fill), as generate orders them. The slice
// is sp's to reuse. Taking the moves a piece at a time bounds the scratch
// of a position with millions of moves.
func (sp *Space) pieceMoves(g *group, s int) []step {
	sp.moves = sp.moves[:0]
	if g.dirs != 0 {
		sp.addMoves(g, s)
	}
	return sp.moves
}

// addMoves appends the moves of slot s's piece, of group g.
func (sp *Space) addMoves(g *group, s int) {
	r, c := int(sp.rs[s]), int(sp.cs[s])
	sp.put(g, r, c, false)
	if sp.metric == PieceMoves {
		sp.flood(g, s, r, c)
	} else {
		sp.slides(g, s, r, c)
	}
	sp.put(g, r, c, true)
}

// slides adds the straight moves of slot s's piece, lifted from (r, c):
// one cell in each free direction, or with StraightMoves every distance
// up to the first obstacle.
func (sp *Space) slides(g *group, s, r, c int) {
	for d := tiles.Up; d <= tiles.Right; d++ {
		if g.dirs>>d&1 == 0 {
			continue
		}
		dr, dc := Offset(d)
		for rr, cc := r+dr, c+dc; uint(rr) <= g.maxR && uint(cc) <= g.maxC && sp.fits(g, rr, cc); rr, cc = rr+dr, cc+dc {
			sp.moves = append(sp.moves, step{int32(s), g.code(rr, cc)})
			if sp.metric == StepMoves {
				break
			}
		}
	}
}

// successors64 appends to dst the keys of the moves out of key: Successors
// on narrow grids for StraightMoves and StepMoves, the hot path. It reads
// the fields straight from the key, finds
// the cells of each piece in a table, and tries the moves of the pieces
// next to an empty cell only, in the order of generate.
//
// With free the empty cells, ok[d] holds the cells whose neighbor in
// direction d is empty, none on the edge of the grid that d faces. A piece
// may take a step in direction d when its leading edge (g.edges[d], moved
// to the piece) lies in ok[d]. A step changes the piece's field by
// g.steps[d]; it needs no bounds check, since ok[d] stops it at the edge.
func (sp *Space) successors64(key uint64, dst []uint64) []uint64 {
	occ := sp.fixed[0]
	var vert, horiz uint64 // cells of the pieces that may move up and down, left and right
	for s := range sp.slots {
		sl := &sp.slots[s]
		cells := sl.g.cells[uint32(key>>(sl.off&63))&sl.g.mask]
		occ |= cells
		vert |= cells & sl.g.vert
		horiz |= cells & sl.g.horiz
		sp.cellsOf[s&63] = cells
	}
	free := ^occ & sp.full
	cols := uint(sp.cols) & 63
	ok := [4]uint64{free << cols, free >> cols, free << 1 &^ sp.firstCol, free >> 1 &^ sp.lastCol}
	near := vert&(ok[tiles.Up]|ok[tiles.Down]) | horiz&(ok[tiles.Left]|ok[tiles.Right])
	shift := [4]uint{cols, cols, 1, 1}
	one := sp.metric == StepMoves
	for s := range sp.slots {
		cells := sp.cellsOf[s&63]
		if cells&near == 0 {
			continue
		}
		sl := &sp.slots[s]
		g := sl.g
		code := uint32(key>>(sl.off&63)) & g.mask
		base := uint(bits.TrailingZeros64(cells)) // the upper-left cell
		// The directions in which the piece can take a step, without a
		// branch each: blocked(x) is 1 when x is not 0.
		edge := [4]uint64{g.edges[tiles.Up] << base, g.edges[tiles.Down] << base, g.edges[tiles.Left] << base, g.edges[tiles.Right] << base}
		steps := uint(g.dirs) &^ (blocked(edge[tiles.Up]&^ok[tiles.Up]) | blocked(edge[tiles.Down]&^ok[tiles.Down])<<1 | blocked(edge[tiles.Left]&^ok[tiles.Left])<<2 | blocked(edge[tiles.Right]&^ok[tiles.Right])<<3)
		for ; steps != 0; steps &= steps - 1 {
			d := bits.TrailingZeros(steps) & 3
			e := edge[d]
			for to := code; ; {
				to += g.steps[d]
				next := key + uint64(int32(to-code))<<(sl.off&63) // the field is now to
				if g.end-g.first > 1 {
					next = g.insert(key, sl.j, to)
				}
				dst = append(dst, next)
				if d&1 == 0 {
					e >>= shift[d]
				} else {
					e <<= shift[d]
				}
				if one || e&^ok[d] != 0 {
					break
				}
			}
		}
	}
	return dst
}

// blocked returns 1 if x is not 0, else 0.
func blocked(x uint64) uint { return uint((x | -x) >> 63) }

// flood adds the PieceMoves of slot s's piece, lifted from (r, c): every
// position it can reach by any path, breadth-first.
func (sp *Space) flood(g *group, s, r, c int) {
	if sp.stamp++; sp.stamp == 0 {
		clear(sp.mark)
		sp.stamp = 1
	}
	sp.mark[r*sp.cols+c] = sp.stamp
	sp.queue = append(sp.queue[:0], int32(r*sp.cols+c))
	for head := 0; head < len(sp.queue); head++ {
		r, c := int(sp.queue[head])/sp.cols, int(sp.queue[head])%sp.cols
		for d := tiles.Up; d <= tiles.Right; d++ {
			if g.dirs>>d&1 == 0 {
				continue
			}
			dr, dc := Offset(d)
			rr, cc := r+dr, c+dc
			if uint(rr) > g.maxR || uint(cc) > g.maxC || sp.mark[rr*sp.cols+cc] == sp.stamp || !sp.fits(g, rr, cc) {
				continue
			}
			sp.mark[rr*sp.cols+cc] = sp.stamp
			sp.queue = append(sp.queue, int32(rr*sp.cols+cc))
			sp.moves = append(sp.moves, step{int32(s), g.code(rr, cc)})
		}
	}
}

// fill sets the occupancy of the state just decoded.
func (sp *Space) fill() {
	if sp.narrow {
		occ := sp.fixed[0]
		for k := range sp.groups {
			g := &sp.groups[k]
			for s := g.first; s < g.end; s++ {
				occ |= g.rect << (int(sp.rs[s])*sp.cols + int(sp.cs[s]))
			}
		}
		sp.occ0 = occ
		return
	}
	copy(sp.occ, sp.fixed)
	for k := range sp.groups {
		g := &sp.groups[k]
		for s := g.first; s < g.end; s++ {
			sp.setRect(sp.occ, int(sp.rs[s]), int(sp.cs[s]), g.w, g.h, true)
		}
	}
}

// put sets (on) or clears the cells of a piece of g at (r, c).
func (sp *Space) put(g *group, r, c int, on bool) {
	switch {
	case !sp.narrow:
		sp.setRect(sp.occ, r, c, g.w, g.h, on)
	case on:
		sp.occ0 |= g.rect << (r*sp.cols + c)
	default:
		sp.occ0 &^= g.rect << (r*sp.cols + c)
	}
}

// fits reports whether the cells of a piece of g at (r, c), inside the
// grid, are all free.
func (sp *Space) fits(g *group, r, c int) bool {
	if sp.narrow {
		return sp.occ0&(g.rect<<(r*sp.cols+c)) == 0
	}
	for y := r; y < r+g.h; y++ {
		if !runFree(sp.occ, y*sp.cols+c, g.w) {
			return false
		}
	}
	return true
}

// setRect sets (on) or clears the cells of the w x h rectangle at (r, c)
// in bitboard b.
func (sp *Space) setRect(b []uint64, r, c, w, h int, on bool) {
	for y := r; y < r+h; y++ {
		for lo, n := y*sp.cols+c, w; n > 0; {
			m, k := runMask(lo, n)
			if on {
				b[lo/64] |= m
			} else {
				b[lo/64] &^= m
			}
			lo, n = lo+k, n-k
		}
	}
}

// runFree reports whether the n bits of b from bit lo on are all 0.
func runFree(b []uint64, lo, n int) bool {
	for n > 0 {
		m, k := runMask(lo, n)
		if b[lo/64]&m != 0 {
			return false
		}
		lo, n = lo+k, n-k
	}
	return true
}

// runMask returns the mask of the bits from lo on, n at most, that lie in
// lo's word, and how many they are.
func runMask(lo, n int) (mask uint64, k int) {
	sh := lo % 64
	k = min(n, 64-sh)
	return (uint64(1)<<k - 1) << sh, k
}
