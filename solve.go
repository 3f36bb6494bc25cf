package slide

import (
	"context"
	"strconv"
	"sync"
	"time"
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
	numAlgorithms
)

var algorithmNames = [...]string{"auto", "astar", "idastar", "bfs", "bibfs"}

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
// ida), bfs or bibfs (or bidirectional).
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
	return 0, errorf("ParseAlgorithm", ErrOption, "unknown algorithm %q (want %s)", s, oneOf(algorithmNames[:]))
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

// String returns "tile" or "line".
func (m Metric) String() string {
	switch m {
	case TileMoves:
		return "tile"
	case LineMoves:
		return "line"
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
}

// Len returns the number of moves.
func (s Solution) Len() int { return len(s.Moves) }

// An Option adjusts Solve.
type Option func(*options)

type options struct {
	heur    Heuristic
	algo    Algorithm
	metric  Metric
	limits  Limits
	wd      bool
	workers int // 0: runtime.GOMAXPROCS
}

// WithHeuristic makes Solve use h (default Auto: the strongest available).
func WithHeuristic(h Heuristic) Option { return func(o *options) { o.heur = h } }

// WithAlgorithm makes Solve use the engine a (default AlgoAuto).
func WithAlgorithm(a Algorithm) Option { return func(o *options) { o.algo = a } }

// WithMetric makes Solve minimize moves in metric m (default TileMoves).
func WithMetric(m Metric) Option { return func(o *options) { o.metric = m } }

// WithWalkingDistance makes Solve take the larger of its heuristic and
// walking distance (see WalkingDistance) at every board: a stronger bound
// for boards of up to 4 x 4 with distinct labels, at some cost per node.
func WithWalkingDistance() Option { return func(o *options) { o.wd = true } }

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
// A chosen engine runs with a chosen heuristic where it uses one. BFS and
// bidirectional BFS store every state they reach, so they suit small
// boards; A* stores every state generated; IDA* revisits states instead.
func SolveContext(ctx context.Context, start, goal Board, opts ...Option) (Solution, error) {
	began := time.Now()
	o := options{}
	for _, opt := range opts {
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
	o.resolve(t)
	if o.limits.MaxCost > 0 && start != goal {
		// A bound below the estimate is answered without a search.
		est := newTileSpace(t, LinearConflict, o.metric == LineMoves)
		vals := est.values(code)
		if h := est.estimate(func(i int) int { return vals[i] }); float64(h) > o.limits.MaxCost {
			return Solution{Elapsed: time.Since(began)}, errorf("Solve", ErrNotFound, "no solution within %v moves: at least %d are needed", o.limits.MaxCost, h)
		}
	}
	sol := Solution{Start: start, Algorithm: o.algo, Heuristic: o.heur, Workers: 1}
	if o.algo == AlgoBFS || o.algo == AlgoBidirectional {
		sol.Heuristic = Zero
	}
	sp := newTileSpace(t, sol.Heuristic, o.metric == LineMoves)
	var blanks []int
	fast := o.algo == AlgoIDAStar && t.distinct && o.metric == TileMoves
	switch {
	case fast && sol.Heuristic.IsDatabase():
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
			goal := gridTile{sp: sp, key: sp.goalGrid, blank: int32(t.blankGoal)}
			blanks, err = runEngine(ctx, &gridEngines, sp.gridStart(code), goal, func(s gridTile) int { return int(s.blank) }, nil, o, &sol)
		}
	}
	sol.Elapsed = time.Since(began)
	if err != nil {
		return sol, err
	}
	sol.Boards, sol.Moves = replay(start, blanks)
	sol.Optimal, sol.LowerBound = true, sol.Len()
	return sol, nil
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
	if o.heur == Auto {
		o.heur = LinearConflict
		if o.algo == AlgoIDAStar && t.distinct && o.metric == TileMoves {
			o.heur = availableDatabase(t.rows, t.cols, t.blankGoal, LinearConflict)
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
	packedEngines enginePool[packedTile]
	gridEngines   enginePool[gridTile]
)

// get returns a pooled engine, or a new one.
func get[E any](p *sync.Pool) *E {
	if e, ok := p.Get().(*E); ok {
		return e
	}
	return new(E)
}

// availableDatabase returns the strongest pattern database for a rows x
// cols board whose blank belongs on cell blank that is already in memory or
// on disk, or otherwise fallback: Auto never starts a build.
func availableDatabase(rows, cols, blank int, fallback Heuristic) Heuristic {
	for _, h := range []Heuristic{PDB78, PDB663, PDB555, PDB6666} {
		if _, spec, err := orient(h, rows, cols, blank); err == nil && databaseAvailable(spec) {
			return h
		}
	}
	return fallback
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

// replay returns the boards and moves of a path given by the blank's cell
// in each of its boards.
func replay(start Board, blanks []int) ([]Board, []Move) {
	boards := []Board{start}
	var moves []Move
	cols := start.Cols()
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
		next, _ := boards[len(boards)-1].Slide(m.Dir, m.Tiles)
		boards = append(boards, next)
		moves = append(moves, m)
	}
	return boards, moves
}
