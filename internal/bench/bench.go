package bench

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/input"
	"github.com/slidekit/slide/internal/progress"
	"github.com/slidekit/slide/internal/report"
)

// An Instance is a line of a bench file: its id, the file's optimal (or
// reference) length, negative where there is none, and the start board,
// whose goal is GoalBoard, or [Goal] where that is the zero Board.
type Instance struct {
	ID        string
	Optimal   int
	Board     slide.Board
	GoalBoard slide.Board
}

// goal returns the goal of in.
func (in Instance) goal() slide.Board {
	if in.GoalBoard.IsValid() {
		return in.GoalBoard
	}
	return Goal(in.Board.Rows(), in.Board.Cols())
}

// Goal returns the goal of bench files: tile t on cell t, the blank on
// cell 0.
func Goal(rows, cols int) slide.Board {
	tiles := make([]int, rows*cols)
	for i := range tiles {
		tiles[i] = i
	}
	b, _ := slide.New(rows, cols, tiles)
	return b
}

// A Search solves the instances of a batch with its Solver, and collects
// garbage between them (see Collector). Its Solve is the one place where
// bench calls the library: a flag that changes how instances are solved
// belongs in its Solver.
type Search struct {
	Solver slide.Solver
	gc     Collector
}

// Solve solves the instance in.
func (s *Search) Solve(ctx context.Context, in Instance) Result {
	began := time.Now()
	sol, err := s.Solver.Solve(ctx, in.Board, in.goal())
	took := time.Since(began)
	s.gc.After(took)
	return Result{In: in, Sol: sol, Seconds: took.Seconds(), Err: err, Cancelled: ctx.Err() != nil}
}

// Workers returns the goroutines of an instance's search when -workers
// is 0, with jobs instances solved at once. An optimal search may run on
// all the cores: on many instances at once its extra workers rarely run,
// the Go scheduler sharing the cores among every instance's goroutines,
// but once some instances have ended, or while one's iterations are too
// small to split, the others' workers take the cores left idle; one
// goroutine an instance would leave them idle while the longest instances
// run alone. The near-optimal modes divide the cores among the jobs:
// their answers depend on their workers, and a -time budget is wall-clock
// time, which goroutines waiting for a core would spend.
func Workers(optimal bool, jobs int) int {
	if !optimal {
		return max(1, runtime.GOMAXPROCS(0)/jobs)
	}
	return runtime.GOMAXPROCS(0)
}

// ShareMemory returns the memory bound of each of jobs searches at once
// when bound (math.MaxInt64 for none) bounds the process: each may hold
// the tables of the database h they start with (as Solver.Prepare
// returned it), which they share, and a jobs-th of what the tables leave;
// -1, no bound, when there is none.
func ShareMemory(bound int64, h slide.Heuristic, jobs int) int64 {
	if bound == math.MaxInt64 {
		return -1
	}
	tables, _, _ := h.Memory()
	return min(bound, tables+max(0, bound-tables)/int64(jobs))
}

// ReadAhead reads from the cache, for the anytime mode, the database of
// the near-optimal modes that the searches start with (h, as
// Solver.Prepare returned it), showing a build on stderr, so that the
// first instance's time is the search's alone and every instance ranks
// boards with it: Solver.Prepare reads the database of an optimal search,
// and builds that of a weighted one, but leaves that of the anytime mode
// to each search's budget. It returns the database and why it is not
// loaded, if it is not: not fatal, a table that fails to load is Solve's
// to handle.
func ReadAhead(goal slide.Board, h slide.Heuristic, mode slide.Mode, maxMemory int64, stderr io.Writer) (slide.Heuristic, error) {
	db, ok := slide.NearOptimalDatabase(goal)
	if stronger, has := slide.StrongerDatabase(goal, mode); has && (h == stronger || h == stronger.WithWalkingDistance()) {
		db = stronger
	}
	if !ok || h != db && h != db.WithWalkingDistance() {
		return db, nil
	}
	cache := slide.Cache{BuildMemory: maxMemory}
	reporter := progress.NewTables("building", cache, stderr, slide.Heuristic.String)
	cache.Progress = reporter.Report
	err := cache.Build(context.Background(), db)
	reporter.Done()
	return db, err
}

// AheadPerJob bounds how far Run reads ahead of the instance it
// emits next, in instances per job: far enough that a long instance does
// not hold up the solving of those after it while it runs (each job
// finishes many short ones meanwhile), near enough that the results
// waiting to be emitted take little memory.
const AheadPerJob = 16

