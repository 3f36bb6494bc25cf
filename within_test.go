package slide

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
)

// TestSolveWithinMatchesBFS checks SolveWithin on 2x4 boards, in both
// metrics and with distinct and repeated labels, against breadth-first
// distances: a bound one below the distance finds nothing, the distance
// itself or more finds a shortest solution.
func TestSolveWithinMatchesBFS(t *testing.T) {
	ctx := context.Background()
	for _, goal := range []Board{Goal(2, 4), MustParseLabeled("2 4\n1 1 2 2\n3 3 4 0\n")} {
		for _, metric := range []Metric{TileMoves, LineMoves} {
			tg, _ := newTarget("test", goal)
			code, _ := tg.encode("test", goal)
			sp := newTileSpace(tg, Zero, metric == LineMoves)
			bfs := BFS[packedTile, int]{Key: packedKey}
			for d, layer := range bfs.Layers(ctx, sp.packedStart(code)) {
				for i, s := range layer {
					if i%397 != 0 { // the first board of every layer, and a few more
						continue
					}
					b := sp.board(s.at)
					for _, h := range []Heuristic{Auto, Zero} {
						if d > 0 {
							_, err := SolveWithin(ctx, b, goal, d-1, WithMetric(metric), WithHeuristic(h))
							if !errors.Is(err, ErrNotFound) {
								t.Fatalf("%v metric, %v, bound %d below distance %d: %v\n%v", metric, h, d-1, d, err, b)
							}
						}
						for _, bound := range []int{d, d + 3, -1} {
							sol, err := SolveWithin(ctx, b, goal, bound, WithMetric(metric), WithHeuristic(h))
							if err != nil {
								t.Fatalf("%v metric, bound %d, distance %d: %v\n%v", metric, bound, d, err, b)
							}
							checkSolution(t, sol, b, goal, d)
						}
					}
				}
			}
		}
	}
}

// TestSolveWithinLarge checks boards of more than 16 cells, whose search
// runs on the generic states, against Solve.
func TestSolveWithinLarge(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(7, 8))
	for _, goal := range []Board{Goal(3, 6), Goal(5, 5), MustParseLabeled("3 6\n1 1 1 2 2 2\n3 3 3 4 4 4\n5 5 5 6 6 0\n")} {
		for _, metric := range []Metric{TileMoves, LineMoves} {
			start := randomWalk(rng, goal, 14)
			ref, err := Solve(start, goal, WithMetric(metric))
			if err != nil {
				t.Fatal(err)
			}
			d := ref.Len()
			sol, err := SolveWithin(ctx, start, goal, d, WithMetric(metric))
			if err != nil {
				t.Fatal(err)
			}
			checkSolution(t, sol, start, goal, d)
			if _, err := SolveWithin(ctx, start, goal, d-1, WithMetric(metric), WithHeuristic(Zero)); !errors.Is(err, ErrNotFound) {
				t.Errorf("%v metric, bound %d below distance %d: %v", metric, d-1, d, err)
			}
		}
	}
}

// TestSolveWithinBoundsWork checks that the bound, not the distance, sets
// the work: far-apart boards with a small bound are answered after a small
// search, even with no estimate to cut it short.
func TestSolveWithinBoundsWork(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(9, 10))
	for _, size := range [][2]int{{4, 4}, {5, 5}} {
		goal := Goal(size[0], size[1])
		start := randomBoard(rng, size[0], size[1])
		if !start.IsSolvable() {
			start = start.Twin()
		}
		sol, err := SolveWithin(ctx, start, goal, 16, WithHeuristic(Zero))
		if !errors.Is(err, ErrNotFound) {
			t.Fatalf("%v: %v", start, err)
		}
		// Two balls of radius 8 hold at most 2 * 4 * 3^7 boards.
		if sol.Expanded == 0 || sol.Expanded > 2*4*2187 {
			t.Errorf("%d x %d with bound 16: %d boards expanded", size[0], size[1], sol.Expanded)
		}
		if _, err := SolveWithin(ctx, start, goal, 16); !errors.Is(err, ErrNotFound) {
			t.Errorf("with the estimate: %v", err)
		}
	}
}

func TestSolveWithinErrors(t *testing.T) {
	ctx := context.Background()
	goal := Goal(3, 3)
	if _, err := SolveWithin(ctx, goal.Twin(), goal, 100); !errors.Is(err, ErrUnsolvable) {
		t.Errorf("twin of goal: %v", err)
	}
	if _, err := SolveWithin(ctx, Goal(2, 2), goal, 100); !errors.Is(err, ErrMismatch) {
		t.Errorf("size mismatch: %v", err)
	}
	if _, err := SolveWithin(ctx, goal, goal, 5, WithAlgorithm(AlgoIDAStar)); !errors.Is(err, ErrOption) {
		t.Errorf("IDA*: %v", err)
	}
	sol, err := SolveWithin(ctx, goal, goal, 0)
	if err != nil || sol.Len() != 0 || len(sol.Boards) != 1 {
		t.Errorf("goal to goal within 0: %v, %v", sol, err)
	}
	far := MustParse("3\n8 6 7\n2 5 4\n3 0 1\n")
	var le *LimitError
	if _, err := SolveWithin(ctx, far, goal, -1, WithLimits(Limits{MaxNodes: 100})); !errors.As(err, &le) {
		t.Errorf("100 nodes: %v", err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := SolveWithin(cancelled, far, goal, -1); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}
