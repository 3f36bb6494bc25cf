package slide

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"sync"
	"time"
	"unsafe"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/idastar"
	"github.com/slidekit/slide/internal/input"
	"github.com/slidekit/slide/internal/near"
	"github.com/slidekit/slide/internal/pdbcache"
	"github.com/slidekit/slide/internal/tiles"
)

// Algorithm names the engine Solve runs.
type Algorithm uint8

// The engines. AlgoAuto lets Solve choose. AlgoFast and AlgoBeam only
// report the engine of an answer (Solution.Algorithm): the Fast mode's,
// and the beam searches of the Weighted and Anytime modes, which also
// report AlgoAStar (weighted A*) and AlgoIDAStar (weighted IDA*).
const (
	AlgoAuto Algorithm = iota
	AlgoAStar
	AlgoIDAStar
	AlgoBFS
	AlgoBidirectional
	AlgoFast
	AlgoBeam
	numAlgorithms
)

var algorithmNames = [...]string{"auto", "astar", "idastar", "bfs", "bibfs", "fast", "beam"}

// String returns the algorithm's name as ParseAlgorithm accepts it.
func (a Algorithm) String() string {
	if a < numAlgorithms {
		return algorithmNames[a]
	}
	return "Algorithm(" + strconv.Itoa(int(a)) + ")"
}

// Algorithms returns every Algorithm, in the order of their values.
func Algorithms() []Algorithm {
	as := make([]Algorithm, numAlgorithms)
	for i := range as {
		as[i] = Algorithm(i)
	}
	return as
}

// ParseAlgorithm returns the Algorithm named s (also "ida",
// "bidirectional").
func ParseAlgorithm(s string) (Algorithm, error) {
	switch s {
	case "ida":
		return AlgoIDAStar, nil
	case "bidirectional":
		return AlgoBidirectional, nil
	}
	for a, name := range algorithmNames {
		if s == name {
			return Algorithm(a), nil
		}
	}
	return 0, errorf("ParseAlgorithm", ErrOption, "unknown algorithm %s (want %s)", input.Quote(s), oneOf(algorithmNames[:]))
}

// Metric is what counts as one move.
type Metric uint8

const (
	TileMoves Metric = iota // one tile slides one cell into the blank
	LineMoves               // the tiles in line with the blank slide one cell, together
)

// String returns "tile" or "line", the names ParseMetric reads.
func (m Metric) String() string {
	if int(m) < len(metricNames) {
		return metricNames[m]
	}
	return "Metric(" + strconv.Itoa(int(m)) + ")"
}

// A Solution is a path from a start board to a goal, labelled with what is
// proven about its length, and the work it took.
type Solution struct {
	Start      Board
	Boards     []Board // the start, the board after each move; nil past 64 MiB (see All)
	Moves      []Move
	Optimal    bool // proven shortest
	LowerBound int  // proven bound on the fewest moves, at most Len()
	Algorithm  Algorithm
	Heuristic  Heuristic
	Workers    int // goroutines the search could use
	Expanded   int64
	Generated  int64
	Elapsed    time.Duration

	handed int // moves handed to WithMoves's function
}

// Len returns the number of moves, also those WithMoves handed out.
func (s Solution) Len() int {
	if s.Moves == nil {
		return s.handed
	}
	return len(s.Moves)
}

// Solve returns a solution from start to goal: see SolveContext.
func Solve(start, goal Board, opts ...Option) (Solution, error) {
	return SolveContext(context.Background(), start, goal, opts...)
}

// SolveContext returns a solution from start to goal, a shortest one unless
// WithMode asks otherwise. Its errors: ErrMismatch for boards that differ in
// size or labels; ErrUnsolvable at once when Solvable rules the goal out;
// ErrOption, before any work, for an option that does not fit; a
// *LimitError; the context's error. With Limits.MaxCost, ErrNotFound says no
// solution is that short.
//
// IDA* needs memory for its path only; A* and BFS (the defaults for repeated
// labels and line moves) store every board they reach.
func SolveContext(ctx context.Context, start, goal Board, opts ...Option) (Solution, error) {
	sol, err := solveContext(ctx, start, goal, opts...)
	return sol, toError("Solve", err)
}

