package slide

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
)

// useTempCache points the pattern-database cache at a fresh directory for
// the rest of the test (os.UserCacheDir honours XDG_CACHE_HOME).
func useTempCache(t *testing.T) string {
	dir := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", dir)
	return dir
}

// TestDatabaseKorf solves the Korf instances of up to 50 moves with the
// 5-5-5 databases (whose goal is Korf's, blank first) and checks the
// published lengths.
func TestDatabaseKorf(t *testing.T) {
	dir := useTempCache(t)
	goal := blankFirstGoal(4, 4)
	var seen []DatabaseProgress
	if err := BuildDatabase(context.Background(), PDB555, func(p DatabaseProgress) { seen = append(seen, p) }); err != nil {
		t.Fatal(err)
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "slide", "pdb", "*.pdb")); len(seen) == 0 && len(files) == 0 {
		t.Error("no progress reported and no file cached")
	}
	solved := 0
	for _, in := range readInstances(t, "korf100.txt", 4, 4) {
		if in.optimal > 50 {
			continue
		}
		sol, err := Solve(in.board, goal, WithHeuristic(PDB555))
		if err != nil {
			t.Fatal(err)
		}
		checkSolution(t, sol, in.board, goal, in.optimal)
		if sol.Heuristic != PDB555 || sol.Algorithm != AlgoIDAStar {
			t.Errorf("ran %v with %v", sol.Algorithm, sol.Heuristic)
		}
		solved++
	}
	if solved < 10 {
		t.Errorf("only %d instances", solved)
	}
	// With the database on disk, Auto uses it.
	sol, err := Solve(readInstances(t, "korf100.txt", 4, 4)[54].board, goal)
	if err != nil || sol.Heuristic != PDB555 {
		t.Errorf("Auto used %v: %v", sol.Heuristic, err)
	}
}

// TestDatabaseOtherGoals checks the rotated tables (standard goal, blank
// last) and tables of their own (blank in the middle) against the linear
// conflict solver on random boards, with and without walking distance,
// and the A* engine with database estimates.
func TestDatabaseOtherGoals(t *testing.T) {
	useTempCache(t)
	rng := rand.New(rand.NewPCG(31, 32))
	middle := MustParse("4\n1 2 3 4\n5 0 6 7\n8 9 10 11\n12 13 14 15\n")
	for _, goal := range []Board{Goal(4, 4), middle, randomWalk(rng, blankFirstGoal(4, 4), 7)} {
		for range 4 {
			start := randomWalk(rng, goal, 24+rng.IntN(20))
			ref, err := Solve(start, goal, WithHeuristic(LinearConflict))
			if err != nil {
				t.Fatal(err)
			}
			for _, opts := range [][]Option{
				{WithHeuristic(PDB555)},
				{WithHeuristic(PDB555.WithWalkingDistance())},
				{WithHeuristic(PDB555), WithAlgorithm(AlgoAStar)},
				{WithHeuristic(LinearConflict.WithWalkingDistance()), WithAlgorithm(AlgoAStar)},
			} {
				sol, err := Solve(start, goal, opts...)
				if err != nil {
					t.Fatal(err)
				}
				checkSolution(t, sol, start, goal, ref.Len())
			}
			for _, h := range []Heuristic{PDB555, WalkingDistance} {
				v, err := h.Estimate(start, goal)
				if err != nil || v > ref.Len() || v < start.manhattanTo(goal) {
					t.Errorf("%v estimates %d (%v) for a board %d moves away", h, v, err, ref.Len())
				}
			}
		}
	}
}

// manhattanTo is the Manhattan distance to goal, for tests.
func (b Board) manhattanTo(goal Board) int {
	v, _ := Manhattan.Estimate(b, goal)
	return v
}

// TestWalkingDistanceSmall checks walking distance on 3x3 boards against
// BFS distances, as an estimate (admissible, at least Manhattan) and in
// Solve.
func TestWalkingDistanceSmall(t *testing.T) {
	goal := Goal(3, 3)
	for d, layer := range layersFrom(t, goal) {
		for i, b := range layer {
			if i%53 != 0 {
				continue
			}
			v, err := WalkingDistance.Estimate(b, goal)
			if err != nil || v > d || v < b.Manhattan() {
				t.Fatalf("walking distance %d (%v) for a board %d moves away, Manhattan %d", v, err, d, b.Manhattan())
			}
			if i%(53*7) == 0 {
				for _, a := range []Algorithm{AlgoAuto, AlgoIDAStar} {
					sol, err := Solve(b, goal, WithHeuristic(WalkingDistance), WithAlgorithm(a))
					if err != nil {
						t.Fatal(err)
					}
					checkSolution(t, sol, b, goal, d)
				}
			}
		}
	}
}

func TestDatabaseErrors(t *testing.T) {
	useTempCache(t)
	if err := BuildDatabase(context.Background(), Manhattan, nil); !errors.Is(err, ErrOption) {
		t.Errorf("BuildDatabase(Manhattan): %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := BuildDatabase(ctx, PDB663, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled build: %v", err)
	}
	start := randomWalk(rand.New(rand.NewPCG(1, 2)), Goal(3, 3), 20)
	for _, h := range []Heuristic{PDB663, PDB6666} {
		if _, err := Solve(start, Goal(3, 3), WithHeuristic(h)); !errors.Is(err, ErrOption) {
			t.Errorf("%v on 3x3: %v", h, err)
		}
	}
	lab := MustParseLabeled("4\n1 1 2 2\n3 3 4 4\n5 5 6 6\n7 7 8 0\n")
	if _, err := Solve(lab, lab.StandardGoal(), WithHeuristic(PDB555)); !errors.Is(err, ErrOption) {
		t.Errorf("PDB555 on a labeled board: %v", err)
	}
	if _, err := Solve(Goal(5, 5).Twin().Twin(), Goal(5, 5), WithHeuristic(WalkingDistance)); !errors.Is(err, ErrOption) {
		t.Errorf("walking distance on 5x5: %v", err)
	}
	if _, err := os.Stat(os.Getenv("XDG_CACHE_HOME")); err != nil {
		t.Error(err)
	}
}

// TestNearOptimalDatabase checks which goals have a database made for the
// near-optimal modes.
func TestNearOptimalDatabase(t *testing.T) {
	center := Goal(6, 6).Tiles()
	center[14], center[35] = center[35], center[14]
	mid, _ := New(6, 6, center)
	ones := make([]int, 36)
	for i := range 35 {
		ones[i] = 1
	}
	labeled, err := NewLabeled(6, 6, ones)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		goal Board
		want Heuristic
		ok   bool
	}{
		{Goal(6, 6), PDB35, true}, {blankFirstGoal(6, 6), PDB35, true}, {Goal(7, 7), PDB48, true}, {blankFirstGoal(7, 7), PDB48, true},
		{mid, Auto, false}, {labeled, Auto, false}, {Goal(4, 4), Auto, false}, {Goal(6, 7), Auto, false}, {Goal(8, 8), Auto, false}, {Board{}, Auto, false},
	} {
		if h, ok := NearOptimalDatabase(tc.goal); h != tc.want || ok != tc.ok {
			t.Errorf("%d x %d goal, blank at %v: %v, %v; want %v, %v", tc.goal.Rows(), tc.goal.Cols(), tc.goal.blank, h, ok, tc.want, tc.ok)
		}
	}
}
