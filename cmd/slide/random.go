package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"time"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/input"
)

const randomAbout = `Random writes a random ROWS x COLS board (COLS defaults to ROWS) to
standard output in the form solve reads: its size line, then its rows, 0
for the blank. The board is drawn uniformly from those that reach the goal
1 2 3 ... with the blank last, or the goal read from -goal FILE (whose size
ROWS and COLS may then omit); -walk K makes it the board K random moves
from the goal instead (K at most 100000000), no move undoing the one
before, so that it is solved in at most K moves. Any size of 2 to 65535 cells works, up to
255 x 255 for a square board.

The same -seed gives the same board with the same version of slide.
Without -seed the seed comes from the clock and is printed on standard
error, as "slide random: -seed N", so that the board can be drawn again.
The board is slide.RandomBoard (or slide.RandomWalk) drawing from
rand.New(rand.NewPCG(N, 0)) of math/rand/v2.`

// maxWalk is the longest walk random takes, a few seconds long: a longer
// one would leave the terminal silent for minutes (a walk of 10^12 moves
// for hours).
const maxWalk = 100_000_000

// runRandom is the random subcommand.
func runRandom(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("random", "[flags] ROWS [COLS]", randomAbout)
	seed := fs.Uint64("seed", 0, "draw from the seed `N` (default: from the clock)")
	walk := fs.Int("walk", 0, "walk `K` random moves from the goal instead of drawing uniformly")
	goalFile := fs.String("goal", "", "read the goal board from `FILE`, in the form solve reads")
	if status, ok := parseFlags(fs, args, stdout, stderr); !ok {
		return status
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	if *walk < 0 || *walk > maxWalk {
		return usageError(stderr, "random", "-walk %d: want 0 to %d moves (a few seconds' walk); leave -walk out for a board drawn uniformly", *walk, maxWalk)
	}
	if fs.NArg() > 2 {
		return usageError(stderr, "random", "want ROWS and at most COLS, got %d arguments (flags go before them)", fs.NArg())
	}
	if fs.NArg() == 0 && *goalFile == "" {
		return usageError(stderr, "random", "want the size: ROWS [COLS]")
	}
	rows, cols, status := randomSize(fs.Args(), stderr)
	if status != exitOK {
		return status
	}
	goal := slide.Goal(rows, cols)
	if *goalFile != "" {
		g, err := readBoard(*goalFile, stdin)
		if err != nil {
			return failure(stderr, "random", "%v", err)
		}
		if fs.NArg() > 0 && (g.Rows() != rows || g.Cols() != cols) {
			return usageError(stderr, "random", "size %d x %d, but the goal is %d x %d", rows, cols, g.Rows(), g.Cols())
		}
		goal = g
	}
	if !set["seed"] {
		*seed = uint64(time.Now().UnixNano())
		fmt.Fprintf(stderr, "slide random: -seed %d\n", *seed)
	}
	rng := rand.New(rand.NewPCG(*seed, 0))
	var b slide.Board
	var err error
	if set["walk"] {
		b, err = slide.RandomWalk(goal, *walk, rng)
	} else {
		b, err = slide.RandomBoard(goal, rng)
	}
	if err != nil { // a goal read from a file is valid
		return failure(stderr, "random", "%s", message(err))
	}
	out := bufio.NewWriter(stdout)
	out.WriteString(b.String())
	return finish(out, stderr, "random", exitOK)
}

// randomSize reads ROWS [COLS] from args (none: 0 x 0, the size of the
// -goal file to come) and checks that they make a board (see sizeError):
// a usage error on stderr and exitUsage if not.
func randomSize(args []string, stderr io.Writer) (rows, cols int, status int) {
	if len(args) == 0 {
		return 0, 0, exitOK
	}
	var size [2]int
	for i, a := range args {
		n, err := strconv.Atoi(a)
		if err != nil {
			return 0, 0, usageError(stderr, "random", "size %s is not a number", input.Quote(a))
		}
		size[i] = n
	}
	rows, cols = size[0], size[0]
	if len(args) == 2 {
		cols = size[1]
	}
	if err := sizeError(rows, cols); err != nil {
		return 0, 0, usageError(stderr, "random", "%s", message(err))
	}
	return rows, cols, exitOK
}
