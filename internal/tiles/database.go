package tiles

import (
	"context"
	"errors"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/pdb"

	"github.com/slidekit/slide/internal/idastar"
)

// An Orientation maps the cells of a board onto the cells of the board the
// tables are built for: a rotation of a square board that takes the
// blank's goal cell to the corner the shipped partitions expect, or the
// identity (nil) when tables are built for the goal as it is.
type Orientation []uint8

// Orient returns the Orientation and the partition for the shipped
// database h on a rows x cols board whose blank belongs on cell blank: h's
// partition, or a rotation of the board that takes the blank's goal cell
// to the partition's, or else the partition moved to the board's blank (a
// database of its own). It fails with an error of kind engine.Option for a
// board of another size.
func Orient(h Heuristic, rows, cols, blank int) (Orientation, pdb.Spec, error) {
	spec := h.Spec
	if rows != spec.Rows || cols != spec.Cols {
		return nil, spec, engine.Errorf(engine.Option, "%s is for %d x %d boards, not %d x %d", h.Name, spec.Rows, spec.Cols, rows, cols)
	}
	if blank == spec.Blank {
		return nil, spec, nil
	}
	n := rows // square: every shipped partition is
	rot := make(Orientation, n*n)
	for c := range rot {
		rot[c] = uint8(c)
	}
	for range 3 { // rotate a quarter turn at a time until blank lands on spec.Blank
		next := make(Orientation, n*n)
		for c, to := range rot {
			r, col := int(to)/n, int(to)%n
			next[c] = uint8(col*n + n - 1 - r) // (r, c) -> (c, n-1-r)
		}
		rot = next
		if int(rot[blank]) == spec.Blank {
			return rot, spec, nil
		}
	}
	return nil, spec.WithBlank(blank), nil
}

// Apply returns the goal-relative cells of a board seen through o: a
// tile whose goal is cell v standing on cell c becomes tile o[v] on cell
// o[c].
func (o Orientation) Apply(vals []int) []uint8 {
	cells := make([]uint8, len(vals))
	for c, v := range vals {
		if o == nil {
			cells[c] = uint8(v)
		} else {
			cells[o[c]] = o[v]
		}
	}
	return cells
}

// Back returns the cell of the original board that o maps to cell c.
func (o Orientation) Back(c int) int {
	if o == nil {
		return c
	}
	for i, to := range o {
		if int(to) == c {
			return i
		}
	}
	return -1
}

// databaseSpec returns the Orientation and the tables of sp's database
// heuristic: a custom one's own, or a shipped partition's.
func (sp *Space) databaseSpec() (Orientation, pdb.Spec, error) {
	if sp.heur.Custom {
		return nil, sp.heur.Spec, nil
	}
	return Orient(sp.heur, sp.rows, sp.cols, sp.blankVal)
}

// openTables returns sp's database, from memory, the cache or a build as
// sp.Request allows.
func (sp *Space) openTables(ctx context.Context) (Orientation, *pdb.DB, error) {
	rot, spec, err := sp.databaseSpec()
	if err != nil {
		return nil, nil, err
	}
	db, _, err := pdb.Shared(ctx, spec, sp.Request)
	return rot, db, err
}

// SolverFits reports whether the database IDA* of internal/idastar takes sp's
// tables: boards of at most 32 cells, at most 16 groups.
func (sp *Space) SolverFits() bool {
	if !sp.heur.Custom {
		return sp.n <= idastar.MaxSolverCells // the shipped ones have at most 4 groups
	}
	return sp.n <= idastar.MaxSolverCells && len(sp.heur.Spec.Patterns) <= idastar.MaxSolverPatterns
}

// DatabaseIDA solves the board of codes code optimally with the pattern
// database IDA* of internal/idastar on workers goroutines, its tables maxed
// with walking distance if wd, within lim; it returns the blank's cell in
// every board of the solution, the start's included, and counts its work
// in st.
func (sp *Space) DatabaseIDA(ctx context.Context, code []int32, lim engine.Limits, workers int, wd bool, st *Stats) ([]int, error) {
	rot, db, err := sp.openTables(ctx)
	if err != nil {
		return nil, err
	}
	opt := idastar.SolverOptions{Reflect: true, Workers: workers}
	if wd {
		// The walking distance of the oriented board equals that of the board.
		if opt.WD, err = pdb.SharedWalkingDistance(sp.rows, sp.cols, db.Spec().Blank); err != nil {
			return nil, err
		}
	}
	s, err := idastar.ReuseSolver(db, opt)
	if err != nil {
		return nil, err
	}
	defer s.Release()
	vals := sp.values(code)
	res, err := s.Solve(ctx, rot.Apply(vals), idastar.Limit{Nodes: lim.MaxNodes, Depth: lim.DepthBound(), OnCheck: sp.Watch})
	st.Expanded, st.Generated, st.Workers = res.Expanded, res.Generated, opt.Workers
	switch {
	case errors.Is(err, idastar.ErrNodeLimit):
		return nil, &engine.LimitError{Limit: "nodes", Value: lim.MaxNodes, Expanded: res.Expanded, Generated: res.Generated}
	case errors.Is(err, idastar.ErrNotFound):
		return nil, engine.ErrNotFound(lim.CostBound())
	case err != nil:
		return nil, err
	}
	blanks := []int{0}
	for c, v := range code {
		if v == BlankCode {
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
// database that Auto chose because it is in memory or, if onDisk, in the
// disk cache. Reading large tables from the disk can cost far more than a
// small problem, so for tables of more than AutoSmallTables bytes only on
// disk it first runs IDA* with linear conflicts within AutoBudget
// generated nodes, and reads the tables only if that is not enough.
// Should the tables fail to load (the file was damaged inside, or
// removed), linear conflicts serve. st.Fallback says whether linear
// conflicts answered, and st counts both attempts.
func (sp *Space) AutoDatabaseIDA(ctx context.Context, code []int32, lim engine.Limits, workers int, onDisk bool, st *Stats) ([]int, error) {
	var spent Stats
	if _, spec, _ := sp.databaseSpec(); onDisk && spec.TableBytes(true) > AutoSmallTables {
		first := lim
		if first.MaxNodes <= 0 || first.MaxNodes > AutoBudget {
			first.MaxNodes = AutoBudget
		}
		st.Fallback = true
		lc := NewSpace(sp.t, Heuristic{Kind: LinearConflict}, false)
		lc.Watch = sp.Watch
		blanks, err := lc.IDA(ctx, code, first, 1, &spent)
		var le *engine.LimitError
		if !errors.As(err, &le) || first.MaxNodes == lim.MaxNodes {
			st.Expanded, st.Generated = spent.Expanded, spent.Generated
			return blanks, err
		}
		if lim.MaxNodes > 0 {
			lim.MaxNodes -= spent.Generated
		}
	}
	var blanks []int
	var err error
	if _, _, err = sp.openTables(ctx); err == nil {
		st.Fallback = false
		blanks, err = sp.DatabaseIDA(ctx, code, lim, workers, false, st)
	} else if !engine.IsContext(err) {
		st.Fallback = true
		lc := NewSpace(sp.t, Heuristic{Kind: LinearConflict}, false)
		lc.Watch = sp.Watch
		blanks, err = lc.IDA(ctx, code, lim, workers, st)
	}
	st.Expanded += spent.Expanded
	st.Generated += spent.Generated
	return blanks, err
}
