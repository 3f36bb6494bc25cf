package pdb

import (
	"bytes"
	"context"
	"errors"
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
