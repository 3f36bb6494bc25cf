package pdb

import (
	"context"
	"fmt"
	"testing"

	"github.com/slidekit/slide/internal/testsets"
)

func TestRankRoundTrip(t *testing.T) {
	for _, c := range []struct{ n, k int }{{4, 1}, {4, 3}, {5, 2}, {6, 4}, {7, 6}, {9, 3}} {
		rk, err := newRanker(c.n, c.k)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		pos := make([]uint8, c.k)
		for r := range rk.size {
			rk.unrank(r, pos)
			key := fmt.Sprint(pos)
			if seen[key] {
				t.Fatalf("n=%d k=%d: rank %d repeats placement %v", c.n, c.k, r, pos)
			}
			seen[key] = true
			if got := rk.rank(pos); got != r {
				t.Fatalf("n=%d k=%d: rank(unrank(%d) = %v) = %d", c.n, c.k, r, pos, got)
			}
		}
		want := int64(1)
		for i := range c.k {
			want *= int64(c.n - i)
		}
		if rk.size != want || int64(len(seen)) != want {
			t.Fatalf("n=%d k=%d: %d entries, %d placements, want %d", c.n, c.k, rk.size, len(seen), want)
		}
	}
}

// TestTablesMatchOracle compares every entry of tables built on small boards
// with the 0-1 breadth-first search over (placement, blank cell).
func TestTablesMatchOracle(t *testing.T) {
	specs := []Spec{
		{Rows: 3, Cols: 3, Blank: 0, Patterns: [][]uint8{{1, 2, 3, 4}, {5, 6, 7, 8}}},
		{Rows: 3, Cols: 3, Blank: 4, Patterns: [][]uint8{{0, 1, 2}, {3, 5, 6, 7, 8}}},
		{Rows: 2, Cols: 4, Blank: 7, Patterns: [][]uint8{{0, 1, 2, 3}, {4, 5, 6}}},
		{Rows: 3, Cols: 4, Blank: 0, Patterns: [][]uint8{{1, 5, 6, 9}, {2, 3, 7}}},
		{Rows: 3, Cols: 3, Blank: 0, Patterns: [][]uint8{{4, 2, 6, 8, 1, 3}}}, // walls split the empty cells
		// Groups of 5 shaped as Seven48x5's: a 2 x 3 block less the blank,
		// beside one of 3, and a bent block.
		{Rows: 3, Cols: 3, Blank: 0, Patterns: [][]uint8{{1, 2, 3, 4, 5}, {6, 7, 8}}},
		{Rows: 2, Cols: 5, Blank: 0, Patterns: [][]uint8{{2, 3, 4, 7, 8}, {1, 5, 6, 9}}},
	}
	for _, spec := range specs {
		checkOracle(t, spec, mustBuild(t, spec))
	}
}

// TestFullPatternIsExact: a pattern of all the tiles of the 8-puzzle is the
// true distance of every position.
func TestFullPatternIsExact(t *testing.T) {
	spec := Spec{Rows: 3, Cols: 3, Blank: 0, Patterns: [][]uint8{{1, 2, 3, 4, 5, 6, 7, 8}}}
	db := mustBuild(t, spec)
	truth := testsets.Distances(3, 3, 0)
	if len(truth) != 181440 {
		t.Fatalf("oracle reached %d positions", len(truth))
	}
	cells := make([]uint8, 9)
	for b, d := range truth {
		testsets.Cells(b, cells)
		for _, reflect := range []bool{false, true} {
			h, err := db.Estimate(cells, reflect)
			if err != nil {
				t.Fatal(err)
			}
			if h != d {
				t.Fatalf("%v (reflect %v): table %d, distance %d", cells, reflect, h, d)
			}
		}
	}
}

