package pdb

import (
	"context"
	"fmt"
	"math/bits"
	"runtime"
	"runtime/debug"
	"slices"
	"sync"

	"github.com/slidekit/slide/internal/engine"
)

// A Table is the pattern database of one pattern: for every placement of
// the pattern's tiles, the fewest moves of those tiles that bring them to
// their goal cells, the blank moving freely through the other cells. A
// Table is immutable once built and safe for concurrent use.
//
// Entries are stored at the rank of the placement (see Rank) in one of two
// formats. Byte entries hold the distance. Compact entries hold, four bits
// each (two a byte, the even rank in the low half), half the distance's
// excess over the pattern tiles' Manhattan distance: the distance is at
// least that sum and has its parity (every move changes one tile's
// Manhattan distance by one), so the excess is even, and a table whose
// excesses are all at most 30 loses nothing in 4 bits. Build uses the
// compact format whenever that holds, halving the table; placements that
// cannot occur (possible only when the pattern leaves a single empty cell)
// hold 255 as bytes, 0 compact (their Manhattan distance).
type Table struct {
	tiles   []uint8
	rk      ranker
	compact bool
	data    []uint8
	dist    []uint8 // compact: dist[i*n+c], tile i's distance from cell c to its goal

	sparse engine.Lazy[*sparseTable] // made on first use (see sparseUpTo)
}

// A sparseTable holds a Table's entries at the placement's cells read as
// the digits of a number in base n (tile i's cell times n^(k-1-i)) rather
// than at its dense rank: n^k entries instead of n!/(n-k)!, but a tile
// moving from cell p to q changes the index by (q-p)*w[i] whatever the
// other tiles, so the solver's hot loop updates it with one multiply-add.
// Indices of impossible placements (two tiles on a cell) hold 0.
type sparseTable struct {
	w    [MaxPattern]int64
	data []uint8 // the Table's format: bytes, or two 4-bit entries a byte
}

// maxSparse bounds the entries of a sparseTable (16 MiB compact, 32 MiB of
// bytes): the 6-tile patterns of the 15-puzzle (16^6) fit, the 7- and
// 8-tile ones and the 24-puzzle's 6-tile ones (25^6) do not.
const maxSparse = 1 << 25

// A filler walks the placements of a table to copy their entries into
// its sparse layout, polling its context every fillPoll entries.
type filler struct {
	t    *Table
	st   *sparseTable
	ctx  context.Context
	left int   // entries before the next poll
	err  error // the context's error, once a poll has seen it
}

// fillPoll is how many entries a filler copies between two polls of its
// context: a few hundred microseconds of work.
const fillPoll = 1 << 16

// walk copies into the layout the entries of every placement whose first
// i tiles stand on the cells used, at dense rank r and sparse index x so
// far: a walk over the placements in the order of both layouts. It stops
// once a poll sees the context done.
func (f *filler) walk(i int, used uint64, r, x int64) {
	t := f.t
	if i == t.rk.k-1 {
		t.fillLast(f.st, used, r, x)
		if f.left -= t.rk.n; f.left <= 0 {
			engine.Yield() // lets a deadline's timer fire on one thread
			f.left, f.err = fillPoll, f.ctx.Err()
		}
		return
	}
	for p := range t.rk.n {
		if f.err != nil {
			return
		}
		if used>>p&1 != 0 {
			continue
		}
		a := int64(p - bits.OnesCount64(used&(1<<p-1)))
		f.walk(i+1, used|1<<p, r+a*t.rk.w[i], x+int64(p)*f.st.w[i])
	}
}

