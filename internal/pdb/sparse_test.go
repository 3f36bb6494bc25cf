package pdb

import "testing"

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