// TestAdmissibleAndAdditive: on every position of the 8-puzzle and the
// 2 x 4 puzzle, the sum over a partition (and its reflection) never exceeds
// the true distance, and never falls below Manhattan distance (each
// pattern's entry counts at least its tiles' Manhattan distances).
func TestAdmissibleAndAdditive(t *testing.T) {
	for _, spec := range []Spec{
		{Rows: 3, Cols: 3, Blank: 0, Patterns: [][]uint8{{1, 2, 3, 4}, {5, 6, 7, 8}}},
		{Rows: 3, Cols: 3, Blank: 4, Patterns: [][]uint8{{0, 1, 2, 3}, {5, 6, 7, 8}}},
		{Rows: 3, Cols: 3, Blank: 0, Patterns: [][]uint8{{1, 3}, {2, 5, 4}, {6, 7, 8}}},
		{Rows: 2, Cols: 4, Blank: 0, Patterns: [][]uint8{{1, 2, 3}, {4, 5, 6, 7}}},
	} {
		db := mustBuild(t, spec)
		truth := testsets.Distances(spec.Rows, spec.Cols, spec.Blank)
		n := spec.Rows * spec.Cols
		cells := make([]uint8, n)
		exact := 0
		for b, d := range truth {
			testsets.Cells(b, cells)
			for _, reflect := range []bool{false, true} {
				h, err := db.Estimate(cells, reflect)
				if err != nil {
					t.Fatal(err)
				}
				if h > d {
					t.Fatalf("%v: %v (reflect %v): estimate %d > distance %d", spec, cells, reflect, h, d)
				}
				if h == d {
					exact++
				}
				if md := manhattan(cells, spec.Rows, spec.Cols, spec.Blank); h < md {
					t.Fatalf("%v: %v (reflect %v): estimate %d < Manhattan %d", spec, cells, reflect, h, md)
				}
			}
		}
		if exact == 2*len(truth) {
			t.Errorf("%v: every estimate exact; the oracle cannot tell", spec)
		}
		t.Logf("%v: %d positions, %d of %d estimates exact", spec, len(truth), exact, 2*len(truth))
	}
}

// manhattan is the sum of the tiles' distances to their goal cells.
func manhattan(cells []uint8, rows, cols, blank int) int {
	h := 0
	for c, v := range cells {
		if int(v) != blank {
			h += abs(c/cols-int(v)/cols) + abs(c%cols-int(v)%cols)
		}
	}
	return h
}

// TestMoveRanker checks the incremental rank of every move of every
// placement against the direct rank.
func TestMoveRanker(t *testing.T) {
	g := newGrid(3, 4)
	for _, k := range []int{1, 3, 5} {
		rk, _ := newRanker(g.n, k)
		pos := make([]uint8, k)
		mr := newMoveRanker(&rk)
		for r := range rk.size {
			occ := rk.unrank(r, pos)
			if r%3 == 0 || r%7 == 0 { // visit ranks out of order now and then
				mr.seek(rk.size - 1 - r)
			}
			mr.seek(r)
			if mr.occ() != occ || string(mr.pos[:k]) != string(pos) {
				t.Fatalf("k=%d: seek(%d) gives %v, want %v", k, r, mr.pos[:k], pos)
			}
			for i, p := range pos {
				for _, q := range g.adj[p] {
					if occ>>q&1 != 0 {
						continue
					}
					got := mr.moved(i, p, q)
					pos[i] = q
					want := rk.rank(pos)
					pos[i] = p
					if got != want {
						t.Fatalf("k=%d %v: tile %d from %d to %d: rank %d, want %d", k, pos, i, p, q, got, want)
					}
				}
			}
		}
	}
}

// TestCompactMatchesBytes: compact tables give the byte tables' values on
// every entry, and the shipped 5-5-5 partition compacts.
func TestCompactMatchesBytes(t *testing.T) {
	for _, spec := range []Spec{
		{Rows: 3, Cols: 3, Blank: 0, Patterns: [][]uint8{{1, 2, 3, 4}, {5, 6, 7, 8}}},
		{Rows: 3, Cols: 4, Blank: 5, Patterns: [][]uint8{{0, 1, 2, 3, 4}, {6, 7, 8, 9, 10, 11}}},
		Korf555(),
	} {
		compact := mustBuild(t, spec)
		bytes, err := Build(context.Background(), spec, BuildOptions{Bytes: true})
		if err != nil {
			t.Fatal(err)
		}
		if !compact.Compact() || bytes.Compact() {
			t.Fatalf("%v: compact %v, bytes %v", spec, compact.Compact(), bytes.Compact())
		}
		if 2*compact.Bytes() > bytes.Bytes()+int64(len(spec.Patterns)) {
			t.Errorf("%v: compact tables take %d bytes, byte tables %d", spec, compact.Bytes(), bytes.Bytes())
		}
		for i, tc := range compact.Tables() {
			tb := bytes.Tables()[i]
			for r := range tb.Len() {
				if v := tb.At(r); v != unvisited && tc.At(r) != v {
					t.Fatalf("%v pattern %d rank %d: compact %d, bytes %d", spec, i, r, tc.At(r), v)
				}
			}
		}
	}
}
