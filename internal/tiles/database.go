package tiles

import (
	"context"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/pdb"
	"github.com/slidekit/slide/internal/pdbcache"
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

// DatabaseSpec returns the Orientation and the tables of sp's database
// heuristic: a custom one's own, or a shipped partition's.
func (sp *Space) DatabaseSpec() (Orientation, pdb.Spec, error) {
	if sp.heur.Custom {
		return nil, sp.heur.Spec, nil
	}
	return Orient(sp.heur, sp.rows, sp.cols, sp.blankVal)
}

// Tables returns sp's database, from memory, the cache or a build as
// sp.Request allows, and the Orientation of its boards.
func (sp *Space) Tables(ctx context.Context) (Orientation, *pdb.DB, error) {
	rot, spec, err := sp.DatabaseSpec()
	if err != nil {
		return nil, nil, err
	}
	db, _, err := pdbcache.Shared(ctx, spec, sp.Request)
	return rot, db, err
}
