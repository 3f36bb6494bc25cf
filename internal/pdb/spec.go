package pdb

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// A Spec names a set of disjoint pattern databases for one goal: the board
// is Rows x Cols, Blank is the goal cell of the blank, and each pattern is a
// set of tiles. Tiles are named goal-relatively, by their goal cell (tile t
// belongs on cell t, row-major), so any goal is handled by relabeling the
// start board; Blank may be any cell. A pattern's tile order is the order of
// its table's ranks. Patterns need not cover every tile; the tiles they
// leave out count nothing.
type Spec struct {
	Rows, Cols int
	Blank      int
	Patterns   [][]uint8
}

// ErrSpec is wrapped by the errors of invalid Specs.
var ErrSpec = errors.New("pdb: invalid spec")

// Validate returns an error naming what is wrong with s, or nil.
func (s Spec) Validate() error {
	n := s.Rows * s.Cols
	switch {
	case s.Rows < 2 || s.Cols < 2:
		return fmt.Errorf("%w: board %d x %d: want at least 2 x 2", ErrSpec, s.Rows, s.Cols)
	case n > maxCells:
		return fmt.Errorf("%w: board %d x %d has %d cells: want at most %d", ErrSpec, s.Rows, s.Cols, n, maxCells)
	case s.Blank < 0 || s.Blank >= n:
		return fmt.Errorf("%w: blank's goal cell %d is off the %d x %d board", ErrSpec, s.Blank, s.Rows, s.Cols)
	case len(s.Patterns) == 0:
		return fmt.Errorf("%w: no patterns", ErrSpec)
	}
	var used uint64
	for i, p := range s.Patterns {
		if len(p) == 0 || len(p) > MaxPattern || len(p) >= n {
			return fmt.Errorf("%w: pattern %d has %d tiles: want 1 to %d", ErrSpec, i, len(p), min(MaxPattern, n-1))
		}
		for _, t := range p {
			switch {
			case int(t) >= n:
				return fmt.Errorf("%w: pattern %d: tile %d is off the board", ErrSpec, i, t)
			case int(t) == s.Blank:
				return fmt.Errorf("%w: pattern %d: tile %d is the blank's goal cell", ErrSpec, i, t)
			case used>>t&1 != 0:
				return fmt.Errorf("%w: pattern %d: tile %d is in two patterns", ErrSpec, i, t)
			}
			used |= 1 << t
		}
		if _, err := newRanker(n, len(p)); err != nil {
			return fmt.Errorf("%w: pattern %d: %v", ErrSpec, i, err)
		}
	}
	return nil
}

// String names s compactly, as in "4x4-b0-1.2.3-4.5.6": the board, the
// blank's goal cell, and the patterns' tiles in rank order. Cache files are
// named after it.
func (s Spec) String() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%dx%d-b%d", s.Rows, s.Cols, s.Blank)
	for _, p := range s.Patterns {
		sb.WriteByte('-')
		for i, t := range p {
			if i > 0 {
				sb.WriteByte('.')
			}
			sb.WriteString(strconv.Itoa(int(t)))
		}
	}
	return sb.String()
}

// Transposable reports whether the goal is symmetric under reflection about
// the main diagonal: the board is square and the blank's goal cell is on the
// diagonal. Then the transposed start board (tile t on cell c moved to cell
// T(c) and renamed T(t)) has the same distance to the goal, and a DB gives
// a second lower bound, the reflected lookup.
func (s Spec) Transposable() bool {
	return s.Rows == s.Cols && s.Blank/s.Cols == s.Blank%s.Cols
}

// Mirror returns the map of each cell (and so each tile) to its image T(c)
// in the main diagonal when the spec is Transposable, and the identity
// otherwise, so that callers may index with it on any board.
func (s Spec) Mirror() []uint8 {
	n := s.Rows * s.Cols
	tr := make([]uint8, n)
	for c := range tr {
		tr[c] = uint8(c)
		if s.Transposable() {
			tr[c] = uint8(c%s.Cols*s.Cols + c/s.Cols)
		}
	}
	return tr
}

// The shipped partitions, for Korf's goal (blank in cell 0, tile t on cell
// t). Each is a function so that callers get their own copy.

// Korf555 is a 5-5-5 partition of the 15-puzzle: two L-shaped blocks and a
// 2 x 3 block less one cell (3 x 5 MB tables).
func Korf555() Spec {
	return Spec{Rows: 4, Cols: 4, Blank: 0, Patterns: [][]uint8{
		{1, 2, 3, 5, 6}, {4, 8, 9, 12, 13}, {7, 10, 11, 14, 15}}}
}

// Korf663 is a 6-6-3 partition of the 15-puzzle: the two 2 x 3 blocks right
// of the first column, and the first column's three tiles (2 x 5.8 MB +
// 3.4 KB).
func Korf663() Spec {
	return Spec{Rows: 4, Cols: 4, Blank: 0, Patterns: [][]uint8{
		{1, 2, 3, 5, 6, 7}, {9, 10, 11, 13, 14, 15}, {4, 8, 12}}}
}

// Korf78 is Korf and Felner's 7-8 partition of the 15-puzzle: the first
// two rows' seven tiles and the last two rows' eight (58 MB + 519 MB).
func Korf78() Spec {
	return Spec{Rows: 4, Cols: 4, Blank: 0, Patterns: [][]uint8{
		{1, 2, 3, 4, 5, 6, 7}, {8, 9, 10, 11, 12, 13, 14, 15}}}
}