// fillLast is fillSparse for the last tile, whose weight is 1 in both
// layouts: its digit in the dense rank counts the free cells below it.
// Compact entries of an even number of cells fill whole bytes.
func (t *Table) fillLast(st *sparseTable, used uint64, r, x int64) {
	n := t.rk.n
	if !t.compact {
		for p := range n {
			if used>>p&1 == 0 {
				st.data[x+int64(p)] = t.data[r]
				r++
			}
		}
		return
	}
	if n%2 == 0 && x%2 == 0 {
		out := st.data[x>>1 : (x+int64(n))>>1]
		var lo uint8
		for p := range n {
			var e uint8
			if used>>p&1 == 0 {
				e = t.data[r>>1] >> (4 * (r & 1)) & 15
				r++
			}
			if p&1 == 0 {
				lo = e
			} else {
				out[p>>1] = lo | e<<4
			}
		}
		return
	}
	for p := range n {
		if used>>p&1 == 0 {
			dx := x + int64(p)
			st.data[dx>>1] |= (t.data[r>>1] >> (4 * (r & 1)) & 15) << (4 * (dx & 1))
			r++
		}
	}
}

// fill fills st on up to workers goroutines, or returns ctx's error if
// ctx ends first, st then partly filled: one task for every cell of the
// first tile when each task's entries fill whole bytes (st's weight of the
// first tile even, or byte entries), else one.
func (t *Table) fill(ctx context.Context, st *sparseTable, workers int) error {
	if t.rk.k == 1 || t.compact && st.w[0]%2 != 0 || workers <= 1 {
		f := &filler{t: t, st: st, ctx: ctx, left: fillPoll}
		f.walk(0, 0, 0, 0)
		return f.err
	}
	cells := make(chan int, t.rk.n)
	for p := range t.rk.n {
		cells <- p
	}
	close(cells)
	var wg sync.WaitGroup
	errs := make([]error, min(workers, t.rk.n))
	for w := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f := &filler{t: t, st: st, ctx: ctx, left: fillPoll}
			for p := range cells {
				if f.err == nil {
					f.walk(1, 1<<p, int64(p)*t.rk.w[0], int64(p)*st.w[0])
				}
			}
			errs[w] = f.err
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// SparseLayout returns the table's entries in the sparse layout (see
// sparseTable), in the table's own format, bytes or compact, and the weight
// of each of its tiles' cells in an index; the layout is made on first use
// (see DB.MakeSparse, which can be stopped) and kept with the table. ok is
// false when the layout would exceed 2^25 entries (maxSparse). The caller
// must not modify data.
func (t *Table) SparseLayout() (w [MaxPattern]int64, data []uint8, ok bool) {
	st, _ := t.sparseUpTo(context.Background(), maxSparse)
	if st == nil {
		return w, nil, false
	}
	return st.w, st.data, true
}

// sparseUpTo returns the table in the sparse layout, made on first use,
// or nil when it would exceed limit entries; or ctx's error if ctx ends
// before the layout is made: a layout that ctx stopped is dropped, never
// kept, and a later call makes it anew (see engine.Lazy).
func (t *Table) sparseUpTo(ctx context.Context, limit int64) (*sparseTable, error) {
	n, k := int64(t.rk.n), t.rk.k
	size := int64(1)
	for range k {
		if size > limit/n {
			return nil, nil
		}
		size *= n
	}
	return t.sparse.Get(ctx, func(ctx context.Context) (*sparseTable, error) { return t.makeSparse(ctx, size) })
}

// makeSparse returns the table in the sparse layout of size entries, or
// ctx's error if ctx ends first (before it allocates, or while it fills).
func (t *Table) makeSparse(ctx context.Context, size int64) (*sparseTable, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	st := &sparseTable{}
	w, n := int64(1), int64(t.rk.n)
	for i := t.rk.k - 1; i >= 0; i-- {
		st.w[i] = w
		w *= n
	}
	if t.compact {
		st.data = make([]uint8, (size+1)/2)
	} else {
		st.data = make([]uint8, size)
	}
	if err := t.fill(ctx, st, runtime.GOMAXPROCS(0)); err != nil {
		return nil, err
	}
	return st, nil
}

// maxBeamSparse bounds the entries of a table's sparse layout that Sparse
// makes for boards larger than solverCells (32 MiB compact): the 5-tile
// patterns of a 6 x 6 board fit (36^5 entries, 1.34 times their dense
// ranks). On smaller boards Sparse makes the layouts of SparseLayout only.
const maxBeamSparse = 1 << 26

// solverCells is the most cells of the boards of internal/idastar's
// Solver, which reads layouts of at most maxSparse entries (SparseLayout):
// on such boards Sparse makes no larger ones.
const solverCells = 32

// sparseLimit returns the most entries of a sparse layout on n cells.
func sparseLimit(n int) int64 {
	if n > solverCells {
		return maxBeamSparse
	}
	return maxSparse
}

// A Sparse is a compact Table read in the sparse layout: the entry of a
// placement is at the index sum of cell[i]*Weight(i) over the pattern's
// tiles i, which a tile's move from cell p to q changes by
// (q-p)*Weight(i) whatever the other tiles. It is safe for concurrent
// use.
type Sparse struct {
	w    [MaxPattern]int64
	data []uint8
}

// Sparse returns the table in the sparse layout, made on first use and
// kept with the table (see Spec.Memory), if the table is compact and the
// layout small enough: at most 2^25 entries on boards of up to 32 cells,
// as a Solver reads them, 2^26 on larger ones.
func (t *Table) Sparse() (Sparse, bool) {
	if !t.compact {
		return Sparse{}, false
	}
	st, _ := t.sparseUpTo(context.Background(), sparseLimit(t.rk.n))
	if st == nil {
		return Sparse{}, false
	}
	return Sparse{w: st.w, data: st.data}, true
}

// Weight returns the weight of the pattern's i-th tile in the index.
func (s *Sparse) Weight(i int) int64 { return s.w[i] }

// Excess returns the entry at index x: the placement's distance less the
// pattern tiles' Manhattan distance (see Table).
func (s *Sparse) Excess(x int64) int { return int(s.data[x>>1]>>(4*(x&1))&15) * 2 }

// Tiles returns the pattern's tiles in rank order. The caller must not
// modify the slice.
func (t *Table) Tiles() []uint8 { return t.tiles }

// Weights returns the weight of each of the pattern's tiles in a rank
// (see Rank): a placement's rank is the sum, over its tiles i, of w[i]
// times the number of cells below tile i's cell that no tile before i
// holds.
func (t *Table) Weights() (w [MaxPattern]int64) { return t.rk.w }

// Data returns the table's entries as they are stored, in its format (see
// Table): the bytes a file of the table holds. The caller must not modify
// them.
func (t *Table) Data() []uint8 { return t.data }

// Len returns the number of entries, n!/(n-k)! for k tiles on n cells.
func (t *Table) Len() int64 { return t.rk.size }

// Compact reports whether the table stores 4-bit excesses over Manhattan
// distance rather than bytes.
func (t *Table) Compact() bool { return t.compact }

// Rank returns the index of the placement pos: pos[i] is the cell of the
// pattern's i-th tile. O(k), no allocation.
func (t *Table) Rank(pos []uint8) int64 { return t.rk.rank(pos) }

// At returns the entry of rank r; it unranks compact tables (O(k*n)).
func (t *Table) At(r int64) int {
	if !t.compact {
		return int(t.data[r])
	}
	var pos [MaxPattern]uint8
	t.rk.unrank(r, pos[:t.rk.k])
	return t.manhattan(pos[:t.rk.k]) + t.excess(r)
}

// excess returns twice the 4-bit entry of rank r of a compact table.
func (t *Table) excess(r int64) int { return int(t.data[r>>1]>>(4*(r&1))&15) * 2 }

// Lookup returns the entry for the placement pos.
func (t *Table) Lookup(pos []uint8) int { return t.Entry(t.rk.rank(pos), pos) }

// Entry returns the entry of rank r, pos being its placement: with Rank
// it splits a Lookup in two, so that a caller may compute several ranks
// before it reads their entries (the beam search does so for a board's
// direct and reflected lookups).
func (t *Table) Entry(r int64, pos []uint8) int {
	if !t.compact {
		return int(t.data[r])
	}
	return t.manhattan(pos) + t.excess(r)
}

// manhattan returns the sum of the pattern tiles' distances to their goal
// cells in the placement pos.
func (t *Table) manhattan(pos []uint8) int {
	h, n := 0, t.rk.n
	for i, p := range pos {
		h += int(t.dist[i*n+int(p)])
	}
	return h
}

// newTable returns the table of a pattern, with the distances a compact
// one's lookups add up (every Table is made here).
func newTable(tiles []uint8, cols int, rk ranker, compact bool, data []uint8) *Table {
	t := &Table{tiles: slices.Clone(tiles), rk: rk, compact: compact, data: data}
	if compact {
		n := rk.n
		t.dist = make([]uint8, len(tiles)*n)
		for i, g := range tiles {
			for c := range n {
				t.dist[i*n+c] = uint8(abs(c/cols-int(g)/cols) + abs(c%cols-int(g)%cols))
			}
		}
	}
	return t
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// A DB is the set of tables of a Spec: an additive heuristic, the sum of
// its tables' entries, since the tables count moves of disjoint tile sets.
type DB struct {
	spec      Spec
	tables    []*Table
	searchers sync.Map // see Searchers
}

// Searchers returns the DB's store of idle searches: a search over the DB
// leaves its scratch memory there for a later one, and it goes with the
// DB. Its keys and values are the searches' (see internal/idastar's
// ReuseSolver).
func (db *DB) Searchers() *sync.Map { return &db.searchers }

// NewDB returns the DB of spec (valid) whose table i holds the entries
// data[i] in the compact format, or as bytes, as compact says (see Table),
// each the size its format gives the table's entries (see Spec.Entries):
// tables read from a file. The DB keeps data, which the caller must not
// modify.
func NewDB(spec Spec, compact bool, data [][]uint8) *DB {
	db := &DB{spec: spec}
	for i, p := range spec.Patterns {
		rk, _ := newRanker(spec.Rows*spec.Cols, len(p))
		db.tables = append(db.tables, newTable(p, spec.Cols, rk, compact, data[i]))
	}
	return db
}

// TableMemory returns size bytes for a table's entries, which the kernel
// is asked to back with huge pages (see adviseHugePages), for a table that
// is read rather than built.
func TableMemory(size int64) []uint8 {
	m := make([]uint8, size)
	adviseHugePages(m)
	return m
}

// Spec returns the spec the DB was built for.
func (db *DB) Spec() Spec { return db.spec }

// Tables returns the DB's tables, one a pattern, in the Spec's order.
func (db *DB) Tables() []*Table { return db.tables }

// Sparse returns the sparse layouts of the DB's tables (see Table.Sparse),
// and reports whether every table has one.
func (db *DB) Sparse() ([]Sparse, bool) {
	out := make([]Sparse, len(db.tables))
	for j, t := range db.tables {
		var ok bool
		if out[j], ok = t.Sparse(); !ok {
			return nil, false
		}
	}
	return out, true
}

// MakeSparse makes the sparse layouts that Sparse and Table.SparseLayout
// return, of the tables that have them, or returns ctx's error if ctx ends
// first: made once, they are kept with the tables, and a call that ctx
// stopped leaves the layouts it did not finish unmade, for a later call
// to make. It polls ctx every few hundred microseconds of work.
func (db *DB) MakeSparse(ctx context.Context) error {
	for _, t := range db.tables {
		if !t.compact && t.rk.n > solverCells {
			continue // Sparse takes compact tables only, SparseLayout small boards only
		}
		if _, err := t.sparseUpTo(ctx, sparseLimit(t.rk.n)); err != nil {
			return err
		}
	}
	return nil
}

// SparseBytes returns the bytes the sparse layouts that MakeSparse makes
// take, made or not.
func (db *DB) SparseBytes() int64 {
	var bytes int64
	for _, t := range db.tables {
		if !t.compact && t.rk.n > solverCells {
			continue
		}
		n, size := int64(t.rk.n), int64(1)
		for range t.rk.k {
			if size > sparseLimit(t.rk.n)/n {
				size = 0
				break
			}
			size *= n
		}
		if t.compact {
			size = (size + 1) / 2
		}
		bytes += size
	}
	return bytes
}

// SparseMade reports whether Sparse has made the layouts of every table
// already, so that asking for them again costs nothing.
func (db *DB) SparseMade() bool {
	for _, t := range db.tables {
		if !t.sparse.Made() {
			return false
		}
	}
	return len(db.tables) > 0
}

// Compact reports whether the DB's tables hold compact entries.
func (db *DB) Compact() bool { return len(db.tables) > 0 && db.tables[0].compact }

// Bytes returns the memory the tables take.
func (db *DB) Bytes() int64 {
	var n int64
	for _, t := range db.tables {
		n += int64(len(t.data))
	}
	return n
}

// BuildOptions tune a build.
type BuildOptions struct {
	// Workers is the number of goroutines; 0 means GOMAXPROCS.
	Workers int
	// Progress, if not nil, is called after every layer of every table,
	// from the building goroutine.
	Progress func(Progress)
	// Bytes keeps byte entries even where compact ones would do.
	Bytes bool
}

// Build computes the DB of spec, table after table, largest first; it
// returns early with ctx's error. Time and memory grow with the largest
// table (a byte and 2(n-k) bits a placement while it is built: 1.5 GB for
// 8 tiles of the 15-puzzle; docs/PERFORMANCE.md has measured figures).
// Tables end compact when all of them can, unless opt.Bytes.
func Build(ctx context.Context, spec Spec, opt BuildOptions) (*DB, error) {
	if err := spec.Validate(); err != nil {
		return nil, err
	}
	db := &DB{spec: spec, tables: make([]*Table, len(spec.Patterns))}
	// Largest first: its scratch is freed before the smaller tables are
	// built, so the peak is the largest build plus the smaller tables.
	order := make([]int, len(spec.Patterns))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return len(spec.Patterns[b]) - len(spec.Patterns[a]) })
	tb := newTableBuilder(spec.Rows, spec.Cols, spec.Blank, opt.Workers, opt.Progress)
	compact := !opt.Bytes
	for _, i := range order {
		t, err := tb.build(ctx, spec.Patterns[i], i, compact)
		if err != nil {
			return nil, err
		}
		// Compact entries only if every table takes them: the solver
		// reads one format.
		if compact && !t.compact {
			compact = false
			for _, u := range db.tables {
				if u != nil {
					u.data, u.compact = u.bytes(tb.workers), false
				}
			}
		}
		db.tables[i] = t
		debug.FreeOSMemory() // return the builder's scratch before the next table
	}
	return db, nil
}

