package slide

import (
	"encoding/binary"
	"iter"
	"slices"
	"strconv"
	"strings"

	"github.com/slidekit/slide/internal/tiles"
)

// Limits on the size of a board. Any R x C board with 1 <= R, C and
// 2 <= R*C <= MaxCells is valid; 255 x 255 is the largest square board.
const (
	MaxCells = 1<<16 - 1 // most cells a board may have
	MaxLabel = 1<<16 - 1 // largest tile label
)

// A Board is an R x C sliding-tile position: every cell holds a tile label
// (a positive integer) except the one blank cell, written 0.
//
// Board is an immutable value: methods never modify it, copies share nothing
// mutable, and two boards are == exactly when they have the same size and the
// same label in every cell, so a Board can be a map key. It takes 24 bytes plus
// two bytes a cell.
//
// Most boards hold a permutation: the labels 1 ... R*C-1 once each (see New).
// A labeled board (see NewLabeled) may repeat labels, as in puzzles whose tiles
// carry letters or colours; identical tiles are interchangeable.
//
// The standard goal of a board holds its labels in ascending row-major order
// with the blank last: 1 2 3 / 4 5 6 / 7 8 0 for the 8-puzzle. Hamming,
// Manhattan, IsGoal and IsSolvable measure against it; Solvable, Estimate and
// Solve take any goal.
//
// The zero Board has no cells and is not valid (IsValid reports false); its
// methods do not panic, and it is solvable to nothing.
type Board struct {
	rows, cols uint16
	blank      uint16 // index of the blank cell, row-major
	perm       bool   // the labels are 1 ... R*C-1, each once
	cells      string // two bytes per cell, little-endian label, row-major
}

// New returns the rows x cols board holding tiles in row-major order, 0 for
// the blank. The tiles must be the numbers 0 ... rows*cols-1, each once.
// Errors are *Error values wrapping ErrSize or ErrTile.
func New(rows, cols int, tiles []int) (Board, error) {
	return build("New", rows, cols, tiles, true)
}

// NewLabeled returns the rows x cols board holding labels in row-major order,
// 0 for the blank. Exactly one label must be 0; the others may be any numbers
// from 1 to MaxLabel, repeated or not. Tiles with the same label are
// interchangeable: a goal is reached when every cell shows the right label.
// A board built from a permutation of 0 ... rows*cols-1 equals the one New
// returns.
func NewLabeled(rows, cols int, labels []int) (Board, error) {
	return build("NewLabeled", rows, cols, labels, false)
}

// MustParse is like Parse but panics if s is not a board. It is meant for
// tests and package-level variables whose text is known to be good.
func MustParse(s string) Board {
	b, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return b
}

// Goal returns the standard goal of a rows x cols board: 1 ... rows*cols-1
// in row-major order and the blank last. It returns the zero Board if the
// size is not valid (see MaxCells).
func Goal(rows, cols int) Board {
	if checkSize("Goal", rows, cols) != nil {
		return Board{}
	}
	n := rows * cols
	buf := make([]byte, 2*n)
	for i := range n - 1 {
		binary.LittleEndian.PutUint16(buf[2*i:], uint16(i+1))
	}
	return Board{rows: uint16(rows), cols: uint16(cols), blank: uint16(n - 1), perm: true, cells: string(buf)}
}

func checkSize(fn string, rows, cols int) error {
	switch {
	case rows < 1 || cols < 1:
		return errorf(fn, ErrSize, "size %d x %d: rows and columns must be at least 1", rows, cols)
	case rows > MaxCells || cols > MaxCells || rows*cols > MaxCells:
		return errorf(fn, ErrSize, "size %d x %d: more than %d cells", rows, cols, MaxCells)
	case rows*cols < 2:
		return errorf(fn, ErrSize, "size %d x %d: a board needs at least 2 cells", rows, cols)
	}
	return nil
}

