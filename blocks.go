package slide

import (
	"encoding/binary"
	"errors"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"github.com/slidekit/slide/internal/blocks"
	"github.com/slidekit/slide/internal/tiles"
)

// ErrPiece: a sliding-block piece that does not fit its grid (outside it,
// overlapping another piece, not at least 1 x 1, an unknown Motion), or a
// puzzle without pieces.
var ErrPiece = errors.New("invalid piece")

// Motion is the way a sliding-block piece may move.
type Motion uint8

// The motions, with their letters in the text format of ParseBlocks.
const (
	Fixed      Motion = iota // n: never moves
	Horizontal               // h: left and right
	Vertical                 // v: up and down
	Both                     // b: in all four directions
	numMotions
)

var (
	motionNames   = [...]string{"fixed", "horizontal", "vertical", "both"}
	motionLetters = "nhvb"
)

// String returns "fixed", "horizontal", "vertical" or "both".
func (m Motion) String() string {
	if m < numMotions {
		return motionNames[m]
	}
	return "Motion(" + strconv.Itoa(int(m)) + ")"
}

// allows reports whether a piece of motion m may slide in direction d.
func (m Motion) allows(d Direction) bool { return blocks.Motion(m).Allows(tiles.Dir(d)) }

// A Piece is a rectangular piece of a sliding-block puzzle: its upper-left
// cell (Row, Col, both from 0), its size in cells (Width columns, Height
// rows) and the way it may move.
type Piece struct {
	Row, Col      int
	Width, Height int
	Motion        Motion
}

// meets reports whether p and q share a cell.
func (p Piece) meets(q Piece) bool {
	return p.Row < q.Row+q.Height && q.Row < p.Row+p.Height && p.Col < q.Col+q.Width && q.Col < p.Col+p.Width
}

// covers reports whether p covers the cell in row r, column c.
func (p Piece) covers(r, c int) bool {
	return r >= p.Row && r < p.Row+p.Height && c >= p.Col && c < p.Col+p.Width
}

// Blocks is a sliding-block puzzle: a rows x cols grid holding rectangular
// pieces that do not overlap. Piece 0 is the goal piece; a move slides one
// piece through free cells in a direction its Motion allows. BlockSolver
// finds shortest solutions; by default the goal piece must reach the last
// column (see BlockGoal).
//
// Pieces are numbered in the order they were given and named, for
// printing, by PieceName: Z for the goal piece, then 1-9, a-z and A-Y.
// Rows and columns count from 0 here and from 1 in the text format of
// ParseBlocks.
//
// Blocks is an immutable value, like Board: methods never modify it, and
// two values are == exactly when they have the same grid and the same
// pieces in the same order. It takes 24 bytes plus 9 bytes a piece. The
// zero Blocks has no grid (IsValid reports false); its methods do not
// panic.
type Blocks struct {
	rows, cols uint16
	pieces     string // pieceBytes a piece: row, col, width, height (little-endian uint16s), motion
}

const pieceBytes = 9

// NewBlocks returns the rows x cols puzzle holding pieces, pieces[0] being
// the goal piece. The grid must have from 1 to MaxCells cells (as a Board);
// each piece must be at least 1 x 1, lie inside the grid, have a known
// Motion and overlap no other. Errors are *Error values wrapping ErrSize or
// ErrPiece that name the first piece at fault.
func NewBlocks(rows, cols int, pieces []Piece) (Blocks, error) {
	const fn = "NewBlocks"
	if err := checkBlockSize(fn, rows, cols); err != nil {
		return Blocks{}, err
	}
	if len(pieces) == 0 {
		return Blocks{}, errorf(fn, ErrPiece, "no pieces: piece 0 is the goal piece")
	}
	cells := newCellOwners(rows, cols)
	for i, p := range pieces {
		if msg := checkPiece(rows, cols, p); msg != "" {
			return Blocks{}, errorf(fn, ErrPiece, "piece %d %s", i, msg)
		}
		if j := cells.place(p, i); j >= 0 {
			return Blocks{}, errorf(fn, ErrPiece, "piece %d overlaps piece %d", i, j)
		}
	}
	return makeBlocks(rows, cols, pieces), nil
}

