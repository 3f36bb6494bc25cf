package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math"
	"strconv"
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
column. A pattern database is loaded from the cache, or built there first
with its progress on standard error. Seconds are wall-clock seconds of the
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
	mem := addMemoryFlag(fs)
	if status, ok := parseFlags(fs, args, stdout, stderr); !ok {
		return status
	}
	if fs.NArg() != 1 {
		return usageError(stderr, "bench", "want one FILE, got %d arguments", fs.NArg())
	}
	data, shown, err := readInput(fs.Arg(0), stdin)
	if err != nil {
		return failure(stderr, "bench", "%v", err)
	}
	instances, err := parseBench(string(data))
	if err != nil {
		return failure(stderr, "bench", "%s: %v", shown, err)
	}
	if err := prepareDatabase(hs.h, stderr, mem); err != nil {
		return failure(stderr, "bench", "%s", message(err))
	}
	out := bufio.NewWriter(stdout)
	status := exitOK
	var expanded, generated int64
	var seconds float64
	for _, in := range instances {
		goal := blankFirst(in.board.Rows(), in.board.Cols())
		began := time.Now()
		sol, err := slide.Solve(in.board, goal, append(hs.options(), slide.WithAlgorithm(algo.a), slide.WithLimits(mem.limits()))...)
		elapsed := time.Since(began).Seconds()
		if err != nil {
			out.Flush()
			return failure(stderr, "bench", "instance %s: %s", in.id, message(err))
		}
		fmt.Fprintf(out, "%s %d %d %d %.3f\n", in.id, sol.Len(), sol.Expanded, sol.Generated, elapsed)
		out.Flush()
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

// parseBench reads the instances of a bench file.
func parseBench(text string) ([]benchInstance, error) {
	var out []benchInstance
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) < 4 {
			return nil, fmt.Errorf("line %d: want id, optimal length and tiles, got %d fields", i+1, len(f))
		}
		optimal, err := strconv.Atoi(f[1])
		if err != nil || optimal < 0 {
			return nil, fmt.Errorf("line %d: optimal length %q is not a number of moves", i+1, f[1])
		}
		tiles := make([]int, len(f)-2)
		for j, s := range f[2:] {
			if tiles[j], err = strconv.Atoi(s); err != nil {
				return nil, fmt.Errorf("line %d: tile %q is not an integer", i+1, s)
			}
		}
		n := int(math.Sqrt(float64(len(tiles))))
		if n*n != len(tiles) {
			return nil, fmt.Errorf("line %d: %d tiles do not make a square board", i+1, len(tiles))
		}
		b, err := slide.New(n, n, tiles)
		if err != nil {
			return nil, fmt.Errorf("line %d: %s", i+1, message(err))
		}
		out = append(out, benchInstance{f[0], optimal, b})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no instances")
	}
	return out, nil
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

// prepareDatabase loads or builds the pattern database of h, if it is one,
// showing a build's progress on w. It leaves a database whose tables or
// build need more than the memory bound mem to the search, which refuses
// it if it must.
func prepareDatabase(h slide.Heuristic, w io.Writer, mem *memoryFlag) error {
	if !h.IsDatabase() {
		return nil
	}
	if tables, build := h.Memory(); max(tables, build) > mem.bound() {
		return nil
	}
	last := -1
	return slide.BuildDatabase(context.Background(), h, func(p slide.DatabaseProgress) {
		if percent := int(100 * p.Reached / max(p.Entries, 1)); p.Depth == 0 || percent/10 != last/10 || p.Reached == p.Entries {
			fmt.Fprintf(w, "slide: building %v: table %d of %d (%d tiles), depth %d, %d%% of %d entries\n",
				h, p.Table+1, p.Tables, p.Tiles, p.Depth, percent, p.Entries)
			last = percent
		}
	})
}
