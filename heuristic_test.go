package slide

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestHeuristicsAdmissible checks every heuristic against the true
// distance of every 3x3 board from a random goal, and their order
// (LinearConflict >= Manhattan >= Hamming counts of the same tiles).
func TestHeuristicsAdmissible(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	goals := []Board{Goal(3, 3), randomBoard(rng, 3, 3), MustParseBoard("3\n1 1 2\n2 0 3\n3 4 4\n"), MustParseBoard("3\n1 2 1\n2 0 2\n1 2 1\n")}
	every := shortEvery(8)
	for _, goal := range goals {
		for d, layer := range layersFrom(t, goal) {
			for i, b := range layer {
				if i%every != 0 {
					continue
				}
				prev := -1
				for k, h := range []Heuristic{Zero, Hamming, Manhattan, LinearConflict} {
					v, err := h.Estimate(b, goal)
					if err != nil {
						t.Fatal(err)
					}
					if v > d {
						t.Fatalf("%v estimates %d for a board %d moves from the goal:\n%v", h, v, d, b)
					}
					if k >= 2 && v < prev {
						t.Fatalf("%v (%d) below the weaker heuristic (%d)", h, v, prev)
					}
					prev = v
				}
			}
		}
	}
}

// TestHeuristicValues pins a few values worked by hand.
func TestHeuristicValues(t *testing.T) {
	goal := Goal(3, 3)
	tests := []struct {
		board         string
		ham, man, lin int
	}{
		{"3\n1 2 3\n4 5 6\n7 8 0\n", 0, 0, 0},
		{"3\n2 1 3\n4 5 6\n7 8 0\n", 2, 2, 4},   // 2 and 1 swap in their row: one conflict
		{"3\n3 2 1\n4 5 6\n7 8 0\n", 2, 4, 8},   // 3 2 1: longest run 1, two conflicts
		{"3\n8 1 3\n4 0 2\n7 6 5\n", 5, 10, 10}, // the spec's example board
		{"3\n0 1 3\n4 2 5\n7 8 6\n", 4, 4, 4},   // solved in 4
		{"3\n4 1 3\n0 2 5\n7 8 6\n", 5, 5, 5},   // 4 is out of its column only
		{"3\n7 2 3\n4 5 6\n1 8 0\n", 2, 4, 8},   // column 0 holds 7 4 1: two conflicts
		{"3\n5 2 3\n4 1 6\n7 8 0\n", 2, 4, 4},   // 1 and 5 on a diagonal: no shared line
		{"3\n1 2 3\n6 5 4\n7 8 0\n", 2, 4, 8},   // 6 5 4: two conflicts
		{"3\n0 8 7\n6 5 4\n3 2 1\n", 7, 20, 28}, // reversed; 5 stays home
		{"3\n8 7 6\n5 4 3\n2 1 0\n", 8, 16, 20}, // the tutorial's example
		{"3\n1 2 3\n4 5 6\n8 7 0\n", 2, 2, 4},   // unsolvable, estimates still defined
		{"3\n1 2 3\n4 6 5\n7 8 0\n", 2, 2, 4},   // one row conflict
		{"3\n1 2 3\n4 0 6\n7 5 8\n", 2, 2, 2},   // Neighbors example
		{"3\n4 2 3\n1 5 6\n7 8 0\n", 2, 2, 4},   // column conflict
		{"3\n1 8 3\n4 5 6\n7 2 0\n", 2, 4, 8},   // column 1 holds 8 5 2
		{"3\n2 3 1\n4 5 6\n7 8 0\n", 3, 4, 6},   // 2 3 1: one tile out of order
		{"3\n1 2 3\n4 5 6\n0 7 8\n", 2, 2, 2},   // blank on the left: no conflict
		{"3\n3 1 2\n4 5 6\n7 8 0\n", 3, 4, 6},   // 3 1 2: one conflict
		{"3\n6 2 3\n4 5 1\n7 8 0\n", 2, 6, 6},   // far corners
		{"3\n1 2 3\n7 5 6\n4 8 0\n", 2, 2, 4},   // column 0: 7 over 4
		{"3\n1 2 3\n4 5 6\n7 0 8\n", 1, 1, 1},   // one move
		{"3\n1 2 3\n4 8 6\n7 5 0\n", 2, 2, 4},   // column 1: 8 over 5
		{"3\n1 2 3\n4 5 0\n7 8 6\n", 1, 1, 1},   // one move up
		{"3\n1 2 3\n0 4 6\n7 5 8\n", 3, 3, 3},   // three moves
		{"3\n1 2 3\n4 5 6\n8 0 7\n", 2, 3, 5},   // 8 and 7 in their row, reversed
		{"3\n2 0 3\n1 4 6\n7 5 8\n", 5, 5, 5},   // five tiles one step each
		{"3\n1 3 0\n4 2 6\n7 5 8\n", 4, 4, 4},   // four tiles one step each
		{"3\n1 2 3\n5 4 6\n7 8 0\n", 2, 2, 4},   // a swap in row 1
		{"3\n1 5 3\n4 2 6\n7 8 0\n", 2, 2, 4},   // a swap in column 1
		{"3\n0 2 3\n4 5 6\n7 8 1\n", 1, 4, 4},   // the 1 two rows and two columns away
		{"3\n1 2 3\n4 5 6\n0 8 7\n", 1, 2, 4},   // 8 is home, 7 must pass it
		{"3\n4 1 2\n0 5 3\n7 8 6\n", 5, 5, 5},   // walk around
		{"3\n1 2 3\n4 0 5\n7 8 6\n", 2, 2, 2},   // two moves
		{"3\n1 0 3\n4 2 5\n7 8 6\n", 3, 3, 3},   // three moves
		{"3\n1 2 0\n4 5 3\n7 8 6\n", 2, 2, 2},   // along the right edge
		{"3\n1 2 3\n4 5 6\n0 7 8\n", 2, 2, 2},   // along the bottom
		{"3\n0 1 2\n3 4 5\n6 7 8\n", 8, 12, 12}, // shifted by one cell
		{"3\n2 1 0\n4 5 3\n7 8 6\n", 4, 4, 6},   // 2 1 reversed and 3 down
		{"3\n5 6 0\n1 2 3\n4 7 8\n", 8, 10, 10}, // no line in conflict
	}
	for _, tt := range tests {
		b := MustParseBoard(tt.board)
		for h, want := range map[Heuristic]int{Hamming: tt.ham, Manhattan: tt.man, LinearConflict: tt.lin} {
			if got, err := h.Estimate(b, goal); err != nil || got != want {
				t.Errorf("%v of %q = %d, %v; want %d", h, tt.board, got, err, want)
			}
		}
		if b.Hamming() != tt.ham || b.Manhattan() != tt.man {
			t.Errorf("methods of %q: %d %d", tt.board, b.Hamming(), b.Manhattan())
		}
	}
	if _, err := (Heuristic{kind: 99}).Estimate(goal, goal); !errors.Is(err, ErrOption) {
		t.Errorf("unknown heuristic: %v", err)
	}
	if _, err := Manhattan.Estimate(Goal(2, 2), goal); !errors.Is(err, ErrMismatch) {
		t.Errorf("mismatch: %v", err)
	}
	for _, name := range []string{"auto", "zero", "hamming", "manhattan", "linear", "lc", "linear-conflict"} {
		if _, err := ParseHeuristic(name); err != nil {
			t.Errorf("ParseHeuristic(%q): %v", name, err)
		}
	}
	if _, err := ParseHeuristic("euclid"); !errors.Is(err, ErrSyntax) {
		t.Errorf("ParseHeuristic(euclid): %v", err)
	}
	if (Heuristic{kind: 42}).String() != "Heuristic(42)" || LinearConflict.String() != "linear" {
		t.Error("Heuristic.String")
	}
}

