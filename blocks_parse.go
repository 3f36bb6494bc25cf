package slide

import (
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/slidekit/slide/internal/input"
)

// ParseBlocks reads a sliding-block puzzle in this text format, here the
// 4 x 4 puzzle that Blocks.Grid draws:
//
//	# a comment
//	4 4
//	3 1 2 1 b
//	1 1 1 1 b
//	1 2 1 1 b
//	2 1 1 1 b
//	2 3 2 1 b
//	3 3 1 2 b
//	4 1 2 1 b
//	4 4 1 1 b
//
// The first line gives the number of rows and of columns of the grid. Each
// later line is a piece: the row and column of its upper-left cell
// (counted from 1), its width in columns, its height in rows, and a letter
// for its Motion: h (Horizontal), v (Vertical), b (Both) or n (Fixed, "no
// movement"). The first piece is the goal piece. Fields are separated by
// white space; blank lines and lines that start with '#' are skipped.
//
// A piece line that is malformed (not four integers and a letter), lies
// outside the grid, has another letter or overlaps an earlier piece is
// discarded: ParseBlocks goes on without it and reports it in discarded, as
// an *Error that names the line and wraps ErrSyntax or ErrPiece. If the
// goal piece's line is discarded, the first valid piece becomes the goal
// piece. err is set, and b is the zero Blocks, only when the size line is
// missing or malformed (ErrSyntax), gives rows or columns below 1 or too
// many cells (ErrSize), or no piece is valid (ErrPiece). Messages quote at
// most 40 characters of an offending line. O(length of text +
// rows*cols).
func ParseBlocks(text string) (b Blocks, discarded []error, err error) {
	return readBlocks("ParseBlocks", strings.NewReader(text))
}

// ReadBlocks is ParseBlocks reading the text from r, a field at a time: its
// memory grows with the pieces, not with the length of the lines or
// comments, so a file of 50 MB on one line costs what a short one does.
// A failed read is returned as err, as it is. O(length of text +
// rows*cols).
func ReadBlocks(r io.Reader) (b Blocks, discarded []error, err error) {
	return readBlocks("ReadBlocks", r)
}

func readBlocks(fn string, r io.Reader) (b Blocks, discarded []error, err error) {
	rows, cols := 0, 0
	var pieces []Piece
	var cells cellOwners
	lineOf := []int(nil) // the line of each valid piece
	sized := false
	in := input.NewScanner(r, nil)
	for first, ok := in.Next(); ok; first, ok = in.Next() {
		if strings.HasPrefix(first.Text, "#") {
			in.SkipLine()
			continue
		}
		line := readBlockLine(in, first)
		if !sized {
			if rows, cols, err = parseBlockSize(fn, line); err != nil {
				return Blocks{}, discarded, err
			}
			sized, cells = true, newCellOwners(rows, cols)
			continue
		}
		p, perr := parsePiece(fn, line, rows, cols)
		if perr == nil {
			if j := cells.place(p, len(pieces)); j >= 0 {
				perr = errorf(fn, ErrPiece, "line %d: piece %s overlaps the piece of line %d; discarded", line.ln, line.quote(), lineOf[j])
			}
		}
		if perr != nil {
			discarded = append(discarded, perr)
			continue
		}
		pieces = append(pieces, p)
		lineOf = append(lineOf, line.ln)
	}
	switch {
	case in.Err() != nil:
		return Blocks{}, discarded, in.Err()
	case !sized:
		return Blocks{}, discarded, errorf(fn, ErrSyntax, "no size line: want \"rows cols\" first")
	case len(pieces) == 0:
		return Blocks{}, discarded, errorf(fn, ErrPiece, "no valid piece: a puzzle needs a goal piece")
	}
	return makeBlocks(rows, cols, pieces), discarded, nil
}

// A blockLine is a line of the text format, as far as parsing needs it.
type blockLine struct {
	ln     int
	fields []input.Field // the first blockFields fields
	n      int           // how many fields the line has
	text   string        // the start of the fields joined by single blanks
	size   int           // the length in bytes of that whole join
}

// blockFields is the most fields of a line kept: one more than a piece
// line has.
const blockFields = 6

