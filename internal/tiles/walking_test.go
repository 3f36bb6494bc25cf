package tiles

import (
	"context"
	"errors"
	"reflect"
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

// TestWalkingTablesCancel: the tables' build polls its context at least
// every wdPoll states of an axis and, stopped, returns the context's
// error; SharedWalkingTables keeps no tables that a cancellation stopped,
// and a later call makes them whole.
func TestWalkingTablesCancel(t *testing.T) {
	want, err := NewWalkingTables(4, 4, 5)
	if err != nil {
		t.Fatal(err)
	}
	whole := &stopAfter{Context: context.Background(), n: 1 << 30}
	if _, err := newWalkingTables(whole, 4, 4, 5); err != nil {
		t.Fatal(err)
	}
	if states := len(want.v.keys) + len(want.h.keys); whole.calls.Load() < int64(states/wdPoll) {
		t.Errorf("%d polls over %d states, want at least %d", whole.calls.Load(), states, states/wdPoll)
	}
	for _, n := range []int64{1, 2, whole.calls.Load() - 1} {
		if w, err := newWalkingTables(&stopAfter{Context: context.Background(), n: n}, 4, 4, 5); !errors.Is(err, context.Canceled) || w != nil {
			t.Errorf("stopped at poll %d of %d: %v, want context.Canceled", n, whole.calls.Load(), err)
		}
	}
	if _, err := SharedWalkingTables(&stopAfter{Context: context.Background(), n: 2}, 4, 4, 5); !errors.Is(err, context.Canceled) {
		t.Errorf("SharedWalkingTables stopped: %v, want context.Canceled", err)
	}
	got, err := SharedWalkingTables(context.Background(), 4, 4, 5)
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("SharedWalkingTables after a stopped call: %v, or tables that differ", err)
	}
}
