package slide

import (
	"context"
	"errors"
	"runtime"
	"slices"
	"time"

	"github.com/slidekit/slide/internal/idastar"
	"github.com/slidekit/slide/internal/near"
	"github.com/slidekit/slide/internal/pdbcache"
	"github.com/slidekit/slide/internal/tiles"
)

// A Solver finds solutions of tile boards; its fields are its settings, the
// zero Solver asking for a shortest solution. It serves many goroutines.
type Solver struct {
	Mode      Mode           // what to ask for: Optimal (the zero Mode), Weighted, Anytime or Fast
	Heuristic Heuristic      // the bound searched by: Auto (the zero Heuristic) takes the strongest at hand
	Algorithm Algorithm      // the engine of an optimal search: AlgoAuto chooses
	Metric    Metric         // what counts as a move: TileMoves (the zero Metric) or LineMoves
	Limits    Limits         // bounds on the search, tables and answer included
	Workers   int            // goroutines of IDA* and the beams, 1 to 1024; 0: GOMAXPROCS
	Cache     Cache          // where pattern databases are kept; the zero Cache is the user's
	Progress  func(Progress) // if set, hears a long search every tenth of a second or so
	OnMove    func(Move)     // if set, is handed the moves in order, which the Solution then does not keep
	// OnImprove, if set, is handed each shorter answer of the Anytime mode
	// as the search finds it (Moves, LowerBound, Optimal, Engine, Elapsed),
	// on the search's goroutine, which waits; the last is the one returned.
	// An answer whose copy of moves does not fit Limits.MaxMemory is skipped.
	OnImprove func(Solution)
}

// maxWorkers bounds Solver.Workers: every worker holds a copy of the
// search's scratch memory.
const maxWorkers = 1024

// Solve returns a solution from start to goal, shortest unless s.Mode asks
// otherwise, or [ErrMismatch], [ErrUnsolvable], [ErrOption], [ErrLimit],
// [ErrNotFound] or ctx's error, a Solution returned with an error carrying
// the proven lower bound. Fast uses only Mode, Metric, Limits and OnMove,
// OnImprove only Anytime, Cache.MaxMemory no mode; Weighted and Anytime
// rank by Auto, LinearConflict or a database.
func (s Solver) Solve(ctx context.Context, start, goal Board) (Solution, error) {
	const fn = "Solver.Solve"
	began := time.Now()
	t, err := s.target(ctx, fn, s.check, goal)
	if err != nil {
		return Solution{}, err
	}
	code, err := encode(fn, t, start)
	if err != nil {
		return Solution{}, err
	}
	if !t.Solvable(code) {
		why := "the permutation and the blank's distance differ in parity"
		if t.Rows == 1 || t.Cols == 1 {
			why = "tiles on a single line keep their order"
		}
		return Solution{}, errorf(fn, ErrUnsolvable, "goal cannot be reached from start: %s", why)
	}
	if err := s.Heuristic.check(fn, t, goal); err != nil {
		return Solution{}, err
	}
	o := s.options()
	if lower := t.LowerBound(code, o.metric == LineMoves); s.OnMove == nil && movesBytes(lower) > o.limits.eng().Memory() {
		// No answer fits: every mode refuses before any work.
		return Solution{Start: start, LowerBound: lower}, answerMemoryError(lower, o.limits.eng().Memory(), true)
	}
	var sol Solution
	switch {
	case s.Mode.kind == fast:
		sol, err = solveFast(ctx, start, goal, t, code, o, began)
	case s.Mode.kind == weighted && s.Mode.weight > 1:
		sol, err = solveWeighted(ctx, start, goal, t, code, o, began)
	case s.Mode.kind == anytime:
		sol, err = solveAnytime(ctx, start, goal, t, code, o, began)
	default:
		sol, err = solveOptimal(ctx, start, goal, t, code, o, began)
	}
	return sol, toError(fn, err)
}