// checkBlockSize checks the size of a grid.
func checkBlockSize(fn string, rows, cols int) error {
	switch {
	case rows < 1 || cols < 1:
		return errorf(fn, ErrSize, "size %d x %d: rows and columns must be at least 1", rows, cols)
	case rows > MaxCells || cols > MaxCells || rows*cols > MaxCells:
		return errorf(fn, ErrSize, "size %d x %d: more than %d cells", rows, cols, MaxCells)
	}
	return nil
}

// checkPiece returns what is wrong with piece p on a rows x cols grid,
// overlaps apart, or "" if nothing is. Positions are reported from 1, as
// the text format has them.
func checkPiece(rows, cols int, p Piece) string {
	switch {
	case p.Width < 1 || p.Height < 1:
		return "is " + strconv.Itoa(p.Width) + " x " + strconv.Itoa(p.Height) + ": width and height must be at least 1"
	case p.Row < 0 || p.Col < 0 || p.Width > cols || p.Height > rows || p.Row > rows-p.Height || p.Col > cols-p.Width:
		return "at row " + strconv.Itoa(p.Row+1) + ", column " + strconv.Itoa(p.Col+1) + ", " +
			strconv.Itoa(p.Width) + " wide and " + strconv.Itoa(p.Height) + " high, does not fit in the " +
			strconv.Itoa(rows) + " x " + strconv.Itoa(cols) + " grid"
	case p.Motion >= numMotions:
		return "has an unknown motion " + p.Motion.String()
	}
	return ""
}

// cellOwners records which piece covers each cell of a grid, row-major,
// -1 for none.
type cellOwners struct {
	cols int
	own  []int32
}

func newCellOwners(rows, cols int) cellOwners {
	own := make([]int32, rows*cols)
	for i := range own {
		own[i] = -1
	}
	return cellOwners{cols: cols, own: own}
}

// place records piece number i, which must fit the grid, unless it
// overlaps a piece already placed; it returns the lowest-numbered such
// piece, or -1 once i is placed. O(cells of p).
func (g cellOwners) place(p Piece, i int) int {
	first := -1
	for r := p.Row; r < p.Row+p.Height; r++ {
		for _, o := range g.own[r*g.cols+p.Col : r*g.cols+p.Col+p.Width] {
			if o >= 0 && (first < 0 || int(o) < first) {
				first = int(o)
			}
		}
	}
	if first >= 0 {
		return first
	}
	for r := p.Row; r < p.Row+p.Height; r++ {
		for c := p.Col; c < p.Col+p.Width; c++ {
			g.own[r*g.cols+c] = int32(i)
		}
	}
	return -1
}

// makeBlocks packs checked pieces.
func makeBlocks(rows, cols int, pieces []Piece) Blocks {
	buf := make([]byte, 0, pieceBytes*len(pieces))
	for _, p := range pieces {
		buf = binary.LittleEndian.AppendUint16(buf, uint16(p.Row))
		buf = binary.LittleEndian.AppendUint16(buf, uint16(p.Col))
		buf = binary.LittleEndian.AppendUint16(buf, uint16(p.Width))
		buf = binary.LittleEndian.AppendUint16(buf, uint16(p.Height))
		buf = append(buf, byte(p.Motion))
	}
	return Blocks{rows: uint16(rows), cols: uint16(cols), pieces: string(buf)}
}

// IsValid reports whether b is a puzzle, that is, not the zero Blocks.
func (b Blocks) IsValid() bool { return b.rows != 0 }

// Rows returns the number of rows of the grid.
func (b Blocks) Rows() int { return int(b.rows) }

// Cols returns the number of columns of the grid.
func (b Blocks) Cols() int { return int(b.cols) }

// NumPieces returns the number of pieces, the goal piece included.
func (b Blocks) NumPieces() int { return len(b.pieces) / pieceBytes }

