package slide

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestSolutionAll(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	goal := Goal(3, 4)
	start := randomWalk(rng, goal, 30)
	sol, err := Solver{}.Solve(context.Background(), start, goal)
	if err != nil {
		t.Fatal(err)
	}
	if sol.Start != start {
		t.Fatalf("Start = %v, want the start board", sol.Start)
	}
	want := sol.Boards
	replayed := sol
	replayed.Boards = nil
	var got []Board
	for i, b := range replayed.All() {
		if i != len(got) {
			t.Fatalf("index %d after %d boards", i, len(got))
		}
		got = append(got, b)
	}
	if diff := cmp.Diff(want, got, cmp.Comparer(func(a, b Board) bool { return a == b })); diff != "" {
		t.Fatalf("All without Boards differs from Boards (-want +got):\n%s", diff)
	}
	if end, ok := start.Apply(sol.Moves); !ok || end != goal {
		t.Fatalf("Apply(Moves) = %v, %v; want the goal", end, ok)
	}
	moves, err := ParseMoves(FormatMoves(sol.Moves))
	if err != nil {
		t.Fatal(err)
	}
	if end, ok := start.Apply(moves); !ok || end != goal {
		t.Fatalf("moves through FormatMoves/ParseMoves do not reach the goal")
	}
	if _, ok := goal.Apply([]Move{{Up, 1}}); ok {
		t.Fatalf("Apply made a move off the board")
	}
}
