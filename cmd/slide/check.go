package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/input"
	"github.com/slidekit/slide/internal/report"
)

const checkAbout = `Check reads a start board and a goal board from FILE (standard input if
FILE is absent or -) and says whether the goal can be reached from the
start. Check's own form is two lines, the start and the goal, each listing
the tiles of an N x N board (N >= 2) row by row: the numbers 1 to N*N-1
once each and one b for the blank, separated by blanks or tabs.

Valid input prints three lines and exits 0:

	start: 9 12 5 4 2 b 7 11 3 6 10 13 14 1 8 15
	goal: 1 2 3 4 5 6 7 8 9 10 11 12 13 14 b 15
	solvable

(or unsolvable). Invalid input prints one line on standard output, naming
what is wrong, and exits 1; so does a failed read or write, on standard
error.

` + boardFormHelp + `No input is both: the first line of check's form holds the N*N >= 4
tiles and blanks of a board, a board's size line one or two numbers.

With -json, check prints one JSON object on one line instead: "start" and
"goal" (board text: the size line, then the rows, 0 for the blank),
"solvable" and "seconds". Invalid input is then reported on standard
error, as "slide check: " and the message, with status 1.`

// runCheck is the check subcommand.
func runCheck(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("check", "[flags] [FILE]", checkAbout)
	asJSON := fs.Bool("json", false, "print the result as one JSON object (see above)")
	goalFile := fs.String("goal", "", "read the goal from `FILE`, a board in the form solve reads (for a board in that form)")
	if status, ok := parseFlags(fs, args, stdout, stderr); !ok {
		return status
	}
	file, status, ok := fileArg(fs.Name(), fs.Args(), *goalFile, stderr)
	if !ok {
		return status
	}
	var start, goal slide.Board
	b, own, shown, done, err := openBoardInput(file, stdin)
	defer done()
	switch {
	case err != nil:
	case own == nil:
		start = b
		goal, err = readGoal(*goalFile, stdin, slide.Goal(b.Rows(), b.Cols()))
	case *goalFile != "":
		return usageError(stderr, "check", "-goal FILE is for a board in the form solve reads: %s holds check's two lines, the goal among them", shown)
	default:
		start, goal, err = scanCheckInput(own)
	}
	var be *boardError
	switch {
	case errors.Is(err, errRead):
		return failure(stderr, "check", "%s: %v", shown, err)
	case err != nil && own == nil && !(errors.As(err, &be) && be.bad):
		return failure(stderr, "check", "%v", err) // a file not opened, or a failed read
	}
	out := bufio.NewWriter(stdout)
	began := time.Now()
	solvable := false
	if err == nil {
		solvable, err = slide.Solvable(start, goal) // ErrMismatch for boards of different sizes
	}
	switch {
	case err != nil && *asJSON:
		return failure(stderr, "check", "%s", message(err))
	case err != nil:
		fmt.Fprintf(out, "error: %s\n", message(err))
		return finish(out, stderr, "check", exitError)
	case *asJSON:
		r := report.Report{Start: start.String(), Goal: goal.String(), Solvable: solvable}
		r.Since(began)
		report.WriteJSON(out, r)
		return finish(out, stderr, "check", exitOK)
	}
	verdict := "unsolvable"
	if solvable {
		verdict = "solvable"
	}
	fmt.Fprintf(out, "start: %s\ngoal: %s\n%s\n", checkLine(start), checkLine(goal), verdict)
	return finish(out, stderr, "check", exitOK)
}

// parseCheckInput reads check's input from text (see scanCheckInput).
func parseCheckInput(text string) (start, goal slide.Board, err error) {
	return scanCheckInput(strings.NewReader(text))
}

// scanCheckInput reads check's input: a start line and a goal line, with
// any blank lines before and after them and "\r\n" or "\r" line ends
// allowed. It reads a field at a time and stops at a line of more fields
// than a board has cells, so its memory is bounded by two such boards
// however long the input is. A failed read is an error wrapping errRead; a
// control character, an *input.ControlError. Boards of different sizes are
// slide.Solvable's to refuse.
func scanCheckInput(r io.Reader) (start, goal slide.Board, err error) {
	in := input.NewScanner(r, func(r rune) bool { return r == ' ' || r == '\t' })
	readErr := func() error { return scanError(in.Err()) }
	startLine, err := readCheckLine(in, "start")
	switch {
	case in.Err() != nil:
		return start, goal, readErr()
	case err != nil:
		return start, goal, err
	case startLine == nil:
		return start, goal, errors.New("no boards: want a start line and a goal line")
	}
	goalLine, err := readCheckLine(in, "goal")
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
	if start, err = parseCheckBoard("start", startLine); err != nil {
		return start, goal, err
	}
	if goal, err = parseCheckBoard("goal", goalLine); err != nil {
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

// readCheckLine reads the next line that has fields, or returns nil at
// the end of the input; which is "start" or "goal", for messages. A line
// of more fields than a board has cells is an error at once. It keeps a
// number a field, so two boards of the largest size take about a
// megabyte.
func readCheckLine(in *input.Scanner, which string) (*boardLine, error) {
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

// parseCheckBoard makes the board of a line of check's input, whose
// fields must be a square number; which is "start" or "goal", for
// messages. The tiles are slide.New's to check.
func parseCheckBoard(which string, l *boardLine) (slide.Board, error) {
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
		return slide.Board{}, fmt.Errorf("%s: %s", which, message(err))
	}
	return b, nil
}

// checkLine writes b's tiles as check reads them: row-major, single
// spaced, b for the blank.
func checkLine(b slide.Board) string {
	words := make([]string, b.Len())
	for i, t := range b.Tiles() {
		words[i] = strconv.Itoa(t)
		if t == 0 {
			words[i] = "b"
		}
	}
	return strings.Join(words, " ")
}
