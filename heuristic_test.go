package slide

import (
	"context"
	"errors"
	"math/rand/v2"
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
