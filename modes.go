package slide

import (
	"context"
	"errors"
	"time"
	"unsafe"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/near"
	"github.com/slidekit/slide/internal/tiles"
)

// solveFast is the Fast mode. The moves it keeps count
// against the memory bound (those handed to WithMoves's function do not):
// room for as many as a random board takes is made at once, and more
// only while the bound allows (see engine.GrowCharged).
func solveFast(ctx context.Context, start Board, t *tiles.Goal, code []int32, o options, began time.Time) (Solution, error) {
	line := o.metric == LineMoves
	sol := Solution{Start: start, Engine: "fast", Heuristic: heuristicOf(near.FastHeuristic(t), Database{}), LowerBound: t.LowerBound(code, line)}
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
		return Solution{Start: start, LowerBound: sol.LowerBound, Elapsed: sol.Elapsed}, errorf("Solver.Solve", ErrLimit,
			"the answer's moves pass the memory limit of %s after %d moves", engine.FormatBytes(budget.Limit), len(sol.Moves))
	}
	if err != nil {
		return sol, err
	}
	if o.onMove == nil {
		sol.keepBoards(min(maxBoardsBytes/2, budget.Limit-budget.Used))
	}
	if o.onMove != nil {
		sol.handed = handed
	}
	sol.Optimal = sol.Len() == sol.LowerBound
	return sol, nil
}

// movesBytes returns the bytes of n moves.
func movesBytes(n int) int64 { return int64(n) * int64(unsafe.Sizeof(Move{})) }

// solveWeighted is the Weighted mode: the
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
	sol := Solution{Start: start, Engine: engineOf(ans.Method), Heuristic: heuristicOf(ans.Heuristic, o.heur.db),
		Expanded: ans.Expanded, Generated: ans.Generated, Elapsed: time.Since(began)}
	if err != nil {
		return sol, err
	}
	finishPath(&sol, ans.Blanks, o)
	sol.LowerBound = ans.Lower
	sol.Optimal = sol.LowerBound == sol.Len()
	return sol, nil
}

// solveAnytime is the Anytime mode.
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
		err = &Error{Func: "Solver.Solve", Msg: tooSoon.Error(), Err: context.DeadlineExceeded}
	}
	if err != nil {
		return Solution{Start: start, LowerBound: ans.Lower, Elapsed: time.Since(began)}, err
	}
	sol := Solution{Start: start, Engine: engineOf(ans.Method), Heuristic: heuristicOf(ans.Heuristic, o.heur.db),
		Expanded: ans.Expanded, Generated: ans.Generated, Elapsed: time.Since(began)}
	if ans.Method == near.OptimalSearch {
		sol.Engine, sol.Heuristic = opt.last.Engine, opt.last.Heuristic
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
