package slide

import (
	"context"
	"errors"
	"os"
	"sync"

	"github.com/slidekit/slide/internal/pdb"
)

// Pattern databases. A PDB heuristic is a set of tables, one per group of
// tiles, of the fewest moves that bring the group home; their sum bounds
// the moves from below because the groups are disjoint. They are built once
// (seconds for 5-5-5 and 6-6-3, minutes for 7-8 and 6-6-6-6), kept on disk
// under os.UserCacheDir()/slide/pdb with a versioned header and a checksum,
// and held in memory, shared, for the rest of the process.
//
// The shipped partitions are for the goal with the blank in the first
// cell. A goal with the blank in another corner of a square board is solved
// on the board rotated to put it there, with the same tables; a goal with
// the blank anywhere else gets tables of its own.

// DatabaseProgress reports how the build of a pattern database goes, after
// every breadth-first layer of every table.
type DatabaseProgress struct {
	Table, Tables int   // the table being built (from 0) and how many there are
	Tiles         int   // tiles in its pattern
	Depth         int   // the layer just finished
	Reached       int64 // entries with a distance so far
	Entries       int64 // entries of the table
}

// BuildDatabase makes the pattern database of h ready for boards of its size
// whose goal puts the blank in a corner (h is PDB555, PDB663, PDB78 or
// PDB6666): it reads it from the disk cache, or builds it there, reporting
// progress if progress is not nil. Solve does the same on first use; call
// BuildDatabase to pay the cost ahead of time. It returns the context's
// error if ctx is done first, and ErrOption for another heuristic.
func BuildDatabase(ctx context.Context, h Heuristic, progress func(DatabaseProgress)) error {
	spec, ok := h.partition()
	if !ok {
		return errorf("BuildDatabase", ErrOption, "%v is not a pattern database", h)
	}
	_, err := openDatabase(ctx, spec, progress)
	return err
}

// partition returns the shipped partition of a PDB heuristic.
func (h Heuristic) partition() (pdb.Spec, bool) {
	names := map[Heuristic]string{PDB555: "555", PDB663: "663", PDB78: "78", PDB6666: "6666"}
	name, ok := names[h]
	if !ok {
		return pdb.Spec{}, false
	}
	spec, err := pdb.Named(name)
	return spec, err == nil
}

// databases holds the pattern databases opened so far, by Spec.String.
var databases struct {
	sync.Mutex
	byName map[string]*dbEntry
}

type dbEntry struct {
	ready chan struct{} // closed when db or err is set
	db    *pdb.DB
	err   error
}

