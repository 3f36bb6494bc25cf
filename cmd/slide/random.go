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
	"github.com/slidekit/slide/internal/interrupt"
	"github.com/slidekit/slide/internal/report"
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
rand.New(rand.NewPCG(N, 0)) of math/rand/v2.

-moves N deals a board whose shortest solution has exactly N moves,
proven by optimal search (slide.Solver.Random), on boards of up to 25
cells, and says so on standard error: drawn uniformly from every board
at that distance on boards of up to 10 cells (and on larger ones for the
distances a search of a few thousand boards a layer reaches), else
approximately (see the library's documentation). A 4 x 4 board takes
about a second with the tables of pdb663 in the cache ("slide pdb build
pdb663"), far longer without them. With -fast it deals a board of any
size whose Manhattan distance is N instead: a lower bound, with the
length of a solution. N past the farthest boards is refused.

-blocks FILE -moves N deals a sliding-block puzzle with the board and
pieces of FILE (in the form blocks reads) whose shortest solution has
exactly N moves (-metric straight, step or piece, as blocks counts
them), drawn uniformly from every position of FILE's puzzle that lies so
far from a solved one, and writes it in the form blocks reads, after a
comment line that gives its length (slide.BlockSolver.Random); "slide
blocks -unsolve FILE" writes the farthest.`

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
	moves := fs.Int("moves", 0, "deal a board (or with -blocks a puzzle) whose shortest solution has exactly `N` moves")
	fast := fs.Bool("fast", false, "with -moves, deal a board of any size whose Manhattan distance is N, not proven shortest")
	blocksFile := fs.String("blocks", "", "with -moves, deal a sliding-block puzzle with the board and pieces of `FILE`")
	metricName := fs.String("metric", slide.StraightMoves.String(), "with -blocks, what one move `M` is: straight, step or piece")
	if status, ok := parseFlags(fs, args, stdout, stderr); !ok {
		return status
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	switch {
	case *walk < 0 || *walk > maxWalk:
		return usageError(stderr, "random", "-walk %d: want 0 to %d moves (a few seconds' walk); leave -walk out for a board drawn uniformly", *walk, maxWalk)
	case set["walk"] && set["moves"]:
		return usageError(stderr, "random", "-walk and -moves: give one")
	case set["blocks"] && !set["moves"]:
		return usageError(stderr, "random", "-blocks needs -moves N, the length of the puzzle to deal")
	case set["fast"] && !set["moves"]:
		return usageError(stderr, "random", "-fast needs -moves N")
	case set["metric"] && !set["blocks"]:
		return usageError(stderr, "random", "-metric needs -blocks FILE")
	case set["blocks"] && (set["goal"] || set["fast"] || fs.NArg() > 0):
		return usageError(stderr, "random", "-blocks takes the size and pieces of FILE: no ROWS, COLS, -goal or -fast")
	}
	// newRNG returns the generator of -seed, once the input is read: a
	// seed from the clock is printed then, so that a board can be drawn
	// again.
	newRNG := func() *rand.Rand {
		if !set["seed"] {
			*seed = uint64(time.Now().UnixNano())
			fmt.Fprintf(stderr, "slide random: -seed %d\n", *seed)
		}
		return rand.New(rand.NewPCG(*seed, 0))
	}
	if set["blocks"] {
		return randomBlocks(*blocksFile, *metricName, *moves, newRNG, stdin, stdout, stderr)
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
	rng := newRNG()
	var b slide.Board
	var err error
	switch {
	case set["moves"]:
		return randomMoves(goal, *moves, *fast, rng, stdout, stderr)
	case set["walk"]:
		b, err = slide.RandomWalk(goal, *walk, rng)
	default:
		b, err = slide.RandomBoard(goal, rng)
	}
	if err != nil { // a goal read from a file is valid
		return failure(stderr, "random", "%s", message(err))
	}
	out := bufio.NewWriter(stdout)
	out.WriteString(b.String())
	return finish(out, stderr, "random", exitOK)
}

// randomMoves writes a board n moves from goal (see slide.Solver.Random),
// proven so, or with fast of Manhattan distance n, and says on stderr what
// is proven of its length.
func randomMoves(goal slide.Board, n int, fast bool, rng *rand.Rand, stdout, stderr io.Writer) int {
	// One worker: a parallel search may return another shortest solution,
	// and so another board, where -seed promises the same one.
	s := slide.Solver{Workers: 1}
	if fast {
		s = slide.Solver{Mode: slide.Fast()}
	}
	ctx, stop := interrupt.Context()
	defer stop()
	sol, err := s.Random(ctx, goal, n, rng)
	if sig := stop(); sig != nil {
		return stopped(stderr, "random", sig, "no board printed")
	}
	if err != nil {
		return failure(stderr, "random", "%s", message(err))
	}
	out := bufio.NewWriter(stdout)
	out.WriteString(sol.Start.String())
	if sol.Optimal {
		fmt.Fprintf(stderr, "slide random: %s, proven shortest\n", report.Moves(sol.Len()))
	} else {
		fmt.Fprintf(stderr, "slide random: at least %s (its Manhattan distance); a solution of %s\n", report.Moves(sol.LowerBound), report.Moves(sol.Len()))
	}
	return finish(out, stderr, "random", exitOK)
}

// randomBlocks writes a puzzle of the board and pieces of the file name
// whose shortest solution has exactly n moves in the metric named (see
// slide.BlockSolver.Random), after a comment line giving its length;
// newRNG returns the generator of -seed.
func randomBlocks(name, metricName string, n int, newRNG func() *rand.Rand, stdin io.Reader, stdout, stderr io.Writer) int {
	metric, err := slide.ParseBlockMetric(metricName)
	if err != nil {
		return usageError(stderr, "random", "-metric: %s", message(err))
	}
	puzzle, _, shown, err := readBlocks(name, stdin, stderr)
	if err != nil {
		return failure(stderr, "random", "%v", err)
	}
	ctx, stop := interrupt.Context()
	defer stop()
	sol, err := slide.BlockSolver{Metric: metric}.Random(ctx, puzzle, n, newRNG())
	if sig := stop(); sig != nil {
		return stopped(stderr, "random", sig, "no puzzle printed")
	}
	if err != nil {
		return failure(stderr, "random", "%s: %s", shown, message(err))
	}
	out := bufio.NewWriter(stdout)
	report.WritePuzzle(out, sol)
	return finish(out, stderr, "random", exitOK)
}

// randomSize reads ROWS [COLS] from args (none: 0 x 0, the size of the
// -goal file to come) and checks that they make a board (see report.SizeError):
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
	if err := report.SizeError(rows, cols); err != nil {
		return 0, 0, usageError(stderr, "random", "%s", message(err))
	}
	return rows, cols, exitOK
}
