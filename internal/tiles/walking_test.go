package tiles

import (
	"testing"

	"github.com/slidekit/slide/internal/testsets"
)

// TestWalkingDistance: admissible on every position of small boards, never
// below Manhattan distance, and the 15-puzzle's axis has the known 24,964
// states.
func TestWalkingDistance(t *testing.T) {
	for _, c := range []struct{ rows, cols, blank int }{{3, 3, 0}, {3, 3, 4}, {2, 4, 0}, {2, 4, 5}} {
		wd, err := NewWalkingTables(c.rows, c.cols, c.blank)
		if err != nil {
			t.Fatal(err)
		}
		n := c.rows * c.cols
		cells := make([]uint8, n)
		tight := 0
		truth := testsets.Distances(c.rows, c.cols, c.blank)
		for b, d := range truth {
			testsets.Cells(b, cells)
			h, err := wd.Estimate(cells)
			if err != nil {
				t.Fatal(err)
			}
			if h > d {
				t.Fatalf("%+v %v: walking distance %d > distance %d", c, cells, h, d)
			}
			md := 0
			for cell, v := range cells {
				if int(v) != c.blank {
					md += Dist(int(v), cell, c.cols)
				}
			}
			if h < md {
				t.Fatalf("%+v %v: walking distance %d < Manhattan %d", c, cells, h, md)
			}
			if h == d {
				tight++
			}
		}
		t.Logf("%+v: %d positions, %d exact", c, len(truth), tight)
	}
	wd, err := NewWalkingTables(4, 4, 0)
	if err != nil {
		t.Fatal(err)
	}
	if v, h := wd.States(); v != 24964 || h != 24964 {
		t.Errorf("4x4 walking distance has %d and %d states, want 24964", v, h)
	}
	if _, err := NewWalkingTables(6, 6, 0); err == nil {
		t.Error("6 x 6 walking distance accepted")
	}
}
