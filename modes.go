package slide

import (
	"context"
	"errors"
	"math"
	"time"
	"unsafe"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/near"
	"github.com/slidekit/slide/internal/tiles"
)

// solveFast is the Fast mode. A node is a board of its answer, one a
// move: the limits on nodes and cost both bound its moves, and stop it
// once it passes them. The moves it keeps count against the memory bound
// (those handed to OnMove do not): an answer whose lower bound's moves
// pass it is refused at once; room for as many as a random board takes
// is made at once, and more only while the bound allows (see
// engine.GrowChargedCtx: both return when ctx is done, not when the
// runtime has cleared hundreds of megabytes). With a limit on its moves,
// it keeps them until it knows they are within it, then hands them to
// OnMove.
func solveFast(ctx context.Context, start, goal Board, t *tiles.Goal, code []int32, o options, began time.Time) (Solution, error) {
	line := o.metric == LineMoves
	lim := o.limits.eng()
	sol := Solution{Start: start, Engine: "fast", Heuristic: heuristicOf(near.FastHeuristic(t), Database{}), LowerBound: t.LowerBound(code, line)}
	if sol.LowerBound > lim.DepthBound() {
		return Solution{Start: start, LowerBound: sol.LowerBound}, lim.CostError(sol.LowerBound, 0, 0)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	maxMoves := min(int64(lim.DepthBound()), lim.NodesLeft(0))
	budget := engine.Budget{Limit: lim.MemoryLimit()}
	emit := o.onMove
	// Moves are handed out as they are made but on boards whose optimal
	// search may replace them (see prove).
	stream := emit != nil && maxMoves == math.MaxInt64 && !cheapProof(t, o)
	if !stream {
		if int64(sol.LowerBound) <= maxMoves && movesBytes(sol.LowerBound) > budget.Limit {
			// The answer has at least the lower bound's moves: refused
			// before any is made.
			return Solution{Start: start, LowerBound: sol.LowerBound, Elapsed: time.Since(began)}, answerMemoryError(sol.LowerBound, budget.Limit, true)
		}
		room := min(int64(near.FastMoves(t.Rows, t.Cols)), maxMoves, budget.Limit/movesBytes(1))
		budget.Charge(movesBytes(int(room)))
		var err error
		if sol.Moves, err = engine.Make[Move](ctx, int(room)); err != nil {
			return Solution{Start: start, LowerBound: sol.LowerBound, Elapsed: time.Since(began)}, err
		}
		emit = func(m Move) {
			if len(sol.Moves) == cap(sol.Moves) && !budget.Over {
				var ok bool
				if sol.Moves, ok = engine.GrowChargedCtx(ctx, sol.Moves, &budget); !ok {
					cancel() // over the budget, or cancelled
					return
				}
			}
			if budget.Over {
				cancel()
				return
			}
			sol.Moves = append(sol.Moves, m)
		}
	}
	var made int64 // moves made and kept or handed
	capped := false
	err := near.Fast(ctx, t, code, line, func(d tiles.Dir, n int) {
		if capped = made == maxMoves; capped {
			cancel()
			return
		}
		made++
		emit(Move{Dir: Direction(d), Tiles: n})
	})
	sol.Elapsed, sol.Expanded, sol.Generated = time.Since(began), made, made
	failed := Solution{Start: start, LowerBound: sol.LowerBound, Elapsed: sol.Elapsed, Expanded: made, Generated: made}
	switch {
	case budget.Over:
		return failed, errorf("Solver.Solve", ErrLimit,
			"the answer's moves pass the memory limit of %s after %d moves", engine.FormatBytes(budget.Limit), len(sol.Moves))
	case capped && int64(lim.DepthBound()) == maxMoves:
		return failed, lim.CostError(sol.LowerBound, made, made)
	case capped:
		return failed, lim.NodeError(made, made)
	case err != nil:
		return sol, err
	}
	// On small boards the optimal search labels the answer with what it
	// proves, or replaces it with a shorter one where the moves are not
	// handed out yet (see prove).
	p, proved := prove(ctx, start, goal, t, code, o, began, int(made), sol.LowerBound, made)
	if stream {
		p.blanks = nil
	}
	switch {
	case stream:
		sol.handed = int(made)
	case p.blanks != nil: // adopt makes the moves
	case o.onMove != nil:
		sol.handTo(o.onMove)
	default:
		sol.keepBoards(ctx, min(maxBoardsBytes/2, budget.Limit-budget.Used))
	}
	sol.Optimal = sol.Len() == sol.LowerBound
	if proved {
		if err := p.adopt(ctx, &sol, o); err != nil {
			return failed, err
		}
		sol.Elapsed = time.Since(began)
	}
	return sol, nil
}

// movesBytes returns the bytes of n moves.
func movesBytes(n int) int64 { return int64(n) * int64(unsafe.Sizeof(Move{})) }

// solveWeighted is the Weighted mode: the frame searches of internal/near
// where they take the board; elsewhere the fast mode's answer if it is
// proven within the weight (on boards of more than 16 cells), else the
// optimal search's, which meets every weight, with the nodes the fast
// mode left, and on boards of more than 16 cells at most
// reachOptimalWork over its cells: past those, the weight is out of reach.
// The fast mode's moves are first only counted: its answer, of hundreds
// of megabytes on the largest boards, is made only if it is within the
// weight. A context that ends returns at once with its error.
func solveWeighted(ctx context.Context, start, goal Board, t *tiles.Goal, code []int32, o options, began time.Time) (Solution, error) {
	if near.Frames(t, o.metric == LineMoves) {
		return solveFrames(ctx, start, goal, t, code, o, began)
	}
	var fast Solution
	var fastErr error
	big := t.Rows*t.Cols > 16
	if big {
		fo := o
		fo.onMove = func(Move) {} // counted, not kept
		fast, fastErr = solveFast(ctx, start, goal, t, code, fo, began)
		if err := ctx.Err(); err != nil {
			return Solution{Start: start, LowerBound: fast.LowerBound, Expanded: fast.Expanded, Generated: fast.Generated, Elapsed: time.Since(began)}, err
		}
		if fastErr == nil && near.Within(fast.Len(), fast.LowerBound, o.mode.weight) {
			// The fast mode is deterministic: the same answer, kept or
			// handed to OnMove.
			return solveFast(ctx, start, goal, t, code, o, began)
		}
	}
	nodes := o.limits.MaxNodes
	if nodes > 0 {
		if o.limits.MaxNodes -= fast.Generated; o.limits.MaxNodes <= 0 {
			return fast, engine.Bounds{Nodes: nodes}.NodeError(fast.Expanded, fast.Generated)
		}
	}
	refuse := func(sol Solution) (Solution, error) {
		failed := Solution{Start: start, LowerBound: fast.LowerBound, Expanded: sol.Expanded, Generated: sol.Generated, Elapsed: time.Since(began)}
		return failed, near.ReachError(fast.Len(), fast.LowerBound, sol.Expanded, sol.Generated)
	}
	budget := int64(reachOptimalWork / (t.Rows * t.Cols))
	bounded := big && fastErr == nil && (nodes <= 0 || o.limits.MaxNodes > budget)
	if bounded && fast.LowerBound > reachOptimalLower {
		return refuse(fast)
	}
	if bounded {
		o.limits.MaxNodes = budget
	}
	sol, err := solveOptimal(ctx, start, goal, t, code, o, began)
	sol.Expanded += fast.Expanded
	sol.Generated += fast.Generated
	if bounded && nodeLimited(err) {
		return refuse(sol)
	}
	nodeValue(err, nodes)
	return sol, err
}

// The Weighted mode's optimal search on boards of more than 16 cells that
// the frame searches do not take runs only where the lower bound is at
// most reachOptimalLower moves, and generates at most reachOptimalWork
// over the board's cells, a second or two (docs/PERFORMANCE.md, "Weighted
// mode past 4 x 4"). Past those, the weight is out of reach.
const (
	reachOptimalLower = 100
	reachOptimalWork  = 6e8
)

// nodeLimited reports whether err is the *LimitError of a node limit, of
// the root package or an internal one.
func nodeLimited(err error) bool {
	var le *engine.BoundError
	var re *LimitError
	return errors.As(err, &le) && le.Limit == "nodes" || errors.As(err, &re) && re.Limit == "nodes"
}

// solveFrames is the Weighted mode on the boards of internal/near's
// frames.
func solveFrames(ctx context.Context, start, goal Board, t *tiles.Goal, code []int32, o options, began time.Time) (Solution, error) {
	cfg, err := o.nearConfig(t, began)
	if err != nil {
		return Solution{}, err
	}
	ans, err := near.Weighted(ctx, t, code, o.mode.weight, cfg)
	if err != nil {
		return Solution{Start: start, LowerBound: ans.Lower, Expanded: ans.Expanded, Generated: ans.Generated, Elapsed: time.Since(began)}, err
	}
	sol := Solution{Start: start, Engine: engineOf(ans.Method), Heuristic: heuristicOf(ans.Heuristic, o.heur.db),
		LowerBound: ans.Lower, Expanded: ans.Expanded, Generated: ans.Generated, Elapsed: time.Since(began)}
	// On small boards the optimal search labels the answer with what it
	// proves, or replaces it with a shorter one (see prove).
	p, proved := prove(ctx, start, goal, t, code, o, began, len(ans.Blanks)-1, ans.Lower, ans.Generated)
	if p.blanks == nil {
		if err := finishPath(ctx, &sol, ans.Blanks, o); err != nil {
			return Solution{Start: start, LowerBound: ans.Lower, Expanded: ans.Expanded, Generated: ans.Generated, Elapsed: time.Since(began)}, err
		}
	}
	sol.Optimal = sol.LowerBound == sol.Len()
	if proved {
		if err := p.adopt(ctx, &sol, o); err != nil {
			return Solution{Start: start, LowerBound: p.lower, Expanded: sol.Expanded, Generated: sol.Generated, Elapsed: time.Since(began)}, err
		}
		sol.Elapsed = time.Since(began)
	}
	return sol, nil
}

// limitReading sets, for the Anytime mode, the most time Auto may spend
// reading tables from disk: no more than half the budget or half the time
// to ctx's deadline, since a stronger database would leave too little
// time to search.
func (o *options) limitReading(ctx context.Context) {
	o.readWithin = o.mode.budget / 2
	if d, ok := ctx.Deadline(); ok && (o.readWithin == 0 || time.Until(d)/2 < o.readWithin) {
		o.readWithin = max(1, time.Until(d)/2)
	}
}

// solveAnytime is the Anytime mode.
func solveAnytime(ctx context.Context, start, goal Board, t *tiles.Goal, code []int32, o options, began time.Time) (Solution, error) {
	o.limitReading(ctx)
	cfg, err := o.nearConfig(t, began)
	if err != nil {
		return Solution{}, err
	}
	opt := &optimalCall{start: start, goal: goal, t: t, code: code, o: o, began: began}
	cfg.Optimal = opt.search
	if o.onImprove != nil {
		cfg.OnImprove = func(blanks []int, lower int, m near.Method) {
			engine := engineOf(m)
			if m == near.OptimalSearch {
				engine = opt.last.Engine
			}
			o.improved(ctx, start, blanks, lower, engine, began)
		}
	}
	ans, err := near.Anytime(ctx, t, code, o.mode.budget, cfg)
	if tooSoon := (*near.TooSoonError)(nil); errors.As(err, &tooSoon) {
		err = &Error{Func: "Solver.Solve", Msg: tooSoon.Error(), Err: context.DeadlineExceeded}
	}
	if err != nil {
		return Solution{Start: start, LowerBound: ans.Lower, Expanded: ans.Expanded, Generated: ans.Generated, Elapsed: time.Since(began)}, err
	}
	sol := Solution{Start: start, Engine: engineOf(ans.Method), Heuristic: heuristicOf(ans.Heuristic, o.heur.db),
		Expanded: ans.Expanded, Generated: ans.Generated, Elapsed: time.Since(began)}
	if ans.Method == near.OptimalSearch {
		sol.Engine, sol.Heuristic = opt.last.Engine, opt.last.Heuristic
	}
	if err := finishPath(ctx, &sol, ans.Blanks, o); err != nil {
		return Solution{Start: start, LowerBound: ans.Lower, Expanded: ans.Expanded, Generated: ans.Generated, Elapsed: time.Since(began)}, err
	}
	sol.LowerBound = min(ans.Lower, sol.Len())
	sol.Optimal = sol.Len() == sol.LowerBound
	return sol, nil
}

// improved hands o's OnImprove function the anytime mode's answer blanks
// from start (see near.Config.OnImprove), lower its lower bound and
// engine what found it, unless its moves pass the memory bound or ctx is
// cancelled first.
func (o *options) improved(ctx context.Context, start Board, blanks []int, lower int, engine string, began time.Time) {
	n := len(blanks) - 1
	if movesBytes(n) > o.limits.eng().MemoryLimit() {
		return
	}
	moves, err := appendMoves(ctx, make([]Move, 0, n), blanks, start.Cols())
	if err != nil {
		return
	}
	lower = min(lower, n)
	o.onImprove(Solution{Start: start, Moves: moves, LowerBound: lower, Optimal: n == lower, Engine: engine, Elapsed: time.Since(began)})
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
func (c *optimalCall) search(ctx context.Context, maxCost int, maxNodes int64) ([]int, int, int64, int64, error) {
	o := c.o
	o.mode, o.onMove = Optimal(), nil
	o.limits.MaxCost = float64(maxCost)
	if maxNodes < math.MaxInt64 {
		o.limits.MaxNodes = maxNodes
	}
	sol, blanks, err := optimalSearch(ctx, c.start, c.goal, c.t, c.code, o, c.began)
	c.last = sol
	if errors.Is(toError("Solver.Solve", err), ErrNotFound) {
		err = engine.ErrNotFound(float64(maxCost))
	}
	return blanks, sol.LowerBound, sol.Expanded, sol.Generated, err
}

// engineOf returns the Solution.Engine of an answer of internal/near.
func engineOf(m near.Method) string {
	switch m {
	case near.FastMode:
		return "fast"
	case near.WeightedAStar:
		return AlgoAStar.String()
	case near.WeightedIDA:
		return AlgoIDAStar.String()
	case near.BeamSearch:
		return "beam"
	}
	return AlgoAuto.String()
}
