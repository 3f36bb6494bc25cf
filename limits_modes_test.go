package slide

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/slidekit/slide/internal/testsets"
)

// A limitCase is a board, the metric and the heuristic the modes but Fast
// search by, and the facts about the board that the limits are chosen
// from: the lower bound and the fast mode's length.
type limitCase struct {
	name        string
	start, goal Board
	metric      Metric
	heuristic   Heuristic
	lower, fast int
}

// limitCases returns random-walk boards (fixed seed), far enough from the
// goal that every mode searches: 3 x 3, searched by a database of its own
// (weighted IDA* in the Weighted mode); 4 x 4 to 6 x 6, 4 x 4 and 5 x 5
// under line moves too (the optimal search's A* and BFS, after the fast
// mode in the Weighted mode); and 16 x 16, more cells than the frames of
// the near-optimal modes take (the anytime mode on a region of it).
func limitCases(t *testing.T) []limitCase {
	rng := rand.New(rand.NewPCG(34, 5))
	var cases []limitCase
	for _, c := range []struct {
		n, walk int
		metric  Metric
	}{{3, 40, TileMoves}, {4, 80, TileMoves}, {5, 150, TileMoves}, {6, 300, TileMoves}, {4, 80, LineMoves}, {5, 150, LineMoves}, {16, 3000, TileMoves}} {
		goal := Goal(c.n, c.n)
		start := randomWalk(rng, goal, c.walk)
		fast, err := Solver{Mode: Fast(), Metric: c.metric}.Solve(context.Background(), start, goal)
		if err != nil {
			t.Fatal(err)
		}
		h := Auto
		if c.n == 3 {
			h = MustParseDatabase(goal, "1 2 3 4/5 6 7 8").Heuristic()
		}
		name := fmt.Sprintf("%dx%d %v", c.n, c.n, c.metric)
		cases = append(cases, limitCase{name, start, goal, c.metric, h, fast.LowerBound, fast.Len()})
	}
	return cases
}

// nodeSlack is how far past Limits.MaxNodes a Solver's Generated may go,
// as the Limits doc says: a board a worker, the searches that polish the
// anytime mode's answers running on every core.
func nodeSlack(workers int) int64 { return int64(max(workers, runtime.GOMAXPROCS(0))) + 1 }

// TestLimitsEveryMode checks that MaxNodes, MaxCost and MaxMemory hold in
// every mode, on one worker and two: no answer passes MaxCost, Generated
// passes MaxNodes by no more than the slack the doc allows, and a search
// stopped by a limit names that limit in a *LimitError (errors.Is
// ErrLimit), or for a cost bound below a proven lower bound says that no
// answer can be within it (ErrNotFound, the Optimal mode's answer). In
// 0.2.0 the modes but Optimal refused MaxCost, Fast refused MaxNodes,
// Anytime ignored MaxNodes (millions of nodes for 10,000) and Weighted
// stopped by MaxNodes named its memory limit.
func TestLimitsEveryMode(t *testing.T) {
	useTempCache(t)
	ctx := context.Background()
	modes := []Mode{Optimal(), Weighted(1.5), Anytime(150 * time.Millisecond), Fast()}
	for i, c := range limitCases(t) {
		workerCounts := []int{1, 2}
		if !testsets.Long() {
			// The quick form takes one worker or two by turns, case by case.
			workerCounts = workerCounts[i%2 : i%2+1]
		}
		between := (c.lower + c.fast) / 2
		for _, lim := range []Limits{
			{MaxNodes: 100}, {MaxNodes: 5000}, {MaxNodes: 100_000},
			{MaxCost: float64(c.lower - 1)},
			{MaxCost: float64(c.lower + 2), MaxNodes: 200_000},
			{MaxCost: float64(between), MaxNodes: 200_000},
			{MaxCost: float64(c.fast - 1), MaxNodes: 200_000},
			{MaxMemory: 64 << 10, MaxNodes: 1_000_000},
		} {
			for _, m := range modes {
				for _, workers := range workerCounts {
					if m == Fast() && workers != workerCounts[0] {
						continue // the fast mode runs on one goroutine and refuses Workers: once a case
					}
					s := Solver{Mode: m, Limits: lim, Workers: workers, Heuristic: c.heuristic, Metric: c.metric}
					if m == Fast() {
						s.Workers, s.Heuristic = 0, Auto
					}
					name := fmt.Sprintf("%s %v %+v workers=%d", c.name, m, s.Limits, workers)
					sol, err := s.Solve(ctx, c.start, c.goal)
					checkLimitsHeld(t, name, s, sol, err, c)
				}
			}
		}
	}
}

