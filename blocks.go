package slide

import (
	"encoding/binary"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/slidekit/slide/internal/blocks"
	"github.com/slidekit/slide/internal/tiles"
)

// Motion is the way a sliding-block piece may move.
type Motion uint8

// The motions, with their letters in the text format of [ParseBlocks].
const (
	Fixed      Motion = iota // n: never moves
	Horizontal               // h: left and right
	Vertical                 // v: up and down
	Both                     // b: in all four directions
	numMotions
)

// motionLetters are the letters of the motions in the text format.
const motionLetters = "nhvb"

var motionText = enum[Motion]{typ: "Motion", kind: "motion",
	names:   []string{"fixed", "horizontal", "vertical", "both"},
	aliases: map[string]Motion{"n": Fixed, "h": Horizontal, "v": Vertical, "b": Both}}

// String returns "fixed", "horizontal", "vertical" or "both".
func (m Motion) String() string { return motionText.format(m) }

// ParseMotion returns the [Motion] named s, or by its letter: n, h, v or b.
func ParseMotion(s string) (Motion, error) { return motionText.parse("ParseMotion", s) }

// MarshalText implements [encoding.TextMarshaler]: the name String returns.
func (m Motion) MarshalText() ([]byte, error) { return motionText.marshal(m) }

// UnmarshalText implements [encoding.TextUnmarshaler] with [ParseMotion].
func (m *Motion) UnmarshalText(text []byte) error { return motionText.unmarshal(text, m) }

// allows reports whether a piece of motion m may slide in direction d.
func (m Motion) allows(d Direction) bool { return blocks.Motion(m).Allows(tiles.Dir(d)) }

// A Piece is a rectangle of a sliding-block puzzle: its upper-left cell (from
// 0), size, [Motion] and name, a letter or digit (0: made up).
type Piece struct {
	Row, Col      int
	Width, Height int
	Motion        Motion
	Name          rune
}

// meets reports whether p and q share a cell.
func (p Piece) meets(q Piece) bool {
	return p.Row < q.Row+q.Height && q.Row < p.Row+p.Height && p.Col < q.Col+q.Width && q.Col < p.Col+p.Width
}

// covers reports whether p covers the cell in row r, column c.
func (p Piece) covers(r, c int) bool {
	return r >= p.Row && r < p.Row+p.Height && c >= p.Col && c < p.Col+p.Width
}

// Blocks is an immutable, comparable sliding-block puzzle, piece 0 the goal
// piece, cells from 0 (from 1 in [ParseBlocks] text); the zero one is invalid.
type Blocks struct {
	rows, cols uint16
	// pieceBytes a piece: row, col, width, height (little-endian uint16s),
	// motion, name (a little-endian uint32: 0 in a puzzle that names no
	// piece, else every piece's, those made up included)
	pieces string
}

const pieceBytes = 13

// NewBlocks returns the rows x cols puzzle of pieces, the goal piece first.
func NewBlocks(rows, cols int, pieces []Piece) (Blocks, error) {
	const fn = "NewBlocks"
	if err := checkBlockSize(fn, rows, cols); err != nil {
		return Blocks{}, err
	}
	if len(pieces) == 0 {
		return Blocks{}, errorf(fn, ErrPiece, "no pieces: piece 0 is the goal piece")
	}
	cells := newCellOwners(rows, cols)
	var names nameOwners
	for i, p := range pieces {
		if msg := checkPiece(rows, cols, p); msg != "" {
			return Blocks{}, errorf(fn, ErrPiece, "piece %d %s", i, msg)
		}
		if j, msg := names.check(p); msg != "" {
			if j >= 0 {
				msg += " of piece " + strconv.Itoa(j)
			}
			return Blocks{}, errorf(fn, ErrPiece, "piece %d %s", i, msg)
		}
		if j := cells.place(p, i); j >= 0 {
			return Blocks{}, errorf(fn, ErrPiece, "piece %d overlaps piece %d", i, j)
		}
		names.add(p, i)
	}
	return makeBlocks(rows, cols, pieces), nil
}

// nameOwners records the first piece of each name and its motion.
type nameOwners map[rune]nameOwner

type nameOwner struct {
	piece int
	fixed bool
}

// check returns what is wrong with the name of p, given the pieces named
// before it, or "": a name that is not a letter or digit, or one taken,
// where j is the piece that has it (else -1).
func (n nameOwners) check(p Piece) (j int, msg string) {
	switch o, taken := n[p.Name]; {
	case p.Name == 0:
	case !unicode.IsLetter(p.Name) && !unicode.IsDigit(p.Name):
		return -1, "has the name " + strconv.QuoteRune(p.Name) + ": a name is a letter or a digit"
	case taken && (!o.fixed || p.Motion != Fixed):
		return o.piece, "has the name " + string(p.Name)
	}
	return -1, ""
}

