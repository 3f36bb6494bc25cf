package slide

import (
	"context"
	"errors"
	"runtime"
	"slices"
	"testing"
)

// TestParallelSolve checks WithWorkers through Solve: the solution is
// optimal and the same on any number of workers, Solution.Workers says how
// many ran, and bad counts are ErrOption.
func TestParallelSolve(t *testing.T) {
	in := readInstances(t, "korf100.txt", 4, 4)[11] // #12, 45 moves
	goal := blankFirstGoal(4, 4)
	var first []Move
	for _, w := range []int{0, 1, 2, 5} {
		sol, err := Solver{Heuristic: LinearConflict, Workers: w}.Solve(context.Background(), in.board, goal)
		if err != nil {
			t.Fatal(err)
		}
		checkSolution(t, sol, in.board, goal, in.optimal)
		want := w
		if w == 0 {
			want = runtime.GOMAXPROCS(0)
		}
		if sol.Workers != want {
			t.Errorf("WithWorkers(%d): Solution.Workers %d, want %d", w, sol.Workers, want)
		}
		if first == nil {
			first = sol.Moves
		} else if !slices.Equal(sol.Moves, first) {
			t.Errorf("WithWorkers(%d): moves %v, want %v", w, FormatMoves(sol.Moves), FormatMoves(first))
		}
	}
	sol, err := Solver{Algorithm: AlgoAStar, Heuristic: LinearConflict, Workers: 4}.Solve(context.Background(), in.board, goal)
	if err != nil || sol.Workers != 1 {
		t.Errorf("A*: %d workers, %v", sol.Workers, err)
	}
	for _, w := range []int{-1, maxWorkers + 1} {
		if _, err := (Solver{Workers: w}).Solve(context.Background(), in.board, goal); !errors.Is(err, ErrOption) {
			t.Errorf("WithWorkers(%d): %v, want ErrOption", w, err)
		}
	}
}
