package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/slidekit/slide"
)

const solveAbout = `Solve reads a board from FILE (standard input if FILE is absent or -) and
prints a solution with the fewest moves to the goal:

	Minimum number of moves = 4

then the boards from the start to the goal, each as its size line and its
rows (0 is the blank). A board that cannot reach the goal prints
"No solution possible". The file holds n and n*n tiles, or "rows cols"
and rows*cols tiles, row by row: the numbers 0 to rows*cols-1 once each.
The goal is 1 2 3 ... with the blank last unless -goal gives another.
Every choice of heuristic and algorithm finds an optimal solution.`

// solveFlags are the settings of one run of solve.
type solveFlags struct {
	goalFile  string
	heuristic heuristicFlag
	algorithm algorithmFlag
	stats     bool
	count     bool
	workers   int
}

// runSolve is the solve subcommand.
func runSolve(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("solve", "[flags] [FILE]", solveAbout)
	var f solveFlags
	fs.StringVar(&f.goalFile, "goal", "", "read the goal board from `FILE`, in the same form")
	fs.Var(&f.heuristic, "heuristic", f.heuristic.usage())
	fs.Var(&f.algorithm, "algorithm", f.algorithm.usage())
	fs.BoolVar(&f.stats, "stats", false, "print the engine, the nodes it expanded and generated, and the time on standard error")
	fs.BoolVar(&f.count, "count", false, "print only the number of moves (-1 if the goal cannot be reached)")
	fs.IntVar(&f.workers, "workers", 0, "run the IDA* search on `N` goroutines (default 0: one per core)")
	if status, ok := parseFlags(fs, args, stdout, stderr); !ok {
		return status
	}
	if fs.NArg() > 1 {
		return usageError(stderr, "solve", "want at most one FILE, got %d arguments (flags go before FILE)", fs.NArg())
	}
	if f.workers < 0 {
		return usageError(stderr, "solve", "-workers %d: want 0 (the default: one per core) or more goroutines", f.workers)
	}
	if f.goalFile != "" && isStdin(f.goalFile) && isStdin(fs.Arg(0)) {
		return usageError(stderr, "solve", "the start and the goal cannot both come from standard input")
	}
	start, err := readBoard(fs.Arg(0), stdin)
	if err != nil {
		return failure(stderr, "solve", "%v", err)
	}
	goal := slide.Goal(start.Rows(), start.Cols())
	if f.goalFile != "" {
		if goal, err = readBoard(f.goalFile, stdin); err != nil {
			return failure(stderr, "solve", "%v", err)
		}
	}
	if err := prepareDatabase(f.heuristic.h, stderr); err != nil {
		return failure(stderr, "solve", "%s", message(err))
	}
	sol, err := slide.Solve(start, goal, append(f.heuristic.options(), slide.WithAlgorithm(f.algorithm.a), slide.WithWorkers(f.workers))...)
	if err != nil && !errors.Is(err, slide.ErrUnsolvable) {
		return failure(stderr, "solve", "%s", message(err))
	}
	out := bufio.NewWriter(stdout)
	writeSolution(out, sol, err == nil, f.count)
	if f.stats {
		writeStats(stderr, sol, err == nil)
	}
	return finish(out, stderr, "solve", exitOK)
}

// plain strips the library's "slide.Func:" prefix from err, for messages.
func plain(err error) error {
	if err == nil {
		return nil
	}
	return errors.New(message(err))
}

// readBoard reads a board in the String form from the file name, or from
// stdin (see readInput). Its errors name the file.
func readBoard(name string, stdin io.Reader) (slide.Board, error) {
	data, shown, err := readInput(name, stdin)
	if err != nil {
		return slide.Board{}, err
	}
	b, err := slide.Parse(string(data))
	if err != nil {
		return slide.Board{}, fmt.Errorf("%s: %s", shown, message(err))
	}
	return b, nil
}

// writeSolution prints sol as the solve command does; solved is false
// when the goal cannot be reached.
func writeSolution(w io.Writer, sol slide.Solution, solved, count bool) {
	switch {
	case count && !solved:
		fmt.Fprintln(w, -1)
	case count:
		fmt.Fprintln(w, sol.Len())
	case !solved:
		fmt.Fprintln(w, "No solution possible")
	default:
		fmt.Fprintf(w, "Minimum number of moves = %d\n", sol.Len())
		for _, b := range sol.Boards {
			io.WriteString(w, b.String())
		}
	}
}

// writeStats prints the statistics of a search on w.
func writeStats(w io.Writer, sol slide.Solution, solved bool) {
	if !solved {
		fmt.Fprintln(w, "slide solve: no search: the parity rule says the goal cannot be reached")
		return
	}
	on := "1 goroutine"
	if sol.Workers > 1 {
		on = strconv.Itoa(sol.Workers) + " goroutines"
	}
	fmt.Fprintf(w, "slide solve: %d moves by %v with heuristic %v: %d nodes expanded, %d generated, %v on %s\n",
		sol.Len(), sol.Algorithm, sol.Heuristic, sol.Expanded, sol.Generated, sol.Elapsed, on)
}
