package slide

import (
	"context"
	"strconv"
	"sync"
	"time"

	"github.com/slidekit/slide/internal/input"
)

// Algorithm names the engine Solve runs.
type Algorithm uint8

// The engines. AlgoAuto picks one from the board (see Solve).
const (
	AlgoAuto Algorithm = iota
	AlgoAStar
	AlgoIDAStar
	AlgoBFS
	AlgoBidirectional
	AlgoFast // the fast mode: see WithFast
	numAlgorithms
)

var algorithmNames = [...]string{"auto", "astar", "idastar", "bfs", "bibfs", "fast"}

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

// ParseAlgorithm returns the Algorithm named s: auto, astar, idastar (or
// ida), bfs, bibfs (or bidirectional) or fast.
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
	// TileMoves counts every tile slid one cell into the blank as a move.
	TileMoves Metric = iota
	// LineMoves counts sliding any number of tiles in line with the blank
	// one cell toward it, together, as a single move.
	LineMoves
)

// String returns "tile" or "line", the names ParseMetric reads.
func (m Metric) String() string {
	if int(m) < len(metricNames) {
		return metricNames[m]
	}
	return "Metric(" + strconv.Itoa(int(m)) + ")"
}

// A Move is one move of a solution: Tiles tiles in line with the blank,
// the nearest first, slide one cell in direction Dir. Tiles is 1 except for
// line moves.
type Move struct {
	Dir   Direction
	Tiles int
}

// String returns the direction, followed by the tile count if it is not 1:
// "up", "left 3".
func (m Move) String() string {
	if m.Tiles == 1 {
		return m.Dir.String()
	}
	return m.Dir.String() + " " + strconv.Itoa(m.Tiles)
}

// A Solution is a sequence of moves from a start board to a goal, with
// what is proven about its length: Optimal when no shorter one exists,
// and in any case a LowerBound on the length of the shortest.
type Solution struct {
	Start Board // the board the moves start from
	// Boards holds the start, each board after a move, and the goal. It
	// is nil for solutions too long to hold every board (Solve keeps it
	// while the boards take at most 64 MiB); All visits them either way.
	Boards []Board
	Moves  []Move // Len() moves

	// Optimal reports that the solution is proven to have the fewest
	// moves; LowerBound is then Len().
	Optimal bool
	// LowerBound is a proven lower bound on the moves of a shortest
	// solution: at most Len(), and equal to it when Optimal.
	LowerBound int

	Algorithm Algorithm // the engine that ran
	Heuristic Heuristic // the heuristic it used (Zero for BFS)
	Workers   int       // the goroutines the search could use (see WithWorkers)
	Expanded  int64     // nodes expanded
	Generated int64     // nodes generated (for IDA*, the root included)
	Elapsed   time.Duration

	handed int // moves handed to WithMoves's function
}

// Len returns the number of moves, also when WithMoves handed them out
// instead of keeping them.
func (s Solution) Len() int {
	if s.Moves == nil {
		return s.handed
	}
	return len(s.Moves)
}

// An Option adjusts Solve.
type Option func(*options)

type options struct {
	heur     Heuristic
	algo     Algorithm
	metric   Metric
	limits   Limits
	wd       bool
	fast     bool
	weight   float64 // 0: optimal
	anytime  bool
	budget   time.Duration // anytime: stop after this long (0: when ctx is done)
	progress func(Progress)
	onMove   func(Move)
	workers  int // 0: runtime.GOMAXPROCS

	db       Database // WithDatabase's, if dbSet
	dbSet    bool
	cache    string // WithCacheDir's directory, if cacheSet ("": no disk)
	cacheSet bool
	autoDB   dbState // where the database Auto chose is (dbAbsent: none chosen)
}

// WithHeuristic makes Solve use h (default Auto: the strongest available).
func WithHeuristic(h Heuristic) Option { return func(o *options) { o.heur = h } }

// WithAlgorithm makes Solve use the engine a (default AlgoAuto).
func WithAlgorithm(a Algorithm) Option { return func(o *options) { o.algo = a } }

// WithMetric makes Solve minimize moves in metric m (default TileMoves).
func WithMetric(m Metric) Option { return func(o *options) { o.metric = m } }

// WithWalkingDistance makes Solve take the larger of its heuristic and
// walking distance (see WalkingDistance) at every board: a stronger bound
// for boards of 2 x 2 to 4 x 4 with distinct labels, at some cost per
// node. Other boards fail with ErrOption before the search starts.
func WithWalkingDistance() Option { return func(o *options) { o.wd = true } }

