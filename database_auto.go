package slide

import (
	"github.com/slidekit/slide/internal/pdb"
	"github.com/slidekit/slide/internal/tiles"
)

// How Auto uses pattern databases. Auto never builds one: it takes the
// strongest shipped database for the board that is already in memory or,
// checked cheaply (header and size), in the disk cache. Making a table
// ready from disk can cost far more than a small problem: measured on the
// project's 2-core machine with the file in the page cache, 14 ms for
// 5-5-5, 100 ms for 6-6-3 (most of it laying the table out for the
// solver), about 0.5 s for the 290 MB of 7-8. So when tables of more than
// autoSmallTables bytes are only on disk, Auto first runs IDA* with linear
// conflicts within autoBudget generated nodes (12 ms on the 15-puzzle,
// 120 ms on the 24-puzzle), and loads the tables only if that is not
// enough. Tables in memory are used at once. Measured with 6-6-3 on disk
// and released before every call: 25 random walks of 5 to 45 moves took
// 1.5 ms in all against 2.6 s when every call loads the tables; the
// first 25 of Korf's instances 3.0 s against 3.4-3.5 s (4 of them solved
// within the budget, the 21 others paying it).

// AutoHeuristic returns the heuristic Auto stands for in an optimal
// search for boards with this goal: the strongest shipped pattern
// database for their size that is in memory or in the disk cache (of
// WithCacheDir's directory; the MaxMemory of WithLimits rules out tables
// too large), else LinearConflict. Auto never builds a database; call
// BuildDatabase with the answer to read the tables from the cache ahead of
// time, so that the first search does not pay for it. Boards with
// repeated labels and options it cannot take get LinearConflict.
func AutoHeuristic(goal Board, opts ...Option) Heuristic {
	o, err := collectOptions("AutoHeuristic", opts)
	if err != nil || !goal.IsPermutation() {
		return LinearConflict
	}
	r, c := goal.Blank()
	req := o.dbRequest(false)
	h, _ := availableDatabase(optimalDatabases, goal.Rows(), goal.Cols(), r*goal.Cols()+c, &req, &o.limits)
	return h
}

// availableDatabase returns the strongest pattern database for a rows x
// cols board whose blank belongs on cell blank that is in memory or in the
// disk cache of req, and where it is; otherwise LinearConflict and
// dbAbsent.
func availableDatabase(hs []Heuristic, rows, cols, blank int, req *pdb.Request, lim *Limits) (Heuristic, pdb.State) {
	for _, h := range hs {
		if _, spec, err := tiles.Orient(h.tiles(), rows, cols, blank); err == nil {
			if state := pdb.StateOf(spec, req); state != pdb.Absent && (lim == nil || databaseFits(h, rows, cols, blank, *lim, req)) {
				return h, state
			}
		}
	}
	return LinearConflict, pdb.Absent
}

// The shipped databases Auto may take, strongest first: for the optimal
// search, and for the near-optimal modes, which also take those built
// for them.
var (
	optimalDatabases = []Heuristic{PDB78, PDB663, PDB555, PDB6666}
	nearDatabases    = []Heuristic{PDB78, PDB663, PDB555, PDB6666, PDB35, PDB48}
)
