package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/slidekit/slide/internal/learn"
	"github.com/slidekit/slide/internal/pdb"
)

// TestFeatures checks the models of -features: with their weights 0 a
// model is the one without them, each feature's weight lands on the
// cells its description names and no other, and -weights and -start
// take exactly the weights the features add.
func TestFeatures(t *testing.T) {
	spec := pdb.Seven48()
	base := settings{size: 7, db: "48"}
	plain := modelOf(base, spec, []int32{12, 16, 32, 0, -16, -28, -24, -24, -16, -8, -20, -8})
	withF := base
	withF.features = "ring,edge,aligned,blank"
	zero := append([]int32{12, 16, 32, 0, -16, -28, -24, -24, -16, -8, -20, -8}, make([]int32, 11)...)
	if got := modelOf(withF, spec, zero); !slices.Equal(got.Cell, plain.Cell) || got.DB != plain.DB || got.Cycles != plain.Cycles {
		t.Fatal("features of weight 0 change the model")
	}
	const n = 49
	for _, f := range cellFeatures {
		one := base
		one.features = f.name
		for k := range f.coords {
			w := append([]int32{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, make([]int32, len(f.coords))...)
			w[12+k] = 1
			m := modelOf(one, spec, w)
			cells := 0
			for v := range n {
				for c := range n {
					want := int32(0)
					if f.at(7, 7, spec.Blank, v, c) == k {
						want = 1
					}
					if m.Cell[v*n+c] != want {
						t.Fatalf("%s weight %s: value %d on cell %d weighs %d, want %d", f.name, f.coords[k], v, c, m.Cell[v*n+c], want)
					}
					cells += int(want)
				}
			}
			if cells == 0 {
				t.Errorf("%s weight %s weighs no value on any cell", f.name, f.coords[k])
			}
		}
	}
	// Spot checks of the descriptions, the blank's goal cell 0: tile 8
	// (row 1, column 1) is in ring 1, tile 6 (a corner) on ring 0, tile
	// 3 an edge's; the blank 3 moves from home weighs b3.
	for _, c := range []struct {
		feature string
		v, c    int
		want    int
	}{{"ring", 8, 0, 1}, {"ring", 6, 0, 0}, {"ring", 48, 0, 3}, {"ring", 8, 8, -1}, {"edge", 6, 0, 0}, {"edge", 3, 0, 1}, {"edge", 8, 0, -1},
		{"aligned", 8, 2, -1}, {"aligned", 8, 15, 0}, {"blank", 0, 3, 2}, {"blank", 0, 48, 3}, {"blank", 0, 0, -1}, {"blank", 5, 3, -1}} {
		fs, err := featuresOf(c.feature)
		if err != nil {
			t.Fatal(err)
		}
		if got := fs[0].at(7, 7, spec.Blank, c.v, c.c); got != c.want {
			t.Errorf("%s: value %d on cell %d: weight %d, want %d", c.feature, c.v, c.c, got, c.want)
		}
	}
	for _, c := range []struct {
		list, features string
		ok             bool
	}{{"1,2,3,4,5", "", true}, {"1,2,3,4", "", false}, {"1,2,3,4,5,6,7,8,9,10,11,12,1,2", "edge", true},
		{"1,2,3,4,5,6,7,8,9,10,11,12,1", "edge", false}, {"1,2,3,4,5,1,2", "edge", false}, {"1,2,3,4,5", "guess", false}} {
		if _, err := weightsOf("-start", c.list, c.features); (err == nil) != c.ok {
			t.Errorf("-start %s -features %q: %v, want ok %v", c.list, c.features, err, c.ok)
		}
	}
}

// TestShippedSource checks that every shipped model's file is what
// train writes for that model, under the name it ships as: a file edited
// by hand, or whose model's settings were changed, fails.
func TestShippedSource(t *testing.T) {
	for _, c := range []struct {
		settings settings
		spec     pdb.Spec
		file     string
	}{
		{settings{size: 6, db: "35"}, pdb.Six35(), "models_6x6.go"},
		{settings{size: 7, db: "48"}, pdb.Seven48(), "models_7x7.go"},
		{settings{size: 7, db: "48x5"}, pdb.Seven48x5(), "models_7x7_48x5.go"},
	} {
		m := learn.For(c.settings.size, c.settings.size, c.spec.String())
		if m == nil {
			t.Fatalf("no model ships for %s", c.file)
		}
		src, err := os.ReadFile(filepath.Join("..", "..", "internal", "learn", c.file))
		if err != nil {
			t.Fatal(err)
		}
		if got := string(source(m, modelName(c.settings))); got != string(src) {
			t.Errorf("%s differs from what train writes for its model:\n%s", c.file, firstDiff(got, string(src)))
		}
		if !strings.Contains(string(src), "tools/train "+m.Trained+";") {
			t.Errorf("%s: the header does not name the model's training", c.file)
		}
	}
}

// firstDiff returns the first line where a and b differ, from each.
func firstDiff(a, b string) string {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	for i := range min(len(la), len(lb)) {
		if la[i] != lb[i] {
			return "written: " + la[i] + "\nshipped: " + lb[i]
		}
	}
	return "one is longer"
}
