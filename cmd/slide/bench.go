package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/slidekit/slide"
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
	workers   int // goroutines per instance; 0: see defaultWorkers
	jobs      int // instances solved at once
	shard     shardFlag
	json      bool
	goalFile  string
	goal      slide.Board  // of -goal FILE, if given
	blankLast bool         // FILE holds a board in the board form, whose goal is slide.Goal
	search    slide.Solver // each instance's, once prepared (see shareMemory)
	gc        collector    // between instances
}

// benchInstance is a line of a bench file.
type benchInstance struct {
	id      string
	optimal int
	board   slide.Board
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
	fs.Var(&f.shard, "shard", f.shard.usage())
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
	src, isBoard, shown, done, err := openBenchInput(file, stdin, f.shard)
	defer done()
	if err != nil {
		return failure(stderr, "bench", "%v", err)
	}
	f.blankLast = isBoard
	first, ok := src.next()
	switch {
	case !ok && src.err != nil:
		return failure(stderr, "bench", "%s: %v", shown, src.err)
	case !ok:
		return failure(stderr, "bench", "%s: shard %v holds no instances", shown, &f.shard)
	}
	goal := f.goalOf(first.board)
	if status := f.readPartition("bench", goal, stderr); status != exitOK {
		return status
	}
	s := f.solver(f.workers, f.memory.limits())
	// SIGINT and SIGTERM cancel the searches, and a table's first build,
	// which removes its temporary file (see interruptible).
	ctx, stop := interruptible()
	defer stop()
	h, status := f.prepare(ctx, "bench", s, goal, stderr)
	if status != exitOK {
		if sig := stop(); sig != nil {
			return stopped(stderr, "bench", sig, "no instance solved")
		}
		return status
	}
	f.readAhead(goal, h, stderr)
	s.Limits = f.shareMemory(h)
	if f.workers == 0 && !f.modes.fast { // the fast mode runs on one goroutine, and a Solver refuses its Workers
		s.Workers = f.defaultWorkers()
	}
	f.search = s
	pending := &first // read ahead for the goal, and solved first
	next := func() (benchInstance, bool) {
		if pending != nil {
			inst := *pending
			pending = nil
			return inst, true
		}
		return src.next()
	}
	b := &benchBatch{flags: &f, out: bufio.NewWriter(stdout), stderr: stderr, status: status}
	runInstances(ctx, next, f.jobs, f.solve, func(r benchResult) bool {
		if ctx.Err() != nil { // a signal: said below
			return false
		}
		return b.emit(r)
	})
	if sig := stop(); sig != nil {
		b.out.Flush()
		return stopped(stderr, "bench", sig, fmt.Sprintf("%d instances solved", b.sum.solved))
	}
	if b.stopped {
		return b.status
	}
	if src.err != nil { // a bad line or a failed read, after the instances before it
		return failure(stderr, "bench", "%s: %v", shown, src.err)
	}
	if !f.json {
		b.sum.write(b.out, f.modes.any())
	}
	if code := finish(b.out, stderr, "bench", exitOK); code != exitOK {
		return code
	}
	return b.status
}

// solve solves one instance with f.search. It is the one place where
// bench calls the library: a flag that changes how instances are solved
// belongs in f.search.
func (f *benchFlags) solve(ctx context.Context, in benchInstance) benchResult {
	goal := f.goalOf(in.board)
	began := time.Now()
	sol, err := f.search.Solve(ctx, in.board, goal)
	took := time.Since(began)
	f.gc.after(took)
	return benchResult{in: in, sol: sol, seconds: took.Seconds(), err: err, cancelled: ctx.Err() != nil}
}

