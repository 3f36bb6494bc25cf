package main

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/slidekit/slide"
)

// readRandom checks that random exited 0 and returns the board it wrote,
// read as solve reads it.
func readRandom(t *testing.T, stdout, stderr string, status int) slide.Board {
	t.Helper()
	if status != exitOK {
		t.Fatalf("status %d, stderr %q", status, stderr)
	}
	b, err := slide.ReadBoard(strings.NewReader(stdout))
	if err != nil {
		t.Fatalf("output %q: %v", stdout, err)
	}
	return b
}

// TestRandomBoards checks that random writes boards of the size asked for
// that solve reads and can solve, the same for the same seed and another
// for another.
func TestRandomBoards(t *testing.T) {
	for _, tc := range []struct {
		args       []string
		rows, cols int
	}{
		{[]string{"3"}, 3, 3},
		{[]string{"2", "5"}, 2, 5},
		{[]string{"5", "2"}, 5, 2},
		{[]string{"1", "40"}, 1, 40},
		{[]string{"255"}, 255, 255},
		{[]string{"1", "65535"}, 1, 65535},
	} {
		args := append([]string{"random", "-seed", "7"}, tc.args...)
		stdout, stderr, status := runSlide("", args...)
		b := readRandom(t, stdout, stderr, status)
		if stderr != "" {
			t.Errorf("%v: stderr %q", tc.args, stderr)
		}
		if b.Rows() != tc.rows || b.Cols() != tc.cols || !b.IsSolvable() {
			t.Errorf("%v: %d x %d board, solvable %v", tc.args, b.Rows(), b.Cols(), b.IsSolvable())
		}
		if again, _, _ := runSlide("", args...); again != stdout {
			t.Errorf("%v: seed 7 gives another board", tc.args)
		}
		args[2] = "8"
		if other, _, _ := runSlide("", args...); other == stdout {
			t.Errorf("%v: seeds 7 and 8 give the same board", tc.args)
		}
	}
}

// TestRandomClockSeed checks that without -seed random prints the seed it
// drew, which gives the same board again.
func TestRandomClockSeed(t *testing.T) {
	stdout, stderr, status := runSlide("", "random", "4")
	readRandom(t, stdout, stderr, status)
	seed, ok := strings.CutPrefix(strings.TrimSuffix(stderr, "\n"), "slide random: -seed ")
	if _, err := strconv.ParseUint(seed, 10, 64); !ok || err != nil {
		t.Fatalf("stderr %q: no seed", stderr)
	}
	if again, _, _ := runSlide("", "random", "-seed", seed, "4"); again != stdout {
		t.Errorf("-seed %s gives\n%snot\n%s", seed, again, stdout)
	}
}

// TestRandomWalk checks that -walk K writes a board that an optimal
// solution takes from the goal, -goal's if given, in at most K moves.
func TestRandomWalk(t *testing.T) {
	goalFile := filepath.Join(t.TempDir(), "goal.txt")
	blankFirst := "3\n0 1 2\n3 4 5\n6 7 8\n"
	if err := os.WriteFile(goalFile, []byte(blankFirst), 0o644); err != nil {
		t.Fatal(err)
	}
	for k := range 14 {
		for _, goalArgs := range [][]string{nil, {"-goal", goalFile}} {
			args := append([]string{"random", "-walk", strconv.Itoa(k), "-seed", strconv.Itoa(k)}, goalArgs...)
			stdout, stderr, status := runSlide("", append(args, "3")...)
			b := readRandom(t, stdout, stderr, status)
			goal := slide.Goal(3, 3)
			if goalArgs != nil {
				goal = slide.MustParseBoard(blankFirst)
			}
			sol, err := slide.Solver{}.Solve(context.Background(), b, goal)
			if err != nil {
				t.Fatal(err)
			}
			if sol.Len() > k || k == 2 && sol.Len() != 2 {
				t.Errorf("%v: solved in %d moves", args, sol.Len())
			}
		}
	}
}

// TestRandomGoal checks that -goal sets the goal and, without ROWS, the
// size.
func TestRandomGoal(t *testing.T) {
	goal := "2 3\n0 5 4\n3 2 1\n"
	for _, args := range [][]string{{"random", "-seed", "3", "-goal", "-"}, {"random", "-seed", "3", "-goal", "-", "2", "3"}} {
		stdout, stderr, status := runSlide(goal, args...)
		b := readRandom(t, stdout, stderr, status)
		if ok, err := slide.Solvable(b, slide.MustParseBoard(goal)); !ok || err != nil {
			t.Errorf("%v: board\n%vdoes not reach the goal (%v)", args, b, err)
		}
	}
}

func TestRandomUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, "want the size"},
		{[]string{"0"}, "must be at least 1"},
		{[]string{"3", "-2"}, "must be at least 1"},
		{[]string{"1"}, "at least 2 cells"},
		{[]string{"256"}, "more than 65535 cells"},
		{[]string{"1", "65536"}, "more than 65535 cells"},
		{[]string{"99999999999999999999"}, "not a number"},
		{[]string{"4x4"}, "not a number"},
		{[]string{"2", "3", "4"}, "got 3 arguments"},
		{[]string{"-walk", "-1", "3"}, "-walk -1"},
		{[]string{"-seed", "-1", "3"}, "-seed"},
		{[]string{"-goal", "-", "4"}, "size 4 x 4, but the goal is 3 x 3"},
	} {
		stdout, stderr, status := runSlide("3\n1 2 3\n4 5 6\n7 8 0\n", append([]string{"random"}, tc.args...)...)
		if status != exitUsage || stdout != "" || !strings.Contains(stderr, tc.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%q: status %d, stdout %q, stderr %q; want %q", tc.args, status, stdout, stderr, tc.want)
		}
	}
	if _, stderr, status := runSlide("", "random", "-goal", filepath.Join(t.TempDir(), "none"), "3"); status != exitError || !strings.Contains(stderr, "none") {
		t.Errorf("missing goal file: status %d, stderr %q", status, stderr)
	}
	if help, _, _ := runSlide("", "help"); !strings.Contains(help, "\n  random ") {
		t.Errorf("help does not list random:\n%s", help)
	}
}
