package slide

import (
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/slidekit/slide/internal/input"
)

// Parse reads a board: a line holding n (n x n) or "rows cols", then the
// labels 0 ... rows*cols-1 in row-major order, separated by white space.
// Errors wrap ErrSyntax, ErrSize or ErrTile and name the line.
func Parse(s string) (Board, error) { return readBoard("Parse", strings.NewReader(s), true) }

// ParseLabeled is Parse for any labels, as NewLabeled takes them.
func ParseLabeled(s string) (Board, error) {
	return readBoard("ParseLabeled", strings.NewReader(s), false)
}

// ReadBoard is Parse reading r, in memory for the board only.
func ReadBoard(r io.Reader) (Board, error) { return readBoard("ReadBoard", r, true) }

// readBoard is ReadBoard under the name fn; perm demands the tiles 0 ...
// rows*cols-1 (see New), else any labels (see NewLabeled).
func readBoard(fn string, r io.Reader, perm bool) (Board, error) {
	in := input.NewScanner(r, nil)
	failed := func() error { return &Error{Func: fn, Msg: "reading: " + in.Err().Error(), Err: in.Err()} }
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
		if more, _ := in.SkipFields(); more > 0 {
			return Board{}, errorf(fn, ErrSyntax, "line %d: size line has %d fields, want n or rows cols", head.Line, 2+more)
		}
	}
	var dims []int
	for _, f := range sizes {
		v, ok := fieldInt(f)
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
		v, ok := fieldInt(f)
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
	return build(fn, rows, cols, tiles, perm)
}

// fieldInt returns the integer a field holds, as strconv.Atoi reads it.
func fieldInt(f input.Field) (int, bool) {
	v, err := strconv.Atoi(f.Text)
	return v, err == nil && !f.Clipped()
}

// PositionBlank marks the blank in a position.
const PositionBlank = '-'

// ParsePosition returns the rows x cols board written as a position, a
// printable character a cell, '-' the blank, a tile labelled by its code
// point ("236158-47").
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

// Position returns b as ParsePosition reads it, or ErrTile.
func (b Board) Position() (string, error) {
	var sb strings.Builder
	sb.Grow(b.Len())
	for i := range b.Len() {
		t := b.tile(i)
		switch {
		case t == 0:
			sb.WriteRune(PositionBlank)
		case t == PositionBlank || !unicode.IsPrint(rune(t)):
			return "", errorf("Position", ErrTile, "label %d is not a printable character other than %q", t, PositionBlank)
		default:
			sb.WriteRune(rune(t))
		}
	}
	return sb.String(), nil
}
