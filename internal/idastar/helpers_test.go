package idastar

import (
	"context"
	"testing"

	"github.com/slidekit/slide/internal/pdb"
	"github.com/slidekit/slide/internal/testsets"
	"github.com/slidekit/slide/internal/tiles"
)

// An instance is a line of a testdata file: id, optimal length, the tiles
// row-major (0 the blank) for the goal 0 1 2 ... with the blank on cell 0,
// as labels and as cells in the goal-relative form, where they are the
// same numbers.
type instance struct {
	id, length int
	labels     []int
	cells      []uint8
}

// readInstances reads the instances of the testdata file name, with n
// cells each.
func readInstances(t testing.TB, name string, n int) []instance {
	t.Helper()
	var out []instance
	for _, in := range testsets.Instances(t, name, n) {
		cells := make([]uint8, n)
		for i, l := range in.Labels {
			cells[i] = uint8(l)
		}
		out = append(out, instance{in.ID, in.Optimal, in.Labels, cells})
	}
	return out
}

// readNodeCounts maps each id of the testdata file name to the number in
// its third column (the first node count after id and length).
func readNodeCounts(t testing.TB, name string) map[int]int64 {
	t.Helper()
	out := map[int]int64{}
	for _, r := range testsets.Rows(t, name) {
		if len(r.Nums) < 3 {
			t.Fatalf("%s: a line of %d numbers", name, len(r.Nums))
		}
		out[int(r.Nums[0])] = r.Nums[2]
	}
	return out
}

// checkPath replays a solution (the blank's cells) from cells and fails
// unless every move is legal and it ends on the goal.
func checkPath(t testing.TB, rows, cols, blankVal int, cells []uint8, path []uint8) {
	t.Helper()
	b := append([]uint8(nil), cells...)
	blank := -1
	for c, v := range b {
		if int(v) == blankVal {
			blank = c
		}
	}
	for i, to := range path {
		d := abs(int(to)/cols-blank/cols) + abs(int(to)%cols-blank%cols)
		if int(to) >= rows*cols || d != 1 {
			t.Fatalf("move %d: blank %d to %d is not a move", i, blank, to)
		}
		b[blank], b[to] = b[to], b[blank]
		blank = int(to)
	}
	for c, v := range b {
		if int(v) != c {
			t.Fatalf("path of %d moves ends on %v, not the goal", len(path), b)
		}
	}
}

// mustBuild builds the tables of spec, failing t on an error.
func mustBuild(t testing.TB, spec pdb.Spec) *pdb.DB {
	t.Helper()
	db, err := pdb.Build(context.Background(), spec, pdb.BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return db
}

// encodeBoard returns the codes of the board labels against g, failing t
// on an error.
func encodeBoard(t testing.TB, g *tiles.Goal, labels []int) []int32 {
	t.Helper()
	code, err := g.Encode(labels)
	if err != nil {
		t.Fatal(err)
	}
	return code
}