// WithCacheDir makes Solve, BuildDatabase and Database.Build keep pattern
// databases in the directory dir instead of os.UserCacheDir()/slide/pdb,
// creating it when they write a table; dir "" keeps them off the disk
// altogether: nothing is read from or written to it, tables are built in
// memory when needed, and Auto uses only those already in memory.
func WithCacheDir(dir string) Option { return func(o *options) { o.cache, o.cacheSet = dir, true } }

// WithLimits bounds the search (see Limits); a search that reaches a bound
// fails with a *LimitError.
func WithLimits(l Limits) Option { return func(o *options) { o.limits = l } }

// Solve returns a solution with the fewest moves from start to goal. See
// SolveContext.
func Solve(start, goal Board, opts ...Option) (Solution, error) {
	return SolveContext(context.Background(), start, goal, opts...)
}

// SolveContext returns a solution with the fewest moves from start to goal,
// or an error: ErrMismatch (an *Error) if the boards differ in size or
// labels, ErrUnsolvable at once if the parity rule (see Solvable) says goal
// is out of reach, a *LimitError, ErrOption for an option that does not
// apply, or the context's error once ctx is done. With Limits.MaxCost set
// (see WithLimits) it answers whether a solution of at most that many
// moves exists: ErrNotFound when none does, at once when the heuristic
// already says so; bidirectional BFS then stores only the boards within
// about half the bound of either end, however far apart they are.
//
// Every engine and heuristic it offers is optimal. By default it picks:
//
//   - for distinct labels and single-tile moves, IDA* with Manhattan
//     distance and linear conflicts (specialized for boards of up to 16
//     cells, and otherwise one mutable board re-scored line by line), which
//     needs memory only for the path;
//   - for repeated labels, A* with Manhattan distance;
//   - for line moves, bidirectional BFS on boards of up to 16 cells and A*
//     beyond, with Manhattan distance divided by the longest line.
//
// The default IDA* on the 15- and 24-puzzles depends on the pattern
// databases that earlier programs left in the disk cache (see
// BuildDatabase): it uses the strongest one already in memory, or in the
// cache with a valid header and size, and never builds one. Tables in
// memory serve at once. Tables only on disk cost their reading (from
// milliseconds for 5-5-5 to half a second for 7-8), so for those above
// 4 MB Solve first tries linear conflicts within 2^20 generated nodes
// (about 12 ms on the 15-puzzle) and reads them only if the problem needs
// more; a file that fails to read is left alone, and linear conflicts
// serve. Solution.Heuristic tells which heuristic ran, and Expanded and
// Generated count both attempts. WithCacheDir("") keeps Solve off the disk
// (only tables already in memory count), WithCacheDir(dir) points it
// elsewhere, ReleaseDatabases frees the tables, and an explicit
// WithHeuristic(LinearConflict) makes the cost of every call the same.
// An explicit database heuristic (WithHeuristic(PDB663), WithDatabase)
// reads its tables, or builds them and writes them to the cache, on first
// use: seconds for 6-6-3, minutes for 7-8.
//
// A chosen engine runs with a chosen heuristic where it uses one. BFS and
// bidirectional BFS store every state they reach, so they suit small
// boards; A* stores every state generated; IDA* revisits states instead.
// Options are checked before any work: a heuristic that does not fit the
// board (a database for another size, walking distance beyond 4 x 4)
// fails with ErrOption before a table is built.
//
// A nil ctx is taken as context.Background(), as by every function of the
// package that takes a context; a nil Option is an ErrOption error.
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
	if o.algo == AlgoFast {
		o.fast = true
	}
	if err := o.checkModes(); err != nil {
		return Solution{}, err
	}
	t, err := newTarget("Solve", goal)
	if err != nil {
		return Solution{}, err
	}
	code, err := t.encode("Solve", start)
	if err != nil {
		return Solution{}, err
	}
	if !t.solvable(code) {
		why := "the permutation and the blank's distance differ in parity"
		if t.rows == 1 || t.cols == 1 {
			why = "tiles on a single line keep their order"
		}
		return Solution{}, errorf("Solve", ErrUnsolvable, "goal cannot be reached from start: %s", why)
	}
	if err := o.check(t); err != nil {
		return Solution{}, err
	}
	switch {
	case o.fast:
		return solveFast(ctx, start, t, code, o, began)
	case o.weight > 1:
		return solveWeighted(ctx, start, t, code, o, began)
	case o.anytime:
		return solveAnytime(ctx, start, t, code, o, began)
	}
	return solveOptimal(ctx, start, t, code, o, began)
}

