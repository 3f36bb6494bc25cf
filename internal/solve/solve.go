package solve

import (
	"context"
	"runtime"
	"slices"
	"time"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/idastar"
	"github.com/slidekit/slide/internal/near"
	"github.com/slidekit/slide/internal/pdbcache"
	"github.com/slidekit/slide/internal/tiles"
)

// A Kind is what a mode asks for, in the order of the root's Mode.
type Kind uint8

// The modes.
const (
	Optimal Kind = iota
	Weighted
	Anytime
	Fast
)

// A Mode is a Kind with its weight (Weighted) or time budget (Anytime,
// 0 for none).
type Mode struct {
	Kind   Kind
	Weight float64
	Budget time.Duration
}

// An Algo is the engine of an optimal search, in the order of the root's
// Algorithm; AlgoAuto lets the policy choose.
type Algo uint8

// The engines.
const (
	AlgoAuto Algo = iota
	AlgoAStar
	AlgoIDAStar
	AlgoBFS
	AlgoBidirectional
)

// algoNames are the names of the engines, as the root's Algorithm writes
// them: an answer's Engine.
var algoNames = [...]string{"auto", "astar", "idastar", "bfs", "bibfs"}

// String returns the name of a: "auto", "astar", "idastar", "bfs" or
// "bibfs".
func (a Algo) String() string { return algoNames[a] }

// Settings are a Solver's settings, checked, as the modes take them.
type Settings struct {
	Mode Mode
	// Auto says the heuristic is the policy's choice; else Heuristic is
	// the one asked for, without walking distance, which WD adds.
	Auto      bool
	Heuristic tiles.Heuristic
	WD        bool
	Algo      Algo
	Line      bool // line moves; else single-tile moves
	Limits    engine.Bounds
	Workers   int  // goroutines of IDA* and the beams; 0: GOMAXPROCS
	OnMove    bool // the moves are handed out (see Path.Hand), not kept
	OnImprove bool // the Anytime mode's answers go to Path.Improve
	// MoveBytes is the memory one move of the answer takes.
	MoveBytes int64
	// Progress, if set, hears the searches of internal/near.
	Progress func(bound int, generated int64, best, lower int)
	// Watch, if set, returns the hook by which an IDA* search begun at
	// began reports its progress (see idastar.Core.OnCheck).
	Watch func(began time.Time) func(*idastar.Core)
	// Request returns how a search may open the tables of h from the
	// disk cache; build says whether it may build them.
	Request func(build bool, h tiles.Heuristic) pdbcache.Request
	// Engines runs the generic engines the optimal search falls back on.
	Engines Engines
}

// Engines are the generic A*, IDA* and BFS engines, which the optimal
// search runs on boards the specialised engines do not take.
type Engines interface {
	// Search solves the board of codes code in sp with the engine algo
	// (never AlgoAuto) within lim, filling in st's counts, and returns
	// the blank's cell in every board of the path, the start's included.
	// A *engine.LimitError reports a limit.
	Search(ctx context.Context, sp *tiles.Space, code []int32, algo Algo, lim engine.Bounds, st *tiles.Stats) ([]int, error)
	// NotFound reports whether err, of Search or of this package, says
	// that no path exists within the cost bound.
	NotFound(err error) bool
}

// A Path holds the moves of the answer, as its caller makes them: kept,
// or handed to a move function. A Path serves one call of Run.
type Path interface {
	// Finish makes the moves of the path blanks, the blank's cell in
	// every board, less every move followed by its undo; it fails on a
	// memory bound or a cancelled context.
	Finish(ctx context.Context, blanks []int) error
	// Len returns the moves made, kept or handed.
	Len() int
	// Reserve makes room for n moves to keep, or returns ctx's error.
	Reserve(ctx context.Context, n int) error
	// Keep keeps the move of n tiles in direction d, growing the room,
	// charged to budget, as needed; false says the budget is over or ctx
	// is done.
	Keep(ctx context.Context, d tiles.Dir, n int, budget *engine.Budget) bool
	// Hand hands the move of n tiles in direction d to the move function.
	Hand(d tiles.Dir, n int)
	// HandKept hands the moves kept to the move function, which then holds
	// them instead.
	HandKept()
	// Handed records that n moves went to the move function.
	Handed(n int)
	// KeepBoards keeps the boards of the moves if they take at most room
	// bytes.
	KeepBoards(ctx context.Context, room int64)
	// Improve hands the Anytime mode's answer blanks, of the proven bound
	// lower found by engine, to the improvement function.
	Improve(ctx context.Context, blanks []int, lower int, engine string, began time.Time)
	// Discard returns a Path like this one whose moves are counted only.
	Discard() Path
}

