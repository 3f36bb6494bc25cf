package pdb

import "slices"

// Memory returns, for a valid s, the bytes its tables take once loaded
// for a Solver (compact entries, as Build makes them for the shipped
// partitions, and the sparse layout of each table small enough for one),
// and the most a build of them holds at once (the finished tables and the
// largest table's scratch: a byte a placement and 2(n-k) bits rounded up
// to 8, 16, 32 or 64). A caller can refuse a DB larger than its memory
// bound before reading or building it. An invalid s returns 0, 0.
func (s Spec) Memory() (tables, build int64) {
	if s.Validate() != nil {
		return 0, 0
	}
	n := s.Rows * s.Cols
	var sizes []int64
	for _, p := range s.Patterns {
		rk, _ := newRanker(n, len(p))
		tables += (rk.size + 1) / 2
		sizes = append(sizes, rk.size)
		sparse, fits := int64(1), true
		for range len(p) {
			if sparse > maxSparse/int64(n) {
				fits = false
				break
			}
			sparse *= int64(n)
		}
		if fits {
			tables += (sparse + 1) / 2
		}
	}
	// Build makes the largest table first, its scratch freed before the
	// next; its byte entries become compact at the end.
	slices.Sort(sizes)
	largest := sizes[len(sizes)-1]
	k := 0
	for _, p := range s.Patterns {
		if r, _ := newRanker(n, len(p)); r.size == largest {
			k = len(p)
		}
	}
	bitsPer := int64(8)
	for bitsPer < int64(2*(n-k)) {
		bitsPer *= 2
	}
	build = largest + largest*bitsPer/8
	for _, sz := range sizes[:len(sizes)-1] {
		build += sz
	}
	return tables, build
}
