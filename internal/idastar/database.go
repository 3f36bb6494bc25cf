package idastar

import (
	"context"
	"errors"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/tiles"
)

// The searches of a tiles.Space under its pattern database: the Solver on
// the Space's tables, or IDA* with linear conflicts where reading them
// would cost more than the search.

// SolverFits reports whether a Solver takes the tables of sp's database
// heuristic: boards of at most 32 cells, at most 16 groups.
func SolverFits(sp *tiles.Space) bool {
	n, h := sp.Rows()*sp.Cols(), sp.Heuristic()
	if !h.Custom {
		return n <= MaxSolverCells // the shipped ones have at most 4 groups
	}
	return n <= MaxSolverCells && len(h.Spec.Patterns) <= MaxSolverPatterns
}

// DatabaseIDA solves the board of codes code of the space sp optimally
// with a Solver over the tables of sp's database heuristic (see
// tiles.Space.Tables) on workers goroutines, its tables maxed with walking
// distance if wd, within lim, watched by watch (see Core.OnCheck; nil for
// none); it returns the blank's cell in every board of the solution, the
// start's included, and counts its work in st.
func DatabaseIDA(ctx context.Context, sp *tiles.Space, code []int32, lim engine.Bounds, workers int, wd bool, watch func(*Core), st *tiles.Stats) ([]int, error) {
	rot, db, err := sp.Tables(ctx)
	if err != nil {
		return nil, err
	}
	if err := db.MakeSparse(ctx); err != nil { // the layout the Solver reads, made on first use
		return nil, err
	}
	opt := SolverOptions{Reflect: true, Workers: workers}
	if wd {
		// The walking distance of the oriented board equals that of the board.
		if opt.WD, err = tiles.SharedWalkingTables(ctx, sp.Rows(), sp.Cols(), db.Spec().Blank); err != nil {
			return nil, err
		}
	}
	s, err := ReuseSolver(db, opt)
	if err != nil {
		return nil, err
	}
	defer s.Release()
	vals := sp.Values(code)
	res, err := s.Solve(ctx, rot.Apply(vals), Limit{Nodes: lim.Nodes, Depth: lim.DepthBound(), OnCheck: watch})
	st.Expanded, st.Generated, st.Workers = res.Expanded, res.Generated, opt.Workers
	switch {
	case errors.Is(err, ErrNodeLimit):
		return nil, &engine.LimitError{Limit: "nodes", Value: lim.Nodes, Expanded: res.Expanded, Generated: res.Generated}
	case errors.Is(err, ErrNotFound):
		return nil, engine.ErrNotFound(lim.CostBound())
	case err != nil:
		return nil, err
	}
	blanks := []int{0}
	for c, v := range code {
		if v == tiles.BlankCode {
			blanks[0] = c
		}
	}
	for _, c := range res.Path {
		blanks = append(blanks, rot.Back(int(c)))
	}
	return blanks, nil
}

// AutoBudget is the node budget of AutoDatabaseIDA's first attempt
// without the tables.
const AutoBudget = 1 << 20

// AutoSmallTables is the size of tables on disk below which
// AutoDatabaseIDA reads them without a first attempt (a variable for
// tests).
var AutoSmallTables int64 = 4 << 20

// AutoDatabaseIDA is DatabaseIDA, without walking distance, for a
// database that the root package's Auto chose because it is in memory or,
// if onDisk, in the disk cache. Reading large tables from the disk can cost far more than a
// small problem, so for tables of more than AutoSmallTables bytes only on
// disk it first runs IDA* with linear conflicts within AutoBudget
// generated nodes, and reads the tables only if that is not enough.
// Should the tables fail to load (the file was damaged inside, or
// removed), linear conflicts serve. st.Fallback says whether linear
// conflicts answered, and st counts both attempts.
func AutoDatabaseIDA(ctx context.Context, sp *tiles.Space, code []int32, lim engine.Bounds, workers int, onDisk bool, watch func(*Core), st *tiles.Stats) ([]int, error) {
	var spent tiles.Stats
	if _, spec, _ := sp.DatabaseSpec(); onDisk && spec.TableBytes(true) > AutoSmallTables {
		first := lim
		if first.Nodes <= 0 || first.Nodes > AutoBudget {
			first.Nodes = AutoBudget
		}
		st.Fallback = true
		lc := tiles.NewSpace(sp.Goal(), tiles.Heuristic{Kind: tiles.LinearConflict}, false)
		blanks, err := IDA(ctx, lc, code, first, 1, watch, &spent)
		var le *engine.LimitError
		if !errors.As(err, &le) || first.Nodes == lim.Nodes {
			st.Expanded, st.Generated = spent.Expanded, spent.Generated
			return blanks, err
		}
		if lim.Nodes > 0 {
			lim.Nodes -= spent.Generated
		}
	}
	var blanks []int
	var err error
	if _, _, err = sp.Tables(ctx); err == nil {
		st.Fallback = false
		blanks, err = DatabaseIDA(ctx, sp, code, lim, workers, false, watch, st)
	} else if !engine.IsContext(err) {
		st.Fallback = true
		lc := tiles.NewSpace(sp.Goal(), tiles.Heuristic{Kind: tiles.LinearConflict}, false)
		blanks, err = IDA(ctx, lc, code, lim, workers, watch, st)
	}
	st.Expanded += spent.Expanded
	st.Generated += spent.Generated
	return blanks, err
}