// build checks tiles and packs them; perm demands a permutation of 0..n-1.
func build(fn string, rows, cols int, tiles []int, perm bool) (Board, error) {
	if err := checkSize(fn, rows, cols); err != nil {
		return Board{}, err
	}
	n := rows * cols
	if len(tiles) != n {
		return Board{}, errorf(fn, ErrSize, "%d x %d board needs %d tiles, got %d", rows, cols, n, len(tiles))
	}
	seen := make([]bool, n) // labels below n seen so far
	isPerm := true
	blank := -1
	buf := make([]byte, 2*n)
	for i, t := range tiles {
		switch {
		case t == 0:
			if blank >= 0 {
				return Board{}, errorf(fn, ErrTile, "two blanks (cells %d and %d)", blank, i)
			}
			blank = i
		case t < 0:
			return Board{}, errorf(fn, ErrTile, "tile %d is negative", t)
		case perm && t >= n:
			return Board{}, errorf(fn, ErrTile, "tile %d out of range 1..%d", t, n-1)
		case t > MaxLabel:
			return Board{}, errorf(fn, ErrTile, "label %d out of range 1..%d", t, MaxLabel)
		case perm && seen[t]:
			return Board{}, errorf(fn, ErrTile, "tile %d appears twice", t)
		}
		if t >= n || seen[t] {
			isPerm = false
		} else {
			seen[t] = true
		}
		binary.LittleEndian.PutUint16(buf[2*i:], uint16(t))
	}
	if blank < 0 {
		return Board{}, errorf(fn, ErrTile, "no blank (0)")
	}
	return Board{rows: uint16(rows), cols: uint16(cols), blank: uint16(blank), perm: isPerm, cells: string(buf)}, nil
}

// IsValid reports whether b is a board, that is, not the zero Board.
func (b Board) IsValid() bool { return b.rows != 0 }

// Rows returns the number of rows.
func (b Board) Rows() int { return int(b.rows) }

// Cols returns the number of columns.
func (b Board) Cols() int { return int(b.cols) }

// Len returns the number of cells, Rows()*Cols().
func (b Board) Len() int { return len(b.cells) / 2 }

// Dimension returns n for an n x n board and 0 for a board that is not square.
func (b Board) Dimension() int {
	if b.rows != b.cols {
		return 0
	}
	return int(b.rows)
}

// At returns the label in row r, column c (both from 0), 0 for the blank, or
// -1 if the cell is outside the board.
func (b Board) At(r, c int) int {
	if r < 0 || c < 0 || r >= int(b.rows) || c >= int(b.cols) {
		return -1
	}
	return b.tile(r*int(b.cols) + c)
}

// Blank returns the row and column of the blank (-1, -1 for the zero Board).
func (b Board) Blank() (r, c int) {
	if !b.IsValid() {
		return -1, -1
	}
	return int(b.blank) / int(b.cols), int(b.blank) % int(b.cols)
}

// Tiles returns the labels in row-major order, 0 for the blank, in a new slice.
func (b Board) Tiles() []int { return b.AppendTiles(nil) }

// AppendTiles appends the labels in row-major order to dst and returns it.
func (b Board) AppendTiles(dst []int) []int {
	dst = slices.Grow(dst, b.Len())
	for i := range b.Len() {
		dst = append(dst, b.tile(i))
	}
	return dst
}

// tile returns the label of cell i (row-major).
func (b Board) tile(i int) int {
	return int(binary.LittleEndian.Uint16([]byte(b.cells[2*i : 2*i+2])))
}

// IsPermutation reports whether b holds the labels 1 ... Len()-1 once each,
// as every board New returns does. It is false for a labeled board with
// repeated labels or labels beyond Len()-1.
func (b Board) IsPermutation() bool { return b.perm }

// StandardGoal returns the goal that Hamming, Manhattan, IsGoal and
// IsSolvable measure against: b's labels in ascending row-major order, the
// blank last. For a board from New it equals Goal(b.Rows(), b.Cols()).
func (b Board) StandardGoal() Board {
	if b.perm || !b.IsValid() {
		return Goal(b.Rows(), b.Cols())
	}
	labels := tiles.SortLabels(b.Tiles()) // the blank sorts first
	labels = append(labels[1:], 0)
	g, _ := NewLabeled(b.Rows(), b.Cols(), labels)
	return g
}