// check returns the ErrOption error, as function fn, of a setting out of
// range or one that s.Mode does not use.
func (s Solver) check(fn string) error {
	if err := s.Mode.check(); err != nil {
		return renamed(err, fn)
	}
	if err := s.Limits.check(fn); err != nil {
		return err
	}
	switch {
	case s.Algorithm >= numAlgorithms:
		return errorf(fn, ErrOption, "unknown algorithm %v", s.Algorithm)
	case s.Metric >= numMetrics:
		return errorf(fn, ErrOption, "unknown metric %v", s.Metric)
	case s.Workers < 0 || s.Workers > maxWorkers:
		return errorf(fn, ErrOption, "%d workers: want 0 (one per core) to %d", s.Workers, maxWorkers)
	case s.Heuristic.kind > custom:
		return errorf(fn, ErrOption, "unknown heuristic %v", s.Heuristic)
	case s.Cache.MaxMemory != 0:
		return unused(fn, "Solver.Cache.MaxMemory", "a Solver's Limits.MaxMemory bounds its tables")
	}
	mode := s.Mode.kind
	field, why := "", "the "+s.Mode.String()+" mode does not use it"
	switch {
	case (mode == weighted || mode == anytime) && !s.Heuristic.ranks():
		field, why = "Heuristic", "the "+s.Mode.String()+" mode ranks boards by linear conflicts or a pattern database"
	case mode == fast:
		field = s.firstSet("Heuristic", "Algorithm", "Workers", "Cache.Dir", "Cache.Progress", "Progress", "OnImprove")
	case mode != anytime && s.OnImprove != nil:
		field, why = "OnImprove", "only the Anytime mode improves its answer"
	}
	if field == "" {
		return nil
	}
	return unused(fn, "Solver."+field, why)
}

// Prepare checks s for boards like goal and readies the tables Solve uses:
// Auto's, and under Weighted [NearOptimalDatabase]'s or a ready stronger one.
func (s Solver) Prepare(ctx context.Context, goal Board) (Heuristic, error) {
	const fn = "Solver.Prepare"
	t, err := s.target(ctx, fn, s.check, goal)
	if err != nil {
		return Auto, err
	}
	if err := s.Heuristic.check(fn, t, goal); err != nil {
		return Auto, err
	}
	o := s.options()
	if s.Mode.kind == fast {
		return heuristicOf(near.FastHeuristic(t), Database{}), nil
	}
	h := o.heur
	if h == Auto && s.Mode.kind == weighted && o.metric == TileMoves {
		req := o.dbRequest(false) // a stronger database ready needs no build
		if _, stronger := availableDatabase(strongerDatabases, t.Rows, t.Cols, t.BlankGoal, &req, &o.limits, 0); stronger == pdbcache.Absent {
			if db, ok := NearOptimalDatabase(goal); ok {
				h = db
			}
		}
	}
	var built error // a build that serves this process only (ErrCache)
	if h.IsDatabase() {
		tables, build, _ := h.Memory()
		if max(tables, build) <= o.limits.eng().Memory() {
			c := s.Cache
			c.MaxMemory = s.Limits.MaxMemory
			if err := c.Build(ctx, h); errors.Is(err, ErrCache) {
				built = renamed(err, fn)
			} else if err != nil {
				return Auto, renamed(err, fn)
			}
		}
	}
	var th tiles.Heuristic
	if o.mode.kind == anytime {
		o.limitReading(ctx) // as Solve: no database it would not read in time
	}
	if o.mode.kind == optimal {
		o.resolve(t)
		th = o.heur.tiles()
	} else {
		th, _ = o.frameHeuristic(t)
	}
	if th.Kind == tiles.Database && s.Heuristic.base() == Auto { // read now what Auto found on disk
		if _, spec, err := tiles.Orient(th, t.Rows, t.Cols, t.BlankGoal); err == nil {
			if _, _, err := pdbcache.Shared(ctx, spec, o.dbRequest(false)); err != nil {
				th = LinearConflict.tiles() // a file that does not load: Solve does without
			}
		}
	}
	return heuristicOf(th, o.heur.db).with(o.wd), built
}

// Check returns the error Solve would for s's settings alone, on any board.
func (s Solver) Check() error { return s.check("Solver.Check") }

// options are a Solver's settings as the searches take them, and the
// choices made for one board.
type options struct {
	mode      Mode
	heur      Heuristic // without walking distance, which is wd
	wd        bool
	algo      Algorithm
	metric    Metric
	limits    Limits
	progress  func(Progress)
	onMove    func(Move)
	onImprove func(Solution)
	workers   int
	cache     Cache
	autoDB    pdbcache.State // where the database Auto chose is (pdbcache.Absent: none chosen)
	// readWithin, if above 0, is the most time Auto may spend reading a
	// database's tables from disk (see readTime): a time budget's share.
	readWithin time.Duration
}

// options returns s as the searches take it.
func (s Solver) options() options {
	return options{mode: s.Mode, heur: s.Heuristic.base(), wd: s.Heuristic.wd, algo: s.Algorithm, metric: s.Metric,
		limits: s.Limits, progress: s.Progress, onMove: s.OnMove, onImprove: s.OnImprove, workers: s.Workers, cache: s.Cache}
}

// workerCount returns the number of workers the options ask for.
func (o *options) workerCount() int {
	if o.workers == 0 {
		return runtime.GOMAXPROCS(0)
	}
	return o.workers
}

