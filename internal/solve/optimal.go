package solve

import (
	"context"
	"time"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/idastar"
	"github.com/slidekit/slide/internal/pdbcache"
	"github.com/slidekit/slide/internal/tiles"
)

// solveOptimal is the Optimal mode. On a limit or context error the
// answer it returns carries the lower bound the search proved.
func solveOptimal(ctx context.Context, t *tiles.Goal, code []int32, o options, path Path, began time.Time) (Answer, error) {
	sol, blanks, err := optimalSearch(ctx, t, code, o, began)
	if err != nil {
		return sol, err
	}
	if err := path.Finish(ctx, blanks); err != nil {
		return Answer{Start: true, Lower: sol.Lower, Expanded: sol.Expanded, Generated: sol.Generated, Elapsed: sol.Elapsed}, err
	}
	sol.Moves = path
	sol.Optimal, sol.Lower = true, path.Len()
	return sol, nil
}

// optimalSearch is solveOptimal but for the moves: it returns the
// answer's counts and labels, and the blank's cell in every board of
// it, the start's included.
func optimalSearch(ctx context.Context, t *tiles.Goal, code []int32, o options, began time.Time) (Answer, []int, error) {
	if err := ctx.Err(); err != nil { // before the space's tables are made
		return Answer{Elapsed: time.Since(began)}, nil, err
	}
	o.resolve(t)
	line := o.s.Line
	if o.limits.Cost > 0 && t.Estimate(tiles.Hamming, code) > 0 { // not at the goal
		// A bound below the estimate is answered without a search.
		est := tiles.NewSpace(t, tiles.Heuristic{Kind: tiles.LinearConflict}, line)
		if h := est.EstimateCode(code); float64(h) > o.limits.Cost {
			return Answer{Elapsed: time.Since(began), Lower: h}, nil, engine.Errorf(engine.NotFound, "no solution within %v moves: at least %d are needed", o.limits.Cost, h)
		}
	}
	sol := Answer{Start: true, Engine: o.algo.String(), Heuristic: o.heur, Workers: 1}
	if o.algo == AlgoBFS || o.algo == AlgoBidirectional {
		sol.Heuristic = zeroHeuristic
	}
	h := sol.Heuristic
	sp := tiles.NewSpace(t, h, line)
	watch := o.watcher(began)
	sp.Request = o.dbRequest(o.autoDB == pdbcache.Absent) // Auto never builds
	if _, err := checkDatabaseMemory(h, t.Rows, t.Cols, t.BlankGoal, o.limits, &sp.Request); err != nil {
		return Answer{Elapsed: time.Since(began)}, nil, err
	}
	var blanks []int
	var err error
	var st tiles.Stats
	if nodes := o.limits.Nodes; o.algo != AlgoIDAStar && nodes > 0 {
		// A* and BFS count the boards they store, each of which generates
		// at most branching children: bounding them bounds Generated.
		o.limits.Nodes = max(1, nodes/int64(branching(t, line)))
		defer func() { nodeValue(err, nodes) }()
	}
	lim := o.limits
	ida := o.algo == AlgoIDAStar && t.Distinct && !line
	switch {
	case o.autoDB != pdbcache.Absent:
		blanks, err = idastar.AutoDatabaseIDA(ctx, sp, code, lim, o.workerCount(), o.autoDB == pdbcache.OnDisk, watch, &st)
		if st.Fallback {
			sol.Heuristic = linearConflict
		}
	case ida && sol.Heuristic.Kind == tiles.Database && idastar.SolverFits(sp):
		blanks, err = idastar.DatabaseIDA(ctx, sp, code, lim, o.workerCount(), o.wd, watch, &st)
	case ida && !o.wd && (sol.Heuristic.Kind == tiles.Manhattan || sol.Heuristic.Kind == tiles.LinearConflict):
		blanks, err = idastar.IDA(ctx, sp, code, lim, o.workerCount(), watch, &st)
	case o.algo == AlgoAStar && !o.wd && sp.FitsAStar16():
		blanks, err = sp.AStar16(ctx, code, lim, &st)
	default:
		if o.s.Engines == nil {
			err = engine.Errorf(engine.Option, "the %v engine is not at hand", o.algo)
			break
		}
		if err = sp.Attach(ctx, o.wd); err != nil {
			break
		}
		blanks, err = o.s.Engines.Search(ctx, sp, code, o.algo, o.limits, &st)
	}
	sol.WD = o.wd
	sol.Expanded, sol.Generated = st.Expanded, st.Generated
	if st.Workers > 0 {
		sol.Workers = st.Workers
	}
	sol.Elapsed = time.Since(began)
	if o.notFound(err) && o.limits.Cost > 0 {
		sol.Lower = lim.DepthBound() + 1 // the search was complete
	}
	return sol, blanks, err
}

// notFound reports whether err says that no path exists within the cost
// bound: an error of this package or of the Engines.
func (o *options) notFound(err error) bool {
	if e, ok := err.(*engine.Error); ok {
		return e.Kind == engine.NotFound
	}
	return err != nil && o.s.Engines != nil && o.s.Engines.NotFound(err)
}

// branching returns the most children a board of goal t has: 4 tile
// moves, or with line moves the other cells of its row and column.
func branching(t *tiles.Goal, line bool) int {
	if line {
		return max(4, t.Rows+t.Cols-2)
	}
	return 4
}

// nodeValue sets the bound of err, if it is the *engine.LimitError of a
// node limit, to nodes: the bound the caller asked for, of which the
// search that failed had a share.
func nodeValue(err error, nodes int64) {
	if le, ok := err.(*engine.LimitError); ok && le.Limit == "nodes" {
		le.Value = nodes
	}
}