// solveOptimal is Solve's optimal search. On a limit or context error the
// solution it returns carries the lower bound the search proved.
func solveOptimal(ctx context.Context, start Board, t *target, code []int32, o options, began time.Time) (Solution, error) {
	o.resolve(t)
	if o.limits.MaxCost > 0 && start != t.goal {
		// A bound below the estimate is answered without a search.
		est := newTileSpace(t, LinearConflict, o.metric == LineMoves)
		vals := est.values(code)
		if h := est.estimate(func(i int) int { return vals[i] }); float64(h) > o.limits.MaxCost {
			return Solution{Elapsed: time.Since(began), LowerBound: h}, errorf("Solve", ErrNotFound, "no solution within %v moves: at least %d are needed", o.limits.MaxCost, h)
		}
	}
	sol := Solution{Start: start, Algorithm: o.algo, Heuristic: o.heur, Workers: 1}
	if o.algo == AlgoBFS || o.algo == AlgoBidirectional {
		sol.Heuristic = Zero
	}
	sp := newTileSpace(t, sol.Heuristic, o.metric == LineMoves)
	sp.watch = o.watcher(began)
	sp.dbReq = o.dbRequest(o.autoDB == dbAbsent) // Auto never builds
	if err := checkDatabaseMemory("Solve", sol.Heuristic, t.rows, t.cols, t.blankGoal, o.limits, &sp.dbReq); err != nil {
		return Solution{Elapsed: time.Since(began)}, err
	}
	if o.dbSet {
		spec := o.db.spec()
		sp.custom = &spec
	}
	var blanks []int
	var err error
	fast := o.algo == AlgoIDAStar && t.distinct && o.metric == TileMoves
	switch {
	case o.autoDB != dbAbsent:
		blanks, err = sp.autoDatabaseIDA(ctx, code, o, &sol)
	case fast && sol.Heuristic.IsDatabase() && sp.solverFits():
		blanks, err = sp.pdbIDA(ctx, code, o, &sol)
	case fast && !o.wd && (sol.Heuristic == Manhattan || sol.Heuristic == LinearConflict):
		blanks, err = sp.fastIDA(ctx, code, o.limits, o.workerCount(), &sol)
	case o.algo == AlgoAStar && t.distinct && o.metric == TileMoves && !o.wd && fitsIDA16(t.rows, t.cols) &&
		(sol.Heuristic == Manhattan || sol.Heuristic == LinearConflict):
		blanks, err = sp.astar16Solve(ctx, sp.packedStart(code), o.limits, &sol)
	default:
		if err = sp.attach(ctx, o.wd); err != nil {
			break
		}
		if sp.n <= 16 {
			goal := packedTile{sp: sp, key: sp.goalPacked, blank: uint8(t.blankGoal)}
			blanks, err = runEngine(ctx, &packedEngines, sp.packedStart(code), goal, func(s packedTile) int { return int(s.blank) }, packedKey, o, &sol)
		} else {
			blanks, err = sp.gridEngine(ctx, code, o, &sol)
		}
	}
	sol.Elapsed = time.Since(began)
	if err != nil {
		return sol, err
	}
	finishPath(&sol, blanks, o)
	sol.Optimal, sol.LowerBound = true, sol.Len()
	return sol, nil
}

// orBackground returns ctx, or context.Background() for a nil ctx: the
// package's functions accept a nil context and never cancel it.
func orBackground(ctx context.Context) context.Context {
	if ctx == nil {
		return context.Background()
	}
	return ctx
}

// resolve fills in the automatic choices.
func (o *options) resolve(t *target) {
	if o.algo == AlgoAuto {
		switch {
		case o.metric == LineMoves && t.rows*t.cols <= 16:
			o.algo = AlgoBidirectional
		case o.metric == LineMoves || !t.distinct || o.heur == WalkingDistance:
			o.algo = AlgoAStar
		default:
			o.algo = AlgoIDAStar
		}
	}
	if o.dbSet {
		o.heur = PDBCustom
	}
	if o.heur == Auto {
		o.heur = LinearConflict
		if o.algo == AlgoIDAStar && t.distinct && o.metric == TileMoves {
			req := o.dbRequest(false)
			o.heur, o.autoDB = availableDatabase(t.rows, t.cols, t.blankGoal, &req, o.limits)
		}
	}
	if o.heur == LinearConflict && (o.metric == LineMoves || !t.distinct) {
		o.heur = Manhattan // what LinearConflict amounts to there
	}
}

// enginePool keeps engines between calls of Solve, so that a program
// solving many puzzles reuses their memory instead of growing it anew.
type enginePool[S State[S, int]] struct {
	astar, ida, bfs sync.Pool
}

var (
	packedEngines   enginePool[packedTile]
	gridEngines     enginePool[gridTile]
	gridNodeEngines enginePool[gridNode]
)

// get returns a pooled engine, or a new one.
func get[E any](p *sync.Pool) *E {
	if e, ok := p.Get().(*E); ok {
		return e
	}
	return new(E)
}

