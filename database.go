package slide

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"sync"
	"time"

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
// another heuristic (see Database.Build for PDBCustom). When the tables are
// ready but could not be written to the cache, it returns an error wrapping
// ErrCache that says why: the tables then live in memory only, for this
// process, and the next process builds them again. Already in memory, but
// missing from the cache, they are written there. It also removes the
// temporary files that builds killed while writing the cache left there
// (unlocked, and older than a few seconds).
func BuildDatabase(ctx context.Context, h Heuristic, progress func(DatabaseProgress), opts ...Option) error {
	spec, ok := h.partition()
	if !ok {
		if h == PDBCustom {
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
	dir, dirErr := o.cacheDir()
	if dir != "" {
		pdb.CleanStale(dir, pdb.StaleAge) // the remains of killed builds
	}
	req := dbRequest{cache: dir, cacheSet: true, build: true, progress: progress, maxMemory: o.limits.eng().MemoryBound()}
	db, got, err := openDatabase(ctx, fn, spec, req)
	if err != nil {
		return err
	}
	switch {
	case dirErr != nil:
		return errorf(fn, ErrCache, "no cache directory (%v): the tables live in memory only", dirErr)
	case dir == "":
		return nil
	case got.saveErr != nil:
		return errorf(fn, ErrCache, "%v: the tables live in memory only", got.saveErr)
	case got.source == fromMemory && pdb.Check(dir, spec) != nil:
		if err := pdb.Save(dir, db); err != nil {
			return errorf(fn, ErrCache, "%v: the tables live in memory only", err)
		}
	}
	return nil
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
func ReleaseDatabases() {
	databases.Lock()
	for name, e := range databases.byName {
		select {
		case <-e.ready:
			delete(databases.byName, name)
		default: // being opened: its callers wait for it
		}
	}
	clear(databases.unreadable)
	databases.Unlock()
	walkingDistances.Lock()
	clear(walkingDistances.byKey)
	walkingDistances.Unlock()
}

// databases holds the pattern databases opened so far, by Spec.String,
// and the cache files that Auto found unreadable.
var databases struct {
	sync.Mutex
	byName     map[string]*dbEntry
	unreadable map[string]fileStamp // by path
}

// A fileStamp tells a file's versions apart.
type fileStamp struct {
	size int64
	mod  time.Time
}

func stamp(path string) (fileStamp, bool) {
	st, err := os.Stat(path)
	if err != nil {
		return fileStamp{}, false
	}
	return fileStamp{st.Size(), st.ModTime()}, true
}

// A dbEntry is a database opened, or being opened, by one caller while
// others wait for it.
type dbEntry struct {
	ready chan struct{} // closed when db or err is set
	db    *pdb.DB
	err   error
}

// A dbRequest says where a database may come from.
type dbRequest struct {
	cache     string // the disk cache ("" for none), if cacheSet, else the default
	cacheSet  bool
	build     bool // build it when it is neither in memory nor on disk
	progress  func(DatabaseProgress)
	maxMemory int64 // bound on a build's peak memory, <= 0 for none
}

// A dbSource is where openDatabase found a database.
type dbSource uint8

const (
	fromMemory dbSource = iota
	fromDisk
	fromBuild
)

// dbOpened tells how openDatabase got a database.
type dbOpened struct {
	source  dbSource
	saveErr error // the cache could not be written after a build
}

// dir returns the disk cache, "" for none. It is not resolved before it
// is needed, so that a database in memory costs no look at the
// environment.
func (r *dbRequest) dir() string {
	if r.cacheSet {
		return r.cache
	}
	dir, _ := pdb.DefaultCacheDir()
	return dir
}

// errNotCached is openDatabase's error when a database that may not be
// built is neither in memory nor readable on disk.
var errNotCached = errors.New("pattern database not in the cache")

// openDatabase returns the database of spec, from memory, the disk cache
// or (if req.build) a build, which it then writes to the cache. Concurrent
// callers share one opening; one that fails (a build stopped by its
// context, a cache miss without build) is forgotten, and those waiting for
// it try again themselves. fn names the public function for errors.
func openDatabase(ctx context.Context, fn string, spec pdb.Spec, req dbRequest) (*pdb.DB, dbOpened, error) {
	name := spec.String()
	for {
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
			case <-ctx.Done():
				return nil, dbOpened{}, ctx.Err()
			}
			if e.err == nil {
				return e.db, dbOpened{source: fromMemory}, nil
			}
			continue // its opener failed: try again
		}
		db, got, err := loadOrBuild(ctx, fn, spec, req)
		e.db, e.err = db, err
		if err != nil {
			databases.Lock()
			if databases.byName[name] == e {
				delete(databases.byName, name)
			}
			databases.Unlock()
		}
		close(e.ready)
		return db, got, err
	}
}

// loadOrBuild reads the database of spec from the cache, or builds it and
// writes it there.
func loadOrBuild(ctx context.Context, fn string, spec pdb.Spec, req dbRequest) (*pdb.DB, dbOpened, error) {
	reason := ""
	dir := req.dir()
	if dir != "" {
		db, err := pdb.Load(dir, spec)
		if err == nil {
			return db, dbOpened{source: fromDisk}, nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			reason = pdbMessage(err)
			path := pdb.CachePath(dir, spec)
			if s, ok := stamp(path); ok {
				databases.Lock()
				if databases.unreadable == nil {
					databases.unreadable = map[string]fileStamp{}
				}
				databases.unreadable[path] = s
				databases.Unlock()
			}
		}
	}
	if !req.build {
		return nil, dbOpened{}, errNotCached
	}
	if err := checkBuildMemory(fn, spec, req.maxMemory); err != nil {
		return nil, dbOpened{}, err
	}
	opt := pdb.BuildOptions{}
	if req.progress != nil {
		opt.Progress = func(p pdb.Progress) {
			req.progress(DatabaseProgress{Table: p.Table, Tables: len(spec.Patterns), Tiles: p.Tiles, Depth: p.Depth,
				Reached: p.Reached, Entries: p.Entries, Reason: reason})
		}
	}
	db, err := pdb.Build(ctx, spec, opt)
	if err != nil {
		if isContextError(err) {
			return nil, dbOpened{}, err
		}
		return nil, dbOpened{}, errorf(fn, ErrOption, "building the tables: %s", pdbMessage(err))
	}
	got := dbOpened{source: fromBuild}
	if dir != "" {
		got.saveErr = pdb.Save(dir, db)
		if got.saveErr == nil {
			databases.Lock()
			delete(databases.unreadable, pdb.CachePath(dir, spec))
			databases.Unlock()
		}
	}
	return db, got, nil
}

// checkBuildMemory fails with ErrLimit if building spec would take more
// than maxMemory bytes at its peak (maxMemory <= 0: no bound).
func checkBuildMemory(fn string, spec pdb.Spec, maxMemory int64) error {
	if need := spec.BuildBytes(); maxMemory > 0 && need > maxMemory {
		return errorf(fn, ErrLimit, "building the tables takes about %s at its peak, over the memory bound of %s (raise Limits.MaxMemory, or split the tiles into smaller groups)",
			byteSize(need), byteSize(maxMemory))
	}
	return nil
}

// byteSize writes a number of bytes for people: "11.7 GiB", "512.0 KiB".
func byteSize(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}

// pdbMessage returns the text of an error of internal/pdb without its
// "pdb: " prefixes.
func pdbMessage(err error) string {
	msg := err.Error()
	for {
		rest, ok := strings.CutPrefix(msg, "pdb: ")
		if !ok {
			return msg
		}
		msg = rest
	}
}

func isContextError(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

// A dbState says where the tables of a database are.
type dbState uint8

const (
	dbAbsent   dbState = iota // neither in memory nor valid in the cache
	dbOnDisk                  // in the cache, with a valid header and size
	dbInMemory                // opened
)

// databaseState tells where the tables of spec are: in memory, or in the
// disk cache of req (checked cheaply: header and size, see pdb.Check; a
// file that failed to load before counts as absent until it changes).
func databaseState(spec pdb.Spec, req *dbRequest) dbState {
	databases.Lock()
	e, found := databases.byName[spec.String()]
	databases.Unlock()
	if found {
		select {
		case <-e.ready:
			if e.err == nil {
				return dbInMemory
			}
		default: // being opened
		}
	}
	dir := req.dir()
	if dir == "" || pdb.Check(dir, spec) != nil {
		return dbAbsent
	}
	path := pdb.CachePath(dir, spec)
	databases.Lock()
	bad, known := databases.unreadable[path]
	databases.Unlock()
	if s, ok := stamp(path); known && ok && s == bad {
		return dbAbsent
	}
	return dbOnDisk
}

// walkingDistances holds the walking-distance tables made so far, by board
// size and blank goal.
var walkingDistances struct {
	sync.Mutex
	byKey map[[3]int]*pdb.WalkingDistance
}

// checkWalkingDistance returns the ErrOption error of fn for a walking
// distance on a rows x cols board outside its range, or nil.
func checkWalkingDistance(fn string, rows, cols int) error {
	if rows < 2 || cols < 2 || rows > 4 || cols > 4 {
		return errorf(fn, ErrOption, "walking distance takes boards of 2 x 2 to 4 x 4, not %d x %d", rows, cols)
	}
	return nil
}

// walkingDistance returns the walking-distance tables of a rows x cols
// board whose blank belongs on cell blank, making them on first use.
func walkingDistance(rows, cols, blank int) (*pdb.WalkingDistance, error) {
	if err := checkWalkingDistance("Solve", rows, cols); err != nil {
		return nil, err
	}
	walkingDistances.Lock()
	defer walkingDistances.Unlock()
	key := [3]int{rows, cols, blank}
	if w, ok := walkingDistances.byKey[key]; ok {
		return w, nil
	}
	w, err := pdb.NewWalkingDistance(rows, cols, blank)
	if err != nil {
		return nil, errorf("Solve", ErrOption, "walking distance on %d x %d boards: %s", rows, cols, pdbMessage(err))
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

// orient returns the orientation and the partition for a shipped database
// heuristic on a rows x cols board whose blank belongs on cell blank.
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

// databaseSpec returns the orientation and the tables of sp's database
// heuristic: a Database's own, or a shipped partition's.
func (sp *tileSpace) databaseSpec() (orientation, pdb.Spec, error) {
	if sp.custom != nil {
		return nil, *sp.custom, nil
	}
	return orient(sp.heur, sp.rows, sp.cols, sp.blankVal)
}

// openTables returns sp's database, from memory, the cache or a build as
// sp.dbReq allows.
func (sp *tileSpace) openTables(ctx context.Context) (orientation, *pdb.DB, error) {
	rot, spec, err := sp.databaseSpec()
	if err != nil {
		return nil, nil, err
	}
	db, _, err := openDatabase(ctx, "Solve", spec, sp.dbReq)
	return rot, db, err
}

// solverFits reports whether the database IDA* of internal/pdb takes sp's
// tables: boards of at most 32 cells, at most 16 groups.
func (sp *tileSpace) solverFits() bool {
	if sp.custom == nil {
		return sp.n <= pdb.MaxSolverCells // the shipped ones have at most 4 groups
	}
	return sp.n <= pdb.MaxSolverCells && len(sp.custom.Patterns) <= pdb.MaxSolverPatterns
}

// pdbIDA solves with the pattern database IDA* of internal/pdb.
func (sp *tileSpace) pdbIDA(ctx context.Context, code []int32, o options, sol *Solution) ([]int, error) {
	rot, db, err := sp.openTables(ctx)
	if err != nil {
		return nil, err
	}
	opt := pdb.SolverOptions{Reflect: true, Workers: o.workerCount()}
	if o.wd {
		// The walking distance of the oriented board equals that of the board.
		if opt.WD, err = walkingDistance(sp.rows, sp.cols, db.Spec().Blank); err != nil {
			return nil, err
		}
	}
	s, err := pdb.NewSolver(db, opt)
	if err != nil {
		return nil, err
	}
	vals := sp.values(code)
	res, err := s.Solve(ctx, rot.apply(vals), pdb.Limit{Nodes: o.limits.MaxNodes, Depth: o.limits.eng().DepthBound(), OnCheck: sp.watch})
	sol.Expanded, sol.Generated, sol.Workers = res.Expanded, res.Generated, opt.Workers
	switch {
	case errors.Is(err, pdb.ErrNodeLimit):
		return nil, &LimitError{Limit: "nodes", Value: o.limits.MaxNodes, Expanded: res.Expanded, Generated: res.Generated}
	case errors.Is(err, pdb.ErrNotFound):
		return nil, notFound("Solve", o.limits.eng().CostBound())
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
