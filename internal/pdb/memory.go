package pdb

import (
	"fmt"
	"slices"
)

// maxFree is the most cells a pattern may leave empty: the builder keeps
// a 2-bit state for each of them in one 64-bit word a placement.
const maxFree = 32

// CheckBuild returns an error (wrapping ErrSpec) naming what Build cannot
// do for s, or nil: s must be valid, and every pattern must leave at most
// 32 cells empty, so a board of n cells needs patterns of at least n-32
// tiles. It builds nothing.
func (s Spec) CheckBuild() error {
	if err := s.Validate(); err != nil {
		return err
	}
	n := s.Rows * s.Cols
	for i, p := range s.Patterns {
		if n-len(p) > maxFree {
			return fmt.Errorf("%w: pattern %d has %d tiles on %d cells: the builder takes at least %d (it leaves at most %d cells empty)",
				ErrSpec, i, len(p), n, n-maxFree, maxFree)
		}
	}
	return nil
}

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

// BuildBytes returns the peak memory Build takes for s (valid), within a
// few percent: the tables are built largest first, each taking a byte an
// entry for its distances plus its slot states while it is built (2 bits a
// cell it leaves empty, rounded up to 8, 16, 32 or 64 bits an entry), next
// to the tables built before it; compacting them at the end adds half a
// byte an entry. The 7-8 partition of the 15-puzzle takes 1.56 GB (1.46 GiB
// measured), 6-6-6-6 of the 24-puzzle 1.53 GB, 6-6-3 35 MB, 5-5-5 3.7 MB.
func (s Spec) BuildBytes() int64 {
	n := s.Rows * s.Cols
	entries := s.Entries()
	order := make([]int, len(entries))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return len(s.Patterns[b]) - len(s.Patterns[a]) })
	var peak, built int64
	for _, i := range order {
		bits := int64(8)
		for bits < int64(2*(n-len(s.Patterns[i]))) {
			bits *= 2
		}
		e := entries[i]
		peak = max(peak, built+e+(e*bits+7)/8)
		built += e
	}
	return max(peak, built+s.TableBytes(true))
}

// The most a Solver takes: boards of MaxSolverCells cells, DBs of
// MaxSolverPatterns patterns.
const (
	MaxSolverCells    = maxSolverCells
	MaxSolverPatterns = maxPatterns
)

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