// Estimate returns the DB's heuristic for a board in goal-relative form:
// cells[c] is the tile on cell c (its goal cell), the blank being the value
// Spec.Blank. With reflect (and a transposable Spec) it returns the larger
// of the direct and the reflected lookups. O(n + sum of pattern sizes);
// for tests and roots, not for hot loops.
func (db *DB) Estimate(cells []uint8, reflect bool) (int, error) {
	n := db.spec.Rows * db.spec.Cols
	if len(cells) != n {
		return 0, fmt.Errorf("pdb: board of %d cells, want %d", len(cells), n)
	}
	var where [maxCells]uint8
	var seen uint64
	for c, v := range cells {
		if int(v) >= n || seen>>v&1 != 0 {
			return 0, fmt.Errorf("pdb: cell %d holds %d: want each of 0 to %d once", c, v, n-1)
		}
		seen |= 1 << v
		where[v] = uint8(c)
	}
	h := db.sum(where[:n])
	if reflect && db.spec.Transposable() {
		tr := db.spec.Mirror()
		var w2 [maxCells]uint8
		for v := range n {
			w2[tr[v]] = tr[where[v]] // tile T(v) sits on T(cell of v)
		}
		h = max(h, db.sum(w2[:n]))
	}
	return h, nil
}

// sum adds up the tables' entries for the board whose tile v is on cell
// where[v].
func (db *DB) sum(where []uint8) int {
	var pos [MaxPattern]uint8
	h := 0
	for _, t := range db.tables {
		for i, v := range t.tiles {
			pos[i] = where[v]
		}
		h += t.Lookup(pos[:len(t.tiles)])
	}
	return h
}
