package slide

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/idastar"
	"github.com/slidekit/slide/internal/pdbcache"
	"github.com/slidekit/slide/internal/tiles"
)

// solveOptimal is the Optimal mode. On a limit or context error the
// solution it returns carries the lower bound the search proved.
func solveOptimal(ctx context.Context, start, goal Board, t *tiles.Goal, code []int32, o options, began time.Time) (Solution, error) {
	sol, blanks, err := optimalSearch(ctx, start, goal, t, code, o, began)
	if err != nil {
		return sol, err
	}
	if err := finishPath(ctx, &sol, blanks, o); err != nil {
		return Solution{Start: start, LowerBound: sol.LowerBound, Expanded: sol.Expanded, Generated: sol.Generated, Elapsed: sol.Elapsed}, err
	}
	sol.Optimal, sol.LowerBound = true, sol.Len()
	return sol, nil
}

// optimalSearch is solveOptimal but for the moves: it returns the
// solution's counts and labels, and the blank's cell in every board of
// it, the start's included.
func optimalSearch(ctx context.Context, start, goal Board, t *tiles.Goal, code []int32, o options, began time.Time) (Solution, []int, error) {
	const fn = "Solver.Solve"
	if err := ctx.Err(); err != nil { // before the space's tables are made
		return Solution{Elapsed: time.Since(began)}, nil, err
	}
	o.resolve(t)
	line := o.metric == LineMoves
	if o.limits.MaxCost > 0 && start != goal {
		// A bound below the estimate is answered without a search.
		est := tiles.NewSpace(t, tiles.Heuristic{Kind: tiles.LinearConflict}, line)
		if h := est.EstimateCode(code); float64(h) > o.limits.MaxCost {
			return Solution{Elapsed: time.Since(began), LowerBound: h}, nil, errorf(fn, ErrNotFound, "no solution within %v moves: at least %d are needed", o.limits.MaxCost, h)
		}
	}
	sol := Solution{Start: start, Engine: o.algo.String(), Heuristic: o.heur, Workers: 1}
	if o.algo == AlgoBFS || o.algo == AlgoBidirectional {
		sol.Heuristic = Zero
	}
	h := sol.Heuristic.tiles()
	sp := tiles.NewSpace(t, h, line)
	watch := o.watcher(began)
	sp.Request = o.dbRequest(o.autoDB == pdbcache.Absent) // Auto never builds
	if _, err := checkDatabaseMemory(fn, h, t.Rows, t.Cols, t.BlankGoal, o.limits, &sp.Request); err != nil {
		return Solution{Elapsed: time.Since(began)}, nil, err
	}
	var blanks []int
	var err error
	var st tiles.Stats
	if nodes := o.limits.MaxNodes; o.algo != AlgoIDAStar && nodes > 0 {
		// A* and BFS count the boards they store, each of which generates
		// at most branching children: bounding them bounds Generated.
		o.limits.MaxNodes = max(1, nodes/int64(branching(t, line)))
		defer func() { nodeValue(err, nodes) }()
	}
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
	sol.Heuristic = sol.Heuristic.with(o.wd)
	sol.Expanded, sol.Generated = st.Expanded, st.Generated
	if st.Workers > 0 {
		sol.Workers = st.Workers
	}
	sol.Elapsed = time.Since(began)
	if errors.Is(toError(fn, err), ErrNotFound) && o.limits.MaxCost > 0 {
		sol.LowerBound = lim.DepthBound() + 1 // the search was complete
	}
	return sol, blanks, err
}

// branching returns the most children a board of goal t has: 4 tile
// moves, or with line moves the other cells of its row and column.
func branching(t *tiles.Goal, line bool) int {
	if line {
		return max(4, t.Rows+t.Cols-2)
	}
	return 4
}

// nodeValue sets the bound of err, if it is the error of a node limit, to
// nodes: the bound the caller asked for, of which the search that failed
// had a share.
func nodeValue(err error, nodes int64) {
	switch e := err.(type) {
	case *engine.BoundError:
		if e.Limit == "nodes" {
			e.Value = nodes
		}
	case *LimitError:
		if e.Limit == "nodes" {
			e.Value = nodes
		}
	}
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

// runEngines solves the board of codes code of the space sp with the
// generic engine o asks for: on a board of at most 16 cells packed into a
// uint64; on a larger one, for IDA* (which stores only its path) as a
// string of cells, for the others interned in the space's arena.
func runEngines(ctx context.Context, sp *tiles.Space, code []int32, o options, st *tiles.Stats) ([]int, error) {
	switch {
	case len(code) <= 16:
		return runEngine(ctx, &packedEngines, sp.PackedStart(code), sp.PackedGoal(), innerKey(tiles.PackedKey), o, st)
	case o.algo == AlgoIDAStar:
		return runEngine(ctx, &gridEngines, sp.GridStart(code), sp.GridGoal(), nil, o, st)
	}
	return runEngine(ctx, &nodeEngines, sp.NodeStart(code), sp.NodeGoal(), innerKey(tiles.NodeKey), o, st)
}

// A tileState is a state of the tile puzzle that knows its blank's cell.
type tileState[T any] interface {
	innerState[T]
	Blank() int
}

// runEngine solves from start with the generic engine o asks for and
// returns the blank's cell in every board of the path, the start's
// included. key is the engines' Key, or nil.
func runEngine[T tileState[T]](ctx context.Context, pool *enginePool[inner[T]], start, goal T, key func(inner[T]) uint64, o options, st *tiles.Stats) ([]int, error) {
	type S = inner[T]
	var res Result[S, int]
	var err error
	switch o.algo {
	case AlgoAStar:
		e := get[AStar[S, int]](&pool.astar)
		e.Limits, e.Key = o.limits, key
		res, err = e.Search(ctx, S{start})
		pool.astar.Put(e)
	case AlgoIDAStar:
		e := get[IDAStar[S, int]](&pool.ida)
		e.Limits = o.limits
		if e.Limits.MaxNodes == 0 {
			e.Limits.MaxNodes = -1 // a Solver reports its progress instead
		}
		res, err = e.Search(ctx, S{start})
		pool.ida.Put(e)
	default:
		e := get[BFS[S, int]](&pool.bfs)
		e.Limits, e.Key = o.limits, key
		if o.algo == AlgoBFS {
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
