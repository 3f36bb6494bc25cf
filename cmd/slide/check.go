package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/checkform"
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
		start, goal, err = checkform.Scan(own)
	}
	var be *boardError
	switch {
	case errors.Is(err, input.ErrRead):
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
	fmt.Fprintf(out, "start: %s\ngoal: %s\n%s\n", checkform.Line(start), checkform.Line(goal), verdict)
	return finish(out, stderr, "check", exitOK)
}
