package slide

import (
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/slidekit/slide/internal/input"
)

// The text form of a Board, which [Board.String] writes and [ParseBoard],
// [ReadBoard], [MustParseBoard] and [Board.UnmarshalText] read: a line
// holding n (for n x n) or "rows cols", then the labels in row-major
// order, 0 for the blank, separated by any white space; lines end in "\n",
// "\r\n" or "\r" alone, and a control character (see input.IsControl)
// ends the input with an [ErrSyntax] that names its line and column:
//
//	3
//	1 2 3
//	4 0 6
//	7 5 8
//
// Any labels that [NewLabeled] takes are read; [Board.IsPermutation] tells
// whether they are 1 to R*C-1 once each, and [New] explains why not.

// ParseBoard reads a board: "n" (n x n) or "rows cols", then the labels, 0 the
// blank. Errors wrap [ErrSyntax], [ErrSize] or [ErrTile].
func ParseBoard(s string) (Board, error) { return readBoard("ParseBoard", strings.NewReader(s)) }

// ReadBoard is [ParseBoard] reading r to its end, in memory for the board
// only.
func ReadBoard(r io.Reader) (Board, error) { return readBoard("ReadBoard", r) }

// MustParseBoard is [ParseBoard] for literals, panicking on an error.
func MustParseBoard(s string) Board { return must(ParseBoard(s)) }

// must returns v, or panics with err: the body of the Must functions.
func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// readBoard is ReadBoard under the name fn.
func readBoard(fn string, r io.Reader) (Board, error) {
	in := input.NewScanner(r, nil)
	failed := func() error { return scanError(fn, in.Err()) }
	head, ok := in.Next()
	if !ok {
		if in.Err() != nil {
			return Board{}, failed()
		}
		return Board{}, errorf(fn, ErrSyntax, "empty input: want a size line")
	}
	sizes := []input.Field{head}
	if f, ok := in.Peek(); ok && f.Line == head.Line {
		sizes = append(sizes, f)
		in.Next()
		if more, _ := in.SkipFields(); more > 0 && in.Err() == nil {
			return Board{}, errorf(fn, ErrSyntax, "line %d: size line has %d fields, want n or rows cols", head.Line, 2+more)
		}
	}
	if in.Err() != nil { // the size line did not end
		return Board{}, failed()
	}
	var dims []int
	for _, f := range sizes {
		v, ok := f.Int()
		if !ok {
			return Board{}, errorf(fn, ErrSyntax, "line %d: size %s is not an integer", f.Line, f.Quote())
		}
		dims = append(dims, v)
	}
	rows, cols := dims[0], dims[len(dims)-1]
	if err := checkSize(fn, rows, cols); err != nil {
		return Board{}, err
	}
	n := rows * cols
	tiles := make([]int, 0, n)
	for f, ok := in.Next(); ok; f, ok = in.Next() {
		if len(tiles) == n {
			return Board{}, errorf(fn, ErrSyntax, "line %d: extra value %s after %d tiles", f.Line, f.Quote(), n)
		}
		v, ok := f.Int()
		if !ok {
			return Board{}, errorf(fn, ErrSyntax, "line %d: tile %s is not an integer", f.Line, f.Quote())
		}
		tiles = append(tiles, v)
	}
	if in.Err() != nil {
		return Board{}, failed()
	}
	if len(tiles) < n {
		return Board{}, errorf(fn, ErrSize, "%d x %d board needs %d tiles, got %d", rows, cols, n, len(tiles))
	}
	return build(fn, rows, cols, tiles, false)
}

// scanError returns the error of function fn for err, the error of the
// Scanner it read: a control character is an [ErrSyntax], where the
// input is not text; anything else a failed read.
func scanError(fn string, err error) *Error {
	if ce, ok := err.(*input.ControlError); ok {
		return errorf(fn, ErrSyntax, "%s", ce.Error())
	}
	return &Error{Func: fn, Msg: "reading: " + err.Error(), Err: err}
}

// String returns b in its text form, "" for the zero Board.
func (b Board) String() string {
	text, _ := b.appendText(nil)
	return string(text)
}

// appendText appends b's text form to dst.
func (b Board) appendText(dst []byte) ([]byte, error) {
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

// MarshalText implements [encoding.TextMarshaler] with the text form.
func (b Board) MarshalText() ([]byte, error) { return b.appendText(nil) }

// UnmarshalText implements [encoding.TextUnmarshaler] with [ParseBoard].
func (b *Board) UnmarshalText(text []byte) error {
	if len(strings.TrimSpace(string(text))) == 0 {
		*b = Board{}
		return nil
	}
	nb, err := readBoard("Board.UnmarshalText", strings.NewReader(string(text)))
	if err != nil {
		return err
	}
	*b = nb
	return nil
}

// PositionBlank marks the blank in a position (see [ParsePosition]).
const PositionBlank = '-'

// ParsePosition reads a rows x cols board, a character a cell ([PositionBlank]).
func ParsePosition(rows, cols int, s string) (Board, error) {
	const fn = "ParsePosition"
	if err := checkSize(fn, rows, cols); err != nil {
		return Board{}, err
	}
	if !utf8.ValidString(s) {
		return Board{}, errorf(fn, ErrSyntax, "%s is not valid UTF-8", input.Quote(s))
	}
	if n := utf8.RuneCountInString(s); n != rows*cols {
		return Board{}, errorf(fn, ErrSize, "%d characters, want %d for %d x %d", n, rows*cols, rows, cols)
	}
	switch strings.Count(s, string(PositionBlank)) {
	case 0:
		return Board{}, errorf(fn, ErrTile, "no blank (%c)", PositionBlank)
	case 1:
	default:
		return Board{}, errorf(fn, ErrTile, "more than one blank (%c)", PositionBlank)
	}
	labels := make([]int, 0, rows*cols)
	for _, r := range s {
		switch {
		case r == PositionBlank:
			labels = append(labels, 0)
		case !unicode.IsPrint(r) || r > MaxLabel:
			return Board{}, errorf(fn, ErrTile, "character %U is not a printable tile", r)
		default:
			labels = append(labels, int(r))
		}
	}
	return build(fn, rows, cols, labels, false)
}

// Position returns b as [ParsePosition] reads it, if every label is printable.
func (b Board) Position() (string, error) {
	var sb strings.Builder
	sb.Grow(b.Len())
	for i := range b.Len() {
		t := b.tile(i)
		switch {
		case t == 0:
			sb.WriteRune(PositionBlank)
		case t == PositionBlank || !unicode.IsPrint(rune(t)):
			return "", errorf("Board.Position", ErrTile, "label %d is not a printable character other than %q", t, PositionBlank)
		default:
			sb.WriteRune(rune(t))
		}
	}
	return sb.String(), nil
}
