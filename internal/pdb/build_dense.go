package pdb

import (
	"math/bits"
	"sync/atomic"
)

// denseWindow bounds the dense ranks one task of toTable writes: 4 Mi
// entries (2 MiB compact), so that its scattered writes stay in cache.
const denseWindow = 1 << 22

// toTable returns the Table of pattern tiles on a board of cols columns
// whose distances dist are kept in the layout's order: compact (see Table)
// if compact is asked for and every excess allows, else bytes.
//
// The dense ranks are cut into windows by the cells of the first f tiles
// (the fewest whose window holds at most denseWindow ranks, and an even
// number of them, so that no byte of compact entries is shared). A task
// fills one window: for every set holding those cells, it walks the
// arrangements that put the first f tiles on them, tile by tile, carrying
// the arrangement rank (a contiguous run: the first tiles' digits lead),
// the dense rank and the Manhattan distance along, O(1) a step. Workers
// take tasks.
func (l *setLayout) toTable(dist []uint8, tiles []uint8, cols int, compact bool, workers int) *Table {
	k, n := l.k, l.g.n
	rk, _ := newRanker(n, k)
	t := newTable(tiles, cols, rk, compact, nil)
	f := 0
	if rk.size > denseWindow {
		f = 1
		for f < k-1 && (rk.w[f-1] > denseWindow || rk.w[f-1]%2 != 0) {
			f++
		}
	}
	var tasks int64 = 1
	var rf ranker
	if f > 0 {
		rf, _ = newRanker(n, f)
		tasks = rf.size
	}
	if compact {
		t.data = make([]uint8, (rk.size+1)/2)
	} else {
		t.data = make([]uint8, rk.size)
	}
	adviseHugePages(t.data)
	var bad atomic.Bool
	parallelRange(tasks, workers, 1, func(lo, hi int) {
		dw := denseWalk{l: l, rk: &rk, dist: dist, out: t.data, compact: compact, bad: &bad}
		for i, tile := range tiles {
			for c := range n {
				dw.md[i][c] = int8(abs(c/cols-int(tile)/cols) + abs(c%cols-int(tile)%cols))
			}
		}
		var first [MaxPattern]uint8
		for task := lo; task < hi && !bad.Load(); task++ {
			rf.unrank(int64(task), first[:f])
			dw.window(first[:f])
		}
	})
	if bad.Load() {
		return l.toTable(dist, tiles, cols, false, workers)
	}
	return t
}

// A denseWalk moves distances from a layout's order to dense ranks.
type denseWalk struct {
	l       *setLayout
	rk      *ranker
	dist    []uint8
	out     []uint8
	compact bool
	bad     *atomic.Bool // set when an excess does not fit a compact entry

	md    [MaxPattern][maxCells]int8 // md[t][c]: tile t's Manhattan distance on cell c
	cells [MaxPattern]int64          // the current set's cells, increasing
}

// window fills the dense ranks whose first tiles stand on the cells first.
func (dw *denseWalk) window(first []uint8) {
	l, k, f := dw.l, dw.l.k, len(first)
	var fixed uint64
	var r int64
	md := 0
	for t, c := range first {
		r += int64(int(c)-bits.OnesCount64(fixed&(1<<c-1))) * dw.rk.w[t]
		fixed |= 1 << c
		md += int(dw.md[t][c])
	}
	// The sets holding the fixed cells: the fixed cells plus k-f of the
	// others, chosen as the bits of a (k-f)-subset of n-f positions.
	others := l.g.full &^ fixed
	m := l.g.n - f
	nsets := l.binom[m][k-f]
	sub := uint64(1)<<(k-f) - 1
	for i := int64(0); i < nsets; i++ {
		occ := fixed | deposit(sub, others)
		if i+1 < nsets {
			c := sub & -sub
			x := sub + c
			sub = (x^sub)>>2/c | x
		}
		j := 0
		for x := occ; x != 0; x &= x - 1 {
			dw.cells[j] = int64(bits.TrailingZeros64(x))
			j++
		}
		// The places of the first tiles, and the arrangement's leading
		// digits.
		var used uint32
		var pi int64
		for t, c := range first {
			o := bits.OnesCount64(occ & (1<<c - 1))
			pi += int64(o-bits.OnesCount32(used&(1<<o-1))) * l.fact[t]
			used |= 1 << o
		}
		dw.walk(f, used, l.setID(occ)*l.perms+pi, r, md)
	}
}

