package slide

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"
)

// fractionalBounds returns cost bounds around a distance d: just below
// it, halfway below, halfway above, and the fractions below 1.
func fractionalBounds(d int) []float64 {
	return []float64{1e-9, 0.5, 0.999, float64(d) - 0.5, float64(d) - 1e-9, float64(d) + 0.5, float64(d) + 0.999}
}

// checkCostBound checks the answer of a call bounded by bound on a start
// whose optimum is d: no answer longer than bound, and where exact says
// the call is optimal, an answer of d moves exactly when d is within the
// bound, ErrNotFound otherwise.
func checkCostBound(t *testing.T, name string, bound float64, d, got int, err error, exact bool) {
	t.Helper()
	switch {
	case err == nil && float64(got) > bound:
		t.Errorf("%s, MaxCost %v: %d moves returned", name, bound, got)
	case !exact:
	case float64(d) <= bound && (err != nil || got != d):
		t.Errorf("%s, MaxCost %v: %d moves, %v; want %d", name, bound, got, err, d)
	case float64(d) > bound && !errors.Is(err, ErrNotFound):
		t.Errorf("%s, MaxCost %v: %d moves, %v; want ErrNotFound", name, bound, got, err)
	}
}

// TestMaxCostFractional checks that every call taking Limits reads a
// fractional MaxCost exactly: a path longer than the bound is never
// returned, in BlockSolver (every metric, every search path), Distances
// (on the census of small boards and the layers of large ones), the
// generic engines, and every engine and mode of a Solver. Such bounds
// were once rounded up by the breadth-first searches: MaxCost 80.5 gave
// Klotski's 81 moves, 0.5 a 1-move answer, 1e-9 a census to distance 1.
func TestMaxCostFractional(t *testing.T) {
	useTempCache(t)
	ctx := context.Background()

	// BlockSolver, on each metric, on the narrow BFS, the generic engine
	// and its wide keys.
	rush, _ := ParseRushHour("..B.CC..B...AAB...DDD..E.....E.....E")
	blocks := map[string]Blocks{"klotski": blockCaseNamed(t, "klotski_hengdaolima").puzzle, "rush": rush}
	var ps []Piece
	for c := range 6 {
		ps = append(ps, Piece{0, c, 1, 1, Both, 0})
	}
	blocks["wide"], _ = NewBlocks(2, 7, ps)
	for name, b := range blocks {
		for m := range numBlockMetrics {
			ref, err := BlockSolver{Metric: m}.Solve(ctx, b)
			if err != nil {
				t.Fatalf("%s %v: %v", name, m, err)
			}
			for _, bound := range fractionalBounds(ref.Len()) {
				sol, err := BlockSolver{Metric: m, Limits: Limits{MaxCost: bound}}.Solve(ctx, b)
				checkCostBound(t, fmt.Sprintf("BlockSolver %s %v", name, m), bound, ref.Len(), sol.Len(), err, true)
			}
		}
	}

	// Distances counts no farther than the bound.
	for _, goal := range []Board{Goal(4, 4), Goal(3, 6)} {
		for _, bound := range []float64{1e-9, 0.5, 1, 2.5, 3.999} {
			dist, err := Solver{Limits: Limits{MaxCost: bound}}.Distances(ctx, goal)
			if err != nil || float64(len(dist.Counts)-1) > bound || len(dist.Counts) != int(bound)+1 {
				t.Errorf("Distances %dx%d, MaxCost %v: %v, %v", goal.Rows(), goal.Cols(), bound, dist.Counts, err)
			}
		}
	}

	for _, bound := range []float64{1e-9, 0.5, 2.5, 3.999} {
		counts, err := BlockSolver{Limits: Limits{MaxCost: bound}}.Distances(ctx, rush)
		if err != nil || len(counts) != int(bound)+1 {
			t.Errorf("BlockSolver.Distances, MaxCost %v: %v, %v", bound, counts, err)
		}
	}

	// The generic engines, on a line whose goal lies 5 moves away.
	for _, bound := range fractionalBounds(5) {
		lim := Limits{MaxCost: bound}
		res, err := (&AStar[toFive, int]{Limits: lim}).Search(ctx, 0)
		checkCostBound(t, "AStar", bound, 5, len(res.Path)-1, toError("test", err), true)
		res, err = (&IDAStar[toFive, int]{Limits: lim}).Search(ctx, 0)
		checkCostBound(t, "IDAStar", bound, 5, len(res.Path)-1, toError("test", err), true)
		res, err = (&BFS[toFive, int]{Limits: lim}).Search(ctx, 0)
		checkCostBound(t, "BFS", bound, 5, len(res.Path)-1, toError("test", err), true)
		res, err = (&BFS[toFive, int]{Limits: lim}).Bidirectional(ctx, 0, 5)
		checkCostBound(t, "Bidirectional", bound, 5, len(res.Path)-1, toError("test", err), true)
		bfs := BFS[toFive, int]{Limits: lim}
		deepest := -1
		for d := range bfs.Layers(ctx, 0) {
			deepest = d
		}
		if float64(deepest) > bound || deepest != int(bound) {
			t.Errorf("Layers, MaxCost %v: layers to %d", bound, deepest)
		}
	}

	// A Solver, in every engine and mode, on small and large boards.
	rng := rand.New(rand.NewPCG(44, 5))
	for _, goal := range []Board{Goal(3, 3), Goal(3, 6)} {
		for _, metric := range []Metric{TileMoves, LineMoves} {
			start := randomWalk(rng, goal, 48-2*goal.Len()) // 30 moves on 3 x 3, 12 on 3 x 6
			ref, err := Solver{Metric: metric}.Solve(ctx, start, goal)
			if err != nil {
				t.Fatal(err)
			}
			d := ref.Len()
			var solvers []Solver
			for a := range numAlgorithms {
				solvers = append(solvers, Solver{Metric: metric, Algorithm: a})
			}
			for _, m := range []Mode{Weighted(1.5), Anytime(100 * time.Millisecond), Fast()} {
				solvers = append(solvers, Solver{Metric: metric, Mode: m})
			}
			for _, s := range solvers {
				for _, bound := range fractionalBounds(d) {
					s.Limits = Limits{MaxCost: bound, MaxNodes: 2_000_000}
					sol, err := s.Solve(ctx, start, goal)
					name := fmt.Sprintf("Solver %dx%d %v %v %v", goal.Rows(), goal.Cols(), metric, s.Mode, s.Algorithm)
					checkCostBound(t, name, bound, d, sol.Len(), err, s.Mode == Optimal())
				}
			}
		}
	}
}

// toFive is a line of states whose goal is 5.
type toFive int

func (n toFive) Successors(dst []Arc[toFive, int]) []Arc[toFive, int] {
	return append(dst, Arc[toFive, int]{To: n + 1, Cost: 1}, Arc[toFive, int]{To: n - 1, Cost: 1})
}

func (n toFive) Heuristic() int { return max(5-int(n), int(n)-5) }
func (n toFive) IsGoal() bool   { return n == 5 }
