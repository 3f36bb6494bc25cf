package slide

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
	"time"
)

// TestAnytimeOnImprove checks that the Anytime mode hands OnImprove
// answers that reach the goal, each shorter than the one before, the
// last as long as the Solution returned, on boards each of its ways
// solves: optimal search (4 x 4), beams (6 x 6), edges and regions
// (17 x 17, past a frame) and line moves.
func TestAnytimeOnImprove(t *testing.T) {
	rng := rand.New(rand.NewPCG(43, 1))
	for _, c := range []struct {
		rows, cols int
		metric     Metric
	}{{4, 4, TileMoves}, {6, 6, TileMoves}, {17, 17, TileMoves}, {4, 4, LineMoves}} {
		goal := Goal(c.rows, c.cols)
		start := randomReaching(rng, goal)
		var got []Solution
		s := Solver{Mode: Anytime(300 * time.Millisecond), Metric: c.metric, OnImprove: func(sol Solution) { got = append(got, sol) }}
		sol, err := s.Solve(context.Background(), start, goal)
		if err != nil {
			t.Fatalf("%d x %d: %v", c.rows, c.cols, err)
		}
		if len(got) == 0 {
			t.Fatalf("%d x %d: no answer handed to OnImprove", c.rows, c.cols)
		}
		for i, imp := range got {
			if imp.Start != start || imp.Boards != nil {
				t.Fatalf("%d x %d: answer %d from another start, or with boards", c.rows, c.cols, i)
			}
			checkValid(t, imp, start, goal, c.metric)
			if i > 0 && imp.Len() >= got[i-1].Len() {
				t.Fatalf("%d x %d: answer %d of %d moves after one of %d", c.rows, c.cols, i, imp.Len(), got[i-1].Len())
			}
			if imp.LowerBound > sol.LowerBound {
				t.Fatalf("%d x %d: answer %d's lower bound %d passes the last one, %d", c.rows, c.cols, i, imp.LowerBound, sol.LowerBound)
			}
		}
		if last := got[len(got)-1]; last.Len() != sol.Len() {
			t.Fatalf("%d x %d: last answer handed has %d moves, the Solution %d", c.rows, c.cols, last.Len(), sol.Len())
		}
		t.Logf("%d x %d %v: %d answers, %d to %d moves", c.rows, c.cols, c.metric, len(got), got[0].Len(), sol.Len())
	}
}

// TestOnImproveRefused checks that the modes other than Anytime refuse
// OnImprove, and that Anytime hands no answer whose moves pass the memory
// bound.
func TestOnImproveRefused(t *testing.T) {
	goal := Goal(3, 3)
	start := randomReaching(rand.New(rand.NewPCG(43, 2)), goal)
	on := func(Solution) {}
	for _, m := range []Mode{Optimal(), Weighted(2), Fast()} {
		_, err := Solver{Mode: m, OnImprove: on}.Solve(context.Background(), start, goal)
		if !errors.Is(err, ErrOption) {
			t.Fatalf("%v: OnImprove gets %v, want ErrOption", m, err)
		}
	}
	if _, err := (Solver{OnImprove: on}).Distances(context.Background(), goal); !errors.Is(err, ErrOption) {
		t.Fatalf("Distances: OnImprove gets %v, want ErrOption", err)
	}
	// A path of two moves: the blank's cells from the 3 x 3 goal's.
	cell := func(b Board) int { r, c := b.Blank(); return r*3 + c }
	var next Board
	for _, d := range []Direction{Up, Down, Left, Right} {
		if b, ok := goal.Slide(d, 1); ok {
			next = b
		}
	}
	blanks := []int{cell(goal), cell(next), cell(goal)}
	for _, fit := range []bool{false, true} {
		calls := 0
		s := Solver{Limits: Limits{MaxMemory: movesBytes(1)}, OnImprove: func(sol Solution) { calls++; checkValid(t, sol, goal, goal, TileMoves) }}
		if fit {
			s.Limits.MaxMemory = movesBytes(2)
		}
		s.answer(goal).Improve(context.Background(), blanks, 0, "fast", time.Now())
		if want := map[bool]int{false: 0, true: 1}[fit]; calls != want {
			t.Fatalf("an answer of 2 moves under a bound of %d B: %d calls, want %d", s.Limits.MaxMemory, calls, want)
		}
	}
}