// IsGoal reports whether b equals its standard goal. O(R*C).
func (b Board) IsGoal() bool {
	if !b.IsValid() || int(b.blank) != b.Len()-1 {
		return false
	}
	for i := 1; i < b.Len()-1; i++ {
		if b.tile(i-1) > b.tile(i) {
			return false
		}
	}
	return true
}

// Hamming returns the number of tiles on a cell where the standard goal has
// another label. The blank never counts. O(R*C).
func (b Board) Hamming() int {
	if !b.perm {
		return Hamming.mustEstimate(b, b.StandardGoal())
	}
	h := 0
	for i := range b.Len() {
		if t := b.tile(i); t != 0 && t != i+1 {
			h++
		}
	}
	return h
}

// Manhattan returns the sum over the tiles of the row plus column distance
// from each tile to its cell in the standard goal (see the Manhattan
// Heuristic for repeated labels). The blank never counts. O(R*C).
func (b Board) Manhattan() int {
	if !b.perm {
		return Manhattan.mustEstimate(b, b.StandardGoal())
	}
	h, cols := 0, b.Cols()
	for i := range b.Len() {
		if t := b.tile(i); t != 0 {
			h += tiles.Dist(i, t-1, cols)
		}
	}
	return h
}

// Slide returns the board after n tiles in line with the blank slide one
// cell in direction d, the nearest of them into the blank. n = 1 is the
// ordinary single-tile move; n > 1 moves a whole line of tiles at once. ok is
// false, and b is returned, if there are not n tiles on that side of the
// blank or d is not a direction. O(R*C).
func (b Board) Slide(d Direction, n int) (next Board, ok bool) {
	if !b.IsValid() || d > Right || n < 1 {
		return b, false
	}
	dr, dc := d.source()
	br, bc := b.Blank()
	r, c := br+n*dr, bc+n*dc
	if r < 0 || c < 0 || r >= b.Rows() || c >= b.Cols() {
		return b, false
	}
	buf := []byte(b.cells)
	cols := b.Cols()
	step := 2 * (dr*cols + dc) // bytes from one cell of the line to the next
	at := 2 * int(b.blank)
	for range n {
		copy(buf[at:at+2], buf[at+step:at+step+2])
		at += step
	}
	buf[at], buf[at+1] = 0, 0
	return Board{rows: b.rows, cols: b.cols, blank: uint16(r*cols + c), perm: b.perm, cells: string(buf)}, true
}

// Neighbors returns the boards one single-tile move away, in the order of
// the tile's Direction: Up, Down, Left, Right, skipping moves the edges of
// the board forbid. A board has 2, 3 or 4 neighbors (fewer on 1-wide boards).
// Each neighbor costs O(R*C) to build.
func (b Board) Neighbors() iter.Seq[Board] {
	return func(yield func(Board) bool) {
		for d := Up; d <= Right; d++ {
			if nb, ok := b.Slide(d, 1); ok && !yield(nb) {
				return
			}
		}
	}
}

// LineNeighbors returns the boards one line move away: for each Direction in
// order, the boards where 1, 2, ... tiles in line with the blank slide
// together (see Slide). Single-tile neighbors are among them.
func (b Board) LineNeighbors() iter.Seq[Board] {
	return func(yield func(Board) bool) {
		for d := Up; d <= Right; d++ {
			for n := 1; ; n++ {
				nb, ok := b.Slide(d, n)
				if !ok {
					break
				}
				if !yield(nb) {
					return
				}
			}
		}
	}
}