// readBlockLine reads the line that starts with the field first, keeping
// its first fields and counting the others.
func readBlockLine(in *input.Scanner, first input.Field) blockLine {
	l := blockLine{ln: first.Line, fields: []input.Field{first}}
	for f, ok := in.Peek(); ok && f.Line == l.ln && len(l.fields) < blockFields; f, ok = in.Peek() {
		l.fields = append(l.fields, f)
		in.Next()
	}
	rest, bytes := in.SkipFields()
	l.n, l.size = len(l.fields)+rest, bytes+rest // the fields skipped and a blank before each
	var sb strings.Builder
	clipped := false // the join's text stops at a clipped field
	for i, f := range l.fields {
		l.size += f.Len + min(i, 1)
		if clipped {
			continue
		}
		if i > 0 {
			sb.WriteByte(' ')
		}
		sb.WriteString(f.Text)
		clipped = f.Clipped()
	}
	l.text = sb.String()
	return l
}

// quote returns the line's fields, quoted for a message.
func (l blockLine) quote() string { return input.QuoteClipped(l.text, l.size) }

// parseBlockSize reads the size line.
func parseBlockSize(fn string, l blockLine) (rows, cols int, err error) {
	if l.n != 2 {
		return 0, 0, errorf(fn, ErrSyntax, "line %d: size line %s has %d fields, want rows cols", l.ln, l.quote(), l.n)
	}
	var dims [2]int
	for i, f := range l.fields {
		if dims[i], err = strconv.Atoi(f.Text); err != nil || f.Clipped() {
			return 0, 0, errorf(fn, ErrSyntax, "line %d: size %s is not an integer", l.ln, f.Quote())
		}
	}
	if err := checkBlockSize(fn, dims[0], dims[1]); err != nil {
		err.(*Error).Msg = "line " + strconv.Itoa(l.ln) + ": " + err.(*Error).Msg
		return 0, 0, err
	}
	return dims[0], dims[1], nil
}

// parsePiece reads a piece line, checking it against the grid but not
// against other pieces.
func parsePiece(fn string, l blockLine, rows, cols int) (Piece, error) {
	text := l.quote()
	if l.n != 5 {
		return Piece{}, errorf(fn, ErrSyntax, "line %d: piece %s has %d fields, want row col width height motion; discarded", l.ln, text, l.n)
	}
	fields := l.fields
	var v [4]int
	for i, name := range [...]string{"row", "column", "width", "height"} {
		n, err := strconv.Atoi(fields[i].Text)
		if err != nil || fields[i].Clipped() {
			return Piece{}, errorf(fn, ErrSyntax, "line %d: piece %s: %s %s is not an integer; discarded", l.ln, text, name, fields[i].Quote())
		}
		v[i] = n
	}
	m := strings.Index(motionLetters, fields[4].Text)
	if fields[4].Len != 1 || m < 0 {
		return Piece{}, errorf(fn, ErrSyntax, "line %d: piece %s: motion %s is not h, v, b or n; discarded", l.ln, text, fields[4].Quote())
	}
	p := Piece{Row: v[0] - 1, Col: v[1] - 1, Width: v[2], Height: v[3], Motion: Motion(m)}
	if v[0] < 1 || v[1] < 1 { // and v[0]-1 might overflow
		p.Row, p.Col = -1, -1
	}
	if msg := checkPiece(rows, cols, p); msg != "" {
		if p.Row < 0 {
			msg = "at row " + fields[0].Text + ", column " + fields[1].Text + " is outside the grid (rows and columns count from 1)"
		}
		return Piece{}, errorf(fn, ErrPiece, "line %d: piece %s %s; discarded", l.ln, text, msg)
	}
	return p, nil
}