// checkLimitsHeld checks the answer sol, err of s on c against s.Limits
// (see TestLimitsEveryMode).
func checkLimitsHeld(t *testing.T, name string, s Solver, sol Solution, err error, c limitCase) {
	t.Helper()
	lim := s.Limits
	if lim.MaxNodes > 0 && sol.Generated > lim.MaxNodes+nodeSlack(s.Workers) {
		t.Errorf("%s: %d nodes generated (%v)", name, sol.Generated, err)
	}
	var le *LimitError
	switch {
	case err == nil:
		checkValid(t, sol, c.start, c.goal, c.metric)
		if lim.MaxCost > 0 && float64(sol.Len()) > lim.MaxCost {
			t.Errorf("%s: %d moves", name, sol.Len())
		}
	case errors.Is(err, ErrNotFound):
		if lim.MaxCost == 0 || float64(sol.LowerBound) <= lim.MaxCost {
			t.Errorf("%s: %v with lower bound %d", name, err, sol.LowerBound)
		}
	case errors.As(err, &le):
		if !errors.Is(err, ErrLimit) {
			t.Errorf("%s: %v is not ErrLimit", name, err)
		}
		want := map[string]float64{"nodes": float64(lim.MaxNodes), "cost": float64(int64(lim.MaxCost)), "memory": float64(lim.MaxMemory)}
		if bound, ok := want[le.Limit]; !ok || bound <= 0 || float64(le.Value) != bound {
			t.Errorf("%s: %v (%+v): not a limit set, or not its bound", name, err, *le)
		}
		if le.Limit == "nodes" && le.Generated > lim.MaxNodes+nodeSlack(s.Workers) {
			t.Errorf("%s: %+v", name, *le)
		}
	case errors.Is(err, ErrLimit) && lim.MaxMemory > 0 && strings.Contains(err.Error(), "memory"):
		// the fast mode's answer passes the memory bound
	default:
		t.Errorf("%s: %v", name, err)
	}
}

// TestFastMovesWithinLimits checks that the fast mode hands OnMove the
// moves of an answer only once it is known to be within its limits: an
// answer longer than MaxCost or MaxNodes hands none.
func TestFastMovesWithinLimits(t *testing.T) {
	ctx := context.Background()
	start, goal := randomWalk(rand.New(rand.NewPCG(3, 4)), Goal(6, 6), 300), Goal(6, 6)
	ref, err := Solver{Mode: Fast()}.Solve(ctx, start, goal)
	if err != nil {
		t.Fatal(err)
	}
	n := ref.Len()
	for _, tc := range []struct {
		lim   Limits
		limit string // the limit that stops it, "" for none
	}{
		{Limits{MaxCost: float64(n - 1)}, "cost"},
		{Limits{MaxNodes: int64(n - 1)}, "nodes"},
		{Limits{MaxCost: float64(n - 1), MaxNodes: int64(n - 1)}, "cost"},
		{Limits{MaxNodes: int64(n - 5), MaxCost: float64(n - 1)}, "nodes"},
		{Limits{MaxCost: float64(n), MaxNodes: int64(n)}, ""},
	} {
		var moves []Move
		sol, err := Solver{Mode: Fast(), Limits: tc.lim, OnMove: func(m Move) { moves = append(moves, m) }}.Solve(ctx, start, goal)
		var le *LimitError
		switch {
		case tc.limit == "":
			if err != nil || len(moves) != n || sol.Len() != n || sol.Generated != int64(n) {
				t.Errorf("%+v: %v, %d moves handed, Len %d, Generated %d; want the %d moves", tc.lim, err, len(moves), sol.Len(), sol.Generated, n)
			}
		case !errors.As(err, &le) || le.Limit != tc.limit || len(moves) != 0 || le.Generated > int64(n-1):
			t.Errorf("%+v: %v, %d moves handed; want a %s limit and none", tc.lim, err, len(moves), tc.limit)
		}
	}
}

