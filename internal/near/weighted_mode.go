package near

import (
	"context"
	"errors"
	"math"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/idastar"
	"github.com/slidekit/slide/internal/tiles"
)

// Weighted returns a solution of the board of codes code (goal t, distinct
// labels, at most maxFrameCells cells, at least 2 x 2) of at most weight
// times the fewest moves, w > 1, with a proven lower bound; or, on boards
// of more than 16 cells and on 2 x 8 without a database (see thin), a
// *ReachError at once where no search it has would prove the weight (see
// reach). A solution within the weight of a proven lower bound needs no
// further search, so cheap answers are tried first: the fast mode's; on
// those boards, the probe's beams and what reach allows. Up to 4 x 4,
// weighted IDA* with a database, which needs no memory per node, or
// weighted A* (see wastar) otherwise, or on a path too long for weighted
// IDA*, then search for one. Every
// search keeps to cfg's limits (see Config.Limits; the fast mode's moves
// count as nodes, and no answer passes the cost bound); one that reaches
// the memory or node limit leaves the fast mode's answer if that is
// within the weight, and a *engine.LimitError otherwise.
func Weighted(ctx context.Context, t *tiles.Goal, code []int32, weight float64, cfg Config) (Answer, error) {
	ans, err := weighted(ctx, t, code, weight, cfg)
	if err != nil {
		return ans, err
	}
	return shortened(ctx, t, code, ans, cfg), nil
}

// weighted is Weighted before its answer is shortened.
func weighted(ctx context.Context, t *tiles.Goal, code []int32, weight float64, cfg Config) (Answer, error) {
	f, err := newFrame(ctx, t, code, &cfg)
	if err != nil {
		return Answer{}, err
	}
	lim := cfg.Limits
	maxCost := lim.DepthBound()
	lower := max(f.estimate(), t.LowerBound(code, false))
	if lower > maxCost {
		return Answer{Lower: lower}, lim.CostError(lower, 0, 0)
	}
	// A fast answer past the cost bound is of no use: it stops there.
	fast, err := fastBlanks(ctx, t, code, false, lim.MemoryBound(), min(int64(maxCost), lim.NodesLeft(0)), nil)
	ans := Answer{Method: BeamSearch, Heuristic: f.heur, Lower: lower, Generated: int64(len(fast) - 1)}
	switch {
	case errors.Is(err, errMoveCap) && int64(maxCost) >= lim.NodesLeft(0):
		return ans, lim.NodeError(0, ans.Generated)
	case errors.Is(err, errMoveCap):
		fast = nil
	case err != nil:
		ans.Method = FastMode
		return ans, err
	}
	fastAns := Answer{Blanks: fast, Lower: min(lower, len(fast)-1), Generated: ans.Generated, Method: FastMode, Heuristic: FastHeuristic(t)}
	if fast != nil && len(fast)-1 <= lower {
		return fastAns, nil
	}
	if t.Rows*t.Cols > 16 || thin(t) && f.db == nil {
		return reach(ctx, f, t, code, weight, fastAns, cfg)
	}
	fastFits := fast != nil && Within(len(fast)-1, lower, weight)
	if fastFits {
		weight = float64(len(fast)-1) / float64(lower)
	}
	// Weighted IDA*'s lengths grow fast with the weight while its time
	// hardly drops past 3/2, so it runs with at most 3/2: a solution within
	// 3/2 is within any larger weight.
	var path []int
	if f.db != nil && len(f.db.Spec().Patterns) <= idastar.MaxSolverPatterns {
		num, den := weightFraction(min(weight, maxIDAWeight))
		var err error
		path, lower, err = f.weightedIDA(ctx, int(num), int(den), lower, &cfg, &ans)
		ans.Lower = lower
		switch {
		case errors.As(err, new(*engine.LimitError)) && fastFits:
			return fastAnswer(fastAns, ans, lower), nil
		case err != nil:
			return ans, err
		case lower > maxCost:
			return ans, lim.CostError(lower, ans.Expanded, ans.Generated)
		case len(path)-1 > maxCost:
			path = nil // weighted A* looks for one within the bound
		}
	}
	if path == nil {
		var s *wastar
		path, s, err = f.weightedAStar(ctx, weight, lower, 0, &cfg, &ans)
		var le *engine.LimitError
		switch {
		case errors.As(err, &le) && fastFits:
			return fastAnswer(fastAns, ans, lower), nil
		case le != nil:
			return ans, limitError(lim, le, ans)
		case engine.Is(err, engine.NotFound) && maxCost < math.MaxInt:
			return ans, lim.CostError(lower, ans.Expanded, ans.Generated)
		case err != nil:
			return ans, err
		}
		lower = max(lower, s.provenLower(len(path)-1))
	}
	ans.Blanks = f.back(path)
	ans.Lower = min(len(path)-1, lower)
	return ans, nil
}

