package pdb

import "slices"

// CheckBuild returns an error (wrapping ErrSpec) naming what Build cannot
// do for s, or nil. Build takes every valid Spec (see Validate): patterns
// of up to 24 tiles, tables of up to 2^33 entries, on boards of up to 64
// cells. It builds nothing; whether the build fits in memory is for the
// caller to weigh with BuildBytes.
func (s Spec) CheckBuild() error { return s.Validate() }

// Entries returns the number of entries of each pattern's table, in the
// Spec's order (s must be valid).
func (s Spec) Entries() []int64 {
	out := make([]int64, len(s.Patterns))
	for i, p := range s.Patterns {
		rk, _ := newRanker(s.Rows*s.Cols, len(p))
		out[i] = rk.size
	}
	return out
}

// TableBytes returns the memory the tables of s take once built: a byte an
// entry, or half that when every table is compact (see Table), which
// only the build can tell. s must be valid.
func (s Spec) TableBytes(compact bool) int64 {
	var total int64
	for _, e := range s.Entries() {
		if compact {
			e = (e + 1) / 2
		}
		total += e
	}
	return total
}

// BuildBytes returns the peak memory Build takes for s (valid), close to
// the process's peak resident memory while it builds (docs/PERFORMANCE.md
// compares the two). Build makes the tables largest first; while it makes
// one of n!/(n-k)! entries, it holds the tables made before it, the
// layouts of its pattern sizes (see setLayout), a byte an entry of
// distances, the search's states (2 bits a region of each placement's
// empty cells, up to 3 bits an entry) and the table it fills (half a byte
// an entry, or a byte).
func (s Spec) BuildBytes() int64 {
	entries := s.Entries()
	order := make([]int, len(entries))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return len(s.Patterns[b]) - len(s.Patterns[a]) })
	layouts := map[int]bool{}
	var peak, built, held int64
	for _, i := range order {
		k := len(s.Patterns[i])
		if !layouts[k] {
			layouts[k] = true
			held += layoutBytes(s.Rows, s.Cols, k)
		}
		e := entries[i]
		states := e * 3 / 8 // 2 bits an entry, half as much again for sets of several regions or short words
		peak = max(peak, built+held+e+states+(e+1)/2)
		built += (e + 1) / 2
	}
	return max(peak, built+held)
}

// layoutBytes estimates the memory of the setLayout of k tiles on a rows x
// cols board: about 25 bytes a set of cells, 12 a move of a set (a tile
// next to an empty cell: 4k(n-k)/n moves a set on average, less at the
// edges), and the jump table (see permJumps).
func layoutBytes(rows, cols, k int) int64 {
	n := rows * cols
	sets := int64(1)
	for i := range k {
		sets = sets * int64(n-i) / int64(i+1)
	}
	perms := int64(1)
	for i := 2; i <= k; i++ {
		perms *= int64(i)
	}
	moves := sets * int64(4*k*(n-k)) / int64(n)
	codes := int64(k) * int64(min(k-1, 2*(cols-1)))
	jumps := int64(0)
	if codes*perms <= maxDirect {
		jumps = 4 * codes * perms
	}
	return 25*sets + 12*moves + 4*perms + jumps
}

// Memory returns, for a valid s, the bytes its tables take once loaded
// for a Solver or a beam search (compact entries, as Build makes them for
// the shipped partitions, and the sparse layout of each table small
// enough for one, see Table.Sparse), and the most a build of them holds
// at once (see BuildBytes). A caller can refuse a DB larger than its
// memory bound before reading or building it. An invalid s returns 0, 0.
func (s Spec) Memory() (tables, build int64) {
	if s.Validate() != nil {
		return 0, 0
	}
	n := s.Rows * s.Cols
	for _, p := range s.Patterns {
		rk, _ := newRanker(n, len(p))
		tables += (rk.size + 1) / 2
		sparse, fits := int64(1), true
		for range len(p) {
			if sparse > sparseLimit(n)/int64(n) {
				fits = false
				break
			}
			sparse *= int64(n)
		}
		if fits {
			tables += (sparse + 1) / 2
		}
	}
	return tables, s.BuildBytes()
}
