// Package checkform reads and writes the own form of "slide check": two
// lines, the start and the goal, each listing the tiles of an N x N board
// row by row, the numbers 1 to N*N-1 once each and one b for the blank
// (Scan, Parse), and a board as such a line (Line). Scan reads a field at
// a time, so that its memory is bounded by two boards of the largest size
// however long the input is; the tiles and sizes are the library's to
// check.
package checkform

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/input"
	"github.com/slidekit/slide/internal/report"
)

// Parse reads check's input from text (see [Scan]).
func Parse(text string) (start, goal slide.Board, err error) {
	return Scan(strings.NewReader(text))
}

// Scan reads check's input: a start line and a goal line, with any blank
// lines before and after them and "\r\n" or "\r" line ends allowed. It
// reads a field at a time and stops at a line of more fields than a board
// has cells, so its memory is bounded by two such boards however long the
// input is. A failed read is an error wrapping [input.ErrRead]; a control
// character, an *[input.ControlError]. Boards of different sizes are
// [slide.Solvable]'s to refuse.
func Scan(r io.Reader) (start, goal slide.Board, err error) {
	in := input.NewScanner(r, func(r rune) bool { return r == ' ' || r == '\t' })
	readErr := func() error { return input.ReadError(in.Err()) }
	startLine, err := readLine(in, "start")
	switch {
	case in.Err() != nil:
		return start, goal, readErr()
	case err != nil:
		return start, goal, err
	case startLine == nil:
		return start, goal, errors.New("no boards: want a start line and a goal line")
	}
	goalLine, err := readLine(in, "goal")
	switch {
	case goalLine != nil && goalLine.line > startLine.line+1:
		return start, goal, fmt.Errorf("blank line %d between the start and goal lines", startLine.line+1)
	case in.Err() != nil:
		return start, goal, readErr()
	case err != nil:
		return start, goal, err
	case goalLine == nil:
		return start, goal, errors.New("missing goal line: want a start line and a goal line")
	}
	if extra, ok := in.Peek(); ok {
		return start, goal, fmt.Errorf("extra line %d: want only a start line and a goal line", extra.Line)
	}
	if in.Err() != nil {
		return start, goal, readErr()
	}
	if start, err = parseBoard("start", startLine); err != nil {
		return start, goal, err
	}
	if goal, err = parseBoard("goal", goalLine); err != nil {
		return start, goal, err
	}
	return start, goal, nil
}

// A boardLine is a board line of check's input as read: the labels of its
// fields (0 for b, the blank), and the first field that is not a label of
// the format, if any.
type boardLine struct {
	line   int
	labels []int
	bad    *input.Field
	why    string // what is wrong with bad
}

// readLine reads the next line that has fields, or returns nil at
// the end of the input; which is "start" or "goal", for messages. A line
// of more fields than a board has cells is an error at once. It keeps a
// number a field, so two boards of the largest size take about a
// megabyte.
func readLine(in *input.Scanner, which string) (*boardLine, error) {
	first, ok := in.Peek()
	if !ok {
		return nil, nil
	}
	l := &boardLine{line: first.Line}
	for f, ok := in.Peek(); ok && f.Line == first.Line; f, ok = in.Peek() {
		if len(l.labels) == slide.MaxCells {
			return l, fmt.Errorf("%s: more than %d tiles and blanks: a board has at most %d cells", which, slide.MaxCells, slide.MaxCells)
		}
		in.Next()
		v, err := strconv.Atoi(f.Text)
		switch {
		case f.Text == "b":
			v = 0
		case l.bad != nil:
		case f.Clipped():
			l.bad, l.why = &f, "is too long to be a tile"
		case errors.Is(err, strconv.ErrSyntax):
			l.bad, l.why = &f, "is not a number or b"
		case err != nil:
			l.bad, l.why = &f, "is out of the range of any tile"
		case v == 0: // in this format the blank is b: a tile 0 has no label
			l.bad, l.why = &f, "is not a tile: tiles count from 1, and b is the blank"
		}
		l.labels = append(l.labels, v)
	}
	return l, nil
}

// parseBoard makes the board of a line of check's input, whose
// fields must be a square number; which is "start" or "goal", for
// messages. The tiles are slide.New's to check.
func parseBoard(which string, l *boardLine) (slide.Board, error) {
	if l.bad != nil {
		return slide.Board{}, fmt.Errorf("%s: %s %s", which, l.bad.Quote(), l.why)
	}
	n := len(l.labels)
	side := 0
	for (side+1)*(side+1) <= n {
		side++
	}
	if side*side != n {
		return slide.Board{}, fmt.Errorf("%s: %d tiles and blanks, not a square number", which, n)
	}
	b, err := slide.New(side, side, l.labels)
	if err != nil {
		return slide.Board{}, fmt.Errorf("%s: %s", which, report.Message(err))
	}
	return b, nil
}

// Line returns b's tiles as check reads them: row-major, single spaced,
// b for the blank.
func Line(b slide.Board) string {
	words := make([]string, b.Len())
	for i, t := range b.Tiles() {
		words[i] = strconv.Itoa(t)
		if t == 0 {
			words[i] = "b"
		}
	}
	return strings.Join(words, " ")
}
