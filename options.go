package slide

import (
	"math"
	"runtime"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/slidekit/slide/internal/idastar"
	"github.com/slidekit/slide/internal/pdb"
	"github.com/slidekit/slide/internal/tiles"
)

// An Option adjusts Solve.
type Option func(*options)

type options struct {
	mode     Mode
	heur     Heuristic // without its walking-distance bit, which is wd
	wd       bool
	algo     Algorithm
	metric   Metric
	limits   Limits
	progress func(Progress)
	onMove   func(Move)
	workers  int // 0: runtime.GOMAXPROCS

	db       Database // WithDatabase's, if dbSet
	dbSet    bool
	cache    string // WithCacheDir's directory, if cacheSet ("": no disk)
	cacheSet bool
	autoDB   pdb.State // where the database Auto chose is (pdb.Absent: none chosen)
}

// WithHeuristic makes Solve use h (default Auto: the strongest available).
func WithHeuristic(h Heuristic) Option {
	return func(o *options) { o.heur, o.wd = h.base(), h.hasWD() }
}

// WithAlgorithm makes Solve use the engine a (default AlgoAuto).
func WithAlgorithm(a Algorithm) Option { return func(o *options) { o.algo = a } }

// WithMetric makes Solve minimize moves in metric m (default TileMoves).
func WithMetric(m Metric) Option { return func(o *options) { o.metric = m } }

// WithCacheDir makes Solve, BuildDatabase and Database.Build keep pattern
// databases in the directory dir instead of os.UserCacheDir()/slide/pdb,
// creating it when they write a table; dir "" keeps them off the disk
// altogether: nothing is read from or written to it, tables are built in
// memory when needed, and Auto uses only those already in memory.
func WithCacheDir(dir string) Option { return func(o *options) { o.cache, o.cacheSet = dir, true } }

// WithLimits bounds the search (see Limits); a search that reaches a bound
// fails with a *LimitError.
func WithLimits(l Limits) Option { return func(o *options) { o.limits = l } }

// maxWorkers bounds WithWorkers: every worker holds a copy of the
// search's scratch memory.
const maxWorkers = 1024

// WithWorkers makes Solve's IDA* searches run on n goroutines (default 0:
// runtime.GOMAXPROCS(0), every core the process may use). It applies to
// IDA* with Manhattan distance, linear conflicts or a pattern database on
// boards with distinct labels and single-tile moves, and to the beam
// searches of the Weighted and Anytime modes; every other engine runs on
// one goroutine, and Solution.Workers says how many ran an IDA* search.
//
// The solution is the one a single worker finds (the first, in the
// search's order, of the shortest ones), so it does not depend on n; the
// node counts of the last iteration do, and vary from run to run. Each
// worker costs a copy of the search's scratch memory (a few kilobytes),
// and the search keeps a frontier of up to a few thousand nodes per worker
// (under 100 bytes each, 144 on boards of over 16 cells). Iterations
// expected to generate fewer than about 2^15 nodes run on one goroutine,
// since starting the others would cost more than it saves. Solve fails
// with ErrOption for n < 0 or n > 1024.
func WithWorkers(n int) Option { return func(o *options) { o.workers = n } }

// workerCount returns the number of workers the options ask for.
func (o *options) workerCount() int {
	if o.workers == 0 {
		return runtime.GOMAXPROCS(0)
	}
	return o.workers
}

// WithMode makes Solve answer as m asks (default Optimal()).
func WithMode(m Mode) Option { return func(o *options) { o.mode = m } }

// A Mode is what Solve is asked for: a shortest solution (Optimal, the
// default), or a good one sooner, labelled with what is proven about it
// (Weighted, Anytime, Fast). The zero Mode is Optimal().
type Mode struct {
	kind   modeKind
	weight float64
	budget time.Duration
}

type modeKind uint8

const (
	optimal modeKind = iota
	weighted
	anytime
	fast
)

// Optimal asks for a shortest solution, proven so.
func Optimal() Mode { return Mode{} }

// Weighted asks for a solution of at most w times the fewest moves, w >=
// 1 (Weighted(1) is Optimal()), usually much sooner than a shortest one:
// beams checked against the lower bound, weighted A*, which expands boards
// in the order of g + w*h, or weighted IDA* with a pattern database.
func Weighted(w float64) Mode { return Mode{kind: weighted, weight: w} }

// Anytime asks for the best solution found within d, or until the
// context is done when d is 0: a first solution comes quickly and
// improves while time remains; a proven optimum returns at once.
func Anytime(d time.Duration) Mode { return Mode{kind: anytime, budget: d} }

// Fast asks for a solution within seconds on any board up to 255 x 255,
// in time polynomial in its size and, with WithMoves, memory for the board
// only: about 2 n^3 moves on n x n boards. The heuristic and algorithm
// options do not apply to it.
func Fast() Mode { return Mode{kind: fast} }

// String returns "optimal", "weighted W", "anytime D" (or "anytime" for
// no time limit) or "fast".
func (m Mode) String() string {
	switch m.kind {
	case weighted:
		return "weighted " + strconv.FormatFloat(m.weight, 'g', -1, 64)
	case anytime:
		if m.budget == 0 {
			return "anytime"
		}
		return "anytime " + m.budget.String()
	case fast:
		return "fast"
	}
	return "optimal"
}

