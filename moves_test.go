package slide

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestFormatParseMoves(t *testing.T) {
	moves := []Move{{Up, 1}, {Down, 1}, {Left, 3}, {Right, 1}, {Up, 12}}
	s := FormatMoves(moves)
	if s != "UDL3RU12" {
		t.Fatalf("FormatMoves = %q", s)
	}
	got, err := ParseMoves(s)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(moves, got); diff != "" {
		t.Fatalf("round trip (-want +got):\n%s", diff)
	}
	if got, err := ParseMoves("u d\nl r"); err != nil || FormatMoves(got) != "UDLR" {
		t.Fatalf("lower case with spaces: %v, %v", got, err)
	}
	for _, bad := range []string{"UX", "U0", "U99999999999", "1", "ü"} {
		if _, err := ParseMoves(bad); !errors.Is(err, ErrSyntax) {
			t.Errorf("ParseMoves(%q) = %v, want ErrSyntax", bad, err)
		}
	}
}

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

func FuzzParseMoves(f *testing.F) {
	for _, s := range []string{"UDLR", "L3U12", "u d", "X", "U0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		moves, err := ParseMoves(s)
		if err != nil {
			if !errors.Is(err, ErrSyntax) {
				t.Fatalf("error %v does not wrap ErrSyntax", err)
			}
			return
		}
		again, err := ParseMoves(FormatMoves(moves))
		if err != nil || !cmp.Equal(moves, again) {
			t.Fatalf("round trip of %q failed: %v", s, err)
		}
	})
}

func ExampleDirection_String() {
	fmt.Println(Up, Left.Opposite())
	// Output: up right
}
