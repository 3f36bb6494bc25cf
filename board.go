package slide

import (
	"encoding/binary"
	"iter"

	"github.com/slidekit/slide/internal/tiles"
)

// The largest board: 2 to MaxCells cells (255 x 255), labels up to MaxLabel.
const (
	MaxCells = 1<<16 - 1 // most cells a board may have
	MaxLabel = 1<<16 - 1 // largest tile label
)

// A Board is an immutable, comparable R x C tile position, row-major, the
// blank 0, measured against [Board.StandardGoal]. The zero Board is invalid.
type Board struct {
	rows, cols uint16
	blank      uint16 // index of the blank cell, row-major
	perm       bool   // the labels are 1 ... R*C-1, each once
	cells      string // two bytes per cell, little-endian label, row-major
}

// New returns the rows x cols board of tiles 0 (the blank) to rows*cols-1, or
// an error wrapping [ErrSize] or [ErrTile].
func New(rows, cols int, tiles []int) (Board, error) {
	return build("New", rows, cols, tiles, true)
}

// NewLabeled is [New] for any labels up to [MaxLabel], equal ones
// interchangeable.
func NewLabeled(rows, cols int, labels []int) (Board, error) {
	return build("NewLabeled", rows, cols, labels, false)
}

// Goal returns the standard goal 1 2 3 ... of a rows x cols board, blank last.
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

// IsValid reports whether b is not the zero Board.
func (b Board) IsValid() bool { return b.rows != 0 }

// Rows returns the number of rows.
func (b Board) Rows() int { return int(b.rows) }

// Cols returns the number of columns.
func (b Board) Cols() int { return int(b.cols) }

// Len returns the number of cells, Rows()*Cols().
func (b Board) Len() int { return len(b.cells) / 2 }

// At returns the label in row r, column c (from 0), or -1 off the board.
func (b Board) At(r, c int) int {
	if r < 0 || c < 0 || r >= int(b.rows) || c >= int(b.cols) {
		return -1
	}
	return b.tile(r*int(b.cols) + c)
}

// Blank returns the blank's row and column (-1, -1 for the zero Board).
func (b Board) Blank() (r, c int) {
	if !b.IsValid() {
		return -1, -1
	}
	return int(b.blank) / int(b.cols), int(b.blank) % int(b.cols)
}

// Tiles returns the labels in row-major order in a new slice.
func (b Board) Tiles() []int {
	if !b.IsValid() {
		return nil
	}
	tiles := make([]int, b.Len())
	for i := range tiles {
		tiles[i] = b.tile(i)
	}
	return tiles
}

// tile returns the label of cell i (row-major).
func (b Board) tile(i int) int {
	return int(binary.LittleEndian.Uint16([]byte(b.cells[2*i : 2*i+2])))
}

// IsPermutation reports whether b holds the labels 1 to Len()-1 once each.
func (b Board) IsPermutation() bool { return b.perm }

// StandardGoal returns b's labels in ascending order, the blank last.
func (b Board) StandardGoal() Board {
	if b.perm || !b.IsValid() {
		return Goal(b.Rows(), b.Cols())
	}
	labels := tiles.SortLabels(b.Tiles()) // the blank sorts first
	labels = append(labels[1:], 0)
	g, _ := NewLabeled(b.Rows(), b.Cols(), labels)
	return g
}

// IsGoal reports whether b is its standard goal.
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

// Hamming returns the tiles off their cells of the standard goal.
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

// Manhattan returns the tiles' row and column distances to the standard goal.
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

// Slide returns the board after n tiles in line with the blank slide to it.
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

// Apply returns the board after moves, or where a move fails, and false.
func (b Board) Apply(moves []Move) (Board, bool) {
	for _, m := range moves {
		next, ok := b.Slide(m.Dir, m.Tiles)
		if !ok {
			return b, false
		}
		b = next
	}
	return b, true
}

// Neighbors yields the boards one tile move away, in [Direction] order.
func (b Board) Neighbors() iter.Seq[Board] {
	return func(yield func(Board) bool) {
		for d := Up; d <= Right; d++ {
			if nb, ok := b.Slide(d, 1); ok && !yield(nb) {
				return
			}
		}
	}
}

// LineNeighbors yields the boards one line move away (see [LineMoves]).
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

// Twin returns b, its first two labels exchanged: it reaches what b cannot.
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