// solveContext is SolveContext, its errors those of the internal packages
// too.
func solveContext(ctx context.Context, start, goal Board, opts ...Option) (Solution, error) {
	began := time.Now()
	ctx = orBackground(ctx)
	o := options{}
	for i, opt := range opts {
		if opt == nil {
			return Solution{}, errorf("Solve", ErrOption, "option %d of %d is nil", i+1, len(opts))
		}
		opt(&o)
	}
	switch {
	case o.heur >= numHeuristics:
		return Solution{}, errorf("Solve", ErrOption, "unknown heuristic %v", o.heur)
	case o.algo >= numAlgorithms:
		return Solution{}, errorf("Solve", ErrOption, "unknown algorithm %v", o.algo)
	case o.metric > LineMoves:
		return Solution{}, errorf("Solve", ErrOption, "unknown metric %d", o.metric)
	case o.workers < 0 || o.workers > maxWorkers:
		return Solution{}, errorf("Solve", ErrOption, "%d workers: want 0 (one per core) to %d", o.workers, maxWorkers)
	}
	switch o.algo {
	case AlgoFast:
		return Solution{}, errorf("Solve", ErrOption, "%v names the answers of the fast mode: ask for it with WithMode(Fast())", o.algo)
	case AlgoBeam:
		return Solution{}, errorf("Solve", ErrOption, "%v names the answers of the beam searches: ask for them with WithMode(Weighted(w)) or WithMode(Anytime(d))", o.algo)
	}
	if err := o.mode.check(); err != nil {
		return Solution{}, err
	}
	t, err := newTarget("Solve", goal)
	if err != nil {
		return Solution{}, err
	}
	code, err := encode("Solve", t, start)
	if err != nil {
		return Solution{}, err
	}
	if !t.Solvable(code) {
		why := "the permutation and the blank's distance differ in parity"
		if t.Rows == 1 || t.Cols == 1 {
			why = "tiles on a single line keep their order"
		}
		return Solution{}, errorf("Solve", ErrUnsolvable, "goal cannot be reached from start: %s", why)
	}
	if err := o.check(t, goal); err != nil {
		return Solution{}, err
	}
	switch {
	case o.mode.kind == fast:
		return solveFast(ctx, start, t, code, o, began)
	case o.mode.kind == weighted && o.mode.weight > 1:
		return solveWeighted(ctx, start, goal, t, code, o, began)
	case o.mode.kind == anytime:
		return solveAnytime(ctx, start, goal, t, code, o, began)
	}
	return solveOptimal(ctx, start, goal, t, code, o, began)
}

// solveOptimal is Solve's optimal search. On a limit or context error the
// solution it returns carries the lower bound the search proved.
func solveOptimal(ctx context.Context, start, goal Board, t *tiles.Goal, code []int32, o options, began time.Time) (Solution, error) {
	sol, blanks, err := optimalSearch(ctx, start, goal, t, code, o, began)
	if err != nil {
		return sol, err
	}
	finishPath(&sol, blanks, o)
	sol.Optimal, sol.LowerBound = true, sol.Len()
	return sol, nil
}

// optimalSearch is solveOptimal but for the moves: it returns the
// solution's counts and labels, and the blank's cell in every board of
// it, the start's included.
func optimalSearch(ctx context.Context, start, goal Board, t *tiles.Goal, code []int32, o options, began time.Time) (Solution, []int, error) {
	o.resolve(t)
	line := o.metric == LineMoves
	if o.limits.MaxCost > 0 && start != goal {
		// A bound below the estimate is answered without a search.
		est := tiles.NewSpace(t, tiles.Heuristic{Kind: tiles.LinearConflict}, line)
		if h := est.EstimateCode(code); float64(h) > o.limits.MaxCost {
			return Solution{Elapsed: time.Since(began), LowerBound: h}, nil, errorf("Solve", ErrNotFound, "no solution within %v moves: at least %d are needed", o.limits.MaxCost, h)
		}
	}
	sol := Solution{Start: start, Algorithm: o.algo, Heuristic: o.heur, Workers: 1}
	if o.algo == AlgoBFS || o.algo == AlgoBidirectional {
		sol.Heuristic = Zero
	}
	h := sol.Heuristic.tiles()
	if o.dbSet {
		h.Spec, h.Custom = o.db.spec(), true
	}
	sp := tiles.NewSpace(t, h, line)
	watch := o.watcher(began)
	sp.Request = o.dbRequest(o.autoDB == pdbcache.Absent) // Auto never builds
	if _, err := checkDatabaseMemory("Solve", h, t.Rows, t.Cols, t.BlankGoal, o.limits, &sp.Request); err != nil {
		return Solution{Elapsed: time.Since(began)}, nil, err
	}
	var blanks []int
	var err error
	var st tiles.Stats
	lim := o.limits.eng()
	ida := o.algo == AlgoIDAStar && t.Distinct && !line
	switch {
	case o.autoDB != pdbcache.Absent:
		blanks, err = idastar.AutoDatabaseIDA(ctx, sp, code, lim, o.workerCount(), o.autoDB == pdbcache.OnDisk, watch, &st)
		if st.Fallback {
			sol.Heuristic = LinearConflict
		}
	case ida && sol.Heuristic.IsDatabase() && idastar.SolverFits(sp):
		blanks, err = idastar.DatabaseIDA(ctx, sp, code, lim, o.workerCount(), o.wd, watch, &st)
	case ida && !o.wd && (sol.Heuristic == Manhattan || sol.Heuristic == LinearConflict):
		blanks, err = idastar.IDA(ctx, sp, code, lim, o.workerCount(), watch, &st)
	case o.algo == AlgoAStar && !o.wd && sp.FitsAStar16():
		blanks, err = sp.AStar16(ctx, code, lim, &st)
	default:
		if err = sp.Attach(ctx, o.wd); err != nil {
			break
		}
		blanks, err = runEngines(ctx, sp, code, o, &st)
	}
	sol.Expanded, sol.Generated = st.Expanded, st.Generated
	if st.Workers > 0 {
		sol.Workers = st.Workers
	}
	sol.Elapsed = time.Since(began)
	return sol, blanks, err
}

