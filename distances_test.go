package slide

import (
	"context"
	"slices"
	"testing"

	"github.com/slidekit/slide/internal/testsets"
)

// TestDistancesMatchData compares the census of every board in
// testdata/small_boards_bfs.txt of at most 2 million states, in both
// metrics and both orientations, with the recorded distributions, and the
// boards at the greatest distance with small_boards_antipodes.txt.
func TestDistancesMatchData(t *testing.T) {
	antipodes := map[[3]int64][]Board{} // rows, cols, metric (0 tile, 1 line)
	for _, r := range testsets.Rows(t, "small_boards_antipodes.txt") {
		rows, cols := int(r.Nums[0]), int(r.Nums[1])
		tiles := make([]int, len(r.Nums)-3)
		for i, v := range r.Nums[3:] {
			tiles[i] = int(v)
		}
		key := [3]int64{int64(rows), int64(cols), metricIndex(r.Words[0])}
		antipodes[key] = append(antipodes[key], mustNew(t, rows, cols, tiles))
	}
	for _, r := range testsets.Rows(t, "small_boards_bfs.txt") {
		rows, cols, reach, diameter, nAnti := int(r.Nums[0]), int(r.Nums[1]), r.Nums[2], int(r.Nums[3]), int(r.Nums[4])
		want := r.Nums[5:]
		if reach > 2_000_000 {
			continue
		}
		metric := Metric(metricIndex(r.Words[0]))
		for _, shape := range [][2]int{{rows, cols}, {cols, rows}} {
			d, err := Solver{Metric: metric}.Distances(context.Background(), blankFirstGoal(shape[0], shape[1]))
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(d.Counts, want) || len(d.Counts) != diameter+1 || sum(d.Counts) != reach || len(d.Farthest) != nAnti {
				t.Errorf("%dx%d %v: counts %v, want %v", shape[0], shape[1], metric, d.Counts, want)
			}
			if shape[0] != rows {
				continue
			}
			listed := antipodes[[3]int64{int64(rows), int64(cols), int64(metric)}]
			if len(listed) == nAnti && !sameBoards(listed, d.Farthest) {
				t.Errorf("%dx%d %v: farthest %v, want %v", rows, cols, metric, d.Farthest, listed)
			}
		}
	}
}

// metricIndex returns the Metric, as an int64, of a data file's metric
// word: "MTM" (line moves) or "STM" (single-tile moves).
func metricIndex(w string) int64 {
	if w == "MTM" {
		return int64(LineMoves)
	}
	return int64(TileMoves)
}

// sameBoards reports whether a and b hold the same boards, as many times
// each, in any order.
func sameBoards(a, b []Board) bool {
	set := map[Board]int{}
	for _, x := range a {
		set[x]++
	}
	for _, x := range b {
		set[x]--
	}
	for _, n := range set {
		if n != 0 {
			return false
		}
	}
	return len(a) == len(b)
}

// mustNew returns New(rows, cols, tiles), failing t on an error.
func mustNew(t testing.TB, rows, cols int, tiles []int) Board {
	t.Helper()
	b, err := New(rows, cols, tiles)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestDistancesLabeledAndLimits(t *testing.T) {
	// Repeated labels: 2x3 with two pairs; every arrangement is reachable.
	goal := MustParseBoard("2 3\n1 1 2\n2 3 0\n")
	d, err := Solver{}.Distances(context.Background(), goal)
	if err != nil {
		t.Fatal(err)
	}
	if want := int64(720 / 4); sum(d.Counts) != want { // 6!/(2!2!)
		t.Errorf("labeled 2x3: %d boards, want %d", sum(d.Counts), want)
	}
	if _, err := (Solver{Limits: Limits{MaxNodes: 1000}}).Distances(context.Background(), Goal(3, 3)); err == nil {
		t.Error("node limit not enforced")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := (Solver{}).Distances(ctx, Goal(3, 3)); err != context.Canceled {
		t.Errorf("cancelled census: %v", err)
	}
	// More than 16 cells: the generic path, stopped by its limit.
	if _, err := (Solver{Limits: Limits{MaxNodes: 5000}}).Distances(context.Background(), Goal(3, 6)); err == nil {
		t.Error("3x6 census not limited")
	}
	small, err := Solver{Metric: LineMoves}.Distances(context.Background(), Goal(1, 17))
	if err != nil || sum(small.Counts) != 17 || len(small.Counts) != 2 {
		t.Errorf("1x17 line census: %v, %v", small.Counts, err)
	}
}