// Piece returns piece i, or the zero Piece (0 x 0) if there is no piece i.
func (b Blocks) Piece(i int) Piece {
	if i < 0 || i >= b.NumPieces() {
		return Piece{}
	}
	p := []byte(b.pieces[pieceBytes*i : pieceBytes*(i+1)])
	u := func(k int) int { return int(binary.LittleEndian.Uint16(p[2*k:])) }
	return Piece{Row: u(0), Col: u(1), Width: u(2), Height: u(3), Motion: Motion(p[8])}
}

// Pieces returns the pieces in order, in a new slice.
func (b Blocks) Pieces() []Piece {
	ps := make([]Piece, b.NumPieces())
	for i := range ps {
		ps[i] = b.Piece(i)
	}
	return ps
}

// At returns the number of the piece covering the cell in row r, column c
// (both from 0), or -1 if the cell is empty or outside the grid. It costs
// O(pieces); Grid draws the whole grid at once.
func (b Blocks) At(r, c int) int {
	for i := range b.NumPieces() {
		if b.Piece(i).covers(r, c) {
			return i
		}
	}
	return -1
}

// owners returns which piece covers each cell.
func (b Blocks) owners() cellOwners {
	g := newCellOwners(b.Rows(), b.Cols())
	for i := range b.NumPieces() {
		g.place(b.Piece(i), i)
	}
	return g
}

// Grid returns a picture of the puzzle: a border of '*' around the grid,
// '.' for an empty cell and the PieceName of the piece covering any other
// cell, each line ending in a newline. The 4 x 4 example of ParseBlocks is
//
//	******
//	*12..*
//	*3.44*
//	*ZZ5.*
//	*6657*
//	******
//
// The zero Blocks is the empty string.
func (b Blocks) Grid() string {
	if !b.IsValid() {
		return ""
	}
	var sb strings.Builder
	border := strings.Repeat("*", b.Cols()+2) + "\n"
	sb.WriteString(border)
	own := b.owners()
	for r := range b.Rows() {
		sb.WriteByte('*')
		for _, i := range own.own[r*b.Cols() : (r+1)*b.Cols()] {
			if i < 0 {
				sb.WriteByte('.')
			} else {
				sb.WriteRune(PieceName(int(i)))
			}
		}
		sb.WriteString("*\n")
	}
	sb.WriteString(border)
	return sb.String()
}

// String returns b in the text format of ParseBlocks, without comments:
// "rows cols", then a line "row col width height motion" per piece, the
// goal piece first, positions from 1. ParseBlocks reads it back to b. The
// zero Blocks is the empty string.
func (b Blocks) String() string {
	if !b.IsValid() {
		return ""
	}
	var buf []byte
	buf = strconv.AppendInt(buf, int64(b.rows), 10)
	buf = append(buf, ' ')
	buf = strconv.AppendInt(buf, int64(b.cols), 10)
	buf = append(buf, '\n')
	for i := range b.NumPieces() {
		p := b.Piece(i)
		for _, v := range [...]int{p.Row + 1, p.Col + 1, p.Width, p.Height} {
			buf = strconv.AppendInt(buf, int64(v), 10)
			buf = append(buf, ' ')
		}
		buf = append(buf, motionLetters[p.Motion], '\n')
	}
	return string(buf)
}

// Slide returns the puzzle after piece i slides cells cells (at least 1)
// in direction d, through free cells only. ok is false, and b is returned,
// if there is no piece i, its Motion forbids d, or the way is not free.
// As on a Board, where d is the way the tile that moves goes, d is the way
// the piece itself goes: Up lowers its row. O(pieces): it allocates the
// new puzzle and nothing else.
func (b Blocks) Slide(i int, d Direction, cells int) (next Blocks, ok bool) {
	if i < 0 || i >= b.NumPieces() || d > Right || cells < 1 || cells > MaxCells {
		return b, false
	}
	p := b.Piece(i)
	if !p.Motion.allows(d) {
		return b, false
	}
	dr, dc := d.offset()
	q := p
	q.Row, q.Col = p.Row+cells*dr, p.Col+cells*dc
	if q.Row < 0 || q.Col < 0 || q.Row+q.Height > b.Rows() || q.Col+q.Width > b.Cols() {
		return b, false
	}
	// The cells swept, start excluded, make one rectangle: the way is free
	// when no other piece meets it.
	way := Piece{Row: min(p.Row+dr, q.Row), Col: min(p.Col+dc, q.Col)}
	way.Width = max(p.Col, q.Col) + p.Width - way.Col
	way.Height = max(p.Row, q.Row) + p.Height - way.Row
	for j := range b.NumPieces() {
		if j != i && b.Piece(j).meets(way) {
			return b, false
		}
	}
	buf := []byte(b.pieces)
	binary.LittleEndian.PutUint16(buf[pieceBytes*i:], uint16(q.Row))
	binary.LittleEndian.PutUint16(buf[pieceBytes*i+2:], uint16(q.Col))
	return Blocks{rows: b.rows, cols: b.cols, pieces: string(buf)}, true
}