// thin reports whether the board of goal t is 2 x 8 or 8 x 2: the board of
// at most 16 cells where weighted A* with linear conflicts alone, which
// bound it poorly, holds up to gigabytes, so that the weighted mode runs
// there what it runs on larger boards (see reach).
func thin(t *tiles.Goal) bool { return min(t.Rows, t.Cols) == 2 && t.Rows*t.Cols == 16 }

// weightedAStar runs weighted A* with weight on the frame's board, within
// cfg's limits and, if memory is above 0, within memory bytes, and returns
// the path of blank cells from the start. It counts its nodes into ans,
// whose method it becomes, and reports its progress.
func (f *frame) weightedAStar(ctx context.Context, weight float64, lower int, memory int64, cfg *Config, ans *Answer) ([]int, *wastar, error) {
	lim := cfg.Limits
	held := lim // what bounds its arrays
	if memory > 0 {
		held.Memory = min(memory, lim.MemoryLimit())
	}
	num, den := weightFraction(weight)
	s := newWAStar(f.rows, f.cols, f.blankVal, num, den, f.wEval())
	s.maxStored, s.maxBuckets = weightedNodes(held, f.rows*f.cols+s.na), weightedBuckets(held)
	s.mem.Limit = held.MemoryLimit()
	s.maxNodes, s.maxCost = lim.NodesLeft(ans.Generated), lim.DepthBound()
	if cfg.Progress != nil {
		before := ans.Generated
		s.onProgress = func() {
			cfg.Progress(0, before+s.generated, 0, lower)
		}
	}
	path, err := s.search(ctx, f.cells, f.blank)
	ans.Expanded += s.expanded
	ans.Generated += s.generated
	ans.Method = WeightedAStar
	return path, s, err
}

// provenLower returns the lower bound an answer of moves moves proves:
// no solution is shorter than its length over the weight.
func (s *wastar) provenLower(moves int) int {
	return int(math.Ceil(float64(moves) * float64(s.den) / float64(s.num)))
}

// Within reports whether an answer of moves moves is within weight w of a
// lower bound: at most w*lower, the product rounded as the weight is
// written (a weight of 1.51 taken as a double may fall a hair short).
func Within(moves, lower int, w float64) bool {
	return float64(moves) <= w*float64(lower)*(1+1e-12)
}

// fastAnswer returns the fast mode's answer fast with the work of ans,
// whose searches proved lower.
func fastAnswer(fast, ans Answer, lower int) Answer {
	fast.Expanded, fast.Generated, fast.Lower = ans.Expanded, ans.Generated, lower
	return fast
}

// limitError returns le, of a search of a call under lim, with the call's
// limit and work: the memory or node bound lim gives, and ans's counts.
func limitError(lim engine.Bounds, le *engine.LimitError, ans Answer) error {
	le.Value = lim.Nodes
	if le.Limit == "memory" {
		le.Value = lim.MemoryLimit()
	}
	le.Expanded, le.Generated = ans.Expanded, ans.Generated
	return le
}

// maxIDAWeight is the largest weight weightedIDA runs with.
const maxIDAWeight = 1.5

// weightedIDA runs the database's weighted IDA* (see
// idastar.Solver.SolveWeighted) with weight num/den on the frame's board, and
// returns the path of blank cells from the start (nil if the solver holds
// no path that long) and the larger of lower and the search's lower
// bound. It counts its nodes into ans.
func (f *frame) weightedIDA(ctx context.Context, num, den, lower int, cfg *Config, ans *Answer) ([]int, int, error) {
	s, err := idastar.NewSolver(f.db, idastar.SolverOptions{Reflect: true, Dense: true})
	if err != nil {
		return nil, lower, err
	}
	ans.Method = WeightedIDA
	left := cfg.Limits.NodesLeft(ans.Generated)
	if left == 0 {
		return nil, lower, cfg.Limits.NodeError(ans.Expanded, ans.Generated)
	}
	res, err := s.SolveWeighted(ctx, f.cells, num, den, idastar.Limit{Nodes: left, OnCheck: cfg.Watch})
	ans.Expanded += res.Expanded
	ans.Generated += res.Generated
	lower = max(lower, res.Lower)
	switch {
	case errors.Is(err, idastar.ErrNodeLimit):
		return nil, lower, cfg.Limits.NodeError(ans.Expanded, ans.Generated)
	case errors.Is(err, idastar.ErrNotFound): // a path too long for the solver
		return nil, lower, nil
	case err != nil:
		return nil, lower, err
	}
	path := make([]int, 0, len(res.Path)+1)
	path = append(path, f.blank)
	for _, c := range res.Path {
		path = append(path, int(c))
	}
	return path, lower, nil
}
