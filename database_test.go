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
	if err := (Cache{Progress: func(p DatabaseProgress) { seen = append(seen, p) }}).Build(context.Background(), PDB555); err != nil {
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
		sol, err := Solver{Heuristic: PDB555}.Solve(context.Background(), in.board, goal)
		if err != nil {
			t.Fatal(err)
		}
		checkSolution(t, sol, in.board, goal, in.optimal)
		if sol.Heuristic != PDB555 || sol.Engine != "idastar" {
			t.Errorf("ran %v with %v", sol.Engine, sol.Heuristic)
		}
		solved++
	}
	if solved < 10 {
		t.Errorf("only %d instances", solved)
	}
	// With the database on disk, Auto uses it.
	sol, err := Solver{}.Solve(context.Background(), readInstances(t, "korf100.txt", 4, 4)[54].board, goal)
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
	middle := MustParseBoard("4\n1 2 3 4\n5 0 6 7\n8 9 10 11\n12 13 14 15\n")
	for _, goal := range []Board{Goal(4, 4), middle, randomWalk(rng, blankFirstGoal(4, 4), 7)} {
		for range 4 {
			start := randomWalk(rng, goal, 24+rng.IntN(20))
			ref, err := Solver{Heuristic: LinearConflict}.Solve(context.Background(), start, goal)
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range []Solver{
				{Heuristic: PDB555},
				{Heuristic: PDB555.WithWalkingDistance()},
				{Heuristic: PDB555, Algorithm: AlgoAStar},
				{Heuristic: LinearConflict.WithWalkingDistance(), Algorithm: AlgoAStar},
			} {
				sol, err := s.Solve(context.Background(), start, goal)
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
					sol, err := Solver{Heuristic: WalkingDistance, Algorithm: a}.Solve(context.Background(), b, goal)
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
	if err := (Cache{}).Build(context.Background(), Manhattan); !errors.Is(err, ErrOption) {
		t.Errorf("Build(Manhattan): %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := (Cache{}).Build(ctx, PDB663); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled build: %v", err)
	}
	start := randomWalk(rand.New(rand.NewPCG(1, 2)), Goal(3, 3), 20)
	for _, h := range []Heuristic{PDB663, PDB6666} {
		if _, err := (Solver{Heuristic: h}).Solve(context.Background(), start, Goal(3, 3)); !errors.Is(err, ErrOption) {
			t.Errorf("%v on 3x3: %v", h, err)
		}
	}
	lab := MustParseBoard("4\n1 1 2 2\n3 3 4 4\n5 5 6 6\n7 7 8 0\n")
	if _, err := (Solver{Heuristic: PDB555}).Solve(context.Background(), lab, lab.StandardGoal()); !errors.Is(err, ErrOption) {
		t.Errorf("PDB555 on a labeled board: %v", err)
	}
	if _, err := (Solver{Heuristic: WalkingDistance}).Solve(context.Background(), Goal(5, 5).Twin().Twin(), Goal(5, 5)); !errors.Is(err, ErrOption) {
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
