package slide

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// randomGoals are goals of every kind: standard, the blank elsewhere,
// labels that are not 1 ... n-1, repeated labels, single lines.
func randomGoals(t *testing.T) []Board {
	t.Helper()
	goals := []Board{Goal(2, 2), Goal(3, 3), Goal(4, 4), Goal(2, 7), Goal(7, 2), blankFirstGoal(3, 4), Goal(1, 2), Goal(1, 6), Goal(6, 1), blankFirstGoal(1, 5)}
	for _, s := range []string{"3\n1 1 2\n2 0 3\n3 4 4\n", "2 3\n9 5 0\n7 3 2\n", "1 5\n2 0 1 2 1\n", "2\n1 1\n1 0\n"} {
		goals = append(goals, MustParseBoard(s))
	}
	return goals
}

// TestRandomBoardReaches checks that every board drawn reaches its goal.
func TestRandomBoardReaches(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, goal := range randomGoals(t) {
		for range 200 {
			b, err := RandomBoard(goal, rng)
			if err != nil {
				t.Fatal(err)
			}
			if ok, err := Solvable(b, goal); err != nil || !ok {
				t.Fatalf("board\n%vdoes not reach goal\n%v(%v)", b, goal, err)
			}
			if goal == goal.StandardGoal() && !b.IsSolvable() {
				t.Fatalf("board\n%vis not solvable", b)
			}
			if b.IsPermutation() != goal.IsPermutation() {
				t.Fatalf("IsPermutation %v, goal's %v", b.IsPermutation(), goal.IsPermutation())
			}
		}
	}
}

// TestRandomBoardUniform draws many boards of small spaces and checks that
// every board that reaches the goal, and only those, comes up about equally
// often: a chi-square statistic within five standard deviations of its
// mean (a fixed seed, so the test gives the same answer every run).
func TestRandomBoardUniform(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	goals := []Board{Goal(2, 2), Goal(2, 3), Goal(3, 2), blankFirstGoal(2, 3), Goal(1, 4),
		MustParseBoard("2\n1 1\n2 0\n"), MustParseBoard("2 3\n1 1 2\n2 3 0\n")}
	for _, goal := range goals {
		counts := map[Board]int{}
		for b := range reachable(goal) {
			counts[b] = 0
		}
		const perBoard = 200
		draws := perBoard * len(counts)
		for range draws {
			b, err := RandomBoard(goal, rng)
			if err != nil {
				t.Fatal(err)
			}
			if _, ok := counts[b]; !ok {
				t.Fatalf("board\n%vdoes not reach\n%v", b, goal)
			}
			counts[b]++
		}
		chi := 0.0
		for b, n := range counts {
			if n == 0 {
				t.Fatalf("goal\n%vboard\n%vnever drawn", goal, b)
			}
			d := float64(n - perBoard)
			chi += d * d / perBoard
		}
		df := float64(len(counts) - 1)
		if limit := df + 5*math.Sqrt(2*df); chi > limit {
			t.Errorf("goal\n%v%d boards: chi-square %.1f over %.1f", goal, len(counts), chi, limit)
		}
	}
}

// TestRandomWalk checks walks against the moves they make: no move undoes
// the one before, the moves lead to the board returned, and an optimal
// solution is no longer than the walk (exactly as long for two moves).
func TestRandomWalk(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, goal := range []Board{Goal(3, 3), blankFirstGoal(3, 3), Goal(2, 4), MustParseBoard("3\n1 1 2\n2 0 3\n3 4 4\n")} {
		for k := range 16 {
			seed := rng.Uint64()
			var moves []Move
			b := walk(goal, k, rand.New(rand.NewPCG(seed, 0)), func(d Direction) { moves = append(moves, Move{Dir: d, Tiles: 1}) })
			if len(moves) != k {
				t.Fatalf("%d moves for k = %d", len(moves), k)
			}
			for i := 1; i < k; i++ {
				if moves[i].Dir == moves[i-1].Dir.Opposite() {
					t.Fatalf("move %d (%v) undoes move %d", i, moves[i].Dir, i-1)
				}
			}
			if end, ok := goal.Apply(moves); !ok || end != b {
				t.Fatalf("the moves do not lead to the board")
			}
			if w, err := RandomWalk(goal, k, rand.New(rand.NewPCG(seed, 0))); err != nil || w != b {
				t.Fatalf("RandomWalk differs from its moves (%v)", err)
			}
			sol, err := Solver{}.Solve(context.Background(), b, goal)
			if err != nil {
				t.Fatal(err)
			}
			if sol.Len() > k || k == 2 && sol.Len() != 2 {
				t.Fatalf("%d moves from the goal, solved in %d", k, sol.Len())
			}
		}
	}
}

