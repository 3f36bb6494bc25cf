package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/bfsform"
	"github.com/slidekit/slide/internal/report"
)

const bfsAbout = `Bfs finds a shortest sequence of at most MAXLENGTH moves from the position
INITIAL to the position GOAL on a HEIGHT x WIDTH tray (3 x 3 by default)
and prints its positions, one a line, INITIAL first and GOAL last:

	$ slide bfs 100 236158-47 12345678-
	236158-47
	2361584-7
	...
	12345678-

A position lists the cells row by row, one character each: - is the blank,
any other printable character a tile; labels may repeat. If no sequence of
at most MAXLENGTH moves exists, bfs prints nothing and exits 0.

Given at most one argument, FILE (standard input if absent or -), bfs
reads a board in the form solve reads and slide random writes instead,
and -goal FILE its goal, in the same form (1 2 3 ... with the blank last
by default); it prints the boards of a shortest path in that form, with no
bound on its length but -max-memory. Three or five arguments are
positions, at most one a FILE: no command line is both.

The search runs breadth-first from both ends and stops at MAXLENGTH, so a
small MAXLENGTH keeps even a large tray's search small. An argument after
MAXLENGTH is a position even if it begins with -.

With -json, bfs prints one JSON object on one line instead: "start" and
"goal" (the positions, or the boards' text), "rows", "cols", "max_length"
(not for a FILE), "solvable" (whether any number of moves reaches GOAL),
"metric" ("tile", or "line" with -r); for a path found "length",
"optimal" (true), "lower_bound", "moves" (a letter U, D, L or R a move:
the way a tile slides into the blank, with the number of tiles after it
for a line move of several); if none of at most MAXLENGTH moves exists
but GOAL is reachable, "lower_bound" (MAXLENGTH+1); "algorithm",
"heuristic", "expanded" and "generated" when a search ran; and "seconds". Errors still go to standard error, with status 1.`

// runBFS is the bfs subcommand.
func runBFS(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("bfs", "[-r] [-n] [-max-memory SIZE] [HEIGHT WIDTH] MAXLENGTH INITIAL GOAL\n       slide bfs [-r] [-n] [-max-memory SIZE] [-goal FILE] [FILE]", bfsAbout)
	line := fs.Bool("r", false, "count sliding a whole row or column of tiles toward the blank as one move")
	count := fs.Bool("n", false, "print the number of moves instead of the positions")
	asJSON := fs.Bool("json", false, "print the result as one JSON object (see above)")
	goalFile := fs.String("goal", "", "read the goal from `FILE`, a board in the form solve reads (for a board FILE)")
	mem := addMemoryFlag(fs)
	n := min(bfsFlagCount(fs, args), len(args))
	if status, ok := parseFlags(fs, args[:n], stdout, stderr); !ok {
		return status
	}
	pos := args[n:]
	if *asJSON && *count {
		return usageError(stderr, "bfs", "-json and -n: choose one")
	}
	var res bfsResult
	var r report.Report
	began := time.Now()
	switch len(pos) {
	case 0, 1:
		var status int
		if res, r, status = bfsBoards(pos, *goalFile, *line, mem.limits(), stdin, stderr); status != exitOK {
			return status
		}
	case 3, 5:
		if *goalFile != "" {
			return usageError(stderr, "bfs", "-goal FILE is for a board FILE: the positions give GOAL")
		}
		a, err := bfsform.Parse(pos)
		if err == nil {
			res, err = shortestPath(a, *line, mem.limits())
		}
		if err != nil {
			return failure(stderr, "bfs", "%v", err)
		}
		r = res.report(a.Rows, a.Cols, a.MaxLength, a.Initial, a.Goal)
	default:
		return usageError(stderr, "bfs", "%s, got %d arguments (or at most one FILE; flags go before them)", bfsform.Want, len(pos))
	}
	out := bufio.NewWriter(stdout)
	switch path := res.path; {
	case *asJSON:
		r.Since(began)
		report.WriteJSON(out, r)
	case path == nil:
	case *count:
		fmt.Fprintln(out, len(path)-1)
	default:
		for _, p := range path {
			fmt.Fprintln(out, p)
		}
	}
	return finish(out, stderr, "bfs", exitOK)
}

// bfsBoards finds what bfs finds on the board of FILE, args[0] if any,
// and the goal of goalFile, both in the board form, and its -json report,
// or returns the exit status of a failure.
func bfsBoards(args []string, goalFile string, line bool, lim slide.Limits, stdin io.Reader, stderr io.Writer) (bfsResult, report.Report, int) {
	file, status, ok := fileArg("bfs", args, goalFile, stderr)
	if !ok {
		return bfsResult{}, report.Report{}, status
	}
	start, err := readBoard(file, stdin)
	var pe *fs.PathError // perhaps MAXLENGTH alone
	if errors.As(err, &pe) && file == pe.Path {
		return bfsResult{}, report.Report{}, usageError(stderr, "bfs", "%s, got 1 argument (or a board FILE: %v)", bfsform.Want, err)
	}
	var goal slide.Board
	if err == nil {
		goal, err = readGoal(goalFile, stdin, slide.Goal(start.Rows(), start.Cols()))
	}
	var res bfsResult
	if err == nil {
		res, err = boardPath(start, goal, math.MaxInt, line, lim, func(b slide.Board) (string, error) {
			return strings.TrimSuffix(b.String(), "\n"), nil
		})
	}
	if err != nil {
		return res, report.Report{}, failure(stderr, "bfs", "%v", err)
	}
	r := res.report(start.Rows(), start.Cols(), math.MaxInt, start.String(), goal.String())
	r.MaxLength = nil // no bound
	return res, r, exitOK
}