// TestWalkingDistanceSizes: walking distance outside 2 x 2 to 4 x 4 is
// refused at once, in the documented terms, before anything is built.
func TestWalkingDistanceSizes(t *testing.T) {
	dir := useTempCache(t)
	for _, n := range []int{5, 6} {
		b := Goal(n, n).Twin().Twin()
		for _, h := range []Heuristic{Auto.WithWalkingDistance(), WalkingDistance, PDB6666.WithWalkingDistance()} {
			began := time.Now()
			_, err := Solver{Heuristic: h}.Solve(context.Background(), b, Goal(n, n))
			if !errors.Is(err, ErrOption) || time.Since(began) > 50*time.Millisecond {
				t.Errorf("%dx%d: %v after %v", n, n, err, time.Since(began))
			}
			if msg := err.Error(); strings.Contains(msg, "pdb:") || !strings.Contains(msg, "2 x 2 to 4 x 4") && !strings.Contains(msg, "pdb6666 is for 5 x 5") {
				t.Errorf("%dx%d: message %q", n, n, msg)
			}
		}
		if _, err := (Solver{Heuristic: WalkingDistance}).Prepare(context.Background(), Goal(n, n)); !errors.Is(err, ErrOption) {
			t.Errorf("Prepare %dx%d: %v", n, n, err)
		}
	}
	if h, err := (Solver{Heuristic: WalkingDistance}).Prepare(context.Background(), Goal(3, 4)); err != nil || h != WalkingDistance {
		t.Errorf("Prepare 3x4: %v, %v", h, err)
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "slide", "pdb", "*")); len(files) != 0 {
		t.Errorf("built %v", files)
	}
}