// orBackground returns ctx, or context.Background() for a nil ctx: the
// package's functions accept a nil context and never cancel it.
func orBackground(ctx context.Context) context.Context {
	if ctx == nil {
		return context.Background()
	}
	return ctx
}

// enginePool keeps engines between calls of Solve, so that a program
// solving many puzzles reuses their memory instead of growing it anew.
type enginePool[S State[S, int]] struct {
	astar, ida, bfs sync.Pool
}

var (
	packedEngines enginePool[tiles.Packed]
	gridEngines   enginePool[tiles.Grid]
	nodeEngines   enginePool[tiles.Node]
)

// get returns a pooled engine, or a new one.
func get[E any](p *sync.Pool) *E {
	if e, ok := p.Get().(*E); ok {
		return e
	}
	return new(E)
}

// runEngines solves the board of codes code of the space sp with the
// generic engine o asks for: on a board of at most 16 cells packed into a
// uint64; on a larger one, for IDA* (which stores only its path) as a
// string of cells, for the others interned in the space's arena.
func runEngines(ctx context.Context, sp *tiles.Space, code []int32, o options, st *tiles.Stats) ([]int, error) {
	switch {
	case len(code) <= 16:
		return runEngine(ctx, &packedEngines, sp.PackedStart(code), sp.PackedGoal(), tiles.PackedKey, o, st)
	case o.algo == AlgoIDAStar:
		return runEngine(ctx, &gridEngines, sp.GridStart(code), sp.GridGoal(), nil, o, st)
	}
	start := sp.NodeStart(code)
	return runEngine(ctx, &nodeEngines, start, sp.NodeGoal(), tiles.NodeKey, o, st)
}

// A tileState is a state of the tile puzzle that knows its blank's cell.
type tileState[S any] interface {
	State[S, int]
	Blank() int
}

// runEngine solves from start with the generic engine o asks for and
// returns the blank's cell in every board of the path, the start's
// included. key is the engines' Key, or nil.
func runEngine[S tileState[S]](ctx context.Context, pool *enginePool[S], start, goal S, key func(S) uint64, o options, st *tiles.Stats) ([]int, error) {
	var res Result[S, int]
	var err error
	switch o.algo {
	case AlgoAStar:
		e := get[AStar[S, int]](&pool.astar)
		e.Limits, e.Key = o.limits, key
		res, err = e.Search(ctx, start)
		pool.astar.Put(e)
	case AlgoIDAStar:
		e := get[IDAStar[S, int]](&pool.ida)
		e.Limits = o.limits
		res, err = e.Search(ctx, start)
		pool.ida.Put(e)
	default:
		e := get[BFS[S, int]](&pool.bfs)
		e.Limits, e.Key = o.limits, key
		if o.algo == AlgoBFS {
			res, err = e.Search(ctx, start)
		} else {
			res, err = e.Bidirectional(ctx, start, goal)
		}
		pool.bfs.Put(e)
	}
	st.Expanded, st.Generated = res.Expanded, res.Generated
	if err != nil {
		return nil, err
	}
	blanks := make([]int, len(res.Path))
	for i, s := range res.Path {
		blanks[i] = s.Blank()
	}
	return blanks, nil
}

