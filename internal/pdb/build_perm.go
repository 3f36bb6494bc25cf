package pdb

import "math/bits"

// An arrangement puts a set's k tiles on its k cells: tile t on the set's
// cell number sigma[t], cells numbered in increasing order (a tile's
// place). permRank numbers the k! arrangements like the placements of k
// tiles on k cells (see ranker): digit t counts the places left free by
// tiles 0 ... t-1 below sigma[t], and weighs (k-1-t)!, so that digit t is
// also the number of later tiles on lower places.

// permRank returns the rank of the arrangement sigma (len k) with the
// weights fact of a setLayout.
func permRank(sigma []uint8, fact *[MaxPattern]int64) int64 {
	var used uint32
	var r int64
	for t, o := range sigma {
		r += int64(int(o)-bits.OnesCount32(used&(1<<o-1))) * fact[t]
		used |= 1 << o
	}
	return r
}

// permMoved returns the rank of the arrangement tau (of rank r) after the
// tile on place o takes place o2, the tiles on the places between shifting
// by one towards o. For o < o2, each such tile y leaves the count of a
// later tile below it if y is before the moved tile x (digit y loses 1),
// and otherwise puts itself below x (digit x gains 1); for o2 < o the
// reverse. O(|o2-o|).
func permMoved(r int64, tau *[MaxPattern]uint8, o, o2 int, fact *[MaxPattern]int64) int64 {
	x := tau[o]
	if o < o2 {
		for j := o + 1; j <= o2; j++ {
			if y := tau[j]; y < x {
				r -= fact[y]
			} else {
				r += fact[x]
			}
		}
		return r
	}
	for j := o2; j < o; j++ {
		if y := tau[j]; y < x {
			r += fact[y]
		} else {
			r -= fact[x]
		}
	}
	return r
}

// A permCursor holds one arrangement, unranked into the tile on each place,
// and moves to another rank re-deriving only the digits that change: a scan
// of increasing ranks mostly changes the last one or two.
type permCursor struct {
	k     int
	fact  *[MaxPattern]int64
	valid bool
	base  [MaxPattern + 1]int64  // base[t]: rank of digits 0 ... t-1, the rest 0
	used  [MaxPattern + 1]uint32 // places of tiles 0 ... t-1
	tau   [MaxPattern]uint8      // the tile on each place
}

// seek sets the arrangement to rank r.
func (c *permCursor) seek(r int64) {
	k := c.k
	t := 0
	if c.valid {
		// The deepest t whose digits 0 ... t-1 are unchanged.
		for t = k - 1; t > 0; t-- {
			if d := r - c.base[t]; d >= 0 && d < c.fact[t-1] {
				break
			}
		}
	}
	rem := r - c.base[t]
	for ; t < k; t++ {
		a := rem
		if t < k-1 {
			a = rem / c.fact[t]
			rem -= a * c.fact[t]
		}
		o := selectBit(uint64(^c.used[t]), int(a))
		c.tau[o] = uint8(t)
		c.base[t+1] = c.base[t] + a*c.fact[t]
		c.used[t+1] = c.used[t] | 1<<o
	}
	c.valid = true
}