// defaultWorkers returns the goroutines of an instance's search when
// -workers is 0. An optimal search may run on all the cores: on many
// instances at once its extra workers rarely run, the Go scheduler
// sharing the cores among every instance's goroutines, but once some
// instances have ended, or while one's iterations are too small to split,
// the others' workers take the cores left idle; one goroutine an
// instance would leave them idle while the longest instances run alone.
// The near-optimal modes divide the cores among the jobs: their answers
// depend on their workers, and a -time budget is wall-clock time, which
// goroutines waiting for a core would spend.
func (f *benchFlags) defaultWorkers() int {
	if f.modes.any() {
		return max(1, runtime.GOMAXPROCS(0)/f.jobs)
	}
	return runtime.GOMAXPROCS(0)
}

// verdict returns what is wrong with r's solution, or "": in the optimal
// search, a length other than the file's optimal one; in the other modes,
// a solution that does not reach the goal, or whose claims (proven
// optimal, lower bound) contradict the reference, taken as optimal.
func (f *benchFlags) verdict(r benchResult) string {
	ref := r.in.optimal
	if !f.modes.any() {
		if ref >= 0 && r.sol.Len() != ref {
			return fmt.Sprintf("%d moves, but the file says %d are optimal", r.sol.Len(), ref)
		}
		return ""
	}
	b, ok := r.in.board.Apply(r.sol.Moves)
	switch {
	case !ok:
		return "the solution has a move off the board"
	case b != f.goalOf(r.in.board):
		return "the solution does not reach the goal"
	case ref < 0: // no reference to check against
	case r.sol.Optimal && r.sol.Len() != ref:
		return fmt.Sprintf("%d moves proven optimal, but the file's reference is %d", r.sol.Len(), ref)
	case r.sol.LowerBound > ref:
		return fmt.Sprintf("lower bound %d above the file's reference %d", r.sol.LowerBound, ref)
	}
	return ""
}

// aheadPerJob bounds how far runInstances reads ahead of the instance it
// emits next, in instances per job: far enough that a long instance does
// not hold up the solving of those after it while it runs (each job
// finishes many short ones meanwhile), near enough that the results
// waiting to be emitted take little memory.
const aheadPerJob = 16

// runInstances solves the instances that next returns, until it returns
// false, at most jobs at once, and hands every result to emit in the
// order of the instances, each as soon as it and those before it are
// done. It reads an instance only when fewer than jobs are solved and
// fewer than aheadPerJob*jobs are solved or waiting to be emitted, so
// that its memory is that of jobs searches and some results, however
// many next returns. It stops when emit
// returns false, cancelling the searches under way, and returns once
// every search has ended; next, called on a goroutine of its own, may
// then still be in a read, which ends it. The searches stop too when
// parent is done.
func runInstances(parent context.Context, next func() (benchInstance, bool), jobs int, solve func(context.Context, benchInstance) benchResult, emit func(benchResult) bool) {
	ctx, cancel := context.WithCancel(parent)
	if jobs == 1 { // in turn, with no goroutine to hand instances to
		defer cancel()
		for inst, ok := next(); ok; inst, ok = next() {
			if !emit(solve(ctx, inst)) {
				return
			}
		}
		return
	}
	var wg sync.WaitGroup
	defer func() {
		cancel()
		wg.Wait()
	}()
	// The instances come from a goroutine of their own, so that a result
	// is emitted as soon as it is ready even while a read waits for input.
	input := make(chan benchInstance)
	go func() {
		defer close(input)
		for {
			inst, ok := next()
			if !ok {
				return
			}
			select {
			case input <- inst:
			case <-ctx.Done():
				return
			}
		}
	}()
	type slot struct {
		res  benchResult
		done chan struct{}
	}
	var queue []*slot // the instances read and not yet emitted, in order
	solved := make(chan struct{}, jobs)
	running := 0
	for input != nil || len(queue) > 0 {
		var head chan struct{}
		if len(queue) > 0 {
			head = queue[0].done
		}
		var more <-chan benchInstance // nil, which blocks, while jobs are under way
		if running < jobs && len(queue) < aheadPerJob*jobs {
			more = input
		}
		select {
		case inst, ok := <-more:
			if !ok {
				input = nil
				continue
			}
			s := &slot{done: make(chan struct{})}
			queue = append(queue, s)
			running++
			wg.Add(1)
			go func() {
				defer wg.Done()
				s.res = solve(ctx, inst)
				close(s.done)
				solved <- struct{}{}
			}()
		case <-solved:
			running--
		case <-head:
			s := queue[0]
			queue[0] = nil // the solution's boards may be large
			queue = queue[1:]
			if !emit(s.res) {
				return
			}
		}
	}
}