// walk places tiles t ... k-1 on the places not in used, the distance's
// index so far being pi and the dense rank r, with Manhattan distance md.
// Tile t on place o has arrangement digit a (the free places below o) and
// dense digit cells[o] - (o - a) (its cell less the earlier tiles on lower
// cells). The last two tiles are placed together.
func (dw *denseWalk) walk(t int, used uint32, pi, r int64, md int) {
	k := dw.l.k
	if t >= k-2 {
		f := ^used & (1<<k - 1)
		o1 := bits.TrailingZeros32(f)
		if t == k-1 {
			c := dw.cells[o1]
			dw.put(pi, r+c-int64(o1), md+int(dw.md[t][c]))
			return
		}
		o2 := bits.TrailingZeros32(f & (f - 1))
		c1, c2 := dw.cells[o1], dw.cells[o2]
		w := dw.rk.w[t] // the last tile's weight is 1, as are both arrangement weights
		dw.put(pi, r+(c1-int64(o1))*w+c2-int64(o2), md+int(dw.md[t][c1])+int(dw.md[t+1][c2]))
		dw.put(pi+1, r+(c2-int64(o2)+1)*w+c1-int64(o1), md+int(dw.md[t][c2])+int(dw.md[t+1][c1]))
		return
	}
	a := int64(0)
	for f := ^used & (1<<k - 1); f != 0; f &= f - 1 {
		o := bits.TrailingZeros32(f)
		c := dw.cells[o]
		dw.walk(t+1, used|1<<o, pi+a*dw.l.fact[t], r+(c-int64(o)+a)*dw.rk.w[t], md+int(dw.md[t][c]))
		a++
	}
}

// put moves the distance of index pi to dense rank r, whose Manhattan
// distance is md.
func (dw *denseWalk) put(pi, r int64, md int) {
	d := dw.dist[pi]
	if !dw.compact {
		dw.out[r] = d
		return
	}
	if d == unvisited {
		return // cannot occur; 0 in compact tables
	}
	x := int(d) - md
	if x < 0 || x&1 != 0 || x > 30 {
		dw.bad.Store(true)
		return
	}
	dw.out[r>>1] |= uint8(x/2) << (4 * (r & 1))
}

// deposit returns the cells of mask picked by the bits of x: bit i of x
// picks mask's i-th lowest cell.
func deposit(x, mask uint64) uint64 {
	var out uint64
	for ; mask != 0 && x != 0; x >>= 1 {
		low := mask & -mask
		if x&1 != 0 {
			out |= low
		}
		mask ^= low
	}
	return out
}

// bytes returns the byte entries of a compact table: Manhattan distance
// plus twice the excess, by a walk over the placements in rank order.
func (t *Table) bytes(workers int) []uint8 {
	out := make([]uint8, t.rk.size)
	k, n := t.rk.k, t.rk.n
	var walk func(i int, used uint64, r int64, md int)
	walk = func(i int, used uint64, r int64, md int) {
		if i == k {
			out[r] = uint8(md + t.excess(r))
			return
		}
		a := int64(0)
		for p := range t.rk.n {
			if used>>p&1 != 0 {
				continue
			}
			walk(i+1, used|1<<p, r+a*t.rk.w[i], md+int(t.dist[i*n+p]))
			a++
		}
	}
	// Tasks by the first tile's cell: whole blocks of w[0] ranks.
	parallelRange(int64(t.rk.n), workers, 1, func(lo, hi int) {
		for p := lo; p < hi; p++ {
			if k == 1 {
				out[p] = uint8(int(t.dist[p]) + t.excess(int64(p)))
				continue
			}
			walk(1, 1<<p, int64(p)*t.rk.w[0], int(t.dist[p]))
		}
	})
	return out
}