// An Answer is what Run found: the labels of the answer whose moves its
// Path holds.
type Answer struct {
	Start     bool // the answer names its start: false for a refusal before any search
	Moves     Path // the Path holding the answer's moves, or nil for none
	Optimal   bool // proven shortest
	Lower     int  // proven bound on the fewest moves
	Engine    string
	Heuristic tiles.Heuristic // the heuristic searched by, where Engine is set
	WD        bool            // Heuristic maxed with walking distance
	Workers   int
	Expanded  int64
	Generated int64
	Elapsed   time.Duration
}

// Run runs the mode of s from the board of codes code to the goal t,
// the path's moves going to path, and returns the answer; a search
// begun at began. On an error the answer carries the lower bound proven.
func Run(ctx context.Context, s Settings, t *tiles.Goal, code []int32, path Path, began time.Time) (Answer, error) {
	o := newOptions(s)
	switch {
	case o.mode.Kind == Fast:
		return solveFast(ctx, t, code, o, path, began)
	case o.mode.Kind == Weighted && o.mode.Weight > 1:
		return solveWeighted(ctx, t, code, o, path, began)
	case o.mode.Kind == Anytime:
		return solveAnytime(ctx, t, code, o, path, began)
	}
	return solveOptimal(ctx, t, code, o, path, began)
}

// StrongerReady reports whether a database stronger than the Weighted
// mode's own (see Stronger) for boards of goal t is in memory or in the
// disk cache and fits s's memory bound: the Weighted mode then needs no
// build.
func StrongerReady(s Settings, t *tiles.Goal) bool {
	o := newOptions(s)
	req := o.dbRequest(false)
	_, state := availableDatabase(strongerDatabases, t.Rows, t.Cols, t.BlankGoal, &req, &o.limits, 0)
	return state != pdbcache.Absent
}

// Prepared returns the heuristic Run would search or rank boards of goal
// t by under s (not in the Fast mode), its tables read into memory where
// Auto chose a database; Auto's database whose file does not load gives
// linear conflicts, as Run does without it.
func Prepared(ctx context.Context, s Settings, t *tiles.Goal) tiles.Heuristic {
	o := newOptions(s)
	var th tiles.Heuristic
	if o.mode.Kind == Anytime {
		o.limitReading(ctx) // as Run: no database it would not read in time
	}
	if o.mode.Kind == Optimal {
		o.resolve(t)
		th = o.heur
	} else {
		th, _ = o.frameHeuristic(t)
	}
	if th.Kind == tiles.Database && s.Auto { // read now what Auto found on disk
		if _, spec, err := tiles.Orient(th, t.Rows, t.Cols, t.BlankGoal); err == nil {
			if _, _, err := pdbcache.Shared(ctx, spec, o.dbRequest(false)); err != nil {
				th = linearConflict // a file that does not load: Run does without
			}
		}
	}
	return th
}

// options are the settings as the searches take them, and the choices
// made for one board.
type options struct {
	s         Settings // what no choice changes: Line, Workers, MoveBytes, the functions
	mode      Mode
	auto      bool            // heur is still to be chosen
	heur      tiles.Heuristic // without walking distance, which wd adds
	wd        bool
	algo      Algo
	limits    engine.Bounds
	onMove    bool
	onImprove bool
	progress  bool
	autoDB    pdbcache.State // where the database Auto chose is (pdbcache.Absent: none chosen)
	// readWithin, if above 0, is the most time Auto may spend reading a
	// database's tables from disk (see ReadTime): a time budget's share.
	readWithin time.Duration
}

// newOptions returns s as the searches take it.
func newOptions(s Settings) options {
	return options{s: s, mode: s.Mode, auto: s.Auto, heur: s.Heuristic, wd: s.WD, algo: s.Algo,
		limits: s.Limits, onMove: s.OnMove, onImprove: s.OnImprove, progress: s.Progress != nil}
}

