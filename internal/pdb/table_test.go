package pdb

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"sync/atomic"
	"testing"
	"time"
)

// TestSparseLayout checks that the sparse layout holds every placement's
// entry.
func TestSparseLayout(t *testing.T) {
	db := mustBuild(t, Korf555())
	for _, tab := range db.Tables() {
		w, data, ok := tab.SparseLayout()
		if !ok {
			t.Fatalf("pattern %v: no sparse layout", tab.Tiles())
		}
		mr := newMoveRanker(&tab.rk)
		for r := int64(0); r < tab.rk.size; r += 7 {
			mr.seek(r)
			var x int64
			for i, p := range mr.pos[:tab.rk.k] {
				x += int64(p) * w[i]
			}
			got := int(data[x>>1] >> (4 * (x & 1)) & 15)
			if want := tab.excess(r) / 2; got != want {
				t.Fatalf("pattern %v, rank %d: sparse entry %d, dense %d", tab.Tiles(), r, got, want)
			}
		}
	}
}

// TestSparse: DB.Sparse gives every table's entries in the sparse layout,
// filled in parallel (an even number of cells) or not (odd), on boards of
// a Solver's size and larger.
func TestSparse(t *testing.T) {
	for _, spec := range []Spec{
		Korf555(),
		{Rows: 3, Cols: 3, Blank: 0, Patterns: [][]uint8{{1, 2, 3, 4}, {5, 6, 7, 8}}},
		{Rows: 5, Cols: 7, Blank: 0, Patterns: [][]uint8{{1, 2, 3}, {4, 5, 6}, {7, 8, 9}, {10, 11, 12}, {13, 14, 15},
			{16, 17, 18}, {19, 20, 21}, {22, 23, 24}, {25, 26, 27}, {28, 29, 30}, {31, 32, 33}, {34}}},
	} {
		db := mustBuild(t, spec)
		sps, ok := db.Sparse()
		if !ok {
			t.Fatalf("%dx%d: no sparse layout", spec.Rows, spec.Cols)
		}
		var bytes int64
		for _, sp := range sps {
			bytes += int64(len(sp.data))
		}
		if got := db.SparseBytes(); got != bytes {
			t.Errorf("%dx%d: SparseBytes %d, the layouts hold %d", spec.Rows, spec.Cols, got, bytes)
		}
		for j, tab := range db.Tables() {
			sp := &sps[j]
			mr := newMoveRanker(&tab.rk)
			for r := range tab.rk.size {
				mr.seek(r)
				var x int64
				for i, p := range mr.pos[:tab.rk.k] {
					x += int64(p) * sp.Weight(i)
				}
				if got, want := sp.Excess(x), tab.excess(r); got != want {
					t.Fatalf("%dx%d, pattern %v, rank %d: sparse %d, dense %d", spec.Rows, spec.Cols, tab.Tiles(), r, got, want)
				}
			}
		}
	}
}

// A pollCount is a context that counts the calls of its Err, and from
// call stop on (if stop > 0) calls at, then reports context.Canceled.
type pollCount struct {
	context.Context
	calls atomic.Int64
	stop  int64
	at    func()
}

func (c *pollCount) Err() error {
	n := c.calls.Add(1)
	if c.stop <= 0 || n < c.stop {
		return nil
	}
	if n == c.stop && c.at != nil {
		c.at()
	}
	return context.Canceled
}

// sparseSpecs are DBs whose layouts are filled on every core (16 cells)
// and on one (the 5 x 7 board's odd weights).
var sparseSpecs = []Spec{
	Korf555(),
	{Rows: 5, Cols: 7, Blank: 0, Patterns: [][]uint8{{1, 2, 3, 4}, {5, 6, 7, 8}}},
}