// TestDatabaseSizeFirst: a database heuristic for another board size is
// refused before anything is built.
func TestDatabaseSizeFirst(t *testing.T) {
	dir := useTempCache(t)
	b := Goal(3, 3).Twin().Twin()
	for _, h := range []Heuristic{PDB555, PDB663, PDB78, PDB6666} {
		began := time.Now()
		if _, err := (Solver{Heuristic: h}).Solve(context.Background(), b, Goal(3, 3)); !errors.Is(err, ErrOption) || time.Since(began) > 50*time.Millisecond {
			t.Errorf("%v on 3x3: %v after %v", h, err, time.Since(began))
		}
		if _, err := (Solver{Heuristic: h}).Prepare(context.Background(), Goal(3, 3)); !errors.Is(err, ErrOption) || !strings.Contains(err.Error(), "not 3 x 3") {
			t.Errorf("%v: Prepare(3x3): %v", h, err)
		}
	}
	if _, err := (Solver{Heuristic: PDB663}).Prepare(context.Background(), MustParseBoard("4\n1 1 2 2\n3 3 4 4\n5 5 6 6\n7 7 8 0\n")); !errors.Is(err, ErrOption) {
		t.Errorf("PDB663: Prepare(labeled): %v", err)
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "slide", "pdb", "*")); len(files) != 0 {
		t.Errorf("built %v", files)
	}
}

// TestShippedSizes keeps Heuristic.check's sizes in step with the
// shipped partitions.
func TestShippedSizes(t *testing.T) {
	for _, h := range []Heuristic{PDB555, PDB663, PDB78, PDB6666} {
		spec, _ := h.partition()
		tg, err := newTarget("test", Goal(spec.Rows, spec.Cols))
		if err != nil {
			t.Fatal(err)
		}
		if err := h.check("test", tg, Goal(spec.Rows, spec.Cols)); err != nil {
			t.Errorf("%v: %v", h, err)
		}
	}
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
		want, ok := Auto, false
		if tc.want == PDB48 {
			want, ok = PDB48x5, true
		}
		if h, got := StrongerDatabase(tc.goal, Anytime(10*time.Second)); h != want || got != ok {
			t.Errorf("%d x %d goal, blank at %v: stronger %v, %v; want %v, %v", tc.goal.Rows(), tc.goal.Cols(), tc.goal.blank, h, got, want, ok)
		}
		if h, got := StrongerDatabase(tc.goal, Weighted(1.5)); h != want || got != ok {
			t.Errorf("%d x %d goal, blank at %v, -w: stronger %v, %v; want %v, %v", tc.goal.Rows(), tc.goal.Cols(), tc.goal.blank, h, got, want, ok)
		}
		for _, m := range []Mode{Anytime(time.Second), Optimal(), Fast()} { // no time to read it; or no use for it
			if h, got := StrongerDatabase(tc.goal, m); got {
				t.Errorf("%d x %d goal, blank at %v, %v: stronger %v", tc.goal.Rows(), tc.goal.Cols(), tc.goal.blank, m, h)
			}
		}
	}
}