// finishPath fills in sol's moves from blanks, the blank's cell in every
// board of the path from sol.Start: handed to o's move function if there
// is one, kept in sol.Moves otherwise, with sol.Boards while they take at
// most maxBoardsBytes.
func finishPath(sol *Solution, blanks []int, o options) {
	cols := sol.Start.Cols()
	if o.onMove != nil {
		for i := 1; i < len(blanks); i++ {
			o.onMove(moveOf(blanks[i-1], blanks[i], cols))
		}
		sol.Moves, sol.Boards, sol.handed = nil, nil, max(0, len(blanks)-1)
		return
	}
	moves := movesOf(blanks, cols)
	sol.Moves = moves
	if int64(len(moves)+1)*int64(sol.Start.Len()) <= maxBoardsBytes/2 {
		boards := make([]Board, 0, len(moves)+1)
		for _, b := range sol.All() {
			boards = append(boards, b)
		}
		sol.Boards = boards
	}
}

// movesOf returns the moves that take the blank through the cells blanks
// on a board of cols columns.
func movesOf(blanks []int, cols int) []Move {
	moves := make([]Move, 0, max(0, len(blanks)-1))
	for i := 1; i < len(blanks); i++ {
		moves = append(moves, moveOf(blanks[i-1], blanks[i], cols))
	}
	return moves
}

// moveOf returns the move that takes the blank from cell from to cell to,
// in one row or column of a board of cols columns.
func moveOf(from, to, cols int) Move {
	switch {
	case to > from && to%cols == from%cols:
		return Move{Up, (to - from) / cols}
	case to < from && to%cols == from%cols:
		return Move{Down, (from - to) / cols}
	case to > from:
		return Move{Left, to - from}
	}
	return Move{Right, from - to}
}

// maxBoardsBytes bounds the memory Solution.Boards may take: longer
// solutions leave it nil (see Solution.All).
const maxBoardsBytes = 64 << 20

// solveFast is Solve's fast mode (see Fast). The moves it keeps count
// against the memory bound (those handed to WithMoves's function do not):
// room for as many as a random board takes is made at once, and more
// only while the bound allows (see engine.GrowCharged).
func solveFast(ctx context.Context, start Board, t *tiles.Goal, code []int32, o options, began time.Time) (Solution, error) {
	line := o.metric == LineMoves
	sol := Solution{Start: start, Algorithm: AlgoFast, Heuristic: heuristicOf(near.FastHeuristic(t)), LowerBound: t.LowerBound(code, line)}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	budget := engine.Budget{Limit: o.limits.eng().Memory()}
	emit := o.onMove
	if emit == nil {
		room := min(int64(near.FastMoves(t.Rows, t.Cols)), budget.Limit/movesBytes(1))
		budget.Charge(movesBytes(int(room)))
		sol.Moves = make([]Move, 0, room)
		emit = func(m Move) {
			if len(sol.Moves) == cap(sol.Moves) && !budget.Over {
				sol.Moves, _ = engine.GrowCharged(sol.Moves, &budget)
			}
			if budget.Over {
				cancel()
				return
			}
			sol.Moves = append(sol.Moves, m)
		}
	}
	handed := 0
	err := near.Fast(ctx, t, code, line, func(d tiles.Dir, n int) {
		handed++
		emit(Move{Dir: Direction(d), Tiles: n})
	})
	sol.Elapsed = time.Since(began)
	if budget.Over {
		return Solution{Start: start, LowerBound: sol.LowerBound, Elapsed: sol.Elapsed}, errorf("Solve", ErrLimit,
			"the answer's moves pass the memory limit of %s after %d moves: hand them out as they come with WithMoves, or raise Limits.MaxMemory",
			engine.FormatBytes(budget.Limit), len(sol.Moves))
	}
	if err != nil {
		return sol, err
	}
	if boards := int64(len(sol.Moves)+1) * int64(start.Len()); o.onMove == nil && boards <= maxBoardsBytes/2 && boards <= budget.Limit-budget.Used {
		boards := make([]Board, 0, len(sol.Moves)+1)
		for _, b := range sol.All() {
			boards = append(boards, b)
		}
		sol.Boards = boards
	}
	if o.onMove != nil {
		sol.handed = handed
	}
	sol.Optimal = sol.Len() == sol.LowerBound
	return sol, nil
}

