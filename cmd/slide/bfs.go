package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/slidekit/slide"
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

The search runs breadth-first from both ends and stops at MAXLENGTH, so a
small MAXLENGTH keeps even a large tray's search small. An argument after
MAXLENGTH is a position even if it begins with -.`

// runBFS is the bfs subcommand.
func runBFS(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("bfs", "[-r] [-n] [-max-memory SIZE] [HEIGHT WIDTH] MAXLENGTH INITIAL GOAL", bfsAbout)
	line := fs.Bool("r", false, "count sliding a whole row or column of tiles toward the blank as one move")
	count := fs.Bool("n", false, "print the number of moves instead of the positions")
	mem := addMemoryFlag(fs)
	n := min(bfsFlagCount(fs, args), len(args))
	if status, ok := parseFlags(fs, args[:n], stdout, stderr); !ok {
		return status
	}
	pos := args[n:]
	rows, cols := 3, 3
	switch len(pos) {
	case 3:
	case 5:
		var err error
		if rows, cols, err = traySize(pos[0], pos[1]); err != nil {
			return failure(stderr, "bfs", "%v", err)
		}
		pos = pos[2:]
	default:
		return usageError(stderr, "bfs", "want [HEIGHT WIDTH] MAXLENGTH INITIAL GOAL, got %d arguments", len(pos))
	}
	maxLen, err := strconv.Atoi(pos[0])
	if errors.Is(err, strconv.ErrRange) && !strings.HasPrefix(pos[0], "-") {
		maxLen, err = math.MaxInt, nil // more than any search can reach
	}
	if err != nil || maxLen < 0 {
		return failure(stderr, "bfs", "MAXLENGTH %q is not a nonnegative integer", pos[0])
	}
	path, err := shortestPath(rows, cols, maxLen, pos[1], pos[2], *line, mem.limits())
	if err != nil {
		return failure(stderr, "bfs", "%v", err)
	}
	out := bufio.NewWriter(stdout)
	switch {
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

// traySize reads HEIGHT and WIDTH: positive integers whose product is at
// most slide.MaxCells.
func traySize(height, width string) (rows, cols int, err error) {
	rows, err1 := strconv.Atoi(height)
	cols, err2 := strconv.Atoi(width)
	switch {
	case err1 != nil || rows < 1:
		return 0, 0, fmt.Errorf("HEIGHT %q is not a positive integer", height)
	case err2 != nil || cols < 1:
		return 0, 0, fmt.Errorf("WIDTH %q is not a positive integer", width)
	case rows > slide.MaxCells || cols > slide.MaxCells || rows*cols > slide.MaxCells:
		return 0, 0, fmt.Errorf("a %s x %s tray has more than %d cells", height, width, slide.MaxCells)
	}
	return rows, cols, nil
}

// shortestPath returns the positions of a shortest sequence of at most
// maxLen moves from initial to goal on a rows x cols tray, or nil if there
// is none; line counts line moves as one; lim bounds the search's memory.
// Its errors describe bad positions or a search too large for memory.
func shortestPath(rows, cols, maxLen int, initial, goal string, line bool, lim slide.Limits) ([]string, error) {
	if rows*cols == 1 { // too small for a slide.Board: "-" is the only position
		for _, p := range [...]struct{ name, pos string }{{"INITIAL", initial}, {"GOAL", goal}} {
			if p.pos != string(slide.PositionBlank) {
				return nil, fmt.Errorf("%s %q: a 1 x 1 tray holds only the blank, %q", p.name, p.pos, slide.PositionBlank)
			}
		}
		return []string{initial}, nil
	}
	start, err := slide.ParsePosition(rows, cols, initial)
	if err != nil {
		return nil, fmt.Errorf("INITIAL %q: %s", initial, message(err))
	}
	end, err := slide.ParsePosition(rows, cols, goal)
	if err != nil {
		return nil, fmt.Errorf("GOAL %q: %s", goal, message(err))
	}
	if err := sameTiles(initial, goal); err != nil {
		return nil, err
	}
	metric := slide.TileMoves
	if line {
		metric = slide.LineMoves
	}
	if start == end {
		return []string{initial}, nil
	}
	if maxLen == 0 {
		return nil, nil // a bound of 0 moves reaches only INITIAL itself
	}
	if maxLen > 0 {
		lim.MaxCost = float64(maxLen)
	}
	sol, err := slide.Solve(start, end, slide.WithMetric(metric), slide.WithAlgorithm(slide.AlgoBidirectional), slide.WithLimits(lim))
	switch {
	case errors.Is(err, slide.ErrUnsolvable) || errors.Is(err, slide.ErrNotFound):
		return nil, nil
	case errors.Is(err, slide.ErrLimit):
		return nil, fmt.Errorf("the search outgrew its memory bound after %d positions: try a smaller MAXLENGTH, or raise the bound with -max-memory (now %v)", sol.Expanded, memoryText(lim.MaxMemory))
	case err != nil:
		return nil, errors.New(message(err))
	}
	path := make([]string, len(sol.Boards))
	for i, b := range sol.Boards {
		if path[i], err = b.Position(); err != nil {
			return nil, errors.New(message(err))
		}
	}
	return path, nil
}

// sameTiles reports, as an error, the first character (in code point
// order) that initial and goal, two positions of the same length, hold a
// different number of times.
func sameTiles(initial, goal string) error {
	a, b := []rune(initial), []rune(goal)
	slices.Sort(a)
	slices.Sort(b)
	for i := range a {
		if a[i] != b[i] { // the smaller one is missing from the other
			r := min(a[i], b[i])
			return fmt.Errorf("INITIAL and GOAL hold different tiles: %q appears %d times in INITIAL and %d in GOAL",
				r, strings.Count(initial, string(r)), strings.Count(goal, string(r)))
		}
	}
	return nil
}
