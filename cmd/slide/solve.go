package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/interrupt"
	"github.com/slidekit/slide/internal/outfile"
	"github.com/slidekit/slide/internal/progress"
	"github.com/slidekit/slide/internal/report"
)

const solveAbout = `Solve reads a board from FILE (standard input if FILE is absent or -) and
prints a solution with the fewest moves to the goal:

	Minimum number of moves = 4

then the boards from the start to the goal, each as its size line and its
rows (0 is the blank). A board that cannot reach the goal prints
"No solution possible". The file holds n and n*n tiles, or "rows cols"
and rows*cols tiles, row by row: the numbers 0 to rows*cols-1 once each.
The goal is 1 2 3 ... with the blank last unless -goal gives another.
Every choice of heuristic and algorithm finds an optimal solution.

Where a shortest solution is out of reach (boards past 4 x 4), three modes
find a good one instead: -w FACTOR at most FACTOR times the fewest moves,
-time DURATION the best found within DURATION (proven optimal if the search
completes), -fast a solution of about r*c*(r+c) moves on an r x c board (2
n^3 on n x n) in time that grows with them. An answer whose moves pass
-max-memory is refused, but -count and -moves (which counts the moves
first, then prints them as they come) hold none of them. Past 4 x 4, -w proves a factor by an answer
within it of the lower bound; a factor out of reach fails, naming the
factor of the best answer found, which -w then returns. The factors in
reach and the times of each mode by board size are measured in
docs/PERFORMANCE.md ("Near-optimal modes"). The modes' answers start

	Number of moves = 130 (at least 104 needed)

with the lower bound the search proved, unless the answer is proven
optimal. -moves prints one line of letters U, D, L and R instead of the
boards, each the direction in which a tile slides into the blank. An
optimal search that takes long shows its progress on standard error.
Interrupted (SIGINT, as by Ctrl-C, or SIGTERM), solve stops at once and
exits with status 130 or 143, saying so on standard error.

With -json, solve prints one JSON object on one line instead: "start" and
"goal" (board text, as in FILE), "solvable", and for a goal it reaches
"length", "optimal" (proven fewest), "lower_bound", "moves" (a letter U, D,
L or R a move: the way a tile slides into the blank), "algorithm",
"heuristic", "metric" ("tile"), "expanded" and "generated" (nodes); and
"seconds". Errors still go to standard error, with status 1.

Without -heuristic, a shipped pattern database is used only if it is
already in the cache (see "slide pdb -h"); -partition searches with a
pattern database of your own for the goal, built into the cache first if
need be.`

// solveFlags are the settings of one run of solve.
type solveFlags struct {
	searchFlags
	goalFile string
	stats    bool
	count    bool
	moves    bool
	json     bool
	svg      string
	workers  int
}

