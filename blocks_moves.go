package slide

// generate returns the moves out of the state just decoded, in the order
// of the slots (the goal piece's first) and, for each piece, of Direction;
// a slide's positions nearest first. The slice is sp's to reuse.
func (sp *blockSpace) generate() []blockStep {
	sp.moves = sp.moves[:0]
	sp.fill()
	for k := range sp.groups {
		g := &sp.groups[k]
		if g.motion == Fixed {
			continue
		}
		for s := g.first; s < g.end; s++ {
			r, c := int(sp.rs[s]), int(sp.cs[s])
			sp.put(g, r, c, false)
			if sp.metric == PieceMoves {
				sp.flood(g, s, r, c)
			} else {
				sp.slides(g, s, r, c)
			}
			sp.put(g, r, c, true)
		}
	}
	return sp.moves
}

// slides adds the straight moves of slot s's piece, lifted from (r, c):
// one cell in each free direction, or with StraightMoves every distance
// up to the first obstacle.
func (sp *blockSpace) slides(g *blockGroup, s, r, c int) {
	for d := Up; d <= Right; d++ {
		if !g.motion.allows(d) {
			continue
		}
		dr, dc := d.offset()
		for rr, cc := r+dr, c+dc; sp.inside(g, rr, cc) && sp.fits(g, rr, cc); rr, cc = rr+dr, cc+dc {
			sp.moves = append(sp.moves, blockStep{int32(s), g.code(rr, cc)})
			if sp.metric == StepMoves {
				break
			}
		}
	}
}

// flood adds the PieceMoves of slot s's piece, lifted from (r, c): every
// position it can reach by any path, breadth-first.
func (sp *blockSpace) flood(g *blockGroup, s, r, c int) {
	if sp.stamp++; sp.stamp == 0 {
		clear(sp.mark)
		sp.stamp = 1
	}
	sp.mark[r*sp.cols+c] = sp.stamp
	sp.queue = append(sp.queue[:0], int32(r*sp.cols+c))
	for head := 0; head < len(sp.queue); head++ {
		r, c := int(sp.queue[head])/sp.cols, int(sp.queue[head])%sp.cols
		for d := Up; d <= Right; d++ {
			if !g.motion.allows(d) {
				continue
			}
			dr, dc := d.offset()
			rr, cc := r+dr, c+dc
			if !sp.inside(g, rr, cc) || sp.mark[rr*sp.cols+cc] == sp.stamp || !sp.fits(g, rr, cc) {
				continue
			}
			sp.mark[rr*sp.cols+cc] = sp.stamp
			sp.queue = append(sp.queue, int32(rr*sp.cols+cc))
			sp.moves = append(sp.moves, blockStep{int32(s), g.code(rr, cc)})
		}
	}
}

// inside reports whether a piece of g with its upper-left cell at (r, c)
// lies inside the grid.
func (sp *blockSpace) inside(g *blockGroup, r, c int) bool {
	return r >= 0 && c >= 0 && r+g.h <= sp.rows && c+g.w <= sp.cols
}

// fill sets the occupancy of the state just decoded.
func (sp *blockSpace) fill() {
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
func (sp *blockSpace) put(g *blockGroup, r, c int, on bool) {
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
func (sp *blockSpace) fits(g *blockGroup, r, c int) bool {
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
func (sp *blockSpace) setRect(b []uint64, r, c, w, h int, on bool) {
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
