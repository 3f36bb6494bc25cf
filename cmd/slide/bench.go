package main

import (
	"bufio"
	"fmt"
	"io"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/bench"
	"github.com/slidekit/slide/internal/interrupt"
)

const benchAbout = `Bench solves every instance of FILE (standard input if FILE is absent or
-) optimally and reports the work. Bench's own form holds one instance a
line, "id optimal t0 t1 ... tN-1" (N = n*n tiles in row-major order, 0 the
blank), with # comments; its goal puts the blank first: 0 1 2 ... N-1,
unless -goal FILE gives another. Bench prints "id moves expanded generated seconds"
for each instance, in the file's order, and "total INSTANCES EXPANDED
GENERATED SECONDS" last (SECONDS adds up the instances' seconds), and
exits with status 1 if any solution's length differs from the optimal
column. An instance that fails (its memory share reached, a board that
cannot reach the goal) prints "id error: MESSAGE" in its place, and on
standard error, and bench goes on with the next; the totals count the
instances solved, followed by "failed N" when N failed, and the exit
status is 1 as well. It reads FILE as it goes, an instance at a time, so
that FILE may be a stream of any length; a malformed line stops it there,
with status 1, after the lines of the instances before it. A pattern
database (-heuristic pdb663, or -partition for one of your own) is loaded
from the cache, or built there first with its progress on standard error;
if the cache cannot be written, bench says so once and goes on with the
tables in memory. Under the default heuristic (auto), the database it
would use, if one is cached, is read before the first instance. Seconds
are wall-clock seconds of the search. Interrupted (SIGINT or SIGTERM),
bench stops at once after the lines printed, says how many instances it
solved, and exits with status 130 or 143.

With -w FACTOR, -time DURATION or -fast (see "slide solve -h"), the second
column is a reference length (the best known, not necessarily optimal):
each line reports the length found, a last line "mean LENGTH REFERENCE
RATIO" the mean lengths and their ratio (with "failed N" too), and bench
fails only on an instance that fails, a solution that does not reach the
goal, or one proven optimal, or a lower bound, that contradicts an optimal
reference.

-j N solves N instances at once, each on -workers goroutines; by default
each optimal search may run on all the cores, the instances under way
sharing them, so that the cores an instance leaves idle (its iterations
too small to split, the end of the file) serve the others, and with -w,
-time or -fast the cores are divided among the N. Lines still come in the
file's order, each as soon as it and those before it are done; the
instances after a long one are solved meanwhile. -max-memory bounds the
whole process: each of the N searches may hold the database's tables,
which they share, and an N-th of what the tables leave. -shard K/N solves
only the instances K, K+N, K+2N, ... counting instances (not lines) from
0, and K from 0 to N-1 as a Kubernetes indexed Job's JOB_COMPLETION_INDEX
and a Slurm array's SLURM_ARRAY_TASK_ID do, so that N processes share a
file. -json prints one JSON object a line per instance instead, with the
fields id, start, length, optimal, lower_bound, reference (the optimal
column), algorithm, heuristic, metric, expanded, generated, seconds,
workers and moves (U, D, L, R for the direction each tile slides), or id,
start, reference and error for an instance that failed, and no totals
line.

` + boardFormHelp + `It is instance 1, with no optimal column (reference -1), whose length is
not checked. No input is both: a line of bench's form holds at least four
fields, a board's size line one or two numbers.`

// benchFlags are the settings of one run of bench.
type benchFlags struct {
	searchFlags
	workers int // goroutines per instance; 0: see defaultWorkers
	jobs    int // instances solved at once
	shard   bench.Shard
	json    bool
	search  bench.Search // each instance's, once prepared

	goalFile  string
	goal      slide.Board // of -goal FILE, if given
	blankLast bool        // FILE holds a board in the board form, whose goal is slide.Goal
}