// sameSparse fails t unless db's layouts are want's.
func sameSparse(t *testing.T, db, want *DB) {
	t.Helper()
	for j, tab := range db.Tables() {
		_, got, ok := tab.SparseLayout()
		_, ref, _ := want.Tables()[j].SparseLayout()
		if !ok || !bytes.Equal(got, ref) {
			t.Fatalf("pattern %v: the layout made after a stopped one differs from a fresh one", tab.Tiles())
		}
	}
}

// TestMakeSparseCancel: MakeSparse polls its context at least every
// fillPoll entries of a layout; stopped at any poll, it returns the
// context's error and keeps no layout it did not finish, and a later
// call makes the same layouts as an unstopped one.
func TestMakeSparseCancel(t *testing.T) {
	for _, spec := range sparseSpecs {
		want := mustBuild(t, spec)
		if err := want.MakeSparse(context.Background()); err != nil {
			t.Fatal(err)
		}
		whole := &pollCount{Context: context.Background()}
		db := NewDB(spec, true, tablesData(want))
		if err := db.MakeSparse(whole); err != nil {
			t.Fatal(err)
		}
		var entries int64
		for _, tab := range db.Tables() {
			entries += tab.Len()
		}
		polls := whole.calls.Load()
		if least := entries/fillPoll - int64(len(db.Tables())); polls < max(least, 8) {
			t.Errorf("%dx%d: %d polls over %d entries, want at least %d", spec.Rows, spec.Cols, polls, entries, least)
		}
		for _, stop := range []int64{1, 2, polls / 2} {
			db := NewDB(spec, true, tablesData(want))
			ctx := &pollCount{Context: context.Background(), stop: stop}
			if err := db.MakeSparse(ctx); !errors.Is(err, context.Canceled) {
				t.Fatalf("%dx%d, stopped at poll %d of %d: %v, want context.Canceled", spec.Rows, spec.Cols, stop, polls, err)
			}
			if db.SparseMade() {
				t.Fatalf("%dx%d, stopped at poll %d of %d: the layouts count as made", spec.Rows, spec.Cols, stop, polls)
			}
			if err := db.MakeSparse(context.Background()); err != nil {
				t.Fatal(err)
			}
			sameSparse(t, db, want)
		}
	}
}

// TestMakeSparseWait: a call that finds another making a layout waits
// for it, or returns at once when its own context ends; and when the
// other call is stopped, the waiting one makes the layout itself.
func TestMakeSparseWait(t *testing.T) {
	spec := sparseSpecs[0]
	want := mustBuild(t, spec)
	db := NewDB(spec, true, tablesData(want))
	waited := make(chan error, 1)
	stopped := &pollCount{Context: context.Background(), stop: 2, at: func() {
		// The first layout is being made: a cancelled call returns at
		// once; another waits, then makes it once this call stops.
		cancelled, cancel := context.WithCancel(context.Background())
		cancel()
		if err := db.MakeSparse(cancelled); !errors.Is(err, context.Canceled) {
			t.Errorf("a cancelled call beside a fill: %v, want context.Canceled", err)
		}
		go func() { waited <- db.MakeSparse(context.Background()) }()
		time.Sleep(10 * time.Millisecond)
	}}
	if err := db.MakeSparse(stopped); !errors.Is(err, context.Canceled) {
		t.Fatalf("the stopped call: %v, want context.Canceled", err)
	}
	if err := <-waited; err != nil {
		t.Fatal(err)
	}
	if !db.SparseMade() {
		t.Fatal("the waiting call left the layouts unmade")
	}
	sameSparse(t, db, want)
}

// tablesData returns db's tables' entries, for a DB of the same tables
// with no layouts made.
func tablesData(db *DB) [][]uint8 {
	var out [][]uint8
	for _, tab := range db.Tables() {
		out = append(out, tab.Data())
	}
	return out
}