// movesBytes returns the bytes of n moves.
func movesBytes(n int) int64 { return int64(n) * int64(unsafe.Sizeof(Move{})) }

// solveWeighted is Solve's bounded-suboptimal mode (see Weighted): the
// frame searches of internal/near where they take the board; elsewhere
// the fast mode's answer if it is proven within the weight (on boards of
// more than 16 cells), else the optimal search's, which meets every
// weight.
func solveWeighted(ctx context.Context, start, goal Board, t *tiles.Goal, code []int32, o options, began time.Time) (Solution, error) {
	if !near.Frames(t, o.metric == LineMoves) {
		if t.Rows*t.Cols > 16 {
			sol, err := solveFast(ctx, start, t, code, o, began)
			if err == nil && float64(sol.Len()) <= o.mode.weight*float64(sol.LowerBound) {
				return sol, nil
			}
		}
		return solveOptimal(ctx, start, goal, t, code, o, began)
	}
	cfg, err := o.nearConfig(t, began)
	if err != nil {
		return Solution{}, err
	}
	ans, err := near.Weighted(ctx, t, code, o.mode.weight, cfg)
	if err != nil && ans.Method == near.None {
		return Solution{}, err // no search began
	}
	sol := Solution{Start: start, Algorithm: algorithmOf(ans.Method), Heuristic: heuristicOf(ans.Heuristic),
		Expanded: ans.Expanded, Generated: ans.Generated, Elapsed: time.Since(began)}
	if err != nil {
		return sol, err
	}
	finishPath(&sol, ans.Blanks, o)
	sol.LowerBound = ans.Lower
	sol.Optimal = sol.LowerBound == sol.Len()
	return sol, nil
}

// solveAnytime is Solve's anytime mode (see Anytime).
func solveAnytime(ctx context.Context, start, goal Board, t *tiles.Goal, code []int32, o options, began time.Time) (Solution, error) {
	// Auto reads no tables from disk that would take more than half the
	// time to the deadline: the stronger database would leave too little
	// time to search.
	o.readWithin = o.mode.budget / 2
	if d, ok := ctx.Deadline(); ok && (o.readWithin == 0 || time.Until(d)/2 < o.readWithin) {
		o.readWithin = max(1, time.Until(d)/2)
	}
	cfg, err := o.nearConfig(t, began)
	if err != nil {
		return Solution{}, err
	}
	opt := &optimalCall{start: start, goal: goal, t: t, code: code, o: o, began: began}
	cfg.Optimal = opt.search
	ans, err := near.Anytime(ctx, t, code, o.mode.budget, cfg)
	if tooSoon := (*near.TooSoonError)(nil); errors.As(err, &tooSoon) {
		err = &Error{Func: "Solve", Msg: tooSoon.Error(), Err: context.DeadlineExceeded}
	}
	if err != nil {
		return Solution{Start: start, LowerBound: ans.Lower, Elapsed: time.Since(began)}, err
	}
	sol := Solution{Start: start, Algorithm: algorithmOf(ans.Method), Heuristic: heuristicOf(ans.Heuristic),
		Expanded: ans.Expanded, Generated: ans.Generated, Elapsed: time.Since(began)}
	if ans.Method == near.OptimalSearch {
		sol.Algorithm, sol.Heuristic = opt.last.Algorithm, opt.last.Heuristic
	}
	finishPath(&sol, ans.Blanks, o)
	sol.LowerBound = min(ans.Lower, sol.Len())
	sol.Optimal = sol.Len() == sol.LowerBound
	return sol, nil
}

// An optimalCall is the optimal search of one board under its options,
// as the anytime mode calls it (see near.Optimal); it keeps the labels
// of its last answer.
type optimalCall struct {
	start, goal Board
	t           *tiles.Goal
	code        []int32
	o           options
	began       time.Time
	last        Solution
}

