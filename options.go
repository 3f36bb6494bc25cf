package slide

import (
	"math"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/slidekit/slide/internal/idastar"
	"github.com/slidekit/slide/internal/pdbcache"
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
	autoDB   pdbcache.State // where the database Auto chose is (pdbcache.Absent: none chosen)
	// readWithin, if above 0, is the most time Auto may spend reading a
	// database's tables from disk (see readTime): a time budget's share.
	readWithin time.Duration
}

// WithHeuristic makes Solve estimate with h (default Auto).
func WithHeuristic(h Heuristic) Option {
	return func(o *options) { o.heur, o.wd = h.base(), h.hasWD() }
}

// WithAlgorithm makes Solve run the engine a (default AlgoAuto).
func WithAlgorithm(a Algorithm) Option { return func(o *options) { o.algo = a } }

// WithMetric makes Solve minimize moves in metric m (default TileMoves).
func WithMetric(m Metric) Option { return func(o *options) { o.metric = m } }

// WithCacheDir keeps databases in dir; "" keeps them in memory only.
func WithCacheDir(dir string) Option { return func(o *options) { o.cache, o.cacheSet = dir, true } }

// WithLimits bounds the search (see Limits).
func WithLimits(l Limits) Option { return func(o *options) { o.limits = l } }

// maxWorkers bounds WithWorkers: every worker holds a copy of the
// search's scratch memory.
const maxWorkers = 1024

// WithWorkers runs IDA* and the beams on n goroutines, 1 to 1024 (default
// GOMAXPROCS); the solution does not depend on n.
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
// default, and the zero Mode), or a good one sooner (Weighted, Anytime,
// Fast).
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

// Weighted asks for at most w >= 1 times the fewest moves, usually much
// sooner.
func Weighted(w float64) Mode { return Mode{kind: weighted, weight: w} }

// Anytime asks for the best solution within d (0: until the context ends),
// starting from the fast mode's, which may take a twentieth of d and 20 ms
// more; a time too short for even that fails with an error wrapping
// context.DeadlineExceeded that says how long the fast mode needs.
func Anytime(d time.Duration) Mode { return Mode{kind: anytime, budget: d} }

// Fast asks for a solution within seconds on any board up to 255 x 255,
// about 2 n^3 moves on n x n, in memory for the board only with WithMoves
// (the moves it keeps otherwise count against Limits.MaxMemory).
func Fast() Mode { return Mode{kind: fast} }

// String returns "optimal", "weighted W", "anytime D" or "fast".
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

// WithMoves hands every move to f instead of keeping them in the Solution.
func WithMoves(f func(Move)) Option { return func(o *options) { o.onMove = f } }

// Progress reports a long search (see WithProgress): the bound searched, the
// nodes generated, the best length and lower bound so far (0 while none),
// the time since the start.
type Progress struct {
	Bound      int
	Generated  int64
	Best       int
	LowerBound int
	Elapsed    time.Duration
}

// String returns the report as a line, such as "bound 52, best 60 (at
// least 48), 1200000 nodes, 1.5s", each part only where it has a value.
func (p Progress) String() string {
	var parts []string
	if p.Bound > 0 {
		parts = append(parts, "bound "+strconv.Itoa(p.Bound))
	}
	if p.Best > 0 {
		parts = append(parts, "best "+strconv.Itoa(p.Best)+" (at least "+strconv.Itoa(p.LowerBound)+")")
	} else if p.LowerBound > 0 {
		parts = append(parts, "at least "+strconv.Itoa(p.LowerBound))
	}
	if p.Generated > 0 {
		parts = append(parts, strconv.FormatInt(p.Generated, 10)+" nodes")
	}
	return strings.Join(append(parts, p.Elapsed.String()), ", ")
}

// WithProgress makes Solve call f every tenth of a second or so, from one
// goroutine at a time; the search waits for f.
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
func (o *options) dbRequest(build bool) pdbcache.Request {
	return pdbcache.Request{Dir: o.cache, DirSet: o.cacheSet, Build: build, MaxMemory: o.limits.eng().MemoryBound()}
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

// WithDatabase makes Solve estimate with d's tables (maxed with walking
// distance under WithHeuristic(Auto.WithWalkingDistance())), building them
// on first use; the goal must be d's.
func WithDatabase(d Database) Option {
	return func(o *options) { o.db, o.dbSet = d, true }
}
