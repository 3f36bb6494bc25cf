package pdb

import (
	"context"
	"fmt"
	"runtime/debug"
	"slices"
)

// A Table is the pattern database of one pattern: for every placement of
// the pattern's tiles, the fewest moves of those tiles that bring them to
// their goal cells, the blank moving freely through the other cells. A
// Table is immutable once built and safe for concurrent use.
//
// Entries are one byte, at the rank of the placement (see Rank). Placements that cannot occur (possible only when
// the pattern leaves a single empty cell) hold 255.
type Table struct {
	tiles []uint8
	rk    ranker
	data  []uint8
}

// Tiles returns the pattern's tiles in rank order. The caller must not
// modify the slice.
func (t *Table) Tiles() []uint8 { return t.tiles }

// Len returns the number of entries, n!/(n-k)! for k tiles on n cells.
func (t *Table) Len() int64 { return t.rk.size }

// Rank returns the index of the placement pos: pos[i] is the cell of the
// pattern's i-th tile. O(k), no allocation.
func (t *Table) Rank(pos []uint8) int64 { return t.rk.rank(pos) }

// At returns the entry of rank r.
func (t *Table) At(r int64) int { return int(t.data[r]) }

// Lookup returns the entry for the placement pos.
func (t *Table) Lookup(pos []uint8) int { return t.At(t.rk.rank(pos)) }

// A DB is the set of tables of a Spec: an additive heuristic, the sum of
// its tables' entries, since the tables count moves of disjoint tile sets.
type DB struct {
	spec   Spec
	tables []*Table
}

// Spec returns the spec the DB was built for.
func (db *DB) Spec() Spec { return db.spec }

// Tables returns the DB's tables, one a pattern, in the Spec's order.
func (db *DB) Tables() []*Table { return db.tables }

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
}

// Build computes the DB of spec, table after table; it returns early with
// ctx's error. Time and memory grow with the largest table: about a second
// for 6 tiles of the 15-puzzle, a minute for 8 (519 MB of table plus as
// much again while it is built).
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
	for _, i := range order {
		p := spec.Patterns[i]
		data, err := buildTable(ctx, spec.Rows, spec.Cols, spec.Blank, p, opt.Workers, opt.Progress, i)
		if err != nil {
			return nil, err
		}
		rk, _ := newRanker(spec.Rows*spec.Cols, len(p))
		db.tables[i] = &Table{tiles: slices.Clone(p), rk: rk, data: data}
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
		tr := newTranspose(db.spec.Rows)
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
	var pos [maxPattern]uint8
	h := 0
	for _, t := range db.tables {
		for i, v := range t.tiles {
			pos[i] = where[v]
		}
		h += t.Lookup(pos[:len(t.tiles)])
	}
	return h
}

// newTranspose returns the map of cells of an n x n board to their mirror
// images about the main diagonal.
func newTranspose(n int) []uint8 {
	tr := make([]uint8, n*n)
	for c := range tr {
		tr[c] = uint8(c%n*n + c/n)
	}
	return tr
}
