package solve

import (
	"context"
	"errors"
	"math"
	"strconv"
	"time"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/near"
	"github.com/slidekit/slide/internal/tiles"
)

// solveFast is the Fast mode. A node is a board of its answer, one a
// move: the limits on nodes and cost both bound its moves, and stop it
// once it passes them. The moves path keeps count against the memory
// bound (those handed out do not): an answer whose lower bound's moves
// pass it is refused at once; room for as many as a random board takes
// is made at once, and more only while the bound allows (see Path.Reserve
// and Path.Keep: both return when ctx is done, not when the runtime has
// cleared hundreds of megabytes). With a limit on its moves, it keeps
// them until it knows they are within it, then hands them out.
func solveFast(ctx context.Context, t *tiles.Goal, code []int32, o options, path Path, began time.Time) (Answer, error) {
	lim := o.limits
	sol := Answer{Start: true, Moves: path, Engine: "fast", Heuristic: near.FastHeuristic(t), Lower: t.LowerBound(code, o.s.Line)}
	if sol.Lower > lim.DepthBound() {
		return Answer{Start: true, Lower: sol.Lower}, lim.CostError(sol.Lower, 0, 0)
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	maxMoves := min(int64(lim.DepthBound()), lim.NodesLeft(0))
	budget := engine.Budget{Limit: lim.MemoryLimit()}
	// Moves are handed out as they are made but on boards whose optimal
	// search may replace them (see prove).
	stream := o.onMove && maxMoves == math.MaxInt64 && !cheapProof(t, o)
	emit := path.Hand
	if !stream {
		if int64(sol.Lower) <= maxMoves && o.movesBytes(sol.Lower) > budget.Limit {
			// The answer has at least the lower bound's moves: refused
			// before any is made.
			return Answer{Start: true, Lower: sol.Lower, Elapsed: time.Since(began)}, AnswerMemoryError(sol.Lower, o.movesBytes(sol.Lower), budget.Limit, true)
		}
		room := min(int64(near.FastMoves(t.Rows, t.Cols)), maxMoves, budget.Limit/o.movesBytes(1))
		budget.Charge(o.movesBytes(int(room)))
		if err := path.Reserve(ctx, int(room)); err != nil {
			return Answer{Start: true, Lower: sol.Lower, Elapsed: time.Since(began)}, err
		}
		emit = func(d tiles.Dir, n int) {
			if !path.Keep(ctx, d, n, &budget) {
				cancel() // over the budget, or cancelled
			}
		}
	}
	var made int64 // moves made and kept or handed
	capped := false
	polished, err := near.Fast(ctx, t, code, o.s.Line, lim.NodesLeft(0), func(d tiles.Dir, n int) {
		if capped = made == maxMoves; capped {
			cancel()
			return
		}
		made++
		emit(d, n)
	})
	sol.Elapsed, sol.Expanded, sol.Generated = time.Since(began), made+polished, made+polished
	failed := Answer{Start: true, Lower: sol.Lower, Elapsed: sol.Elapsed, Expanded: made + polished, Generated: made + polished}
	switch {
	case budget.Over:
		return failed, engine.Errorf(engine.Limit,
			"the answer's moves pass the memory limit of %s after %d moves", engine.FormatBytes(budget.Limit), path.Len())
	case capped && int64(lim.DepthBound()) == maxMoves:
		return failed, lim.CostError(sol.Lower, made, made)
	case capped:
		return failed, lim.NodeError(made, made)
	case err != nil:
		return sol, err
	}
	// On small boards the optimal search labels the answer with what it
	// proves, or replaces it with a shorter one where the moves are not
	// handed out yet (see prove).
	p, proved := prove(ctx, t, code, o, began, int(made), sol.Lower, made+polished)
	if stream {
		p.blanks = nil
	}
	switch {
	case stream:
		path.Handed(int(made))
	case p.blanks != nil: // adopt makes the moves
	case o.onMove:
		path.HandKept()
	default:
		path.KeepBoards(ctx, budget.Limit-budget.Used)
	}
	sol.Optimal = path.Len() == sol.Lower
	if proved {
		if err := p.adopt(ctx, &sol, path); err != nil {
			return failed, err
		}
		sol.Elapsed = time.Since(began)
	}
	return sol, nil
}

// movesBytes returns the bytes of n moves of the answer.
func (o *options) movesBytes(n int) int64 { return int64(n) * o.s.MoveBytes }

// AnswerMemoryError returns the error, of kind engine.Limit, of an answer
// of n moves (of at least n moves, if atLeast) whose moves take bytes,
// more than the memory bound: the moves kept count, not those handed out.
func AnswerMemoryError(n int, bytes, memory int64, atLeast bool) error {
	what := strconv.Itoa(n)
	if atLeast {
		what = "at least " + what
	}
	return engine.Errorf(engine.Limit, "the answer's moves, %s, take %s and pass the memory limit of %s",
		what, engine.FormatBytes(bytes), engine.FormatBytes(memory))
}

// solveWeighted is the Weighted mode: the frame searches of internal/near
// where they take the board; elsewhere the fast mode's answer if it is
// proven within the weight (on boards of more than 16 cells), else the
// optimal search's, which meets every weight, with the nodes the fast
// mode left, and on boards of more than 16 cells at most
// ReachOptimalWork over its cells: past those, the weight is out of reach.
// The fast mode's moves are first only counted: its answer, of hundreds
// of megabytes on the largest boards, is made only if it is within the
// weight. A context that ends returns at once with its error.
func solveWeighted(ctx context.Context, t *tiles.Goal, code []int32, o options, path Path, began time.Time) (Answer, error) {
	if near.Frames(t, o.s.Line) {
		return solveFrames(ctx, t, code, o, path, began)
	}
	var fast Answer
	var fastLen int
	var fastErr error
	big := t.Rows*t.Cols > 16
	if big {
		fo := o
		fo.onMove = true // counted, not kept
		counted := path.Discard()
		fast, fastErr = solveFast(ctx, t, code, fo, counted, began)
		if err := ctx.Err(); err != nil {
			return Answer{Start: true, Lower: fast.Lower, Expanded: fast.Expanded, Generated: fast.Generated, Elapsed: time.Since(began)}, err
		}
		fastLen = counted.Len()
		if fastErr == nil && near.Within(fastLen, fast.Lower, o.mode.Weight) {
			// The fast mode is deterministic: the same answer, kept or
			// handed out.
			return solveFast(ctx, t, code, o, path, began)
		}
	}
	nodes := o.limits.Nodes
	if nodes > 0 {
		if o.limits.Nodes -= fast.Generated; o.limits.Nodes <= 0 {
			return fast, engine.Bounds{Nodes: nodes}.NodeError(fast.Expanded, fast.Generated)
		}
	}
	refuse := func(sol Answer) (Answer, error) {
		failed := Answer{Start: true, Lower: fast.Lower, Expanded: sol.Expanded, Generated: sol.Generated, Elapsed: time.Since(began)}
		return failed, near.ReachError(fastLen, fast.Lower, sol.Expanded, sol.Generated)
	}
	budget := int64(ReachOptimalWork / (t.Rows * t.Cols))
	bounded := big && fastErr == nil && (nodes <= 0 || o.limits.Nodes > budget)
	if bounded && fast.Lower > reachOptimalLower {
		return refuse(fast)
	}
	if bounded {
		o.limits.Nodes = budget
	}
	sol, err := solveOptimal(ctx, t, code, o, path, began)
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
// most reachOptimalLower moves, and generates at most ReachOptimalWork
// over the board's cells, a second or two (docs/PERFORMANCE.md, "Weighted
// mode past 4 x 4"). Past those, the weight is out of reach.
const (
	reachOptimalLower = 100
	ReachOptimalWork  = 6e8
)

// nodeLimited reports whether err is the *engine.LimitError of a node
// limit.
func nodeLimited(err error) bool {
	var le *engine.LimitError
	return errors.As(err, &le) && le.Limit == "nodes"
}

// solveFrames is the Weighted mode on the boards of internal/near's
// frames.
func solveFrames(ctx context.Context, t *tiles.Goal, code []int32, o options, path Path, began time.Time) (Answer, error) {
	cfg, err := o.nearConfig(t, began)
	if err != nil {
		return Answer{}, err
	}
	ans, err := near.Weighted(ctx, t, code, o.mode.Weight, cfg)
	if err != nil {
		return Answer{Start: true, Lower: ans.Lower, Expanded: ans.Expanded, Generated: ans.Generated, Elapsed: time.Since(began)}, err
	}
	sol := Answer{Start: true, Moves: path, Engine: engineOf(ans.Method), Heuristic: ans.Heuristic, Workers: o.workerCount(),
		Lower: ans.Lower, Expanded: ans.Expanded, Generated: ans.Generated, Elapsed: time.Since(began)}
	// On small boards the optimal search labels the answer with what it
	// proves, or replaces it with a shorter one (see prove).
	p, proved := prove(ctx, t, code, o, began, len(ans.Blanks)-1, ans.Lower, ans.Generated)
	if p.blanks == nil {
		if err := path.Finish(ctx, ans.Blanks); err != nil {
			return Answer{Start: true, Lower: ans.Lower, Expanded: ans.Expanded, Generated: ans.Generated, Elapsed: time.Since(began)}, err
		}
	}
	sol.Optimal = sol.Lower == path.Len()
	if proved {
		if err := p.adopt(ctx, &sol, path); err != nil {
			return Answer{Start: true, Lower: p.lower, Expanded: sol.Expanded, Generated: sol.Generated, Elapsed: time.Since(began)}, err
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
	o.readWithin = o.mode.Budget / 2
	if d, ok := ctx.Deadline(); ok && (o.readWithin == 0 || time.Until(d)/2 < o.readWithin) {
		o.readWithin = max(1, time.Until(d)/2)
	}
}

// solveAnytime is the Anytime mode.
func solveAnytime(ctx context.Context, t *tiles.Goal, code []int32, o options, path Path, began time.Time) (Answer, error) {
	o.limitReading(ctx)
	cfg, err := o.nearConfig(t, began)
	if err != nil {
		return Answer{}, err
	}
	opt := &optimalCall{t: t, code: code, o: o, began: began}
	cfg.Optimal = opt.search
	if o.onImprove {
		cfg.OnImprove = func(blanks []int, lower int, m near.Method) {
			engine := engineOf(m)
			if m == near.OptimalSearch {
				engine = opt.last.Engine
			}
			path.Improve(ctx, blanks, lower, engine, began)
		}
	}
	ans, err := near.Anytime(ctx, t, code, o.mode.Budget, cfg)
	if err != nil {
		return Answer{Start: true, Lower: ans.Lower, Expanded: ans.Expanded, Generated: ans.Generated, Elapsed: time.Since(began)}, err
	}
	sol := Answer{Start: true, Moves: path, Engine: engineOf(ans.Method), Heuristic: ans.Heuristic, Workers: o.workerCount(),
		Expanded: ans.Expanded, Generated: ans.Generated, Elapsed: time.Since(began)}
	if ans.Method == near.OptimalSearch {
		sol.Engine, sol.Heuristic, sol.WD = opt.last.Engine, opt.last.Heuristic, opt.last.WD
	}
	if err := path.Finish(ctx, ans.Blanks); err != nil {
		return Answer{Start: true, Lower: ans.Lower, Expanded: ans.Expanded, Generated: ans.Generated, Elapsed: time.Since(began)}, err
	}
	sol.Lower = min(ans.Lower, path.Len())
	sol.Optimal = path.Len() == sol.Lower
	return sol, nil
}

// An optimalCall is the optimal search of one board under its options,
// as the anytime mode calls it (see near.Optimal); it keeps the labels
// of its last answer.
type optimalCall struct {
	t     *tiles.Goal
	code  []int32
	o     options
	began time.Time
	last  Answer
}

// search is a near.Optimal.
func (c *optimalCall) search(ctx context.Context, maxCost int, maxNodes int64) ([]int, int, int64, int64, error) {
	o := c.o
	o.mode, o.onMove = Mode{}, false
	o.limits.Cost = float64(maxCost)
	if maxNodes < math.MaxInt64 {
		o.limits.Nodes = maxNodes
	}
	sol, blanks, err := optimalSearch(ctx, c.t, c.code, o, c.began)
	c.last = sol
	if o.notFound(err) {
		err = engine.ErrNotFound(float64(maxCost))
	}
	return blanks, sol.Lower, sol.Expanded, sol.Generated, err
}

// engineOf returns the Engine of an answer of internal/near.
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