// runSolve is the solve subcommand.
func runSolve(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	called := time.Now()
	fs := newFlagSet("solve", "[flags] [FILE]", solveAbout)
	var f solveFlags
	fs.StringVar(&f.goalFile, "goal", "", "read the goal board from `FILE`, in the same form")
	fs.Var(&f.heuristic, "heuristic", f.heuristic.usage())
	fs.Var(&f.algorithm, "algorithm", f.algorithm.usage())
	fs.BoolVar(&f.stats, "stats", false, "print the engine, the nodes it expanded and generated, and the time on standard error")
	fs.BoolVar(&f.count, "count", false, "print only the number of moves (-1 if the goal cannot be reached)")
	f.modes.register(fs)
	fs.BoolVar(&f.moves, "moves", false, "print the moves as one line of letters U, D, L, R instead of the boards")
	fs.BoolVar(&f.json, "json", false, "print the result as one JSON object (see above)")
	fs.StringVar(&f.svg, "svg", "", fmt.Sprintf("also draw the solution as an animated SVG picture in `FILE` (the first %d moves of a longer one): a new file, or a regular file that it replaces (not a link, a device, a FIFO, a file of several hard links, a read-only file or the input)", slide.DefaultSVGMoves))
	fs.StringVar(&f.partition, "partition", "", "search with the pattern database of these `groups` of tile labels for the goal, as \"1 2 3/4 5 6/...\": groups split by /, labels by spaces or commas (see \"slide pdb -h\")")
	fs.IntVar(&f.workers, "workers", 0, "run the search on `N` goroutines (default 0: one per core)")
	f.memory = addMemoryFlag(fs)
	if status, ok := parseFlags(fs, args, stdout, stderr); !ok {
		return status
	}
	if status := f.checkFlags("solve", f.workers, stderr); status != exitOK {
		return status
	}
	file, status, ok := fileArg(fs.Name(), fs.Args(), f.goalFile, stderr)
	if !ok {
		return status
	}
	if one := chosen(flagSet{"-json", f.json}, flagSet{"-count", f.count}, flagSet{"-moves", f.moves}); len(one) > 1 {
		return usageError(stderr, "solve", "%s: choose one", strings.Join(one, " and "))
	}
	inputs := []string{file}
	if f.goalFile != "" {
		inputs = append(inputs, f.goalFile)
	}
	if err := outfile.CheckAll([]outfile.Output{{Flag: "-svg", Path: f.svg}}, inputs, stdin, stdout); err != nil {
		return failure(stderr, "solve", "%v", err)
	}
	start, err := readBoard(file, stdin)
	if err != nil {
		return failure(stderr, "solve", "%v", err)
	}
	goal, err := readGoal(f.goalFile, stdin, slide.Goal(start.Rows(), start.Cols()))
	if err != nil {
		return failure(stderr, "solve", "%v", err)
	}
	if status := f.readPartition("solve", goal, stderr); status != exitOK {
		return status
	}
	s := f.solver(f.workers, f.memory.limits())
	// SIGINT and SIGTERM cancel the search, and a table's first build,
	// which removes its temporary file (see interrupt.Context).
	ctx, stop := interrupt.Context()
	defer stop()
	what := "no solution printed"
	interrupted := func(status int) int {
		if sig := stop(); sig != nil {
			return stopped(stderr, "solve", sig, what)
		}
		return status
	}
	h, status := f.prepare(ctx, "solve", s, goal, stderr)
	if status != exitOK {
		return interrupted(status)
	}
	out := bufio.NewWriter(stdout)
	prog := progress.NewSearch(stderr, !f.modes.any())
	if !f.modes.fast && !f.modes.is("-time") { // the others end soon
		s.Progress = prog.Report
	}
	if f.moves && f.modes.fast && !f.count && !f.json && f.svg == "" {
		printed, err := report.StreamFast(ctx, out, s, start, goal)
		if printed {
			what = "the moves printed are not the whole solution"
		}
		switch {
		case ctx.Err() != nil:
			out.Flush()
			return interrupted(exitError)
		case err != nil:
			return interrupted(failure(stderr, "solve", "%s", message(err)))
		}
		return interrupted(finish(out, stderr, "solve", exitOK))
	}
	if f.count && f.svg == "" {
		s.OnMove = func(slide.Move) {} // counted, not kept
	}
	began := time.Now()
	s = f.modes.left(s, called, goal, h)
	sol, err := s.Solve(ctx, start, goal)
	prog.Done()
	if status := interrupted(exitOK); status != exitOK {
		return status
	}
	if err != nil && !errors.Is(err, slide.ErrUnsolvable) {
		advice := limitAdvice
		if f.modes.fast && s.OnMove == nil { // the moves kept passed the bound
			advice = "print them as they come with -moves, or " + limitAdvice
		}
		return failure(stderr, "solve", "%s", messageWith(err, advice))
	}
	if f.json {
		report.WriteJSON(out, report.Solve(start, goal, slide.TileMoves, sol, err == nil, began))
	} else if werr := report.WriteSolution(out, sol, err == nil, f.count, f.moves); werr != nil {
		return failure(stderr, "solve", "%v", werr)
	}
	if f.stats {
		report.WriteStats(stderr, sol, err == nil)
	}
	if solved := err == nil; f.svg != "" {
		if err := writeSVG(f.svg, "solve", sol.Len(), func(w io.Writer) error {
			return report.DrawSolution(w, inputName(file), start, sol, solved, nil)
		}, stderr); err != nil {
			out.Flush()
			return failure(stderr, "solve", "-svg: %v", err)
		}
	}
	return finish(out, stderr, "solve", exitOK)
}

// A flagSet is a flag's name and whether it is set.
type flagSet struct {
	name string
	set  bool
}

// chosen returns the names of the flags that are set, in order.
func chosen(flags ...flagSet) []string {
	var out []string
	for _, f := range flags {
		if f.set {
			out = append(out, f.name)
		}
	}
	return out
}
