package slide

import (
	"context"
	"errors"
)

// How Auto uses pattern databases. Auto never builds one: it takes the
// strongest shipped database for the board that is already in memory or,
// checked cheaply (header and size), in the disk cache. Reading a table
// from disk costs far more than a small problem: 0.2 s for 6-6-3 and 0.5 s
// for 7-8 against milliseconds for a 30-move 15-puzzle. So when the tables
// are only on disk, Auto first runs IDA* with linear conflicts within
// autoBudget generated nodes, and loads the tables only if that is not
// enough. A table in memory is used at once.

// autoBudget is the node budget of Auto's first attempt without the
// tables on disk: about 20 ms of the 15-puzzle's IDA* with linear
// conflicts, a tenth of reading the smallest table Auto picks.
const autoBudget = 1 << 20

// availableDatabase returns the strongest pattern database for a rows x
// cols board whose blank belongs on cell blank that is in memory or in the
// disk cache dir ("" for none), and where it is; otherwise LinearConflict
// and dbAbsent.
func availableDatabase(rows, cols, blank int, dir string) (Heuristic, dbState) {
	for _, h := range []Heuristic{PDB78, PDB663, PDB555, PDB6666} {
		if _, spec, err := orient(h, rows, cols, blank); err == nil {
			if state := databaseState(spec, dir); state != dbAbsent {
				return h, state
			}
		}
	}
	return LinearConflict, dbAbsent
}

// autoDatabaseIDA solves with the database Auto chose (sp.heur), which is
// in memory or on disk: from disk, after an attempt with linear conflicts
// within autoBudget nodes. Should the tables fail to load (the file was
// damaged inside, or removed), it solves with linear conflicts.
func (sp *tileSpace) autoDatabaseIDA(ctx context.Context, code []int32, o options, sol *Solution) ([]int, error) {
	var spent Solution
	if o.autoDB == dbOnDisk {
		lim := o.limits
		if lim.MaxNodes <= 0 || lim.MaxNodes > autoBudget {
			lim.MaxNodes = autoBudget
		}
		sol.Heuristic = LinearConflict
		blanks, err := newTileSpace(sp.t, LinearConflict, false).fastIDA(ctx, code, lim, &spent)
		var le *LimitError
		if !errors.As(err, &le) || lim.MaxNodes == o.limits.MaxNodes {
			sol.Expanded, sol.Generated = spent.Expanded, spent.Generated
			return blanks, err
		}
		if o.limits.MaxNodes > 0 {
			o.limits.MaxNodes -= spent.Generated
		}
	}
	var blanks []int
	var err error
	if _, _, err = sp.openTables(ctx); err == nil {
		sol.Heuristic = sp.heur
		blanks, err = sp.pdbIDA(ctx, code, o, sol)
	} else if !isContextError(err) {
		sol.Heuristic = LinearConflict
		blanks, err = newTileSpace(sp.t, LinearConflict, false).fastIDA(ctx, code, o.limits, sol)
	}
	sol.Expanded += spent.Expanded
	sol.Generated += spent.Generated
	return blanks, err
}
