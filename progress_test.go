package slide

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/slidekit/slide/internal/testsets"
)

// TestProgressString checks the text of the progress reports, which
// log.Println prints: their parts with values, in words.
func TestProgressString(t *testing.T) {
	for p, want := range map[Progress]string{
		{Bound: 52, Generated: 1200000, Elapsed: 1500 * time.Millisecond}: "bound 52, 1200000 nodes, 1.5s",
		{Best: 60, LowerBound: 48, Generated: 10, Elapsed: time.Second}:   "best 60 (at least 48), 10 nodes, 1s",
		{LowerBound: 48, Elapsed: 2 * time.Millisecond}:                   "at least 48, 2ms",
	} {
		if got := p.String(); got != want {
			t.Errorf("%#v: %q, want %q", p, got, want)
		}
	}
}

// TestOptimalProgress checks that an optimal IDA* search reports its
// progress: bounds that never exceed the optimal length and never go
// down, node counts that grow, on one worker and on two.
func TestOptimalProgress(t *testing.T) {
	if !testsets.Long() {
		t.Skip("quick form (SLIDE_LONG=1 runs it): a search of a few tenths of a second")
	}
	in := korfInstance(t, 3)
	for _, workers := range []int{1, 2} {
		var reports []Progress
		sol, err := Solver{Heuristic: LinearConflict, Workers: workers, Progress: func(p Progress) { reports = append(reports, p) }}.Solve(context.Background(), in.board, blankFirstGoal(4, 4))
		if err != nil || sol.Len() != in.optimal {
			t.Fatalf("%d workers: %d moves, %v; want %d", workers, sol.Len(), err, in.optimal)
		}
		if len(reports) == 0 && sol.Elapsed > 300*time.Millisecond {
			t.Errorf("%d workers: no progress in %v", workers, sol.Elapsed)
		}
		for i, p := range reports {
			if p.Bound > in.optimal || p.LowerBound > in.optimal || p.Best != 0 || p.Generated > sol.Generated {
				t.Errorf("%d workers: report %d: %+v (optimal %d, %d nodes in all)", workers, i, p, in.optimal, sol.Generated)
			}
			if i > 0 && (p.Bound < reports[i-1].Bound || p.Generated <= reports[i-1].Generated || p.Elapsed < reports[i-1].Elapsed) {
				t.Errorf("%d workers: report %d went back: %+v after %+v", workers, i, p, reports[i-1])
			}
		}
		t.Logf("%d workers: %d reports in %v", workers, len(reports), sol.Elapsed)
	}
}

// TestAnytimeProgress checks the reports of the anytime mode, which
// internal/near makes: each gives the time since the call began and a
// lower bound the answer keeps, and a best length the answer never
// passes.
func TestAnytimeProgress(t *testing.T) {
	var reports []Progress
	board := randomSolvable(rand.New(rand.NewPCG(7, 7)), 6, 6)
	sol, err := Solver{Mode: Anytime(300 * time.Millisecond), Progress: func(p Progress) { reports = append(reports, p) }}.Solve(context.Background(), board, Goal(6, 6))
	if err != nil {
		t.Fatal(err)
	}
	if len(reports) == 0 {
		t.Fatalf("no progress in %v", sol.Elapsed)
	}
	for i, p := range reports {
		if p.LowerBound <= 0 || p.LowerBound > sol.LowerBound || p.Best != 0 && p.Best < sol.Len() || p.Elapsed <= 0 || p.Elapsed > sol.Elapsed {
			t.Errorf("report %d: %+v; the answer %d moves, at least %d, in %v", i, p, sol.Len(), sol.LowerBound, sol.Elapsed)
		}
		if i > 0 && p.Elapsed < reports[i-1].Elapsed {
			t.Errorf("report %d went back: %+v after %+v", i, p, reports[i-1])
		}
	}
}