// Run solves the instances that next returns, until it returns
// false, at most jobs at once, and hands every result to emit in the
// order of the instances, each as soon as it and those before it are
// done. It reads an instance only when fewer than jobs are solved and
// fewer than AheadPerJob*jobs are solved or waiting to be emitted, so
// that its memory is that of jobs searches and some results, however
// many next returns. It stops when emit
// returns false, cancelling the searches under way, and returns once
// every search has ended; next, called on a goroutine of its own, may
// then still be in a read, which ends it. The searches stop too when
// parent is done.
func Run(parent context.Context, next func() (Instance, bool), jobs int, solve func(context.Context, Instance) Result, emit func(Result) bool) {
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
	input := make(chan Instance)
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
		res  Result
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
		var more <-chan Instance // nil, which blocks, while jobs are under way
		if running < jobs && len(queue) < AheadPerJob*jobs {
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

// Shard is a -shard value, K/N: the instances K, K+N, K+2N, ...,
// counting from 0. The zero value takes every instance.
type Shard struct{ k, n int }

func (f *Shard) String() string {
	if f.n == 0 {
		return ""
	}
	return strconv.Itoa(f.k) + "/" + strconv.Itoa(f.n)
}

func (f *Shard) Set(s string) error {
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

func (f *Shard) Usage() string {
	return "solve only shard `K/N`: the instances K, K+N, K+2N, ... counted from 0 (K from 0 to N-1)"
}

// Takes reports whether the instance i, counted from 0, is in the shard.
func (f *Shard) Takes(i int) bool { return f.n == 0 || i%f.n == f.k }

// Verdict returns what is wrong with r's solution, or "": in the optimal
// search (optimal set), a length other than the file's optimal one; in
// the other modes,
// a solution that does not reach the goal, or whose claims (proven
// optimal, lower bound) contradict the reference, taken as optimal.
func Verdict(r Result, optimal bool) string {
	ref := r.In.Optimal
	if optimal {
		if ref >= 0 && r.Sol.Len() != ref {
			return fmt.Sprintf("%d moves, but the file says %d are optimal", r.Sol.Len(), ref)
		}
		return ""
	}
	b, ok := r.In.Board.Apply(r.Sol.Moves)
	switch {
	case !ok:
		return "the solution has a move off the board"
	case b != r.In.goal():
		return "the solution does not reach the goal"
	case ref < 0: // no reference to check against
	case r.Sol.Optimal && r.Sol.Len() != ref:
		return fmt.Sprintf("%d moves proven optimal, but the file's reference is %d", r.Sol.Len(), ref)
	case r.Sol.LowerBound > ref:
		return fmt.Sprintf("lower bound %d above the file's reference %d", r.Sol.LowerBound, ref)
	}
	return ""
}

// Result is what solving one instance gave.
type Result struct {
	In      Instance
	Sol     slide.Solution
	Seconds float64 // wall-clock seconds of the search
	Err     error   // why the instance has no solution
	// Cancelled tells that the batch's context had ended when the search
	// returned: its error, if any, is the batch's, which would fail every
	// instance after it alike, and not the instance's own (a limit, a
	// board that cannot reach the goal, a -time the board cannot keep).
	Cancelled bool
}

// A Printer prints the results of a batch as they come, each line
// flushed, says on Stderr why an instance failed or what is wrong with its
// answer (see Verdict), and adds them up.
type Printer struct {
	Out     *bufio.Writer
	Stderr  io.Writer
	JSON    bool               // the lines in their JSON form
	Optimal bool               // the searches are the optimal one
	Say     func(error) string // an error's message
	Totals  Totals
	Failed  bool  // an instance failed, or its answer is wrong
	Err     error // why the batch stopped early, if it did
}

// Emit prints r's line and its failure or wrong claim, and counts it. It
// returns false, with Err set, when the batch must stop: at an error of
// the batch's own (see Result.Cancelled), or a failed write.
func (p *Printer) Emit(r Result) bool {
	var msg string
	if r.Err != nil {
		msg = p.Say(r.Err)
	}
	if r.Err != nil && r.Cancelled {
		p.Out.Flush()
		p.Err = fmt.Errorf("instance %s: %s", r.In.ID, msg)
		return false
	}
	WriteResult(p.Out, r, p.JSON, msg)
	if err := p.Out.Flush(); err != nil { // no one sees the results: stop
		p.Err = fmt.Errorf("writing the output: %v", err)
		return false
	}
	if r.Err == nil { // else its line says so too
		msg = Verdict(r, p.Optimal)
	}
	if msg != "" {
		fmt.Fprintf(p.Stderr, "slide bench: instance %s: %s\n", r.In.ID, input.OneLine(msg))
		p.Failed = true
	}
	p.Totals.Add(r)
	return true
}

// WriteResult prints r's line: "id moves expanded generated seconds", or
// "id error: MESSAGE" for an instance that failed, msg its error's
// message, or with asJSON their JSON forms.
func WriteResult(w io.Writer, r Result, asJSON bool, msg string) {
	switch {
	case asJSON && r.Err != nil:
		report.WriteJSON(w, errorJSON{ID: r.In.ID, Start: r.In.Board.String(), Reference: r.In.Optimal, Error: msg})
	case asJSON:
		report.WriteJSON(w, resultJSON{
			ID: r.In.ID, Start: r.In.Board.String(), Length: r.Sol.Len(), Optimal: r.Sol.Optimal,
			LowerBound: r.Sol.LowerBound, Reference: r.In.Optimal, Algorithm: r.Sol.Engine,
			Heuristic: r.Sol.Heuristic.String(), Metric: slide.TileMoves.String(), Expanded: r.Sol.Expanded,
			Generated: r.Sol.Generated, Seconds: math.Round(r.Seconds*1e6) / 1e6, Workers: r.Sol.Workers,
			Moves: slide.FormatMoves(r.Sol.Moves),
		})
	case r.Err != nil:
		fmt.Fprintf(w, "%s error: %s\n", r.In.ID, input.OneLine(msg))
	default:
		fmt.Fprintf(w, "%s %d %d %d %.3f\n", r.In.ID, r.Sol.Len(), r.Sol.Expanded, r.Sol.Generated, r.Seconds)
	}
}

// resultJSON is the JSON form of an instance's result (see "slide bench -h").
type resultJSON struct {
	ID         string  `json:"id"`
	Start      string  `json:"start"`
	Length     int     `json:"length"`
	Optimal    bool    `json:"optimal"`
	LowerBound int     `json:"lower_bound"`
	Reference  int     `json:"reference"`
	Algorithm  string  `json:"algorithm"`
	Heuristic  string  `json:"heuristic"`
	Metric     string  `json:"metric"`
	Expanded   int64   `json:"expanded"`
	Generated  int64   `json:"generated"`
	Seconds    float64 `json:"seconds"`
	Workers    int     `json:"workers"`
	Moves      string  `json:"moves"`
}

// errorJSON is the JSON form of an instance that failed (see
// benchAbout).
type errorJSON struct {
	ID        string `json:"id"`
	Start     string `json:"start"`
	Reference int    `json:"reference"`
	Error     string `json:"error"`
}

// Totals adds up the results of a batch.
type Totals struct {
	Solved, Failed      int
	lengths, references int  // of the solved instances
	unreferenced        bool // a solved instance has no reference: no means line
	expanded, generated int64
	seconds             float64
}

// Add counts r.
func (t *Totals) Add(r Result) {
	if r.Err != nil {
		t.Failed++
		return
	}
	t.Solved++
	t.unreferenced = t.unreferenced || r.In.Optimal < 0
	t.lengths += r.Sol.Len()
	t.references += r.In.Optimal
	t.expanded += r.Sol.Expanded
	t.generated += r.Sol.Generated
	t.seconds += r.Seconds
}

// Write prints the totals line and, for the near-optimal modes, the
// means line, if any instance was solved: "total INSTANCES EXPANDED
// GENERATED SECONDS" and "mean LENGTH REFERENCE RATIO", over the solved
// instances, each followed by "failed N" when N instances failed.
func (t *Totals) Write(w io.Writer, means bool) {
	failed := ""
	if t.Failed > 0 {
		failed = fmt.Sprintf(" failed %d", t.Failed)
	}
	fmt.Fprintf(w, "total %d %d %d %.3f%s\n", t.Solved, t.expanded, t.generated, t.seconds, failed)
	if means && t.Solved > 0 && !t.unreferenced {
		n := float64(t.Solved)
		fmt.Fprintf(w, "mean %.2f %.2f %.4f%s\n", float64(t.lengths)/n, float64(t.references)/n,
			float64(t.lengths)/float64(max(t.references, 1)), failed)
	}
}

// CollectRatio is how much longer than a garbage collection an instance's
// search must have taken for bench to collect after it (see Collector).
const CollectRatio = 50

// MinCollect is what a collection is taken to cost before one has been
// timed: instances shorter than CollectRatio times it are never followed
// by one.
const MinCollect = time.Millisecond

// A Collector runs a garbage collection after an instance whose search
// took at least CollectRatio times as long as the last collection did, so
// that what the instance dropped (a weighted search's open list, an
// anytime search's beams) is not still held while the next instance's
// grow, and a batch's peak stays near its largest board's, at a cost of
// at most 1/CollectRatio of the time searched. A short search allocates
// little, in proportion to its time, and leaves the runtime's own pacing,
// under the soft memory limit of -max-memory, to collect
// it: a collection costs more than a small board's whole search. The zero value is ready to use, by any number
// of goroutines.
type Collector struct {
	cost atomic.Int64 // the last collection's duration, in nanoseconds
}

// After collects if a search of the duration searched has just ended and
// that is long enough.
func (c *Collector) After(searched time.Duration) {
	cost := max(time.Duration(c.cost.Load()), MinCollect)
	if searched < CollectRatio*cost {
		return
	}
	began := time.Now()
	runtime.GC()
	c.cost.Store(int64(time.Since(began)))
}