// Move returns the puzzle after move m, its slides made in order as Slide
// makes them. ok is false, and b is returned, if one of them cannot be
// made or m has none.
func (b Blocks) Move(m BlockMove) (next Blocks, ok bool) {
	next = b
	for _, s := range m.Slides {
		if next, ok = next.Slide(m.Piece, s.Dir, s.Cells); !ok {
			return b, false
		}
	}
	return next, len(m.Slides) > 0
}

// offset returns the change of row and column of a piece that moves one
// cell in direction d.
func (d Direction) offset() (dr, dc int) { return blocks.Offset(tiles.Dir(d)) }

// PieceName returns the one-character name of piece i (from 0) in the
// pictures of Grid and in move descriptions: Z for the goal piece, then 1
// to 9, a to z and A to Y, which name 61 pieces, as the text format of
// ParseBlocks has it. The 62nd piece and later take the Unicode letters
// from U+00C0 up, in code-point order: À Á Â ... Ö Ø ... ö ø ... ÿ Ā ā ...
// (the non-letters × and ÷ are skipped), so the first 459 pieces are named
// from ASCII and the Latin-1 and Latin Extended-A and -B letters. Names
// never repeat and never clash with the '.' and '*' of the pictures; a name
// is one character, though not always one byte. Every piece a Blocks can
// hold (up to MaxCells) has a name of its own, since the letters number
// over 130,000 (see numPieceNames); PieceName returns '?' for a negative i or
// one beyond them. O(log n): a binary search over the letters' ranges.
func PieceName(i int) rune {
	switch {
	case i < 0:
		return '?'
	case i < len(asciiNames):
		return rune(asciiNames[i])
	}
	t := letterTable()
	k := i - len(asciiNames)
	if k >= t.total {
		return '?'
	}
	// The last range that starts at or before the k-th letter.
	j := sort.Search(len(t.ranges), func(j int) bool { return t.ranges[j].before > k }) - 1
	r := t.ranges[j]
	return rune(r.lo + uint32(k-r.before)*r.stride)
}

// numPieceNames returns how many pieces PieceName names, each differently.
func numPieceNames() int { return len(asciiNames) + letterTable().total }

const asciiNames = "Z123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXY"

// firstLetter is the first code point of the names after the ASCII ones.
const firstLetter = 0xC0

// A letterRange is a run of Unicode letters at a fixed stride, with the
// number of letters from firstLetter on that come before it.
type letterRange struct {
	lo, stride uint32
	before     int
}

type letters struct {
	ranges []letterRange
	total  int
}

// letterTable returns the ranges of unicode.Letter from firstLetter on,
// made on first use (about 620 ranges).
var letterTable = sync.OnceValue(func() letters {
	var t letters
	add := func(lo, hi, stride uint32) {
		if hi < firstLetter {
			return
		}
		for lo < firstLetter {
			lo += stride
		}
		if lo > hi {
			return
		}
		t.ranges = append(t.ranges, letterRange{lo: lo, stride: stride, before: t.total})
		t.total += int((hi-lo)/stride) + 1
	}
	for _, r := range unicode.Letter.R16 {
		add(uint32(r.Lo), uint32(r.Hi), uint32(r.Stride))
	}
	for _, r := range unicode.Letter.R32 {
		add(r.Lo, r.Hi, r.Stride)
	}
	return t
})