// dbRequest returns how a search may open its pattern database; build
// says whether it may build one, reporting to the Cache's Progress.
func (o *options) dbRequest(build bool) pdbcache.Request {
	req := o.cache.request(build, o.limits)
	if build {
		req.Progress = o.cache.progress(o.heur)
	}
	return req
}

// resolve fills in the automatic choices of an optimal search.
func (o *options) resolve(t *tiles.Goal) {
	if o.algo == AlgoAuto {
		switch {
		case o.metric == LineMoves && t.Rows*t.Cols <= 16 && o.heur == Auto:
			o.algo = AlgoBidirectional // BFS uses no heuristic: a Heuristic set takes A*
		case o.metric == LineMoves || !t.Distinct || o.heur == WalkingDistance:
			o.algo = AlgoAStar
		default:
			o.algo = AlgoIDAStar
		}
	}
	if o.heur == Auto {
		o.heur = LinearConflict
		if o.algo == AlgoIDAStar && t.Distinct && o.metric == TileMoves {
			req := o.dbRequest(false)
			o.heur, o.autoDB = availableDatabase(optimalDatabases, t.Rows, t.Cols, t.BlankGoal, &req, &o.limits, o.readWithin)
		}
	}
	if o.heur == LinearConflict && (o.metric == LineMoves || !t.Distinct) {
		o.heur = Manhattan // what LinearConflict amounts to there
	}
}

// target refuses, for the call fn, a nil context and the settings that
// check refuses, and returns the goal-relative form of goal.
func (s Solver) target(ctx context.Context, fn string, check func(string) error, goal Board) (*tiles.Goal, error) {
	if ctx == nil {
		return nil, nilContext(fn)
	}
	if err := check(fn); err != nil {
		return nil, err
	}
	return newTarget(fn, goal)
}

// watcher returns, with a Progress function, the hook by which an optimal IDA*
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

// nearConfig returns what the searches of internal/near may use under o
// on boards of goal t: the memory bound less what the frames' tables take,
// which must fit it (or their build, when they are to be built).
func (o *options) nearConfig(t *tiles.Goal, began time.Time) (near.Config, error) {
	h, build := o.frameHeuristic(t)
	cfg := near.Config{Heuristic: h, Request: o.dbRequest(build), Line: o.metric == LineMoves, Limits: o.limits.eng(),
		Workers: o.workerCount(), Watch: o.watcher(began), Began: began}
	if o.progress != nil {
		cfg.Progress = func(p near.Progress) { o.progress(Progress(p)) }
	}
	tables, err := checkDatabaseMemory("Solver.Solve", h, t.Rows, t.Cols, t.BlankGoal, o.limits, &cfg.Request)
	if err != nil {
		return cfg, err
	}
	if o.limits.MaxMemory >= 0 {
		cfg.Limits.MaxMemory = max(1, cfg.Limits.Memory()-tables)
	}
	return cfg, nil
}

// frameHeuristic returns the heuristic the frames of internal/near search
// and rank by on boards of goal t: the database o asks for, or under Auto
// the strongest shipped database for the board that is already in memory
// or on disk; else linear conflicts. build says whether its tables may be
// built (not under Auto).
func (o *options) frameHeuristic(t *tiles.Goal) (h tiles.Heuristic, build bool) {
	build = o.heur != Auto
	switch {
	case o.heur == Auto:
		req := o.dbRequest(false)
		hs := slices.Concat(optimalDatabases, strongerDatabases, nearOptimalDatabases)
		if db, state := availableDatabase(hs, t.Rows, t.Cols, t.BlankGoal, &req, &o.limits, o.readWithin); state != pdbcache.Absent {
			return db.tiles(), build
		}
	case o.heur.IsDatabase():
		return o.heur.tiles(), build
	}
	return LinearConflict.tiles(), build
}

// newTarget returns the goal-relative form of goal (see tiles.Goal).
func newTarget(fn string, goal Board) (*tiles.Goal, error) {
	if !goal.IsValid() {
		return nil, errorf(fn, ErrMismatch, "goal is the zero Board")
	}
	return tiles.NewGoal(goal.Rows(), goal.Cols(), goal.Tiles(), goal.perm), nil
}

// encode returns the code of every cell of b (see tiles.Goal), checking
// that b matches the goal t in size and labels.
func encode(fn string, t *tiles.Goal, b Board) ([]int32, error) {
	if !b.IsValid() {
		return nil, errorf(fn, ErrMismatch, "start is the zero Board")
	}
	if b.Rows() != t.Rows || b.Cols() != t.Cols {
		return nil, errorf(fn, ErrMismatch, "start is %d x %d, goal is %d x %d", b.Rows(), b.Cols(), t.Rows, t.Cols)
	}
	code, err := t.Encode(b.Tiles())
	return code, toError(fn, err)
}
