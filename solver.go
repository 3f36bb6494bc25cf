package slide

import (
	"context"
	"errors"
	"slices"
	"sync"
	"time"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/idastar"
	"github.com/slidekit/slide/internal/near"
	"github.com/slidekit/slide/internal/pdbcache"
	"github.com/slidekit/slide/internal/solve"
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
// OnImprove only Anytime, Cache.BuildMemory no mode; Weighted and Anytime
// rank by Auto, LinearConflict or a database.
func (s Solver) Solve(ctx context.Context, start, goal Board) (Solution, error) {
	const fn = "Solver.Solve"
	began := time.Now()
	if ctx == nil {
		return Solution{}, nilContext(fn)
	}
	t, err := s.target(fn, s.check, goal)
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
	set := s.settings(began)
	if lower := t.LowerBound(code, set.Line); s.OnMove == nil && movesBytes(lower) > set.Limits.MemoryLimit() {
		// No answer fits: every mode refuses before any work.
		return Solution{Start: start, LowerBound: lower}, answerMemoryError(lower, set.Limits.MemoryLimit(), true)
	}
	path := s.answer(start)
	ans, err := solve.Run(ctx, set, t, code, path, began)
	if tooSoon := (*near.TooSoonError)(nil); errors.As(err, &tooSoon) {
		err = &Error{Func: fn, Msg: tooSoon.Error(), Err: context.DeadlineExceeded}
	}
	return s.solution(start, ans), toError(fn, err)
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
	case s.Cache.BuildMemory != 0:
		return unused(fn, "Solver.Cache.BuildMemory", "a Solver's Limits.MaxMemory bounds its tables")
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
	if ctx == nil {
		return Auto, nilContext(fn)
	}
	t, err := s.target(fn, s.check, goal)
	if err != nil {
		return Auto, err
	}
	if err := s.Heuristic.check(fn, t, goal); err != nil {
		return Auto, err
	}
	set := s.settings(time.Now())
	if s.Mode.kind == fast {
		return heuristicOf(near.FastHeuristic(t), false, Database{}), nil
	}
	h := s.Heuristic.base()
	if h == Auto && s.Mode.kind == weighted && s.Metric == TileMoves && !solve.StrongerReady(set, t) {
		if db, ok := NearOptimalDatabase(goal); ok {
			h = db
		}
	}
	var built error // a build that serves this process only (ErrCache)
	if h.IsDatabase() {
		tables, build, _ := h.Memory()
		if max(tables, build) <= set.Limits.MemoryLimit() {
			c := s.Cache
			c.BuildMemory = s.Limits.MaxMemory
			if err := c.Build(ctx, h); errors.Is(err, ErrCache) {
				built = renamed(err, fn)
			} else if err != nil {
				return Auto, renamed(err, fn)
			}
		}
	}
	return heuristicOf(solve.Prepared(ctx, set, t), s.Heuristic.wd, s.Heuristic.db), built
}

// Check returns the error Solve would for s's settings alone, on any board.
func (s Solver) Check() error { return s.check("Solver.Check") }

// settings returns s as internal/solve takes it: checked, with the
// functions by which the searches reach the root package (the generic
// engines, the cache's progress, Progress, whose Elapsed counts from
// began).
func (s Solver) settings(began time.Time) solve.Settings {
	set := solve.Settings{Mode: solve.Mode{Kind: solve.Kind(s.Mode.kind), Weight: s.Mode.weight, Budget: s.Mode.budget},
		Auto: s.Heuristic.base() == Auto, WD: s.Heuristic.wd, Algo: solve.Algo(s.Algorithm), Line: s.Metric == LineMoves,
		Limits: s.Limits.eng(), Workers: s.Workers, OnMove: s.OnMove != nil, OnImprove: s.OnImprove != nil,
		MoveBytes: movesBytes(1), Engines: solverEngines{}}
	if !set.Auto {
		set.Heuristic = s.Heuristic.base().tiles()
	}
	db := s.Heuristic.db
	set.Request = func(build bool, h tiles.Heuristic) pdbcache.Request {
		req := s.Cache.request(build, s.Limits)
		if build {
			req.Progress = s.Cache.progress(heuristicOf(h, false, db))
		}
		return req
	}
	if s.Progress != nil {
		set.Progress = func(bound int, generated int64, best, lower int) {
			s.Progress(Progress{Bound: bound, Generated: generated, Best: best, LowerBound: lower, Elapsed: time.Since(began)})
		}
		set.Watch = s.watcher
	}
	return set
}

// solution returns the Solution of the answer ans from start.
func (s Solver) solution(start Board, ans solve.Answer) Solution {
	sol := Solution{Optimal: ans.Optimal, LowerBound: ans.Lower, Engine: ans.Engine, Workers: ans.Workers,
		Expanded: ans.Expanded, Generated: ans.Generated, Elapsed: ans.Elapsed}
	if ans.Start {
		sol.Start = start
	}
	if ans.Engine != "" {
		sol.Heuristic = heuristicOf(ans.Heuristic, ans.WD, s.Heuristic.db)
	}
	if a, ok := ans.Moves.(*answer); ok {
		sol.Moves, sol.Boards, sol.handed = a.sol.Moves, a.sol.Boards, a.sol.handed
	}
	return sol
}

// heuristicOf returns the Heuristic of th, a heuristic internal/solve
// reports (an answer's, Prepared's, a build's), maxed with walking distance
// if wd: the named one of th's name, or db's if th is a Database's own. It
// reverses Heuristic.tiles, by which settings hands heuristics over.
func heuristicOf(th tiles.Heuristic, wd bool, db Database) Heuristic {
	h := Auto
	switch th.Kind {
	case tiles.Zero:
		h = Zero
	case tiles.Hamming:
		h = Hamming
	case tiles.Manhattan:
		h = Manhattan
	case tiles.LinearConflict:
		h = LinearConflict
	case tiles.WalkingDistance:
		h = WalkingDistance
	case tiles.Database:
		if th.Custom {
			h = db.Heuristic()
		} else if k := slices.Index(heuristicNames[:], th.Name); k >= 0 {
			h = Heuristic{kind: heuristicKind(k)}
		}
	}
	return h.with(wd)
}

// target refuses, for the call fn, the settings that check refuses, and
// returns the goal-relative form of goal. Its callers refuse a nil context
// first.
func (s Solver) target(fn string, check func(string) error, goal Board) (*tiles.Goal, error) {
	if err := check(fn); err != nil {
		return nil, err
	}
	return newTarget(fn, goal)
}

// watcher returns the hook by which an optimal IDA* search that began at
// began reports its progress to s.Progress (see idastar.Core.OnCheck).
// Bound and LowerBound are the bound of the iteration under way: every
// shorter one was searched in full, so no solution is shorter.
func (s Solver) watcher(began time.Time) func(*idastar.Core) {
	w := &searchWatch{report: s.Progress, began: began}
	w.next.Store(began.Add(progressEvery).UnixNano())
	return w.check
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

// enginePool keeps engines between searches, so that a program solving
// many puzzles reuses their memory instead of growing it anew.
type enginePool[S Node[S, int]] struct {
	astar, ida, bfs sync.Pool
}

var (
	packedEngines enginePool[inner[tiles.Packed]]
	gridEngines   enginePool[inner[tiles.Grid]]
	nodeEngines   enginePool[inner[tiles.Node]]
)

// get returns a pooled engine, or a new one.
func get[E any](p *sync.Pool) *E {
	if e, ok := p.Get().(*E); ok {
		return e
	}
	return new(E)
}

// solverEngines are the generic engines as a Solver runs them (see
// solve.Engines).
type solverEngines struct{}

// Search solves the board of codes code of the space sp with the generic
// engine algo: on a board of at most 16 cells packed into a uint64; on a
// larger one, for IDA* (which stores only its path) as a string of
// cells, for the others interned in the space's arena. A limit stops it
// with a *LimitError.
func (solverEngines) Search(ctx context.Context, sp *tiles.Space, code []int32, algo solve.Algo, lim engine.Bounds, st *tiles.Stats) ([]int, error) {
	var blanks []int
	var err error
	a, l := Algorithm(algo), limitsOf(lim)
	switch {
	case len(code) <= 16:
		blanks, err = runEngine(ctx, &packedEngines, sp.PackedStart(code), sp.PackedGoal(), innerKey(tiles.PackedKey), a, l, st)
	case a == AlgoIDAStar:
		blanks, err = runEngine(ctx, &gridEngines, sp.GridStart(code), sp.GridGoal(), nil, a, l, st)
	default:
		blanks, err = runEngine(ctx, &nodeEngines, sp.NodeStart(code), sp.NodeGoal(), innerKey(tiles.NodeKey), a, l, st)
	}
	return blanks, err
}

// NotFound reports whether err, of Search or internal/solve, says that no
// path exists within the cost bound.
func (solverEngines) NotFound(err error) bool {
	return errors.Is(toError("Solver.Solve", err), ErrNotFound)
}

// A tileState is a state of the tile puzzle that knows its blank's cell.
type tileState[T any] interface {
	innerState[T]
	Blank() int
}

// runEngine solves from start with the generic engine algo within lim
// and returns the blank's cell in every board of the path, the start's
// included. key is the engines' Key, or nil.
func runEngine[T tileState[T]](ctx context.Context, pool *enginePool[inner[T]], start, goal T, key func(inner[T]) uint64, algo Algorithm, lim Limits, st *tiles.Stats) ([]int, error) {
	type S = inner[T]
	var res Result[S, int]
	var err error
	switch algo {
	case AlgoAStar:
		e := get[AStar[S, int]](&pool.astar)
		e.Limits, e.Key = lim, key
		res, err = e.Search(ctx, S{start})
		pool.astar.Put(e)
	case AlgoIDAStar:
		e := get[IDAStar[S, int]](&pool.ida)
		e.Limits = lim
		if e.Limits.MaxNodes == 0 {
			e.Limits.MaxNodes = -1 // a Solver reports its progress instead
		}
		res, err = e.Search(ctx, S{start})
		pool.ida.Put(e)
	default:
		e := get[BFS[S, int]](&pool.bfs)
		e.Limits, e.Key = lim, key
		if algo == AlgoBFS {
			res, err = e.Search(ctx, S{start})
		} else {
			res, err = e.Bidirectional(ctx, S{start}, S{goal})
		}
		pool.bfs.Put(e)
	}
	st.Expanded, st.Generated = res.Expanded, res.Generated
	if err != nil {
		return nil, err
	}
	blanks := make([]int, len(res.Path))
	for i, s := range res.Path {
		blanks[i] = s.s.Blank()
	}
	return blanks, nil
}