// add records piece i, p, whose name check has passed.
func (n *nameOwners) add(p Piece, i int) {
	if p.Name == 0 {
		return
	}
	if *n == nil {
		*n = nameOwners{}
	}
	if _, taken := (*n)[p.Name]; !taken {
		(*n)[p.Name] = nameOwner{piece: i, fixed: p.Motion == Fixed}
	}
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

// makeBlocks packs checked pieces, making up the names of those that
// have none when others have one (see madeUpNames).
func makeBlocks(rows, cols int, pieces []Piece) Blocks {
	named, unnamed := false, false
	for _, p := range pieces {
		named, unnamed = named || p.Name != 0, unnamed || p.Name == 0
	}
	var names []rune
	if named && unnamed {
		names = madeUpNames(pieces)
	}
	buf := make([]byte, 0, pieceBytes*len(pieces))
	for i, p := range pieces {
		buf = binary.LittleEndian.AppendUint16(buf, uint16(p.Row))
		buf = binary.LittleEndian.AppendUint16(buf, uint16(p.Col))
		buf = binary.LittleEndian.AppendUint16(buf, uint16(p.Width))
		buf = binary.LittleEndian.AppendUint16(buf, uint16(p.Height))
		buf = append(buf, byte(p.Motion))
		name := p.Name
		if names != nil {
			name = names[i]
		}
		buf = binary.LittleEndian.AppendUint32(buf, uint32(name))
	}
	return Blocks{rows: uint16(rows), cols: uint16(cols), pieces: string(buf)}
}

// madeUpNames returns the names of pieces, some named: a piece without
// one takes the name pieceName gives its number, or, where another piece
// has it, the next name of pieceName's sequence that no piece has. O(n).
func madeUpNames(pieces []Piece) []rune {
	taken := map[rune]bool{}
	for _, p := range pieces {
		taken[p.Name] = true
	}
	names := make([]rune, len(pieces))
	k := 0 // the next name of the sequence not yet made up
	for i, p := range pieces {
		names[i] = p.Name
		if p.Name != 0 {
			continue
		}
		for k = max(k, i); taken[pieceName(k)]; k++ {
		}
		names[i] = pieceName(k)
		k++
	}
	return names
}

// IsValid reports whether b is not the zero Blocks.
func (b Blocks) IsValid() bool { return b.rows != 0 }

// Rows returns the number of rows.
func (b Blocks) Rows() int { return int(b.rows) }

// Cols returns the number of columns.
func (b Blocks) Cols() int { return int(b.cols) }

// NumPieces returns the number of pieces.
func (b Blocks) NumPieces() int { return len(b.pieces) / pieceBytes }

// Piece returns piece i, or the zero [Piece].
func (b Blocks) Piece(i int) Piece {
	if i < 0 || i >= b.NumPieces() {
		return Piece{}
	}
	p := []byte(b.pieces[pieceBytes*i : pieceBytes*(i+1)])
	u := func(k int) int { return int(binary.LittleEndian.Uint16(p[2*k:])) }
	return Piece{Row: u(0), Col: u(1), Width: u(2), Height: u(3), Motion: Motion(p[8]), Name: rune(binary.LittleEndian.Uint32(p[9:]))}
}

// Name returns piece i's name: its own, else one made up: Z, 1-9, a-z, ...
func (b Blocks) Name(i int) rune {
	switch p := b.Piece(i); {
	case i < 0 || i >= b.NumPieces():
		return '?'
	case p.Name != 0:
		return p.Name
	}
	return pieceName(i)
}

// Pieces returns the pieces in a new slice.
func (b Blocks) Pieces() []Piece {
	ps := make([]Piece, b.NumPieces())
	for i := range ps {
		ps[i] = b.Piece(i)
	}
	return ps
}

// At returns the piece covering row r, column c, or -1.
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

// Grid draws the puzzle framed by '*', pieces by name, '.' an empty cell.
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
				sb.WriteRune(b.Name(int(i)))
			}
		}
		sb.WriteString("*\n")
	}
	sb.WriteString(border)
	return sb.String()
}

// String returns b in the text format of [ParseBlocks].
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
		buf = append(buf, motionLetters[p.Motion])
		if p.Name != 0 {
			buf = append(buf, ' ')
			buf = utf8.AppendRune(buf, p.Name)
		}
		buf = append(buf, '\n')
	}
	return string(buf)
}

// Slide returns the puzzle after piece i slides cells cells in direction d.
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

// Move returns the puzzle after m, or b and false.
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

// pieceName is the name made up for piece i of a puzzle that names none
// (see Blocks.Name): Z, then 1-9, a-z, A-Y, then letters from U+00C0.
func pieceName(i int) rune {
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