// shardFlag is a -shard value, K/N: the instances K, K+N, K+2N, ...,
// counting from 0. The zero value takes every instance.
type shardFlag struct{ k, n int }

func (f *shardFlag) String() string {
	if f.n == 0 {
		return ""
	}
	return strconv.Itoa(f.k) + "/" + strconv.Itoa(f.n)
}

func (f *shardFlag) Set(s string) error {
	ks, ns, ok := strings.Cut(s, "/")
	k, err1 := strconv.Atoi(ks)
	n, err2 := strconv.Atoi(ns)
	switch {
	case !ok || err1 != nil || err2 != nil:
		return fmt.Errorf("want K/N, two integers such as 0/4")
	case n < 1:
		return fmt.Errorf("%d shards: want at least 1", n)
	case k < 0 || k >= n:
		return fmt.Errorf("shard %d of %d: want 0 to %d (shards count from 0)", k, n, n-1)
	}
	f.k, f.n = k, n
	return nil
}

func (f *shardFlag) usage() string {
	return "solve only shard `K/N`: the instances K, K+N, K+2N, ... counted from 0 (K from 0 to N-1)"
}

// takes reports whether the instance i, counted from 0, is in the shard.
func (f *shardFlag) takes(i int) bool { return f.n == 0 || i%f.n == f.k }

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
	return blankFirst(b.Rows(), b.Cols())
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

// maxJobs bounds -j: each job holds a search's memory, a -j-th of
// -max-memory, which the moves of its answer count against.
const maxJobs = 1024

// shareMemory returns the limits of each instance's search: -max-memory
// bounds the process, so that each of the -j searches at once may hold the
// tables of the database h they start with (as Solver.Prepare returned
// it), which they share, and a -j-th of what the tables leave.
func (f *benchFlags) shareMemory(h slide.Heuristic) slide.Limits {
	lim := f.memory.limits()
	if f.jobs == 1 || lim.MaxMemory < 0 {
		return lim
	}
	tables, _, _ := h.Memory()
	bound := f.memory.bound()
	lim.MaxMemory = min(bound, tables+max(0, bound-tables)/int64(f.jobs))
	return lim
}

// readAhead reads from the cache, under -time, the database of the
// near-optimal modes that the searches start with (h, as Solver.Prepare
// returned it), so that the first instance's time is the search's alone
// and every instance ranks boards with it: Solver.Prepare reads the
// database of an optimal search, and builds that of -w, but leaves that
// of -time to each search's budget. Not fatal: a table that fails to load
// is Solve's to handle.
func (f *benchFlags) readAhead(goal slide.Board, h slide.Heuristic, stderr io.Writer) {
	db, ok := slide.NearOptimalDatabase(goal)
	if stronger, has := slide.StrongerDatabase(goal, f.modes.mode); has && (h == stronger || h == stronger.WithWalkingDistance()) {
		db = stronger
	}
	if f.modes.budget == 0 || !ok || h != db && h != db.WithWalkingDistance() {
		return
	}
	cache := slide.Cache{MaxMemory: f.memory.limits().MaxMemory}
	reporter := newTableReporter("building", cache, stderr, slide.Heuristic.String)
	cache.Progress = reporter.report
	err := cache.Build(context.Background(), db)
	reporter.done()
	if err != nil {
		fmt.Fprintf(stderr, "slide bench: %v not loaded ahead: %s\n", db, message(err))
	}
}