// neighbourRule returns the placement of rank r of tb, its entry, and the
// least entries of its neighbours, the placements one move of a pattern
// tile away: among all, and among those whose free cells are connected. For a placement p
// whose free cells are connected (the blank may stand on any of them), the
// fewest moves are 1 plus the fewest from the best placement a move
// reaches, so the entry is at least 1 plus the first and at most 1 plus
// the second (whose entries are exact for any blank). It reports false
// for placements the rule does not cover: the goal placement (whose entry
// is 0) and those whose free cells are split.
func neighbourRule(g *grid, tb *Table, r int64) (pos [MaxPattern]uint8, got, lower, upper int, ok bool) {
	k := len(tb.tiles)
	var regs [maxCells]uint64
	occ := tb.rk.unrank(r, pos[:k])
	got = tb.At(r)
	free := g.full &^ occ
	if got == 0 || g.regions(free, &regs) != 1 {
		return pos, got, 0, 0, false
	}
	lower, upper = 1<<30, 1<<30
	for i := range k {
		c := pos[i]
		for _, q := range g.adj[c] {
			if free>>q&1 == 0 {
				continue
			}
			pos[i] = q
			m := tb.Lookup(pos[:k])
			pos[i] = c
			lower = min(lower, m)
			if g.regions(free&^(1<<q)|1<<c, &regs) == 1 {
				upper = min(upper, m)
			}
		}
	}
	return pos, got, lower, upper, true
}

// checkSampledEntries checks samples random entries of every table of db
// by neighbourRule, and that only goal placements hold 0. It returns the
// number of entries the rule covered.
func checkSampledEntries(t testing.TB, db *DB, samples int, rng *rand.Rand) int {
	t.Helper()
	g := newGrid(db.spec.Rows, db.spec.Cols)
	checked := 0
	for j, tb := range db.tables {
		for range samples {
			r := rng.Int64N(tb.Len())
			pos, got, lower, upper, ok := neighbourRule(&g, tb, r)
			home := true
			for i, v := range tb.tiles {
				home = home && pos[i] == v
			}
			switch {
			case home != (got == 0):
				t.Errorf("table %d, placement %v: entry %d", j, pos[:len(tb.tiles)], got)
			case ok && (got < 1+lower || got > 1+upper):
				t.Errorf("table %d, placement %v (rank %d): entry %d, its neighbours' least %d (connected ones' %d)",
					j, pos[:len(tb.tiles)], r, got, lower, upper)
			}
			if ok {
				checked++
			}
		}
	}
	return checked
}

// TestSampledEntries checks the neighbour rule on small databases, and
// that it catches an entry lowered by 2.
func TestSampledEntries(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for _, spec := range []Spec{
		{Rows: 3, Cols: 3, Blank: 0, Patterns: [][]uint8{{1, 2, 3, 4}, {5, 6, 7, 8}}},
		{Rows: 3, Cols: 4, Blank: 11, Patterns: [][]uint8{{0, 1, 4, 5, 8}, {2, 3, 6, 7, 9, 10}}},
		Korf555(),
	} {
		db := mustBuild(t, spec)
		if n := checkSampledEntries(t, db, 2000, rng); n < 500 {
			t.Errorf("%v: only %d entries checked", spec, n)
		}
		g := newGrid(spec.Rows, spec.Cols)
		tb := db.tables[0]
		for r := int64(0); r < tb.Len(); r++ {
			_, got, lower, _, ok := neighbourRule(&g, tb, r)
			if !ok || got < 2 || tb.compact && tb.excess(r) == 0 {
				continue
			}
			i, lowered := r, tb.data[r]-2
			if tb.compact { // one step less of excess
				i, lowered = r>>1, tb.data[r>>1]-1<<(4*(r&1))
			}
			old := tb.data[i]
			tb.data[i] = lowered
			if _, bad, _, _, _ := neighbourRule(&g, tb, r); bad != got-2 || bad >= 1+lower {
				t.Errorf("%v: rank %d lowered from %d to %d passes (neighbours' least %d)", spec, r, got, bad, lower)
			}
			tb.data[i] = old
			break
		}
	}
}
