package solve

import (
	"time"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/pdb"
	"github.com/slidekit/slide/internal/pdbcache"
	"github.com/slidekit/slide/internal/tiles"
)

// availableDatabase returns the first of hs for a rows x cols board whose
// blank belongs on cell blank that is in memory or in the disk cache of
// req (and fits lim's memory, unless lim is nil; and if only on disk, is
// read within within by readTime, unless that is 0), and where it is;
// otherwise linear conflicts and pdbcache.Absent. A file passed over for
// its reading time is read into the page cache in the background (see
// pdbcache.ReadAhead), so that the next solves within minutes only map
// it.
func availableDatabase(hs []tiles.Heuristic, rows, cols, blank int, req *pdbcache.Request, lim *engine.Bounds, within time.Duration) (tiles.Heuristic, pdbcache.State) {
	for _, h := range hs {
		if _, spec, err := tiles.Orient(h, rows, cols, blank); err == nil {
			state := pdbcache.StateOf(spec, req)
			if state == pdbcache.Absent || lim != nil && !databaseFits(h, rows, cols, blank, *lim, req) {
				continue
			}
			if state == pdbcache.OnDisk && within > 0 && readTime(spec, req) > within {
				readAhead(spec, req)
				continue
			}
			return h, state
		}
	}
	return linearConflict, pdbcache.Absent
}

// ReadTime returns about how long reading the tables of spec from the
// disk cache takes, checksum included, at readRate.
func ReadTime(spec pdb.Spec) time.Duration {
	return time.Duration(float64(spec.TableBytes(true)) / readRate * float64(time.Second))
}

// readTime returns about how long loading the tables of spec from req's
// disk cache takes: the bytes that are read from the disk or checksummed
// at readRate, and those mapped from the page cache at mapRate (see
// pdbcache.CostOf). Where the system cannot tell which pages of the file
// are in memory, every byte counts at readRate, as in ReadTime.
func readTime(spec pdb.Spec, req *pdbcache.Request) time.Duration {
	c, ok := costOf(spec, req)
	if !ok {
		return ReadTime(spec)
	}
	return time.Duration((float64(c.Cold)/readRate + float64(c.Mapped)/mapRate) * float64(time.Second))
}

// costOf is pdbcache.CostOf, and readAhead pdbcache.ReadAhead; tests
// replace them.
var (
	costOf    = pdbcache.CostOf
	readAhead = pdbcache.ReadAhead
)

// readRate is the bytes a second of a cached table's reading, taken low
// (docs/PERFORMANCE.md, "Time budgets"); mapRate is the bytes a second of
// mapping a table file whose pages are in the page cache, taken low as
// well (docs/PERFORMANCE.md, "Tables in the page cache").
const (
	readRate = 400e6
	mapRate  = 10e9
)

// The shipped databases Auto may take, strongest first: in an optimal
// search, and besides in the Weighted and Anytime modes, which take a
// stronger database when it is cached and the one of NearOptimal
// otherwise. Only the latter does the root's Solver.Prepare build on its
// own: the stronger ones take minutes and a gigabyte.
var (
	optimalDatabases     = shipped("78", "663", "555", "6666")
	strongerDatabases    = shipped("48x5")
	nearOptimalDatabases = shipped("35", "48")
)

// shipped returns the shipped databases named, as "pdb"+name.
func shipped(names ...string) []tiles.Heuristic {
	hs := make([]tiles.Heuristic, len(names))
	for i, name := range names {
		spec, err := pdb.Named(name)
		if err != nil {
			panic("solve: no shipped database " + name)
		}
		hs[i] = tiles.Heuristic{Kind: tiles.Database, Name: "pdb" + name, Spec: spec}
	}
	return hs
}

// NearOptimal returns the databases the Weighted and Anytime modes rank
// by where no stronger one is cached, one a board size.
func NearOptimal() []tiles.Heuristic { return nearOptimalDatabases }

// Stronger returns the databases, stronger and larger than NearOptimal's,
// that the Weighted and Anytime modes rank by in their place when they are
// cached and fit the memory bound (Anytime: when read within half its
// budget).
func Stronger() []tiles.Heuristic { return strongerDatabases }

// databaseMemory returns the bytes the database heuristic h (a partition
// of the caller's own included) needs on a rows x cols board whose blank
// belongs on cell blank: its tables, or the peak of their build if it
// must be built (then building is true); and what its tables take once
// built. It returns zeros when h is no database or does not fit the board
// (an error the search reports later).
func databaseMemory(h tiles.Heuristic, rows, cols, blank int, req *pdbcache.Request) (need, tables int64, building bool) {
	if h.Kind != tiles.Database {
		return 0, 0, false
	}
	_, spec, err := tiles.Orient(h, rows, cols, blank)
	if err != nil {
		return 0, 0, false
	}
	tables, build := spec.Memory()
	if pdbcache.StateOf(spec, req) == pdbcache.Absent {
		return max(tables, build), tables, true
	}
	return tables, tables, false
}

// databaseFits reports whether h's tables fit lim's memory bound.
func databaseFits(h tiles.Heuristic, rows, cols, blank int, lim engine.Bounds, req *pdbcache.Request) bool {
	need, _, _ := databaseMemory(h, rows, cols, blank, req)
	return need <= lim.MemoryLimit()
}

// checkDatabaseMemory returns the bytes the tables of the heuristic h
// take on a rows x cols board whose blank belongs on cell blank (0 for no
// database), or an error of kind engine.Limit if they, or their build,
// need more memory than lim allows.
func checkDatabaseMemory(h tiles.Heuristic, rows, cols, blank int, lim engine.Bounds, req *pdbcache.Request) (int64, error) {
	need, tables, building := databaseMemory(h, rows, cols, blank, req)
	if need <= lim.MemoryLimit() {
		return tables, nil
	}
	what := "the tables of %s need %s"
	if building {
		what = "building the tables of %s needs %s"
	}
	return 0, engine.Errorf(engine.Limit, what+", more than the memory limit of %s",
		h.Name, engine.FormatBytes(need), engine.FormatBytes(lim.MemoryLimit()))
}
