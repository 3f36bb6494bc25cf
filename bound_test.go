package slide

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/slidekit/slide/internal/tiles"
)

// TestMaxCostMatchesBFS checks the cost bound of every engine on 2x4
// boards, in both metrics and with distinct and repeated labels, against
// breadth-first distances: a bound one below the distance finds nothing,
// the distance itself or more finds a shortest solution.
func TestMaxCostMatchesBFS(t *testing.T) {
	ctx := context.Background()
	for _, goal := range []Board{Goal(2, 4), MustParseBoard("2 4\n1 1 2 2\n3 3 4 0\n")} {
		for _, metric := range []Metric{TileMoves, LineMoves} {
			tg, _ := newTarget("test", goal)
			code, _ := encode("test", tg, goal)
			sp := tiles.NewSpace(tg, Zero.tiles(), metric == LineMoves)
			bfs := BFS[packed, int]{Key: packedKey}
			for d, layer := range bfs.Layers(ctx, packed{sp.PackedStart(code)}) {
				for i, s := range layer {
					if i%(397*shortEvery(5)) != 0 { // the first board of every layer, and a few more
						continue
					}
					b := boardOf(sp, s.s.At)
					for _, a := range []Algorithm{AlgoAuto, AlgoAStar, AlgoIDAStar, AlgoBFS, AlgoBidirectional} {
						if a == AlgoIDAStar && metric == LineMoves && d > 12 {
							continue // correct but slow
						}
						solver := func(bound int) Solver {
							return Solver{Metric: metric, Algorithm: a, Heuristic: Manhattan, Limits: Limits{MaxCost: float64(bound)}}
						}
						if d > 1 {
							_, err := solver(d-1).Solve(ctx, b, goal)
							if !errors.Is(err, ErrNotFound) {
								t.Fatalf("%v metric, %v, bound %d below distance %d: %v\n%v", metric, a, d-1, d, err, b)
							}
						}
						for _, bound := range []int{d, d + 3, 0} {
							sol, err := solver(bound).Solve(ctx, b, goal)
							if err != nil && d > 0 {
								t.Fatalf("%v metric, %v, bound %d, distance %d: %v\n%v", metric, a, bound, d, err, b)
							}
							checkSolution(t, sol, b, goal, d)
						}
					}
				}
			}
		}
	}
}

// TestMaxCostLarge checks boards of more than 16 cells against Solve.
func TestMaxCostLarge(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, goal := range []Board{Goal(3, 6), Goal(5, 5), MustParseBoard("3 6\n1 1 1 2 2 2\n3 3 3 4 4 4\n5 5 5 6 6 0\n")} {
		if testing.Short() && goal.Rows() == 5 {
			continue // the full run only
		}
		for _, metric := range []Metric{TileMoves, LineMoves} {
			start := randomWalk(rng, goal, 14)
			ref, err := Solver{Metric: metric}.Solve(context.Background(), start, goal)
			if err != nil {
				t.Fatal(err)
			}
			d := ref.Len()
			for _, a := range []Algorithm{AlgoAuto, AlgoBidirectional} {
				sol, err := Solver{Metric: metric, Algorithm: a, Limits: Limits{MaxCost: float64(d)}}.Solve(context.Background(), start, goal)
				if err != nil {
					t.Fatal(err)
				}
				checkSolution(t, sol, start, goal, d)
				_, err = Solver{Metric: metric, Algorithm: a, Heuristic: Zero, Limits: Limits{MaxCost: float64(d - 1)}}.Solve(context.Background(), start, goal)
				if !errors.Is(err, ErrNotFound) {
					t.Errorf("%v metric, %v, bound %d below distance %d: %v", metric, a, d-1, d, err)
				}
			}
		}
	}
}

// TestMaxCostBoundsWork checks that the bound, not the distance, sets the
// work of bidirectional BFS: far-apart boards with a small bound are
// answered after a small search.
func TestMaxCostBoundsWork(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for _, size := range [][2]int{{4, 4}, {5, 5}} {
		goal := Goal(size[0], size[1])
		start := randomBoard(rng, size[0], size[1])
		if !start.IsSolvable() {
			start = start.Twin()
		}
		var b BFS[packed, int]
		if size[0]*size[1] > 16 {
			continue // the generic states of large boards: see Solve below
		}
		b.Limits = Limits{MaxCost: 16}
		tg, _ := newTarget("test", goal)
		code, _ := encode("test", tg, start)
		goalCode, _ := encode("test", tg, goal)
		sp := tiles.NewSpace(tg, Zero.tiles(), false)
		res, err := b.Bidirectional(context.Background(), packed{sp.PackedStart(code)}, packed{sp.PackedStart(goalCode)})
		if !errors.Is(err, ErrNotFound) {
			t.Fatalf("%v: %v", start, err)
		}
		// Two balls of radius 8 hold at most 2 * 4 * 3^7 boards.
		if res.Expanded == 0 || res.Expanded > 2*4*2187 {
			t.Errorf("%d x %d with bound 16: %d boards expanded", size[0], size[1], res.Expanded)
		}
	}
	// With the estimate, Solve answers at once.
	start := randomBoard(rng, 5, 5)
	if !start.IsSolvable() {
		start = start.Twin()
	}
	sol, err := Solver{Algorithm: AlgoBidirectional, Limits: Limits{MaxCost: 16}}.Solve(context.Background(), start, Goal(5, 5))
	if !errors.Is(err, ErrNotFound) || sol.Expanded != 0 {
		t.Errorf("5x5 with bound 16: %v after %d expansions", err, sol.Expanded)
	}
}