// Korf6666 is Korf and Felner's 6-6-6-6 partition of the 24-puzzle
// (4 x 128 MB).
func Korf6666() Spec {
	return Spec{Rows: 5, Cols: 5, Blank: 0, Patterns: [][]uint8{
		{1, 2, 5, 6, 7, 12}, {3, 4, 8, 9, 13, 14}, {10, 11, 15, 16, 20, 21}, {17, 18, 19, 22, 23, 24}}}
}

// Six35 is a partition of the 35-puzzle (6 x 6) into seven groups of 5
// tiles, 2 x 3 blocks less one cell (7 x 22.6 MB compact tables).
func Six35() Spec {
	return Spec{Rows: 6, Cols: 6, Blank: 0, Patterns: [][]uint8{
		{1, 2, 6, 7, 8}, {3, 4, 5, 9, 10}, {11, 16, 17, 22, 23}, {12, 13, 14, 18, 19},
		{15, 20, 21, 26, 27}, {24, 25, 30, 31, 32}, {28, 29, 33, 34, 35}}}
}

// Seven48 is a partition of the 48-puzzle (7 x 7) into groups of at most 4
// tiles: 2 x 2 blocks over the first six rows and columns, and runs of 4
// along the last row and column.
func Seven48() Spec {
	var pats [][]uint8
	for br := 0; br < 6; br += 2 {
		for bc := 0; bc < 6; bc += 2 {
			var p []uint8
			for _, c := range []int{br*7 + bc, br*7 + bc + 1, (br+1)*7 + bc, (br+1)*7 + bc + 1} {
				if c != 0 {
					p = append(p, uint8(c))
				}
			}
			pats = append(pats, p)
		}
	}
	pats = append(pats, []uint8{6, 13, 20, 27}, []uint8{34, 41, 48, 47}, []uint8{42, 43, 44, 45}, []uint8{46})
	return Spec{Rows: 7, Cols: 7, Blank: 0, Patterns: pats}
}

// Seven48x5 is a partition of the 48-puzzle (7 x 7) into nine groups of 5
// tiles and one of 3, blocks of 2 x 3 cells less one and their like
// (9 x 109.1 MiB compact tables): stronger than Seven48, and 40 times
// larger.
//
//	. A A B B C C
//	A A A B B C C
//	D D D B E E C
//	D D F F E E E
//	F F F G G G G
//	H H H I I I G
//	H H I I J J J
func Seven48x5() Spec {
	return Spec{Rows: 7, Cols: 7, Blank: 0, Patterns: [][]uint8{
		{1, 2, 7, 8, 9}, {3, 4, 10, 11, 17}, {5, 6, 12, 13, 20}, {14, 15, 16, 21, 22}, {18, 19, 25, 26, 27},
		{23, 24, 28, 29, 30}, {31, 32, 33, 34, 41}, {35, 36, 37, 42, 43}, {38, 39, 40, 44, 45}, {46, 47, 48}}}
}

// Named returns the shipped partition called name: "555", "663", "78"
// (15-puzzle), "6666" (24-puzzle), "35" (35-puzzle), "48" or "48x5"
// (48-puzzle).
func Named(name string) (Spec, error) {
	switch name {
	case "35":
		return Six35(), nil
	case "48":
		return Seven48(), nil
	case "48x5":
		return Seven48x5(), nil
	case "555":
		return Korf555(), nil
	case "663":
		return Korf663(), nil
	case "78":
		return Korf78(), nil
	case "6666":
		return Korf6666(), nil
	}
	return Spec{}, fmt.Errorf("%w: unknown partition %q (want 555, 663, 78, 6666, 35, 48 or 48x5)", ErrSpec, name)
}

// WithBlank returns s for a goal whose blank's goal cell is blank instead of
// s.Blank: the tile named blank (which would now be the blank) is replaced,
// in its pattern and at its rank position, by the tile named s.Blank (the
// old blank's cell now holds a tile). Pattern sizes, and so table sizes,
// stay the same. For a goal that a symmetry of the board maps to s's (the
// blank in another corner), mapping the boards instead reuses s's tables.
func (s Spec) WithBlank(blank int) Spec {
	out := Spec{Rows: s.Rows, Cols: s.Cols, Blank: blank}
	for _, p := range s.Patterns {
		q := slices.Clone(p)
		for i, t := range q {
			if int(t) == blank {
				q[i] = uint8(s.Blank)
			}
		}
		out.Patterns = append(out.Patterns, q)
	}
	return out
}

// ParseSpec reads the name of a Spec as String writes it, such as
// "4x4-b0-1.2.3-4.5.6", and returns the Spec if it is valid.
func ParseSpec(name string) (Spec, error) {
	bad := fmt.Errorf("%w: %q is not the name of a spec", ErrSpec, name)
	fields := strings.Split(name, "-")
	if len(fields) < 3 {
		return Spec{}, bad
	}
	var s Spec
	rows, cols, ok := strings.Cut(fields[0], "x")
	blank, okb := strings.CutPrefix(fields[1], "b")
	if !ok || !okb {
		return Spec{}, bad
	}
	var err1, err2, err3 error
	s.Rows, err1 = strconv.Atoi(rows)
	s.Cols, err2 = strconv.Atoi(cols)
	s.Blank, err3 = strconv.Atoi(blank)
	if err1 != nil || err2 != nil || err3 != nil {
		return Spec{}, bad
	}
	for _, f := range fields[2:] {
		var p []uint8
		for _, t := range strings.Split(f, ".") {
			v, err := strconv.Atoi(t)
			if err != nil || v < 0 || v >= maxCells {
				return Spec{}, bad
			}
			p = append(p, uint8(v))
		}
		s.Patterns = append(s.Patterns, p)
	}
	if err := s.Validate(); err != nil {
		return Spec{}, err
	}
	if s.String() != name {
		return Spec{}, bad // leading zeros, signs: not String's form
	}
	return s, nil
}