// ParseRushHour reads a Rush Hour position in the common 36-character
// notation: the cells of a 6 x 6 grid row by row, '.' or 'o' for an empty
// cell, 'x' for a wall (a Fixed 1 x 1 piece), 'A' for the red car and
// another capital letter for each other car or truck. The cells of a
// vehicle, two or more in a line, give its length and its Motion:
// Horizontal if they lie in one row, Vertical if in one column. The red car
// must lie in a row; it is the goal piece, and leaves by the right edge,
// which is BlockSolver's default goal. The other pieces follow in the order
// of their first cells, row by row. White space around s is ignored.
// For example the hardest position of the public Rush Hour database, 60
// moves from its exit:
//
//	IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM
//
// Errors are *Error values wrapping ErrSyntax (a wrong length or
// character) or ErrPiece (a vehicle's cells not in one line, a one-cell
// vehicle, a vertical red car, no red car).
func ParseRushHour(s string) (Blocks, error) {
	const fn, side = "ParseRushHour", 6
	s = strings.TrimSpace(s)
	if n := utf8.RuneCountInString(s); n != side*side {
		return Blocks{}, errorf(fn, ErrSyntax, "%s has %d characters, want %d (6 x 6, row by row)", input.Quote(s), n, side*side)
	}
	for i, ch := range []rune(s) {
		if ch >= utf8.RuneSelf {
			return Blocks{}, errorf(fn, ErrSyntax, "character %q at %d is not '.', 'o', 'x' or a capital letter", ch, i)
		}
	}
	var order []byte  // letters and walls in order of first cell
	var first [26]int // a letter's first cell, plus one
	var count [26]int
	var pieces []Piece
	for i := range len(s) {
		switch ch := s[i]; {
		case ch == '.' || ch == 'o':
		case ch == 'x':
			order = append(order, 'x')
			pieces = append(pieces, Piece{Row: i / side, Col: i % side, Width: 1, Height: 1, Motion: Fixed})
		case ch >= 'A' && ch <= 'Z':
			k := ch - 'A'
			if count[k] == 0 {
				first[k] = i + 1
				order = append(order, ch)
				pieces = append(pieces, Piece{})
			}
			count[k]++
		default:
			return Blocks{}, errorf(fn, ErrSyntax, "character %q at %d is not '.', 'o', 'x' or a capital letter", ch, i)
		}
	}
	if count[0] == 0 {
		return Blocks{}, errorf(fn, ErrPiece, "no red car A")
	}
	goal := -1
	for j, ch := range order {
		if ch == 'x' {
			continue
		}
		k := ch - 'A'
		f := first[k] - 1
		p := Piece{Row: f / side, Col: f % side, Width: count[k], Height: 1, Motion: Horizontal}
		if count[k] > 1 && f+1 < len(s) && s[f+1] != ch {
			p.Width, p.Height, p.Motion = 1, count[k], Vertical
		}
		if count[k] < 2 {
			return Blocks{}, errorf(fn, ErrPiece, "vehicle %c has one cell: its direction is unknown", ch)
		}
		for c := range count[k] {
			at := f + c
			if p.Motion == Vertical {
				at = f + c*side
			}
			if p.Motion == Horizontal && p.Col+p.Width > side || at >= len(s) || s[at] != ch {
				return Blocks{}, errorf(fn, ErrPiece, "vehicle %c: its %d cells are not in one row or column, side by side", ch, count[k])
			}
		}
		if ch == 'A' {
			if p.Motion != Horizontal {
				return Blocks{}, errorf(fn, ErrPiece, "red car A is vertical: it must lie in a row to leave by the right edge")
			}
			goal = j
		}
		pieces[j] = p
	}
	out := append([]Piece{pieces[goal]}, pieces[:goal]...)
	return NewBlocks(side, side, append(out, pieces[goal+1:]...))
}

// AppendText implements encoding.TextAppender: b in the String form, the
// text format of ParseBlocks. The zero Blocks appends nothing.
func (b Blocks) AppendText(dst []byte) ([]byte, error) { return append(dst, b.String()...), nil }

// MarshalText implements encoding.TextMarshaler with the String form.
func (b Blocks) MarshalText() ([]byte, error) { return b.AppendText(nil) }

// UnmarshalText implements encoding.TextUnmarshaler. It reads the text
// format of ParseBlocks, but strictly: a piece line that ParseBlocks would
// discard is an error here (the first such line is reported), since a
// decoder must not drop part of its input. Empty text, or only white
// space and comments, gives the zero Blocks.
func (b *Blocks) UnmarshalText(text []byte) error {
	const fn = "Blocks.UnmarshalText"
	if blankText(string(text)) {
		*b = Blocks{}
		return nil
	}
	nb, discarded, err := ParseBlocks(string(text))
	if err != nil {
		return renamed(err, fn)
	}
	if len(discarded) > 0 {
		e := renamed(discarded[0], fn).(*Error)
		e.Msg = strings.TrimSuffix(e.Msg, "; discarded")
		return e
	}
	*b = nb
	return nil
}

// blankText reports whether text holds nothing but white space and
// comment lines.
func blankText(text string) bool {
	for line := range strings.SplitSeq(text, "\n") {
		if f := strings.Fields(line); len(f) > 0 && !strings.HasPrefix(f[0], "#") {
			return false
		}
	}
	return true
}