// search is a near.Optimal.
func (c *optimalCall) search(ctx context.Context, maxCost int) ([]int, int, int64, int64, error) {
	o := c.o
	o.mode, o.onMove = Optimal(), nil
	o.limits.MaxCost = float64(maxCost)
	sol, blanks, err := optimalSearch(ctx, c.start, c.goal, c.t, c.code, o, c.began)
	c.last = sol
	if errors.Is(toError("Solve", err), ErrNotFound) {
		err = engine.ErrNotFound(float64(maxCost))
	}
	return blanks, sol.LowerBound, sol.Expanded, sol.Generated, err
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
	tables, err := checkDatabaseMemory("Solve", h, t.Rows, t.Cols, t.BlankGoal, o.limits, &cfg.Request)
	if err != nil {
		return cfg, err
	}
	if o.limits.MaxMemory >= 0 {
		cfg.Limits.MaxMemory = max(1, cfg.Limits.Memory()-tables)
	}
	return cfg, nil
}

// frameHeuristic returns the heuristic the frames of internal/near search
// and rank by on boards of goal t: WithDatabase's, the database o asks
// for, or under Auto the strongest shipped database for the board that is
// already in memory or on disk; else linear conflicts. build says whether
// its tables may be built (not under Auto).
func (o *options) frameHeuristic(t *tiles.Goal) (h tiles.Heuristic, build bool) {
	build = o.heur != Auto
	switch {
	case o.dbSet:
		return tiles.Heuristic{Kind: tiles.Database, Name: pdbCustom.String(), Spec: o.db.spec(), Custom: true}, build
	case o.heur == Auto:
		req := o.dbRequest(false)
		hs := append(slices.Clip(optimalDatabases), nearOptimalDatabases...)
		if db, state := availableDatabase(hs, t.Rows, t.Cols, t.BlankGoal, &req, &o.limits, o.readWithin); state != pdbcache.Absent {
			return db.tiles(), build
		}
	case o.heur.IsDatabase():
		return o.heur.tiles(), build
	}
	return LinearConflict.tiles(), build
}

// heuristicOf returns the Heuristic of a heuristic of internal/tiles.
func heuristicOf(h tiles.Heuristic) Heuristic {
	switch h.Kind {
	case tiles.Zero:
		return Zero
	case tiles.Hamming:
		return Hamming
	case tiles.Manhattan:
		return Manhattan
	case tiles.LinearConflict:
		return LinearConflict
	case tiles.WalkingDistance:
		return WalkingDistance
	}
	db, _ := ParseHeuristic(h.Name)
	return db
}

// algorithmOf returns the Algorithm an answer of internal/near reports.
func algorithmOf(m near.Method) Algorithm {
	switch m {
	case near.FastMode:
		return AlgoFast
	case near.WeightedAStar:
		return AlgoAStar
	case near.WeightedIDA:
		return AlgoIDAStar
	case near.BeamSearch:
		return AlgoBeam
	}
	return AlgoAuto
}

// MarshalText implements encoding.TextMarshaler: the name String returns.
func (a Algorithm) MarshalText() ([]byte, error) {
	return nameText("Algorithm.MarshalText", "algorithm", int(a), algorithmNames[:])
}

// UnmarshalText implements encoding.TextUnmarshaler with ParseAlgorithm.
func (a *Algorithm) UnmarshalText(text []byte) error {
	v, err := ParseAlgorithm(string(text))
	if err != nil {
		return renamed(err, "Algorithm.UnmarshalText")
	}
	*a = v
	return nil
}

var metricNames = [...]string{"tile", "line"}

// ParseMetric returns the Metric named s as String names it.
func ParseMetric(s string) (Metric, error) {
	for m, name := range metricNames {
		if s == name {
			return Metric(m), nil
		}
	}
	return 0, errorf("ParseMetric", ErrOption, "unknown metric %s (want tile or line)", input.Quote(s))
}

// MarshalText implements encoding.TextMarshaler: the name String returns.
func (m Metric) MarshalText() ([]byte, error) {
	return nameText("Metric.MarshalText", "metric", int(m), metricNames[:])
}

// UnmarshalText implements encoding.TextUnmarshaler with ParseMetric.
func (m *Metric) UnmarshalText(text []byte) error {
	v, err := ParseMetric(string(text))
	if err != nil {
		return renamed(err, "Metric.UnmarshalText")
	}
	*m = v
	return nil
}

// resolve fills in the automatic choices.
func (o *options) resolve(t *tiles.Goal) {
	if o.algo == AlgoAuto {
		switch {
		case o.metric == LineMoves && t.Rows*t.Cols <= 16:
			o.algo = AlgoBidirectional
		case o.metric == LineMoves || !t.Distinct || o.heur == WalkingDistance:
			o.algo = AlgoAStar
		default:
			o.algo = AlgoIDAStar
		}
	}
	if o.dbSet {
		o.heur = pdbCustom
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