// TestMemoryHoldsAnswer checks that every mode counts the moves it keeps
// against Limits.MaxMemory alike: a bound too small for an answer of the
// lower bound's moves is refused by all before any work, one too small
// for the answer found is refused, and moves handed to OnMove are not
// counted. The optimal and anytime modes once answered within 1 byte
// while the fast and weighted modes refused.
func TestMemoryHoldsAnswer(t *testing.T) {
	ctx := context.Background()
	goal := Goal(4, 4)
	start := randomWalk(rand.New(rand.NewPCG(44, 6)), goal, 40)
	ref, err := Solver{Heuristic: LinearConflict}.Solve(ctx, start, goal)
	if err != nil {
		t.Fatal(err)
	}
	modes := []Mode{Optimal(), Weighted(1.5), Anytime(time.Second), Fast()}
	for _, m := range modes {
		s := Solver{Mode: m, Heuristic: LinearConflict, Limits: Limits{MaxMemory: 1}}
		if m == Fast() {
			s.Heuristic = Auto
		}
		sol, err := s.Solve(ctx, start, goal)
		if !errors.Is(err, ErrLimit) || !strings.Contains(err.Error(), "memory limit of 1 B") || sol.Expanded != 0 || sol.LowerBound == 0 {
			t.Errorf("%v, MaxMemory 1: %d moves, %d expanded, lower bound %d, %v", m, sol.Len(), sol.Expanded, sol.LowerBound, err)
		}
		n := 0
		s.OnMove = func(Move) { n++ }
		if m == Fast() {
			if sol, err := s.Solve(ctx, start, goal); err != nil || n != sol.Len() || n == 0 {
				t.Errorf("%v, MaxMemory 1, moves handed out: %d moves, %d handed, %v", m, sol.Len(), n, err)
			}
		}
	}
	// Room for the lower bound's moves, not for the answer's.
	s := Solver{Heuristic: LinearConflict, Limits: Limits{MaxMemory: movesBytes(ref.Len()) - 1}}
	if sol, err := s.Solve(ctx, start, goal); !errors.Is(err, ErrLimit) || !strings.Contains(err.Error(), "memory limit") {
		t.Errorf("optimal, MaxMemory a byte short of %d moves: %d moves, %v", ref.Len(), sol.Len(), err)
	}
	s.Limits.MaxMemory = movesBytes(ref.Len())
	if sol, err := s.Solve(ctx, start, goal); err != nil || sol.Len() != ref.Len() || sol.Boards != nil {
		t.Errorf("optimal, MaxMemory of %d moves: %d moves, %d boards, %v", ref.Len(), sol.Len(), len(sol.Boards), err)
	}
}

// TestLineMovesHonorHeuristic checks that AlgoAuto under line moves on a
// board of up to 16 cells searches by the Heuristic set, where it chose
// bidirectional BFS and dropped it in silence: A* by it, the same length.
func TestLineMovesHonorHeuristic(t *testing.T) {
	useTempCache(t)
	ctx := context.Background()
	goal := Goal(3, 4)
	start := randomWalk(rand.New(rand.NewPCG(44, 7)), goal, 30)
	ref, err := Solver{Metric: LineMoves}.Solve(ctx, start, goal)
	if err != nil || ref.Engine != "bibfs" {
		t.Fatalf("Auto: %s, %v", ref.Engine, err)
	}
	db := MustParseDatabase(goal, "1 2 3 4 5/6 7 8 9 10 11").Heuristic()
	for _, h := range []Heuristic{Manhattan, WalkingDistance, db} {
		sol, err := Solver{Metric: LineMoves, Heuristic: h}.Solve(ctx, start, goal)
		if err != nil || sol.Len() != ref.Len() || sol.Engine != "astar" || sol.Heuristic != h {
			t.Errorf("%v: %d moves by %s and %v, %v; want %d by astar and %v", h, sol.Len(), sol.Engine, sol.Heuristic, err, ref.Len(), h)
		}
	}
}
