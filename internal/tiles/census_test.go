package tiles

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/testsets"
)

// census runs Space.Census from the goal of labels, by single-tile or
// line moves.
func census(t *testing.T, rows, cols int, labels []int, perm, line bool, lim engine.Bounds) ([]int64, [][]int, error) {
	t.Helper()
	g := NewGoal(rows, cols, labels, perm)
	sp := NewSpace(g, Heuristic{Kind: Zero}, line)
	return sp.Census(context.Background(), encodeBoard(t, g, labels), lim)
}

// TestCensusMatchesData compares the census of every board of
// testdata/small_boards_bfs.txt of at most 2 million boards (200,000
// in the quick form, see testsets.Long), by both
// metrics and in both orientations, with the recorded distributions, and
// its farthest boards with small_boards_antipodes.txt.
func TestCensusMatchesData(t *testing.T) {
	type shape struct {
		rows, cols int
		metric     string
	}
	antipodes := map[shape][][]int{}
	for _, a := range testsets.Antipodes(t) {
		k := shape{a.Rows, a.Cols, a.Metric}
		antipodes[k] = append(antipodes[k], a.Labels)
	}
	most := int64(2_000_000)
	if !testsets.Long() {
		most = 200_000
	}
	n := 0
	for _, d := range testsets.Distributions(t) {
		if d.Reachable > most {
			continue
		}
		for _, turn := range [][2]int{{d.Rows, d.Cols}, {d.Cols, d.Rows}} {
			rows, cols := turn[0], turn[1]
			counts, farthest, err := census(t, rows, cols, testsets.BlankFirst(rows*cols), true, d.Metric == "MTM", engine.Bounds{})
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(counts, d.Counts) || len(farthest) != d.Antipodes {
				t.Errorf("%dx%d %s: counts %v (%d farthest), want %v (%d)", rows, cols, d.Metric, counts, len(farthest), d.Counts, d.Antipodes)
			}
			listed := antipodes[shape{rows, cols, d.Metric}]
			if rows == d.Rows && !sameBoards(listed, farthest) {
				t.Errorf("%dx%d %s: farthest %v, want %v", rows, cols, d.Metric, farthest, listed)
			}
			n++
		}
	}
	if n < 8 {
		t.Errorf("%d censuses, want 8 at least", n)
	}
}

// sameBoards reports whether a and b hold the same boards, in any order.
func sameBoards(a, b [][]int) bool {
	key := func(x [][]int) []string {
		var k []string
		for _, board := range x {
			k = append(k, boardKey(board))
		}
		slices.Sort(k)
		return k
	}
	return slices.Equal(key(a), key(b))
}

// TestCensusMatchesBFS compares the census of goals with repeated labels
// and other goals than the instance files' (a hash set of boards instead
// of a bit per rank; 16 cells, where no cell number marks the move back)
// with a breadth-first search over plain labels: the same number of
// boards at each distance, the same farthest boards.
func TestCensusMatchesBFS(t *testing.T) {
	for _, c := range []goalCase{
		{"2x3 repeated", 2, 3, []int{1, 1, 2, 2, 3, 0}, false},
		{"3x3 repeated", 3, 3, []int{1, 1, 1, 2, 0, 2, 3, 3, 2}, false},
		{"4x4 two labels", 4, 4, []int{1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 0}, false},
		{"2x4 random", 2, 4, []int{3, 6, 0, 1, 7, 2, 5, 4}, true},
		{"1x5", 1, 5, []int{3, 1, 0, 4, 2}, true},
	} {
		for _, line := range []bool{false, true} {
			if line && len(c.labels) > 9 {
				continue
			}
			var want []int64
			var far [][]int
			for key, d := range labelDistances(c.rows, c.cols, c.labels, line) {
				for len(want) <= d {
					want = append(want, 0)
					far = nil
				}
				want[d]++
				if d == len(want)-1 {
					far = append(far, keyBoard(key))
				}
			}
			counts, farthest, err := census(t, c.rows, c.cols, c.labels, c.perm, line, engine.Bounds{})
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(counts, want) || !sameBoards(farthest, far) {
				t.Errorf("%s, line %v: counts %v (%d farthest), want %v (%d)", c.name, line, counts, len(farthest), want, len(far))
			}
		}
	}
}

// TestCensusLimits checks that a census stops at its node and memory
// limits with a LimitError, and at its context, and returns the counts
// of the layers it finished.
func TestCensusLimits(t *testing.T) {
	distinct := testsets.BlankFirst(9)
	repeated := []int{1, 1, 1, 2, 0, 2, 3, 3, 2}
	for _, c := range []struct {
		name   string
		labels []int
		perm   bool
		lim    engine.Bounds
		limit  string
	}{
		{"nodes", distinct, true, engine.Bounds{Nodes: 1000}, "nodes"},
		{"memory for the bits", distinct, true, engine.Bounds{Memory: 10000}, "memory"},
		{"memory for the layers", distinct, true, engine.Bounds{Memory: 60000}, "memory"},
		{"memory for the set", repeated, false, engine.Bounds{Memory: 20000}, "memory"},
	} {
		counts, farthest, err := census(t, 3, 3, c.labels, c.perm, false, c.lim)
		var le *engine.LimitError
		if !errors.As(err, &le) || le.Limit != c.limit || farthest != nil {
			t.Errorf("%s: %v, %d farthest", c.name, err, len(farthest))
			continue
		}
		var sum int64
		for _, n := range counts {
			sum += n
		}
		if c.limit == "nodes" && (sum > 1000 || len(counts) < 5) {
			t.Errorf("%s: stopped with counts %v", c.name, counts)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	g := NewGoal(3, 3, distinct, true)
	_, _, err := NewSpace(g, Heuristic{Kind: Zero}, false).Census(ctx, encodeBoard(t, g, distinct), engine.Bounds{})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}