// runBench is the bench subcommand.
func runBench(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("bench", "[flags] [FILE]", benchAbout)
	var f benchFlags
	fs.StringVar(&f.goalFile, "goal", "", "solve every instance to the goal read from `FILE`, a board in the form solve reads")
	fs.Var(&f.heuristic, "heuristic", f.heuristic.usage())
	fs.Var(&f.algorithm, "algorithm", f.algorithm.usage())
	fs.IntVar(&f.workers, "workers", 0, "run each instance's search on `N` goroutines (default 0: all the cores, shared by the -j instances; with -w, -time or -fast, the cores divided among them)")
	fs.IntVar(&f.jobs, "j", 1, fmt.Sprintf("solve `N` instances at once, 1 to %d", maxJobs))
	fs.Var(&f.shard, "shard", f.shard.Usage())
	fs.BoolVar(&f.json, "json", false, "print a JSON object a line per instance (see above)")
	fs.StringVar(&f.partition, "partition", "", "search with the pattern database of these `groups` of tile labels, as \"1 2 3/4 5 6/...\" (groups split by /, labels by spaces or commas), for the goal of bench files (see \"slide pdb -h\")")
	f.modes.register(fs)
	f.memory = addMemoryFlag(fs)
	if status, ok := parseFlags(fs, args, stdout, stderr); !ok {
		return status
	}
	file, status, ok := fileArg(fs.Name(), fs.Args(), f.goalFile, stderr)
	if !ok {
		return status
	}
	if f.jobs < 1 || f.jobs > maxJobs {
		return usageError(stderr, "bench", "-j %d: want 1 to %d instances at once", f.jobs, maxJobs)
	}
	if status := f.checkFlags("bench", f.workers, stderr); status != exitOK {
		return status
	}
	if f.goalFile != "" {
		var err error
		if f.goal, err = readBoard(f.goalFile, stdin); err != nil {
			return failure(stderr, "bench", "%v", err)
		}
	}
	// One board in the board form is instance 1, with no reference.
	board, own, shown, done, err := openBoardInput(file, stdin)
	defer done()
	if err != nil {
		return failure(stderr, "bench", "%v", err)
	}
	src := bench.OneReader(bench.Instance{ID: "1", Optimal: -1, Board: board}, f.shard)
	if f.blankLast = own == nil; !f.blankLast {
		src = bench.NewReader(own, f.shard)
	}
	first, ok := src.Next()
	switch {
	case !ok && src.Err() != nil:
		return failure(stderr, "bench", "%s: %v", shown, src.Err())
	case !ok:
		return failure(stderr, "bench", "%s: shard %v holds no instances", shown, &f.shard)
	}
	first.GoalBoard = f.goalOf(first.Board)
	goal := first.GoalBoard
	if status := f.readPartition("bench", goal, stderr); status != exitOK {
		return status
	}
	s := f.solver(f.workers, f.memory.limits())
	// SIGINT and SIGTERM cancel the searches, and a table's first build,
	// which removes its temporary file (see interrupt.Context).
	ctx, stop := interrupt.Context()
	defer stop()
	h, status := f.prepare(ctx, "bench", s, goal, stderr)
	if status != exitOK {
		if sig := stop(); sig != nil {
			return stopped(stderr, "bench", sig, "no instance solved")
		}
		return status
	}
	if f.modes.is("-time") {
		if db, err := bench.ReadAhead(goal, h, s.Mode, s.Limits.MaxMemory, stderr); err != nil {
			fmt.Fprintf(stderr, "slide bench: %v not loaded ahead: %s\n", db, message(err))
		}
	}
	s.Limits.MaxMemory = bench.ShareMemory(f.memory.bound(), h, f.jobs)
	if f.workers == 0 && !f.modes.fast { // the fast mode runs on one goroutine, and a Solver refuses its Workers
		s.Workers = bench.Workers(!f.modes.any(), f.jobs)
	}
	f.search = bench.Search{Solver: s}
	pending := &first // read ahead for the goal, and solved first
	next := func() (bench.Instance, bool) {
		if pending != nil {
			inst := *pending
			pending = nil
			return inst, true
		}
		inst, ok := src.Next()
		inst.GoalBoard = f.goalOf(inst.Board)
		return inst, ok
	}
	b := &bench.Printer{Out: bufio.NewWriter(stdout), Stderr: stderr, JSON: f.json, Optimal: !f.modes.any(), Say: message}
	bench.Run(ctx, next, f.jobs, f.search.Solve, func(r bench.Result) bool {
		if ctx.Err() != nil { // a signal: said below
			return false
		}
		return b.Emit(r)
	})
	if sig := stop(); sig != nil {
		b.Out.Flush()
		return stopped(stderr, "bench", sig, fmt.Sprintf("%d instances solved", b.Totals.Solved))
	}
	if b.Err != nil {
		return failure(stderr, "bench", "%v", b.Err)
	}
	if src.Err() != nil { // a bad line or a failed read, after the instances before it
		return failure(stderr, "bench", "%s: %v", shown, src.Err())
	}
	if !f.json {
		b.Totals.Write(b.Out, f.modes.any())
	}
	if code := finish(b.Out, stderr, "bench", exitOK); code != exitOK || !b.Failed {
		return code
	}
	return exitError
}

// maxJobs bounds -j: each job holds a search's memory, a -j-th of
// -max-memory, which the moves of its answer count against.
const maxJobs = 1024

// goalOf returns the goal of the instance board b: that of -goal FILE,
// else the standard goal for a board in the board form, else that of
// bench files, the blank first.
func (f *benchFlags) goalOf(b slide.Board) slide.Board {
	switch {
	case f.goal.IsValid():
		return f.goal
	case f.blankLast:
		return slide.Goal(b.Rows(), b.Cols())
	}
	return bench.Goal(b.Rows(), b.Cols())
}
