package slide

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/slidekit/slide/internal/testsets"
)

// TestSolvableMatchesBFS checks the parity rule against breadth-first
// reachability on every shape of at most 9 cells, for random goals, with
// distinct and with repeated labels: every arrangement of the goal's labels
// is classified and compared.
func TestSolvableMatchesBFS(t *testing.T) {
	shapes := [][2]int{{2, 2}, {2, 3}, {3, 2}, {2, 4}, {4, 2}, {3, 3}}
	for c := 2; c <= 9; c++ {
		shapes = append(shapes, [2]int{1, c}, [2]int{c, 1})
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, sh := range shapes {
		rows, cols := sh[0], sh[1]
		n := rows * cols
		if !testsets.Long() && n == 9 && rows > 1 {
			continue // 3 x 3 in the full run only
		}
		for _, repeated := range []bool{false, true} {
			goals := 3
			if n == 9 && rows > 1 && cols > 1 {
				goals = 1
			}
			for range goals {
				labels := make([]int, n)
				for i := 1; i < n; i++ {
					labels[i] = i
					if repeated {
						labels[i] = 1 + rng.IntN((n+1)/2)
					}
				}
				rng.Shuffle(n, func(i, j int) { labels[i], labels[j] = labels[j], labels[i] })
				goal, err := NewLabeled(rows, cols, labels)
				if err != nil {
					t.Fatal(err)
				}
				reach := reachable(goal)
				count := 0
				for a := range testsets.Arrangements(labels) {
					start, err := NewLabeled(rows, cols, a)
					if err != nil {
						t.Fatal(err)
					}
					got, err := Solvable(start, goal)
					if err != nil {
						t.Fatal(err)
					}
					if got != reach[start] {
						t.Fatalf("%dx%d: Solvable(%v, %v) = %v, BFS says %v", rows, cols, start.Tiles(), goal.Tiles(), got, reach[start])
					}
					if got {
						count++
					}
				}
				if count != len(reach) {
					t.Fatalf("%dx%d goal %v: %d solvable arrangements, BFS reaches %d", rows, cols, goal.Tiles(), count, len(reach))
				}
			}
		}
	}
}

func TestSolvableExamples(t *testing.T) {
	tests := []struct {
		start, goal string
		want        bool
	}{
		{"4\n9 12 5 4\n2 0 7 11\n3 6 10 13\n14 1 8 15\n", "4\n1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 0 15\n", true},
		{"2\n2 1\n3 0\n", "2\n1 2\n3 0\n", false},
		{"3\n8 7 6\n5 4 3\n2 1 0\n", "3\n1 2 3\n4 5 6\n7 8 0\n", true},
		{"4\n1 2 3 4\n5 6 7 8\n9 10 11 12\n13 15 14 0\n", "4\n1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 0\n", false},
	}
	for _, tt := range tests {
		got, err := Solvable(MustParseBoard(tt.start), MustParseBoard(tt.goal))
		if err != nil || got != tt.want {
			t.Errorf("Solvable(%q, %q) = %v, %v; want %v", tt.start, tt.goal, got, err, tt.want)
		}
	}
	// The spec's exercise, decided by BFS.
	start, spiral := MustParseBoard("3\n1 6 7\n2 5 8\n3 4 0\n"), MustParseBoard("3\n1 2 3\n8 0 4\n7 6 5\n")
	got, _ := Solvable(start, spiral)
	if want := reachable(spiral)[start]; got != want {
		t.Errorf("spiral exercise: Solvable = %v, BFS %v", got, want)
	}
	if !MustParseBoard("3\n8 7 6\n5 4 3\n2 1 0\n").IsSolvable() {
		t.Error("IsSolvable")
	}
}

func TestSolvableErrors(t *testing.T) {
	g := Goal(3, 3)
	for _, start := range []Board{{}, Goal(2, 2), Goal(3, 4), MustParseBoard("3\n1 2 3\n4 5 6\n7 7 0\n")} {
		if _, err := Solvable(start, g); !errors.Is(err, ErrMismatch) {
			t.Errorf("Solvable(%v, goal) = %v, want ErrMismatch", start, err)
		}
	}
	if _, err := Solvable(g, Board{}); !errors.Is(err, ErrMismatch) {
		t.Errorf("zero goal: %v", err)
	}
	lab := MustParseBoard("2\n1 1\n2 0\n")
	if _, err := Solvable(MustParseBoard("2\n1 2\n2 0\n"), lab); !errors.Is(err, ErrMismatch) {
		t.Errorf("different multisets: %v", err)
	}
}

// FuzzSolvable checks the parity rule against Solve on small random boards
// described by fuzz bytes: a board is solvable exactly when Solve finds a
// path.
func FuzzSolvable(f *testing.F) {
	f.Add(uint8(2), uint8(3), []byte{5, 4, 3, 2, 1, 0}, []byte{1, 2, 3, 4, 5, 0})
	f.Add(uint8(1), uint8(4), []byte{1, 2, 0, 3}, []byte{2, 1, 3, 0})
	f.Fuzz(func(t *testing.T, rows, cols uint8, a, b []byte) {
		r, c := int(rows%3)+1, int(cols%3)+1
		n := r * c
		if n < 2 || len(a) < n || len(b) < n {
			return
		}
		start, err1 := NewLabeled(r, c, perm(a[:n]))
		goal, err2 := NewLabeled(r, c, perm(b[:n]))
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		ok, err := Solvable(start, goal)
		if err != nil {
			t.Fatal(err)
		}
		_, serr := Solver{Algorithm: AlgoBFS}.Solve(context.Background(), start, goal)
		if ok != (serr == nil) {
			t.Fatalf("Solvable(%v, %v) = %v; BFS: %v", start, goal, ok, serr)
		}
	})
}

// perm turns bytes into a permutation of 0 ... len-1 by ranking them
// (stably), so any bytes make a board.
func perm(bs []byte) []int {
	p := make([]int, len(bs))
	for i := range bs {
		for j := range bs {
			if bs[j] < bs[i] || bs[j] == bs[i] && j < i {
				p[i]++
			}
		}
	}
	return p
}