// Twin returns b with the first two tiles in row-major order whose labels
// differ exchanged. For a board with distinct labels and at least two rows
// and columns the twin is in the other solvability class: exactly one of b and
// b.Twin() can reach any given goal. A board with fewer than two distinct
// labels (such as a 1 x 2 board) is its own twin. O(R*C).
func (b Board) Twin() Board {
	first := -1
	for i := range b.Len() {
		if i == int(b.blank) {
			continue
		}
		if first < 0 {
			first = i
			continue
		}
		if b.tile(i) != b.tile(first) {
			buf := []byte(b.cells)
			buf[2*first], buf[2*first+1], buf[2*i], buf[2*i+1] = buf[2*i], buf[2*i+1], buf[2*first], buf[2*first+1]
			return Board{rows: b.rows, cols: b.cols, blank: b.blank, perm: b.perm, cells: string(buf)}
		}
	}
	return b
}

// String returns b as text: a first line with n for an n x n board or
// "rows cols" for a rectangular one, then one line per row with the labels
// separated by single spaces, 0 for the blank. Every line ends in a newline.
// Parse reads it back. The zero Board is the empty string.
func (b Board) String() string {
	text, _ := b.MarshalText()
	return string(text)
}

// AppendText appends the String form of b to dst.
func (b Board) AppendText(dst []byte) ([]byte, error) {
	if !b.IsValid() {
		return dst, nil
	}
	dst = strconv.AppendInt(dst, int64(b.rows), 10)
	if b.rows != b.cols {
		dst = append(dst, ' ')
		dst = strconv.AppendInt(dst, int64(b.cols), 10)
	}
	dst = append(dst, '\n')
	for i := range b.Len() {
		dst = strconv.AppendInt(dst, int64(b.tile(i)), 10)
		if (i+1)%int(b.cols) == 0 {
			dst = append(dst, '\n')
		} else {
			dst = append(dst, ' ')
		}
	}
	return dst, nil
}

// MarshalText implements encoding.TextMarshaler with the String form.
func (b Board) MarshalText() ([]byte, error) { return b.AppendText(nil) }

// UnmarshalText implements encoding.TextUnmarshaler. It accepts the String
// form of every board, labeled boards with repeated labels included (Parse
// accepts only permutations); empty text gives the zero Board.
func (b *Board) UnmarshalText(text []byte) error {
	if len(strings.TrimSpace(string(text))) == 0 {
		*b = Board{}
		return nil
	}
	nb, err := readBoard("UnmarshalText", strings.NewReader(string(text)), false)
	if err != nil {
		return err
	}
	*b = nb
	return nil
}

// MarshalBinary implements encoding.BinaryMarshaler: rows and columns as
// two little-endian uint16s, then each label as a little-endian uint16.
func (b Board) MarshalBinary() ([]byte, error) {
	if !b.IsValid() {
		return []byte{}, nil
	}
	out := make([]byte, 4, 4+len(b.cells))
	binary.LittleEndian.PutUint16(out, b.rows)
	binary.LittleEndian.PutUint16(out[2:], b.cols)
	return append(out, b.cells...), nil
}

// UnmarshalBinary implements encoding.BinaryUnmarshaler, reading the
// MarshalBinary form of any board; empty data gives the zero Board.
func (b *Board) UnmarshalBinary(data []byte) error {
	if len(data) == 0 {
		*b = Board{}
		return nil
	}
	if len(data) < 4 {
		return errorf("UnmarshalBinary", ErrSyntax, "%d bytes: too short for a header", len(data))
	}
	rows := int(binary.LittleEndian.Uint16(data))
	cols := int(binary.LittleEndian.Uint16(data[2:]))
	if err := checkSize("UnmarshalBinary", rows, cols); err != nil {
		return err
	}
	if len(data) != 4+2*rows*cols {
		return errorf("UnmarshalBinary", ErrSyntax, "%d bytes: a %d x %d board takes %d", len(data), rows, cols, 4+2*rows*cols)
	}
	labels := make([]int, rows*cols)
	for i := range labels {
		labels[i] = int(binary.LittleEndian.Uint16(data[4+2*i:]))
	}
	nb, err := build("UnmarshalBinary", rows, cols, labels, false)
	if err != nil {
		return err
	}
	*b = nb
	return nil
}