// runEngine solves from start with one of the generic engines and returns
// the blank's cell in every board of the path, the start's included. key
// is the engines' Key, or nil.
func runEngine[S State[S, int]](ctx context.Context, pool *enginePool[S], start, goal S, blankOf func(S) int, key func(S) uint64, o options, sol *Solution) ([]int, error) {
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
	sol.Expanded, sol.Generated = res.Expanded, res.Generated
	if err != nil {
		return nil, err
	}
	blanks := make([]int, len(res.Path))
	for i, s := range res.Path {
		blanks[i] = blankOf(s)
	}
	return blanks, nil
}

// gridEngine solves a board of more than 16 cells with a generic engine:
// IDA* on gridTile, which stores only its path, the others on gridNode,
// whose boards the space interns.
func (sp *tileSpace) gridEngine(ctx context.Context, code []int32, o options, sol *Solution) ([]int, error) {
	if o.algo == AlgoIDAStar {
		goal := gridTile{sp: sp, key: sp.goalGrid, blank: int32(sp.t.blankGoal)}
		return runEngine(ctx, &gridEngines, sp.gridStart(code), goal, func(s gridTile) int { return int(s.blank) }, nil, o, sol)
	}
	start := sp.gridNodeStart(code)
	goal := gridNode{sp: sp, id: sp.goalID, blank: int32(sp.t.blankGoal)}
	goal.h = int32(sp.estimate(goal.at))
	return runEngine(ctx, &gridNodeEngines, start, goal, func(s gridNode) int { return int(s.blank) }, gridNodeKey, o, sol)
}

// fastIDA runs the specialized IDA* (ida16 or idaGrid) on workers
// goroutines.
func (sp *tileSpace) fastIDA(ctx context.Context, code []int32, lim Limits, workers int, sol *Solution) ([]int, error) {
	blank, n, core, cell := sp.runFast(ctx, code, lim, workers)
	sol.Expanded, sol.Generated, sol.Workers = core.Expanded, core.Gen, workers
	if n < 0 {
		return nil, core.Err
	}
	moves := []int{blank}
	for i := range n {
		moves = append(moves, cell(i))
	}
	return moves, nil
}

// runFast runs the specialized IDA* (ida16 or idaGrid) from code on
// workers goroutines. It returns the blank's cell, the number of moves
// (-1 on failure, with core.Err set), the search's core with its counts,
// and the blank's cell after each move.
func (sp *tileSpace) runFast(ctx context.Context, code []int32, lim Limits, workers int) (blank, n int, core *idaCore, cell func(i int) int) {
	lc := sp.heur == LinearConflict
	vals := sp.values(code)
	for i, c := range code {
		if c == blankCode {
			blank = i
		}
	}
	if fitsIDA16(sp.rows, sp.cols) {
		s := newIDA16(sp, lc)
		s.OnCheck = sp.watch
		var board uint64
		for i, v := range vals {
			board |= uint64(v) << (4 * i)
		}
		if workers > 1 {
			n = s.solveParallel(ctx, board, blank, lim, workers)
		} else {
			n = s.solve(ctx, board, blank, lim)
		}
		return blank, n, &s.idaCore, func(i int) int { return int(s.path[i]) }
	}
	s := newIDAGrid(sp, lc)
	s.OnCheck = sp.watch
	board := make([]int32, len(vals))
	for i, v := range vals {
		board[i] = int32(v)
	}
	if workers > 1 {
		n = s.solveParallel(ctx, board, blank, lim, workers)
	} else {
		n = s.solve(ctx, board, blank, lim)
	}
	return blank, n, &s.idaCore, func(i int) int { return int(s.path[i]) }
}

// finishPath fills in sol's moves from blanks, the blank's cell in every
// board of the path from sol.Start: handed to o's move function if there
// is one, kept in sol.Moves otherwise, with sol.Boards while they take at
// most maxBoardsBytes.
func finishPath(sol *Solution, blanks []int, o options) {
	moves := movesOf(blanks, sol.Start.Cols())
	if o.onMove != nil {
		for _, m := range moves {
			o.onMove(m)
		}
		sol.Moves, sol.Boards, sol.handed = nil, nil, len(moves)
		return
	}
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
		from, to := blanks[i-1], blanks[i]
		var m Move
		switch {
		case to > from && to%cols == from%cols:
			m = Move{Up, (to - from) / cols}
		case to < from && to%cols == from%cols:
			m = Move{Down, (from - to) / cols}
		case to > from:
			m = Move{Left, to - from}
		default:
			m = Move{Right, from - to}
		}
		moves = append(moves, m)
	}
	return moves
}
