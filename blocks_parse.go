package slide

import (
	"errors"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/slidekit/slide/internal/input"
)

// ParseBlocks reads a sliding-block puzzle: "rows cols", then a line a piece,
// the goal piece first: its upper-left cell's row and column (from 1), width,
// height, [Motion] letter and, if you like, a name; '#' starts a comment.
//
//	4 4
//	3 1 2 1 b A
//	1 1 1 1 b
//
// A malformed line, or a piece off the grid, overlapping another or reusing
// a name, is discarded and listed in a *[DiscardError]; b is the rest.
func ParseBlocks(s string) (b Blocks, err error) {
	return readBlocks("ParseBlocks", strings.NewReader(s))
}

// ReadBlocks is [ParseBlocks] reading r, in memory for the puzzle only.
func ReadBlocks(r io.Reader) (Blocks, error) { return readBlocks("ReadBlocks", r) }

// MustParseBlocks is [ParseBlocks] for literals, panicking on any error.
func MustParseBlocks(s string) Blocks { return must(ParseBlocks(s)) }

// A DiscardError lists the lines [ParseBlocks] discarded, wrapping their
// errors.
type DiscardError struct {
	Lines []*Error // the first MaxDiscards lines discarded, each with its line number and what was wrong
	More  int      // how many more were discarded
}

// MaxDiscards is the most lines a [DiscardError] lists.
const MaxDiscards = 10

// Error returns the lines' messages, one a line, and how many more.
func (e *DiscardError) Error() string {
	msgs := make([]string, 0, len(e.Lines)+1)
	for _, l := range e.Lines {
		msgs = append(msgs, l.Error())
	}
	switch {
	case e.More == 1:
		msgs = append(msgs, "and 1 more piece line discarded")
	case e.More > 1:
		msgs = append(msgs, "and "+strconv.Itoa(e.More)+" more piece lines discarded")
	}
	return strings.Join(msgs, "\n")
}

// Unwrap returns the errors of the lines listed.
func (e *DiscardError) Unwrap() []error {
	errs := make([]error, len(e.Lines))
	for i, l := range e.Lines {
		errs[i] = l
	}
	return errs
}

// add records a discarded line's error.
func (e *DiscardError) add(err *Error) {
	if len(e.Lines) == MaxDiscards {
		e.More++
		return
	}
	e.Lines = append(e.Lines, err)
}

// readBlocks reads a puzzle from r as function fn.
func readBlocks(fn string, r io.Reader) (Blocks, error) {
	var discarded DiscardError
	rows, cols := 0, 0
	var pieces []Piece
	var cells cellOwners
	var names nameOwners
	lineOf := []int(nil) // the line of each valid piece
	sized := false
	in := input.NewScanner(r, nil)
	for first, ok := in.Next(); ok; first, ok = in.Next() {
		if strings.HasPrefix(first.Text, "#") {
			in.SkipLine()
			continue
		}
		line := readBlockLine(in, first)
		if in.Err() != nil { // the line did not end
			break
		}
		if !sized {
			var err error
			if rows, cols, err = parseBlockSize(fn, line); err != nil {
				return Blocks{}, err
			}
			sized, cells = true, newCellOwners(rows, cols)
			continue
		}
		p, perr := parsePiece(fn, line, rows, cols)
		if perr == nil {
			if j, msg := names.check(p); msg != "" {
				if j >= 0 {
					msg += " of the piece of line " + strconv.Itoa(lineOf[j])
				}
				perr = errorf(fn, ErrPiece, "line %d: piece %s %s; discarded", line.ln, line.quote(), msg)
			} else if j := cells.place(p, len(pieces)); j >= 0 {
				perr = errorf(fn, ErrPiece, "line %d: piece %s overlaps the piece of line %d; discarded", line.ln, line.quote(), lineOf[j])
			}
		}
		if perr != nil {
			discarded.add(perr)
			continue
		}
		names.add(p, len(pieces))
		pieces = append(pieces, p)
		lineOf = append(lineOf, line.ln)
	}
	switch {
	case in.Err() != nil:
		return Blocks{}, scanError(fn, in.Err())
	case !sized:
		return Blocks{}, errorf(fn, ErrSyntax, "no size line: want \"rows cols\" first")
	case len(pieces) == 0 && len(discarded.Lines) > 0:
		return Blocks{}, errors.Join(errorf(fn, ErrPiece, "no valid piece: a puzzle needs a goal piece"), &discarded)
	case len(pieces) == 0:
		return Blocks{}, errorf(fn, ErrPiece, "no valid piece: a puzzle needs a goal piece")
	case len(discarded.Lines) > 0:
		return makeBlocks(rows, cols, pieces), &discarded
	}
	return makeBlocks(rows, cols, pieces), nil
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
// line with a name has.
const blockFields = 7

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
func parsePiece(fn string, l blockLine, rows, cols int) (Piece, *Error) {
	text := l.quote()
	switch {
	case l.n < 5:
		return Piece{}, errorf(fn, ErrSyntax, "line %d: piece %s has %d fields, want row col width height motion; discarded", l.ln, text, l.n)
	case l.n > 6:
		return Piece{}, errorf(fn, ErrSyntax, "line %d: piece %s has %d fields, want row col width height motion and at most a name; discarded", l.ln, text, l.n)
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
	if l.n == 6 {
		name, size := utf8.DecodeRuneInString(fields[5].Text)
		if size != len(fields[5].Text) || fields[5].Clipped() || name == utf8.RuneError || !unicode.IsLetter(name) && !unicode.IsDigit(name) {
			return Piece{}, errorf(fn, ErrSyntax, "line %d: piece %s: name %s is not one letter or digit; discarded", l.ln, text, fields[5].Quote())
		}
		p.Name = name
	}
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

// ParseRushHour reads 36 Rush Hour cells: '.' empty, 'x' a wall, 'A' the car.
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
			pieces = append(pieces, Piece{Row: i / side, Col: i % side, Width: 1, Height: 1, Motion: Fixed, Name: 'x'})
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
		p := Piece{Row: f / side, Col: f % side, Width: count[k], Height: 1, Motion: Horizontal, Name: rune(ch)}
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

// MarshalText implements [encoding.TextMarshaler] with the text format.
func (b Blocks) MarshalText() ([]byte, error) { return []byte(b.String()), nil }

// UnmarshalText implements [encoding.TextUnmarshaler] with [ParseBlocks].
func (b *Blocks) UnmarshalText(text []byte) error {
	if blankText(string(text)) {
		*b = Blocks{}
		return nil
	}
	nb, err := readBlocks("Blocks.UnmarshalText", strings.NewReader(string(text)))
	if err != nil {
		return err
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
