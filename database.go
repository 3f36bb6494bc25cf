package slide

import (
	"context"

	"github.com/slidekit/slide/internal/pdb"
)

// Pattern databases. A PDB heuristic is a set of tables, one per group of
// tiles, of the fewest moves that bring the group home; their sum bounds
// the moves from below because the groups are disjoint. They are built once
// (a fraction of a second for 5-5-5 and 6-6-3, 42 s for 7-8 and 26 s
// for 6-6-6-6 on 2 cores), kept on disk
// under os.UserCacheDir()/slide/pdb (or WithCacheDir's directory) with a
// versioned header and a checksum, and held in memory, shared, for the rest
// of the process or until ReleaseDatabases.
//
// The shipped partitions are for the goal with the blank in the first
// cell. A goal with the blank in another corner of a square board is solved
// on the board rotated to put it there, with the same tables; a goal with
// the blank anywhere else gets tables of its own. A Database names any
// other partition, of any goal.

// DatabaseProgress reports how the build of a pattern database goes, after
// every breadth-first layer of every table.
type DatabaseProgress struct {
	Table, Tables int   // the table being built (from 0) and how many there are
	Tiles         int   // tiles in its pattern
	Depth         int   // the layer just finished
	Reached       int64 // entries with a distance so far
	Entries       int64 // entries of the table
	// Reason says why the tables are being built rather than read from
	// the disk cache: "" when the cache holds no file for them (or is
	// off), otherwise what is wrong with the file there, such as
	// "/home/u/.cache/slide/pdb/4x4-b0-1.2.3.5.6.7-9.10.11.13.14.15-4.8.12.pdb
	// is corrupt: checksum ...".
	Reason string
}

// BuildDatabase makes the pattern database of h ready for boards of its size
// whose goal puts the blank in a corner (h is PDB555, PDB663, PDB78 or
// PDB6666): it reads it from the disk cache, or builds it and writes it
// there, reporting progress if progress is not nil. Solve does the same on
// first use; call BuildDatabase to pay the cost ahead of time.
//
// Of the options it heeds WithCacheDir (which cache, or none) and the
// MaxMemory of WithLimits: a build whose peak memory (see
// Database.BuildBytes) would exceed it fails at once with ErrLimit. It
// returns the context's error if ctx is done first, and ErrOption for
// another heuristic (see Database.Build for pdbCustom). When the tables are
// ready but could not be written to the cache, it returns an error wrapping
// ErrCache that says why: the tables then live in memory only, for this
// process, and the next process builds them again. Already in memory, but
// missing from the cache, they are written there. It also removes the
// temporary files that builds killed while writing the cache left there
// (unlocked, and older than a few seconds).
func BuildDatabase(ctx context.Context, h Heuristic, progress func(DatabaseProgress), opts ...Option) error {
	spec, ok := h.base().partition()
	if !ok {
		if h == pdbCustom {
			return errorf("BuildDatabase", ErrOption, "%v names no tables of its own: build a Database with Database.Build", h)
		}
		return errorf("BuildDatabase", ErrOption, "%v is not a pattern database", h)
	}
	o, err := collectOptions("BuildDatabase", opts)
	if err != nil {
		return err
	}
	return buildDatabase(ctx, "BuildDatabase", spec, o, progress)
}

// buildDatabase opens the database of spec as BuildDatabase and
// Database.Build do.
func buildDatabase(ctx context.Context, fn string, spec pdb.Spec, o options, progress func(DatabaseProgress)) error {
	req := o.dbRequest(true)
	if progress != nil {
		req.Progress = func(p pdb.Progress) {
			progress(DatabaseProgress{Table: p.Table, Tables: p.Tables, Tiles: p.Tiles, Depth: p.Depth,
				Reached: p.Reached, Entries: p.Entries, Reason: p.Reason})
		}
	}
	return toError(fn, pdb.Prepare(ctx, spec, req))
}

// partition returns the shipped partition of a PDB heuristic.
func (h Heuristic) partition() (pdb.Spec, bool) {
	names := map[Heuristic]string{PDB555: "555", PDB663: "663", PDB78: "78", PDB6666: "6666", PDB35: "35", PDB48: "48"}
	name, ok := names[h]
	if !ok {
		return pdb.Spec{}, false
	}
	spec, err := pdb.Named(name)
	return spec, err == nil
}

// ReleaseDatabases forgets every pattern database and walking-distance
// table held in memory (tables being read or built stay, for those
// waiting for them). Searches running with them keep them until they end;
// the garbage collector then returns the memory. A later search or build
// reads them again from the disk cache, or builds them.
func ReleaseDatabases() { pdb.Release() }
