package tiles

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/testsets"
)

// bfsDistance returns the number of single-tile moves from the board of
// codes code to g's goal, by breadth-first search over packed keys from
// both ends (whole layers at a time, so the first layer that meets the
// other side gives the distance), or -1 if the goal cannot be reached.
func bfsDistance(g *Goal, code []int32) int {
	sp := NewSpace(g, Heuristic{Kind: Zero}, false)
	start, goal := sp.PackedStart(code), sp.PackedGoal()
	if start.key == goal.key {
		return 0
	}
	dist := [2]map[uint64]int{{start.key: 0}, {goal.key: 0}}
	layer := [2][]Packed{{start}, {goal}}
	depth := [2]int{}
	for len(layer[0]) > 0 && len(layer[1]) > 0 {
		side := 0
		if len(layer[1]) < len(layer[0]) {
			side = 1
		}
		best := -1
		var next []Packed
		for _, s := range layer[side] {
			for _, arc := range s.Successors(nil) {
				k := arc.key
				if d, ok := dist[1-side][k]; ok && (best < 0 || depth[side]+1+d < best) {
					best = depth[side] + 1 + d
				}
				if _, ok := dist[side][k]; !ok {
					dist[side][k] = depth[side] + 1
					next = append(next, arc)
				}
			}
		}
		if best >= 0 {
			return best
		}
		layer[side] = next
		depth[side]++
	}
	return -1
}

// TestAStar16Optimal checks the specialized A* against breadth-first
// distances on random walks from random goals: every solution is a legal
// path of the shortest length. It also checks that a cost bound below the
// distance finds nothing and that the node limit stops it.
func TestAStar16Optimal(t *testing.T) {
	ctx := context.Background()
	for _, w := range testsets.Walks(rand.New(rand.NewPCG(41, 42)), [][2]int{{3, 3}, {2, 4}, {3, 4}, {2, 6}}, 5, 30) {
		rows, cols, goal, start := w.Rows, w.Cols, w.Goal, w.Start
		g := NewGoal(rows, cols, goal, true)
		code := encodeBoard(t, g, start)
		want := bfsDistance(g, code)
		if want < 0 {
			t.Fatalf("%dx%d: BFS finds no path from a walk of the goal", rows, cols)
		}
		for _, h := range []Kind{Manhattan, LinearConflict} {
			sp := NewSpace(g, Heuristic{Kind: h}, false)
			if !sp.FitsAStar16() {
				t.Fatalf("%dx%d under %v: AStar16 does not fit", rows, cols, h)
			}
			var st Stats
			blanks, err := sp.AStar16(ctx, code, engine.Bounds{}, &st)
			if err != nil {
				t.Fatal(err)
			}
			testsets.CheckBlanks(t, cols, start, goal, blanks, want)
			if want > 0 && (st.Expanded == 0 || st.Generated == 0) {
				t.Errorf("%dx%d %v: Stats %+v", rows, cols, h, st)
			}
			if want > 0 {
				var bst Stats
				_, err := sp.AStar16(ctx, code, engine.Bounds{Cost: float64(want - 1)}, &bst)
				if want > 1 && !engine.Is(err, engine.NotFound) {
					t.Errorf("%dx%d %v: bound %d below distance %d: %v", rows, cols, h, want-1, want, err)
				}
			}
			if want > 12 {
				var lst Stats
				_, err := sp.AStar16(ctx, code, engine.Bounds{Nodes: 10}, &lst)
				var le *engine.LimitError
				if !errors.As(err, &le) || le.Limit != "nodes" {
					t.Errorf("%dx%d %v: 10 nodes for %d moves: %v", rows, cols, h, want, err)
				}
			}
		}
	}
}

// TestAStar16Fits pins which spaces AStar16 takes.
func TestAStar16Fits(t *testing.T) {
	distinct := NewGoal(3, 3, testsets.BlankLast(9), true)
	repeated := NewGoal(3, 3, []int{1, 1, 2, 2, 3, 3, 4, 4, 0}, false)
	for _, c := range []struct {
		g    *Goal
		h    Kind
		line bool
		want bool
	}{
		{distinct, Manhattan, false, true},
		{distinct, LinearConflict, false, true},
		{distinct, Hamming, false, false},
		{distinct, Zero, false, false},
		{distinct, Manhattan, true, false},
		{repeated, Manhattan, false, false},
		{NewGoal(3, 6, testsets.BlankLast(18), true), Manhattan, false, false},
		{NewGoal(2, 7, testsets.BlankLast(14), true), Manhattan, false, false},
	} {
		if got := NewSpace(c.g, Heuristic{Kind: c.h}, c.line).FitsAStar16(); got != c.want {
			t.Errorf("%dx%d distinct %v, %v, line %v: FitsAStar16 %v", c.g.Rows, c.g.Cols, c.g.Distinct, c.h, c.line, got)
		}
	}
}