// openDatabase returns the database of spec, from memory, the disk cache or
// a build. Concurrent callers share one build; a build stopped by its
// context is forgotten, so that a later call starts again.
func openDatabase(ctx context.Context, spec pdb.Spec, progress func(DatabaseProgress)) (*pdb.DB, error) {
	name := spec.String()
	databases.Lock()
	if databases.byName == nil {
		databases.byName = map[string]*dbEntry{}
	}
	e, found := databases.byName[name]
	if !found {
		e = &dbEntry{ready: make(chan struct{})}
		databases.byName[name] = e
	}
	databases.Unlock()
	if found {
		select {
		case <-e.ready:
			if e.err != nil && isContextError(e.err) {
				return openDatabase(ctx, spec, progress) // the first caller gave up
			}
			return e.db, e.err
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	opt := pdb.OpenOptions{}
	if progress != nil {
		opt.Build.Progress = func(p pdb.Progress) {
			progress(DatabaseProgress{Table: p.Table, Tables: len(spec.Patterns), Tiles: p.Tiles, Depth: p.Depth, Reached: p.Reached, Entries: p.Entries})
		}
	}
	e.db, e.err = pdb.Open(ctx, spec, opt)
	if e.err != nil && isContextError(e.err) {
		databases.Lock()
		delete(databases.byName, name)
		databases.Unlock()
	}
	close(e.ready)
	return e.db, e.err
}

func isContextError(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

// databaseAvailable reports whether the database of spec is in memory or in
// the disk cache, so that using it costs no build.
func databaseAvailable(spec pdb.Spec) bool {
	databases.Lock()
	e, found := databases.byName[spec.String()]
	databases.Unlock()
	if found {
		select {
		case <-e.ready:
			return e.err == nil
		default:
			return false // being built
		}
	}
	dir, err := pdb.DefaultCacheDir()
	if err != nil {
		return false
	}
	_, err = os.Stat(pdb.CachePath(dir, spec))
	return err == nil
}

// walkingDistances holds the walking-distance tables made so far, by board
// size and blank goal.
var walkingDistances struct {
	sync.Mutex
	byKey map[[3]int]*pdb.WalkingDistance
}

// walkingDistance returns the walking-distance tables of a rows x cols
// board whose blank belongs on cell blank, making them on first use.
func walkingDistance(rows, cols, blank int) (*pdb.WalkingDistance, error) {
	walkingDistances.Lock()
	defer walkingDistances.Unlock()
	key := [3]int{rows, cols, blank}
	if w, ok := walkingDistances.byKey[key]; ok {
		return w, nil
	}
	w, err := pdb.NewWalkingDistance(rows, cols, blank)
	if err != nil {
		return nil, errorf("Solve", ErrOption, "walking distance on %d x %d boards: %v", rows, cols, err)
	}
	if walkingDistances.byKey == nil {
		walkingDistances.byKey = map[[3]int]*pdb.WalkingDistance{}
	}
	walkingDistances.byKey[key] = w
	return w, nil
}

// An orientation maps the cells of a board onto the cells of the board the
// tables are built for: a rotation of a square board that takes the
// blank's goal cell to the corner the shipped partitions expect, or the
// identity (nil) when tables are built for the goal as it is.
type orientation []uint8

// orient returns the orientation and the partition for a database heuristic
// on a rows x cols board whose blank belongs on cell blank.
func orient(h Heuristic, rows, cols, blank int) (orientation, pdb.Spec, error) {
	spec, _ := h.partition()
	if rows != spec.Rows || cols != spec.Cols {
		return nil, spec, errorf("Solve", ErrOption, "%v is for %d x %d boards, not %d x %d", h, spec.Rows, spec.Cols, rows, cols)
	}
	if blank == spec.Blank {
		return nil, spec, nil
	}
	n := rows // square: every shipped partition is
	rot := make(orientation, n*n)
	for c := range rot {
		rot[c] = uint8(c)
	}
	for range 3 { // rotate a quarter turn at a time until blank lands on spec.Blank
		next := make(orientation, n*n)
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

// apply returns the goal-relative cells of a board seen through o: a tile
// whose goal is cell v standing on cell c becomes tile o[v] on cell o[c].
func (o orientation) apply(vals []int) []uint8 {
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

// back returns the cell of the original board that o maps to cell c.
func (o orientation) back(c int) int {
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

// pdbIDA solves with the pattern database IDA* of internal/pdb.
func (sp *tileSpace) pdbIDA(ctx context.Context, code []int32, o options, sol *Solution) ([]int, error) {
	rot, spec, err := orient(sp.heur, sp.rows, sp.cols, sp.blankVal)
	if err != nil {
		return nil, err
	}
	db, err := openDatabase(ctx, spec, nil)
	if err != nil {
		return nil, err
	}
	opt := pdb.SolverOptions{Reflect: true, Workers: o.workerCount()}
	if o.wd {
		// The walking distance of the oriented board equals that of the board.
		if opt.WD, err = walkingDistance(sp.rows, sp.cols, spec.Blank); err != nil {
			return nil, err
		}
	}
	s, err := pdb.NewSolver(db, opt)
	if err != nil {
		return nil, err
	}
	vals := sp.values(code)
	res, err := s.Solve(ctx, rot.apply(vals), pdb.Limit{Nodes: o.limits.MaxNodes, Depth: o.limits.depthBound()})
	sol.Expanded, sol.Generated, sol.Workers = res.Expanded, res.Generated, opt.Workers
	switch {
	case errors.Is(err, pdb.ErrNodeLimit):
		return nil, &LimitError{Limit: "nodes", Value: o.limits.MaxNodes, Expanded: res.Expanded, Generated: res.Generated}
	case errors.Is(err, pdb.ErrNotFound):
		return nil, notFound("Solve", o.limits.maxCost())
	case err != nil:
		return nil, err
	}
	blanks := []int{0}
	for c, v := range code {
		if v == blankCode {
			blanks[0] = c
		}
	}
	for _, c := range res.Path {
		blanks = append(blanks, rot.back(int(c)))
	}
	return blanks, nil
}
