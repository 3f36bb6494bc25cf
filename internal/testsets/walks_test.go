package testsets_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/testsets"
)

// TestRandomWalk checks that RandomWalk makes the root package's walks,
// move for move, from the same generator: on boards of two dimensions
// and on single lines, where a walk reaches dead ends and goes on by
// undoing its last move.
func TestRandomWalk(t *testing.T) {
	for _, shape := range [][2]int{{3, 3}, {2, 5}, {4, 4}, {1, 2}, {1, 6}, {7, 1}} {
		goal := slide.Goal(shape[0], shape[1])
		for seed := range uint64(5) {
			for _, n := range []int{0, 1, 2, 17, 200} {
				want, err := slide.RandomWalk(goal, n, rand.New(rand.NewPCG(seed, 3)))
				if err != nil {
					t.Fatal(err)
				}
				got := testsets.RandomWalk(rand.New(rand.NewPCG(seed, 3)), shape[0], shape[1], goal.Tiles(), 0, n)
				if !slices.Equal(got, want.Tiles()) {
					t.Fatalf("%d x %d, seed %d, %d moves: %v, the root package walks to %v", shape[0], shape[1], seed, n, got, want.Tiles())
				}
			}
		}
	}
	// Codes: the blank is another value.
	code := []int32{0, 1, 2, -1}
	b := testsets.RandomWalk(rand.New(rand.NewPCG(1, 1)), 2, 2, code, -1, 3)
	if slices.Index(b, -1) < 0 || slices.Equal(b, code) {
		t.Errorf("a walk of codes: %v", b)
	}
}

// TestArrangements checks that Arrangements yields every distinct
// ordering once, in lexicographic order, with distinct and with repeated
// labels, and stops when the loop does.
func TestArrangements(t *testing.T) {
	for _, c := range []struct {
		labels []int
		want   int
	}{
		{[]int{4, 0, 3, 1, 2}, 120},
		{[]int{1, 0, 2, 1, 2}, 30}, // 5! / (2! 2!)
		{[]int{7}, 1},
		{[]int{2, 2, 2}, 1},
	} {
		var seen [][]int
		for a := range testsets.Arrangements(c.labels) {
			if n := len(seen); n > 0 && slices.Compare(seen[n-1], a) >= 0 {
				t.Fatalf("%v: %v after %v", c.labels, a, seen[n-1])
			}
			seen = append(seen, slices.Clone(a))
		}
		if len(seen) != c.want {
			t.Errorf("%v: %d orderings, want %d", c.labels, len(seen), c.want)
		}
		if sorted := slices.Sorted(slices.Values(c.labels)); !slices.Equal(seen[0], sorted) {
			t.Errorf("%v: first %v, want %v", c.labels, seen[0], sorted)
		}
	}
	n := 0
	for range testsets.Arrangements([]int{0, 1, 2, 3}) {
		if n++; n == 3 {
			break
		}
	}
	if n != 3 {
		t.Errorf("a loop that breaks after 3 ran %d times", n)
	}
}

// TestCells checks that Cells reads back the boards of Distances' keys:
// a permutation of the cells, the goal's key the goal.
func TestCells(t *testing.T) {
	dist := testsets.Distances(2, 3, 0)
	if len(dist) != 360 {
		t.Fatalf("2 x 3: %d positions, want 360", len(dist))
	}
	cells := make([]uint8, 6)
	for key, d := range dist {
		testsets.Cells(key, cells)
		var back uint64
		for c, v := range cells {
			back |= uint64(v) << (4 * c)
		}
		if back != key || !slices.Equal(slices.Sorted(slices.Values(cells)), []uint8{0, 1, 2, 3, 4, 5}) {
			t.Fatalf("key %x reads as %v", key, cells)
		}
		if (d == 0) != slices.Equal(cells, []uint8{0, 1, 2, 3, 4, 5}) {
			t.Fatalf("%v at distance %d", cells, d)
		}
	}
}

// TestForBlankLast checks that the goal of the instance files turns into
// the usual goal, and a board one move from it into one a move from it.
func TestForBlankLast(t *testing.T) {
	if got := testsets.ForBlankLast(testsets.BlankFirst(9)); !slices.Equal(got, testsets.BlankLast(9)) {
		t.Errorf("ForBlankLast(BlankFirst(9)) = %v", got)
	}
	if got, want := testsets.ForBlankLast([]int{1, 0, 2, 3}), []int{1, 2, 0, 3}; !slices.Equal(got, want) {
		t.Errorf("ForBlankLast(1 0 2 3) = %v, want %v", got, want)
	}
}