// check returns the ErrOption error of a Mode that asks for nothing
// Solve can give.
func (m Mode) check() error {
	switch {
	case m.kind == weighted && !(m.weight >= 1 && !math.IsInf(m.weight, 1)):
		return errorf("Solve", ErrOption, "weight %v: want a number of at least 1", m.weight)
	case m.kind == anytime && m.budget < 0:
		return errorf("Solve", ErrOption, "time limit %v: want a positive duration", m.budget)
	case m.kind > fast:
		return errorf("Solve", ErrOption, "unknown mode")
	}
	return nil
}

// WithMoves makes Solve hand every move of the solution to f, in order,
// instead of keeping them in Solution.Moves and Solution.Boards (which stay
// nil): with Fast(), a solution of millions of moves then takes memory
// only for the board, however long it is. Other modes call f once the
// solution is known.
func WithMoves(f func(Move)) Option { return func(o *options) { o.onMove = f } }

// Progress reports how a long search goes, to the function given to
// WithProgress: the bound being searched (IDA*'s depth, the best f of A*
// or weighted A*), the nodes generated so far, the best solution's length
// and lower bound so far (0 while none), and the time since the start.
type Progress struct {
	Bound      int
	Generated  int64
	Best       int
	LowerBound int
	Elapsed    time.Duration
}

// WithProgress makes Solve report its progress to f about every tenth of a
// second: the weighted, anytime and optimal IDA* searches (with Manhattan
// distance, linear conflicts or a pattern database; the generic engines
// report nothing). f is called from one goroutine at a time, the caller's
// or, in a search on several workers, a worker's; it should return soon,
// for the search waits.
func WithProgress(f func(Progress)) Option { return func(o *options) { o.progress = f } }

// progressEvery is how often WithProgress's function is called.
const progressEvery = 100 * time.Millisecond

// watcher returns, with WithProgress, the hook by which an optimal IDA*
// search that began at began reports its progress (see
// idastar.Core.OnCheck); nil without. Bound and LowerBound are the bound
// of the iteration under way: every shorter one was searched in full, so
// no solution is shorter.
func (o *options) watcher(began time.Time) func(*idastar.Core) {
	if o.progress == nil {
		return nil
	}
	w := &searchWatch{report: o.progress, began: began}
	w.next.Store(began.Add(progressEvery).UnixNano())
	return w.check
}

// A searchWatch adds up the nodes of a search's workers and reports them.
type searchWatch struct {
	report func(Progress)
	began  time.Time
	total  atomic.Int64 // nodes generated by every worker
	next   atomic.Int64 // the Unix time in nanoseconds of the next report
	mu     sync.Mutex   // held while reporting
}

func (w *searchWatch) check(c *idastar.Core) {
	w.total.Add(c.Gen - c.Reported)
	c.Reported = c.Gen
	now := time.Now()
	if now.UnixNano() < w.next.Load() || !w.mu.TryLock() {
		return
	}
	defer w.mu.Unlock()
	w.next.Store(now.Add(progressEvery).UnixNano())
	w.report(Progress{Bound: c.Bound, Generated: w.total.Load(), LowerBound: c.Bound, Elapsed: now.Sub(w.began)})
}

// collectOptions applies opts, for the functions other than Solve that
// take them.
func collectOptions(fn string, opts []Option) (options, error) {
	var o options
	for _, opt := range opts {
		if opt == nil {
			return o, errorf(fn, ErrOption, "nil Option")
		}
		opt(&o)
	}
	return o, nil
}

// dbRequest returns how a search may open its pattern database.
func (o *options) dbRequest(build bool) pdb.Request {
	return pdb.Request{Dir: o.cache, DirSet: o.cacheSet, Build: build, MaxMemory: o.limits.eng().MemoryBound()}
}

// check rejects, before any work, a heuristic that does not fit the goal
// t and a Database for another goal.
func (o *options) check(t *tiles.Goal, goal Board) error {
	if o.dbSet {
		switch {
		case !o.db.IsValid():
			return errorf("Solve", ErrOption, "WithDatabase of the zero Database")
		case o.heur != Auto && o.heur != pdbCustom:
			return errorf("Solve", ErrOption, "WithDatabase and WithHeuristic(%v) both choose the heuristic: give one", o.heur)
		case o.db.goal != goal:
			return errorf("Solve", ErrOption, "the Database is for another goal: Solve's goal must be the Database's")
		}
	} else if err := o.heur.check("Solve", t); err != nil {
		return err
	}
	if o.wd {
		return WalkingDistance.check("Solve", t)
	}
	return nil
}

// WithDatabase makes Solve estimate with d's tables (the Heuristic
// pdbCustom), building them on first use as Build does. The goal passed to
// Solve must be d's goal. With AlgoAuto or AlgoIDAStar, single-tile moves
// and a board of up to 32 cells it runs the pattern-database IDA*; other
// engines, metrics and larger boards use the generic engines with d's
// estimate computed for every board.
func WithDatabase(d Database) Option {
	return func(o *options) { o.db, o.dbSet = d, true }
}
