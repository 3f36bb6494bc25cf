package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"slices"
	"strings"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/hintform"
	"github.com/slidekit/slide/internal/input"
	"github.com/slidekit/slide/internal/nilsson"
)

const hintAbout = `Hint reads configurations from FILE (standard input if FILE is absent or -)
and, for each, prints the board and its value, then each board one move
away with its value: slide tile up, down, left and right (the way the tile
moves into the blank), or "impossible". Hint's own form is the number of
configurations, then for each its rows R, its columns C (R*C at least 2,
as solve takes) and R*C tiles, the numbers 0 (the blank) to R*C-1 once
each, all separated by white space. Hint answers each configuration as
soon as it is read, so that the input may be a stream of any length; a
malformed configuration stops it there, with status 1, after the answers
to those before it.

` + boardFormHelp + `It is configuration 1. No input is both: a board holds one 0 and no
number twice, and every configuration of hint's form holds a 0 and its
rows or columns again among its tiles.

The value is the Manhattan distance to the goal, the blank not counted;
the goal is 1 2 3 ... with the blank last unless -goal says otherwise, and
-value nilsson adds three times Nilsson's sequence score. -goal takes the
name standard or spiral, or else a FILE (./standard for a file of that
name) whose board is the goal of every configuration.`

// hintGoals are the names -goal takes besides a FILE.
var hintGoals = []string{"standard", "spiral"}

// runHint is the hint subcommand.
func runHint(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	flags := newFlagSet("hint", "[flags] [FILE]", hintAbout)
	goalName, valueName := "standard", "manhattan"
	flags.StringVar(&goalName, "goal", goalName, "`name` of the goal, standard (1 2 3 / 4 5 6 / 7 8 _) or spiral (1 2 3 / 8 _ 4 / 7 6 5), or a FILE holding the goal, a board in the form solve reads")
	flags.Func("value", "`name` of the value: manhattan, or nilsson (Manhattan distance plus 3 times Nilsson's sequence score) (default manhattan)", oneOf(&valueName, "manhattan", "nilsson"))
	if status, ok := parseFlags(flags, args, stdout, stderr); !ok {
		return status
	}
	goalFile := ""
	if !slices.Contains(hintGoals, goalName) {
		goalFile = goalName
	}
	file, status, ok := fileArg(flags.Name(), flags.Args(), goalFile, stderr)
	if !ok {
		return status
	}
	var fileGoal slide.Board
	if goalFile != "" {
		var err error
		var pe *fs.PathError // a FILE not opened: perhaps a mistyped name
		if fileGoal, err = readBoard(goalFile, stdin); errors.As(err, &pe) {
			return usageError(stderr, "hint", "-goal %s: want %s, or a FILE: %v", input.Quote(goalFile), strings.Join(hintGoals, " or "), pe.Err)
		} else if err != nil {
			return failure(stderr, "hint", "%v", err)
		}
	}
	b, own, shown, done, err := openBoardInput(file, stdin)
	defer done()
	if err != nil {
		return failure(stderr, "hint", "%v", err)
	}
	out := bufio.NewWriter(stdout)
	use := func(k int, c hintform.Config) error {
		goal := fileGoal
		switch {
		case goalName == "spiral":
			goal = nilsson.SpiralGoal(c.Rows, c.Cols)
		case goalFile == "":
			goal = slide.Goal(c.Rows, c.Cols)
		}
		if _, err := slide.Solvable(c.Board, goal); err != nil {
			return errors.New(message(err)) // ErrMismatch: a goal of another size
		}
		hintform.Write(out, k, c, nilsson.Value(goal, valueName == "nilsson"))
		return nil
	}
	if own == nil {
		err = use(1, hintform.Config{Rows: b.Rows(), Cols: b.Cols(), Tiles: b.Tiles(), Board: b})
		if err != nil {
			err = fmt.Errorf("configuration 1: %v", err)
		}
	} else {
		err = hintform.Scan(flushBeforeRead{own, out}, use)
	}
	if werr := out.Flush(); werr != nil { // a failed write also ends the reads
		return failure(stderr, "hint", "writing the output: %v", werr)
	}
	if err != nil {
		return failure(stderr, "hint", "%s: %v", shown, err)
	}
	return exitOK
}

// flushBeforeRead reads r, flushing out before each read, so that what
// has been written from the input read so far is seen before a read
// waits for more; a failed flush fails the read.
type flushBeforeRead struct {
	r   io.Reader
	out *bufio.Writer
}

func (f flushBeforeRead) Read(p []byte) (int, error) {
	if err := f.out.Flush(); err != nil {
		return 0, err
	}
	return f.r.Read(p)
}

// oneOf returns a flag.Func setter that stores in *dst a value from names.
func oneOf(dst *string, names ...string) func(string) error {
	return func(s string) error {
		for _, n := range names {
			if s == n {
				*dst = s
				return nil
			}
		}
		return fmt.Errorf("want one of %s", strings.Join(names, ", "))
	}
}
