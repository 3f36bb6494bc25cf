package pdb

import (
	"fmt"
	"math/bits"
)

// A ranker numbers the placements of k distinct tiles on n cells (the
// k-permutations of n cells) densely onto [0, n!/(n-k)!). The rank of the
// cells p[0], ..., p[k-1] (tile i on cell p[i]) reads the digits
//
//	a[i] = p[i] - #{j < i : p[j] < p[i]}   (0 <= a[i] < n-i)
//
// as a mixed-radix number, most significant first: rank = sum a[i]*w[i]
// with w[k-1] = 1 and w[i] = w[i+1]*(n-i-1). Each digit costs one popcount
// over the cells already placed, so a rank costs O(k) and allocates
// nothing; moving tile i changes digits i ... k-1 only, so moves of the
// last tiles of a pattern stay close in the table.
type ranker struct {
	n, k int
	w    [MaxPattern]int64
	size int64
}

// MaxPattern is the most tiles one pattern may hold.
const MaxPattern = 24

// maxCells is the most cells a board may have: cell sets are uint64 masks.
const maxCells = 64

// maxEntries bounds the size of one table (2^33 bytes, 8 GiB).
const maxEntries = 1 << 33

func newRanker(n, k int) (ranker, error) {
	if n < 2 || n > maxCells {
		return ranker{}, fmt.Errorf("pdb: %d cells: want 2 to %d", n, maxCells)
	}
	if k < 1 || k > MaxPattern || k >= n {
		return ranker{}, fmt.Errorf("pdb: pattern of %d tiles on %d cells: want 1 to %d tiles, fewer than the cells", k, n, min(MaxPattern, n-1))
	}
	rk := ranker{n: n, k: k, size: 1}
	for i := k - 1; i >= 0; i-- {
		rk.w[i] = rk.size
		if rk.size > maxEntries/int64(n-i) {
			return ranker{}, fmt.Errorf("pdb: a pattern of %d tiles on %d cells has over %d entries", k, n, int64(maxEntries))
		}
		rk.size *= int64(n - i)
	}
	return rk, nil
}

// rank returns the rank of the placement pos (len(pos) == k, distinct
// cells below n).
func (rk *ranker) rank(pos []uint8) int64 {
	var used uint64
	var r int64
	for i, p := range pos[:rk.k] {
		below := uint64(1)<<p - 1
		r += int64(int(p)-bits.OnesCount64(used&below)) * rk.w[i]
		used |= 1 << p
	}
	return r
}

// unrank writes the placement of rank r into pos and returns the set of its
// cells. O(k*n) at worst; only the builder unranks.
func (rk *ranker) unrank(r int64, pos []uint8) uint64 {
	var used uint64
	for i := range rk.k {
		a := int(r / rk.w[i])
		r -= int64(a) * rk.w[i]
		p := selectBit(^used, a)
		pos[i] = uint8(p)
		used |= 1 << p
	}
	return used
}

// selectBit returns the index of the set bit of x that has a set bits below
// it (x has more than a set bits): a byte-wise popcount search, then a walk
// within the byte.
func selectBit(x uint64, a int) int {
	base := 0
	for {
		c := bits.OnesCount8(uint8(x))
		if a < c {
			break
		}
		a -= c
		x >>= 8
		base += 8
	}
	for range a {
		x &= x - 1
	}
	return base + bits.TrailingZeros64(x)
}

// A moveRanker holds one placement, unranked, and ranks the placements one
// tile move away from it in O(1) for a move to an adjacent cell in the same
// row, and O(cells between) otherwise: moving tile i from p to q changes
// digit i, and the digit of every later tile on a cell between p and q by
// one (it gains or loses tile i among the smaller cells before it).
//
// seek moves it to another rank, re-deriving only the digits that change:
// a builder scanning ranks upwards mostly changes the last one or two.
type moveRanker struct {
	rk     *ranker
	r      int64
	pos    [MaxPattern]uint8
	base   [MaxPattern + 1]int64  // base[i]: rank of digits 0 ... i-1, the rest 0
	before [MaxPattern + 1]uint64 // cells of tiles 0 ... i-1
	digit  [MaxPattern]int64
	index  [maxCells]int8 // tile on each cell, -1 for none
	valid  bool
}

func newMoveRanker(rk *ranker) moveRanker {
	m := moveRanker{rk: rk}
	for i := range m.index {
		m.index[i] = -1
	}
	return m
}

// occ returns the cells of the placement.
func (m *moveRanker) occ() uint64 { return m.before[m.rk.k] }

// seek sets the placement to rank r.
func (m *moveRanker) seek(r int64) {
	rk := m.rk
	i := 0
	if m.valid {
		// The deepest i whose digits 0 ... i-1 are unchanged: r is in their
		// block of w[i-1] ranks.
		for i = rk.k - 1; i > 0; i-- {
			if d := r - m.base[i]; d >= 0 && d < rk.w[i-1] {
				break
			}
		}
	}
	for t := i; t < rk.k; t++ {
		m.index[m.pos[t]] = -1
	}
	rem := r - m.base[i]
	for t := i; t < rk.k; t++ {
		a := rem / rk.w[t]
		rem -= a * rk.w[t]
		p := uint8(selectBit(^m.before[t], int(a)))
		m.digit[t], m.pos[t] = a, p
		m.base[t+1] = m.base[t] + a*rk.w[t]
		m.before[t+1] = m.before[t] | 1<<p
		m.index[p] = int8(t)
	}
	m.r, m.valid = r, true
}

// moved returns the rank of the placement with tile i moved from cell p to
// the empty cell q.
func (m *moveRanker) moved(i int, p, q uint8) int64 {
	rk := m.rk
	a := int64(int(q) - bits.OnesCount64(m.before[i]&(1<<q-1)))
	r := m.r + (a-m.digit[i])*rk.w[i]
	lo, hi, sign := p, q, int64(1)
	if q < p {
		lo, hi, sign = q, p, -1
	}
	for between := m.occ() & (1<<hi - 1) &^ (1<<(lo+1) - 1); between != 0; between &= between - 1 {
		if j := m.index[bits.TrailingZeros64(between)]; int(j) > i {
			r += sign * rk.w[j]
		}
	}
	return r
}
