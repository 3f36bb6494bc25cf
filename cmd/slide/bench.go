package main

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/slidekit/slide"
)

const benchAbout = `Bench solves every instance of FILE optimally and reports the work. FILE
holds one instance a line, "id optimal t0 t1 ... tN-1" (N = n*n tiles in
row-major order, 0 the blank), with # comments; the goal puts the blank
first: 0 1 2 ... N-1. Bench prints "id moves expanded generated seconds" for
each instance and "total INSTANCES EXPANDED GENERATED SECONDS" last, and
exits with status 1 if any solution's length differs from the optimal
column. A pattern database (-heuristic pdb663, or -partition for one of
your own) is loaded from the cache, or built there first with its
progress on standard error; if the cache cannot be written, bench says so
once and goes on with the tables in memory. Seconds are wall-clock seconds of the
search, which runs on one goroutine.`

// benchInstance is a line of a bench file.
type benchInstance struct {
	id      string
	optimal int
	board   slide.Board
}

// runBench is the bench subcommand.
func runBench(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("bench", "[-heuristic NAME] [-algorithm NAME] [-max-memory SIZE] FILE", benchAbout)
	var hs heuristicFlag
	fs.Var(&hs, "heuristic", hs.usage())
	var algo algorithmFlag
	fs.Var(&algo, "algorithm", algo.usage())
	var partition string
	fs.StringVar(&partition, "partition", "", "search with the pattern database of these `groups` of tile labels, as \"1 2 3/4 5 6/...\", for the goal of bench files (see \"slide pdb -h\")")
	mem := addMemoryFlag(fs)
	if status, ok := parseFlags(fs, args, stdout, stderr); !ok {
		return status
	}
	if fs.NArg() != 1 {
		return usageError(stderr, "bench", "want one FILE, got %d arguments", fs.NArg())
	}
	r, shown, done, err := openInput(fs.Arg(0), stdin)
	if err != nil {
		return failure(stderr, "bench", "%v", err)
	}
	instances, err := scanBench(r)
	done()
	if err != nil {
		return failure(stderr, "bench", "%s: %v", shown, err)
	}
	first := instances[0].board
	opts, status := searchOptions("bench", &hs, partition, blankFirst(first.Rows(), first.Cols()), stderr)
	if status != exitOK {
		return status
	}
	opts = append(opts, slide.WithLimits(mem.limits()))
	out := bufio.NewWriter(stdout)
	var expanded, generated int64
	var seconds float64
	for _, in := range instances {
		goal := blankFirst(in.board.Rows(), in.board.Cols())
		began := time.Now()
		sol, err := slide.Solve(in.board, goal, append(opts, slide.WithAlgorithm(algo.a))...)
		elapsed := time.Since(began).Seconds()
		if err != nil {
			out.Flush()
			return failure(stderr, "bench", "instance %s: %s", in.id, message(err))
		}
		fmt.Fprintf(out, "%s %d %d %d %.3f\n", in.id, sol.Len(), sol.Expanded, sol.Generated, elapsed)
		if err := out.Flush(); err != nil { // no one sees the results: stop
			return failure(stderr, "bench", "writing the output: %v", err)
		}
		if sol.Len() != in.optimal {
			fmt.Fprintf(stderr, "slide bench: instance %s: %d moves, but the file says %d are optimal\n", in.id, sol.Len(), in.optimal)
			status = exitError
		}
		expanded += sol.Expanded
		generated += sol.Generated
		seconds += elapsed
	}
	fmt.Fprintf(out, "total %d %d %d %.3f\n", len(instances), expanded, generated, seconds)
	if code := finish(out, stderr, "bench", exitOK); code != exitOK {
		return code
	}
	return status
}

// blankFirst returns the goal of bench files: tile t on cell t, the blank
// on cell 0.
func blankFirst(rows, cols int) slide.Board {
	tiles := make([]int, rows*cols)
	for i := range tiles {
		tiles[i] = i
	}
	b, _ := slide.New(rows, cols, tiles)
	return b
}

// heuristicFlag is a -heuristic value: a heuristic name, with "+wd" to add
// walking distance by max.
type heuristicFlag struct {
	h  slide.Heuristic
	wd bool
}

func (f *heuristicFlag) String() string {
	if f.wd {
		return f.h.String() + "+wd"
	}
	return f.h.String()
}

func (f *heuristicFlag) Set(s string) error {
	name, wd := strings.CutSuffix(s, "+wd")
	h, err := slide.ParseHeuristic(name)
	if err != nil {
		return plain(err)
	}
	f.h, f.wd = h, wd
	return nil
}

func (f *heuristicFlag) usage() string {
	var names []string
	for _, h := range slide.Heuristics() {
		names = append(names, h.String())
	}
	return "`name` of the search's estimate: " + strings.Join(names, ", ") + ", any of them followed by +wd to add walking distance (default auto)"
}

// options returns the Solve options of the flag.
func (f *heuristicFlag) options() []slide.Option {
	opts := []slide.Option{slide.WithHeuristic(f.h)}
	if f.wd {
		opts = append(opts, slide.WithWalkingDistance())
	}
	return opts
}

// algorithmFlag is an -algorithm value.
type algorithmFlag struct{ a slide.Algorithm }

func (f *algorithmFlag) String() string { return f.a.String() }

func (f *algorithmFlag) Set(s string) error {
	a, err := slide.ParseAlgorithm(s)
	f.a = a
	return plain(err)
}

func (f *algorithmFlag) usage() string {
	var names []string
	for _, a := range slide.Algorithms() {
		names = append(names, a.String())
	}
	return "`name` of the search: " + strings.Join(names, ", ") + " (default auto)"
}
