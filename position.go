package slide

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/slidekit/slide/internal/input"
)

// Positions. A position writes a board as one string of characters, one a
// cell in row-major order: '-' is the blank and any other printable
// character is a tile, labeled by its code point ('A' is tile 65, '1' is
// tile 49). The 8-puzzle's goal is "12345678-". Labels may repeat, as in
// "AAB-": identical characters are interchangeable tiles (see NewLabeled).
// The size is not part of the string, so both directions take it apart.

// PositionBlank is the character that marks the blank in a position.
const PositionBlank = '-'

// ParsePosition returns the rows x cols board written as the position s
// (see above). s must have exactly rows*cols characters, one of them '-',
// the others printable (unicode.IsPrint) and at most MaxLabel. Errors are
// *Error values wrapping ErrSize (a size out of range, or the wrong number
// of characters), ErrSyntax (invalid UTF-8) or ErrTile (no blank, two
// blanks, a character that is not printable). O(len(s)).
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

// Position returns b written as a position, the inverse of ParsePosition
// for a board of the same size. It fails with an *Error wrapping ErrTile if
// some label is not the code point of a printable character other than
// '-', as happens for boards from New, whose labels start at 1. The zero
// Board is the empty string. O(R*C).
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