// A bfsResult is what bfs found out.
type bfsResult struct {
	path     []string // the positions of a shortest path, or nil if none is short enough
	moves    []slide.Move
	solvable bool // whether any path exists
	metric   slide.Metric
	sol      slide.Solution // the search's, if one ran
	searched bool
}

// report returns the -json report of res, the answer to the arguments
// after it.
func (res bfsResult) report(rows, cols, maxLen int, initial, goal string) report.Report {
	r := report.Report{Start: initial, Goal: goal, Rows: rows, Cols: cols, MaxLength: report.Ptr(maxLen),
		Solvable: res.solvable, Metric: res.metric.String()}
	switch {
	case res.path != nil:
		n := len(res.moves)
		r.Length, r.Optimal, r.LowerBound = report.Ptr(n), report.Ptr(true), report.Ptr(n)
		r.Moves = slide.FormatMoves(res.moves)
	case res.solvable && maxLen < math.MaxInt:
		r.LowerBound = report.Ptr(maxLen + 1) // no path of at most maxLen moves
	}
	if res.searched {
		r.Algorithm, r.Heuristic = res.sol.Engine, res.sol.Heuristic.String()
		r.Work(res.sol.Expanded, res.sol.Generated)
	}
	return r
}

// bfsFlagCount returns how many of args, from the first, are flags of fs
// and their values: those that begin with - and are not negative numbers
// (a negative MAXLENGTH is an argument, to be refused as such), with the
// value after a flag of fs that takes one, up to and including "--". The
// arguments after them are positions and numbers even if they begin
// with -.
func bfsFlagCount(fs *flag.FlagSet, args []string) int {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch _, err := strconv.Atoi(a); {
		case a == "--":
			return i + 1
		case len(a) < 2 || a[0] != '-' || err == nil:
			return i
		}
		name := strings.TrimLeft(a, "-")
		if f := fs.Lookup(name); f != nil && !strings.Contains(name, "=") {
			if b, ok := f.Value.(interface{ IsBoolFlag() bool }); !ok || !b.IsBoolFlag() {
				i++ // the flag's value
			}
		}
	}
	return len(args)
}

// shortestPath returns a shortest sequence of at most a.MaxLength moves
// from a.Initial to a.Goal, if there is one; line counts line moves as
// one; lim bounds the search's memory. Its errors describe a search too
// large for memory.
func shortestPath(a bfsform.Args, line bool, lim slide.Limits) (bfsResult, error) {
	if a.BlankAlone {
		return bfsResult{path: []string{a.Initial}, solvable: true, metric: metricOf(line)}, nil
	}
	return boardPath(a.Start, a.End, a.MaxLength, line, lim, slide.Board.Position)
}

// metricOf returns the metric of -r: line moves with line set, else tile
// moves.
func metricOf(line bool) slide.Metric {
	if line {
		return slide.LineMoves
	}
	return slide.TileMoves
}

// boardPath returns a shortest sequence of at most maxLen moves from start
// to end, if there is one, each board written by text; line counts line
// moves as one; lim bounds the search's memory.
func boardPath(start, end slide.Board, maxLen int, line bool, lim slide.Limits, text func(slide.Board) (string, error)) (bfsResult, error) {
	res := bfsResult{metric: metricOf(line)}
	var err error
	if res.solvable, err = slide.Solvable(start, end); err != nil {
		return res, errors.New(message(err)) // boards of different sizes
	}
	if start == end {
		p, err := text(start)
		res.path = []string{p}
		return res, err
	}
	if maxLen == 0 {
		return res, nil // a bound of 0 moves reaches only INITIAL itself
	}
	if maxLen > 0 {
		lim.MaxCost = float64(maxLen)
	}
	res.sol, err = slide.Solver{Metric: res.metric, Algorithm: slide.AlgoBidirectional, Limits: lim}.Solve(context.Background(), start, end)
	res.searched = res.sol.Engine != "" // else Solve answered without a search
	switch {
	case errors.Is(err, slide.ErrUnsolvable) || errors.Is(err, slide.ErrNotFound):
		return res, nil
	case errors.Is(err, slide.ErrLimit) && maxLen < math.MaxInt:
		return res, fmt.Errorf("the search outgrew its memory bound after %d positions: try a smaller MAXLENGTH, or raise the bound with -max-memory (now %v)", res.sol.Expanded, memoryText(lim.MaxMemory))
	case errors.Is(err, slide.ErrLimit):
		return res, fmt.Errorf("the search outgrew its memory bound after %d positions: raise it with -max-memory (now %v), or solve the board with slide solve", res.sol.Expanded, memoryText(lim.MaxMemory))
	case err != nil:
		return res, errors.New(message(err))
	}
	res.moves = res.sol.Moves
	res.path = make([]string, 0, res.sol.Len()+1)
	for _, b := range res.sol.All() {
		p, err := text(b)
		if err != nil {
			return res, errors.New(message(err))
		}
		res.path = append(res.path, p)
	}
	return res, nil
}
