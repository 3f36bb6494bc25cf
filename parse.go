package slide

import (
	"strconv"
	"strings"

	"github.com/slidekit/slide/internal/input"
)

// Parse reads a board in the String form: a header line holding n (an n x n
// board) or "rows cols", then rows*cols integers in row-major order, 0 for
// the blank, separated by any white space (one line per row is customary but
// not required). Blank lines before the header are skipped. The tiles must
// be 0 ... rows*cols-1, each once; ParseLabeled reads boards with any
// labels, repeated or not (see NewLabeled).
// Errors are *Error values wrapping ErrSyntax, ErrSize or ErrTile, and name
// the line at fault; they quote at most 40 characters of a field.
func Parse(s string) (Board, error) { return parse("Parse", s, true) }

// ParseLabeled is like Parse but accepts any labels, as NewLabeled does.
func ParseLabeled(s string) (Board, error) { return parse("ParseLabeled", s, false) }

func parse(fn, s string, perm bool) (Board, error) {
	lines := strings.Split(s, "\n")
	head := 0
	for head < len(lines) && strings.TrimSpace(lines[head]) == "" {
		head++
	}
	if head == len(lines) {
		return Board{}, errorf(fn, ErrSyntax, "empty input: want a size line")
	}
	sizes := strings.Fields(lines[head])
	if len(sizes) != 1 && len(sizes) != 2 {
		return Board{}, errorf(fn, ErrSyntax, "line %d: size line has %d fields, want n or rows cols", head+1, len(sizes))
	}
	dims := make([]int, len(sizes))
	for i, f := range sizes {
		v, err := strconv.Atoi(f)
		if err != nil {
			return Board{}, errorf(fn, ErrSyntax, "line %d: size %s is not an integer", head+1, input.Quote(f))
		}
		dims[i] = v
	}
	rows, cols := dims[0], dims[len(dims)-1]
	if err := checkSize(fn, rows, cols); err != nil {
		return Board{}, err
	}
	n := rows * cols
	tiles := make([]int, 0, n)
	for ln := head + 1; ln < len(lines); ln++ {
		for _, f := range strings.Fields(lines[ln]) {
			if len(tiles) == n {
				return Board{}, errorf(fn, ErrSyntax, "line %d: extra value %s after %d tiles", ln+1, input.Quote(f), n)
			}
			v, err := strconv.Atoi(f)
			if err != nil {
				return Board{}, errorf(fn, ErrSyntax, "line %d: tile %s is not an integer", ln+1, input.Quote(f))
			}
			tiles = append(tiles, v)
		}
	}
	if len(tiles) < n {
		return Board{}, errorf(fn, ErrSize, "%d x %d board needs %d tiles, got %d", rows, cols, n, len(tiles))
	}
	return build(fn, rows, cols, tiles, perm)
}
