package slide

import (
	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/pdb"
	"github.com/slidekit/slide/internal/tiles"
)

// The memory of pattern databases. Their tables count against a search's
// Limits.MaxMemory like the rest of what it holds: Solve refuses a
// database heuristic whose tables (or their build, when they are neither
// in memory nor on disk) need more, before reading or building anything,
// and Auto passes over the databases that do not fit.

// databaseMemory returns the bytes the database heuristic h needs on a
// rows x cols board whose blank belongs on cell blank: its tables, or the
// peak of their build if it must be built (then building is true). It
// returns 0 when h does not fit the board (an error Solve reports later).
func databaseMemory(h Heuristic, rows, cols, blank int, req *pdb.Request) (need int64, building bool) {
	_, spec, err := tiles.Orient(h.tiles(), rows, cols, blank)
	if err != nil {
		return 0, false
	}
	tables, build := spec.Memory()
	if pdb.StateOf(spec, req) == pdb.Absent {
		return max(tables, build), true
	}
	return tables, false
}

// databaseFits reports whether h's tables fit lim's memory bound.
func databaseFits(h Heuristic, rows, cols, blank int, lim Limits, req *pdb.Request) bool {
	need, _ := databaseMemory(h, rows, cols, blank, req)
	return need <= lim.eng().Memory()
}

// checkDatabaseMemory returns an error wrapping ErrLimit if the database
// heuristic h needs more memory than lim allows.
func checkDatabaseMemory(fn string, h Heuristic, rows, cols, blank int, lim Limits, req *pdb.Request) error {
	if !h.IsDatabase() || h == pdbCustom {
		return nil
	}
	if need, building := databaseMemory(h, rows, cols, blank, req); need > lim.eng().Memory() {
		what := "the tables of %v need %s"
		if building {
			what = "building the tables of %v needs %s"
		}
		return errorf(fn, ErrLimit, what+", more than the memory limit of %s: raise Limits.MaxMemory, or choose another heuristic",
			h, engine.FormatBytes(need), engine.FormatBytes(lim.eng().Memory()))
	}
	return nil
}

// Memory returns the bytes the tables of a shipped database heuristic
// take in memory once loaded, and the most their build holds at once (the
// tables built so far and the scratch of the one being built), for a board
// of its size; 0, 0 for a heuristic that is not a shipped database (see
// Database.Bytes for one of your own). Solve refuses a
// database whose tables, or whose build when they are neither in memory
// nor on disk, need more than its Limits.MaxMemory.
func (h Heuristic) Memory() (tables, build int64) {
	spec, ok := h.base().partition()
	if !ok {
		return 0, 0
	}
	return spec.Memory()
}