// TestRandomWalkLine checks that a walk on a single line goes on at its
// ends, where the only move undoes the one before, and undoes no other.
func TestRandomWalkLine(t *testing.T) {
	for _, goal := range []Board{Goal(1, 2), Goal(1, 5), Goal(4, 1)} {
		var moves []Move
		b := walk(goal, 40, rand.New(rand.NewPCG(1, 1)), func(d Direction) { moves = append(moves, Move{Dir: d, Tiles: 1}) })
		if end, ok := goal.Apply(moves); !ok || end != b || len(moves) != 40 {
			t.Fatalf("%d moves do not lead to the board", len(moves))
		}
		for i := 1; i < len(moves); i++ {
			before, _ := goal.Apply(moves[:i])
			if n := len(slices.Collect(before.Neighbors())); moves[i].Dir == moves[i-1].Dir.Opposite() && n != 1 {
				t.Fatalf("move %d undoes move %d with %d moves to choose from", i, i-1, n)
			}
		}
		if ok, _ := Solvable(b, goal); !ok {
			t.Fatalf("board\n%vdoes not reach the goal", b)
		}
	}
}

// TestRandomSeed checks that a seed gives the same boards and another
// seed others.
func TestRandomSeed(t *testing.T) {
	draw := func(seed uint64) (Board, Board) {
		rng := rand.New(rand.NewPCG(seed, 0))
		b, err := RandomBoard(Goal(10, 12), rng)
		if err != nil {
			t.Fatal(err)
		}
		w, err := RandomWalk(Goal(10, 12), 100, rng)
		if err != nil {
			t.Fatal(err)
		}
		return b, w
	}
	b1, w1 := draw(1)
	b2, w2 := draw(1)
	b3, w3 := draw(2)
	if b1 != b2 || w1 != w2 {
		t.Fatal("seed 1 gives different boards")
	}
	if b1 == b3 || w1 == w3 {
		t.Fatal("seeds 1 and 2 give the same board")
	}
}

// TestRandomLargest draws boards of 255 x 255 and walks a million moves on
// one: linear work, well within a test's time.
func TestRandomLargest(t *testing.T) {
	rng := rand.New(rand.NewPCG(255, 255))
	goal := Goal(255, 255)
	b, err := RandomBoard(goal, rng)
	if err != nil {
		t.Fatal(err)
	}
	if !b.IsSolvable() || b.Manhattan() < 255*255 {
		t.Fatalf("board not solvable (%v) or too near the goal (Manhattan %d)", b.IsSolvable(), b.Manhattan())
	}
	const k = 1_000_000
	w, err := RandomWalk(goal, k, rng)
	if err != nil {
		t.Fatal(err)
	}
	if !w.IsSolvable() || w.Manhattan() > k || w.Manhattan()%2 != k%2 || w == goal {
		t.Fatalf("walk of %d moves: solvable %v, Manhattan %d", k, w.IsSolvable(), w.Manhattan())
	}
}

func TestRandomErrors(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for _, tc := range []struct {
		name string
		call func() (Board, error)
		want error
	}{
		{"zero goal", func() (Board, error) { return RandomBoard(Board{}, rng) }, ErrSize},
		{"nil rng", func() (Board, error) { return RandomBoard(Goal(3, 3), nil) }, ErrOption},
		{"zero walk", func() (Board, error) { return RandomWalk(Board{}, 3, rng) }, ErrSize},
		{"nil walk rng", func() (Board, error) { return RandomWalk(Goal(3, 3), 3, nil) }, ErrOption},
		{"negative k", func() (Board, error) { return RandomWalk(Goal(3, 3), -1, rng) }, ErrOption},
	} {
		b, err := tc.call()
		if !errors.Is(err, tc.want) || b.IsValid() {
			t.Errorf("%s: %v, %v; want %v", tc.name, b, err, tc.want)
		}
	}
	if b, err := RandomWalk(Goal(3, 3), 0, rng); err != nil || b != Goal(3, 3) {
		t.Errorf("no moves: %v, %v", b, err)
	}
}