// The heuristics the policy names.
var (
	zeroHeuristic  = tiles.Heuristic{Kind: tiles.Zero, Name: "zero"}
	manhattan      = tiles.Heuristic{Kind: tiles.Manhattan, Name: "manhattan"}
	linearConflict = tiles.Heuristic{Kind: tiles.LinearConflict, Name: "linear"}
)

// is reports whether o's heuristic, chosen, is of kind k.
func (o *options) is(k tiles.Kind) bool { return !o.auto && o.heur.Kind == k }

// workerCount returns the number of workers the options ask for.
func (o *options) workerCount() int {
	if o.s.Workers == 0 {
		return runtime.GOMAXPROCS(0)
	}
	return o.s.Workers
}

// dbRequest returns how a search may open its pattern database; build
// says whether it may build one, reporting to the cache's progress.
func (o *options) dbRequest(build bool) pdbcache.Request {
	return o.s.Request(build, o.heur)
}

// watcher returns the hook by which an optimal IDA* search begun at began
// reports its progress, or nil without a progress function.
func (o *options) watcher(began time.Time) func(*idastar.Core) {
	if !o.progress || o.s.Watch == nil {
		return nil
	}
	return o.s.Watch(began)
}

// resolve fills in the automatic choices of an optimal search.
func (o *options) resolve(t *tiles.Goal) {
	if o.algo == AlgoAuto {
		switch {
		case o.s.Line && t.Rows*t.Cols <= 16 && o.auto:
			o.algo = AlgoBidirectional // BFS uses no heuristic: a Heuristic set takes A*
		case o.s.Line || !t.Distinct || o.is(tiles.WalkingDistance):
			o.algo = AlgoAStar
		default:
			o.algo = AlgoIDAStar
		}
	}
	if o.auto {
		o.auto, o.heur = false, linearConflict
		if o.algo == AlgoIDAStar && t.Distinct && !o.s.Line {
			req := o.dbRequest(false)
			o.heur, o.autoDB = availableDatabase(optimalDatabases, t.Rows, t.Cols, t.BlankGoal, &req, &o.limits, o.readWithin)
		}
	}
	if o.is(tiles.LinearConflict) && (o.s.Line || !t.Distinct) {
		o.heur = manhattan // what LinearConflict amounts to there
	}
}

// nearConfig returns what the searches of internal/near may use under o
// on boards of goal t: the memory bound less what the frames' tables take,
// which must fit it (or their build, when they are to be built).
func (o *options) nearConfig(t *tiles.Goal, began time.Time) (near.Config, error) {
	h, build := o.frameHeuristic(t)
	cfg := near.Config{Heuristic: h, Request: o.dbRequest(build), Line: o.s.Line, Limits: o.limits,
		Workers: o.workerCount(), Watch: o.watcher(began), Began: began}
	if o.progress {
		cfg.Progress = o.s.Progress
	}
	tables, err := checkDatabaseMemory(h, t.Rows, t.Cols, t.BlankGoal, o.limits, &cfg.Request)
	if err != nil {
		return cfg, err
	}
	if o.limits.Memory > 0 {
		cfg.Limits.Memory = max(1, cfg.Limits.MemoryLimit()-tables)
	}
	return cfg, nil
}

// frameHeuristic returns the heuristic the frames of internal/near search
// and rank by on boards of goal t: the database o asks for, or under Auto
// the strongest shipped database for the board that is already in memory
// or on disk; else linear conflicts. build says whether its tables may be
// built (not under Auto).
func (o *options) frameHeuristic(t *tiles.Goal) (h tiles.Heuristic, build bool) {
	build = !o.auto
	switch {
	case o.auto:
		req := o.dbRequest(false)
		hs := slices.Concat(optimalDatabases, strongerDatabases, nearOptimalDatabases)
		if db, state := availableDatabase(hs, t.Rows, t.Cols, t.BlankGoal, &req, &o.limits, o.readWithin); state != pdbcache.Absent {
			return db, build
		}
	case o.heur.Kind == tiles.Database:
		return o.heur, build
	}
	return linearConflict, build
}
