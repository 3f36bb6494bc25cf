package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"regexp"
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

// TestRandomMoves checks that random -moves N writes a board that a
// separate optimal search solves in exactly N moves, says so on standard
// error, and draws the same board from the same seed.
func TestRandomMoves(t *testing.T) {
	for _, c := range []struct {
		args []string
		n    int
	}{
		{[]string{"3"}, 0},
		{[]string{"3"}, 20},
		{[]string{"3"}, 31},
		{[]string{"2", "5"}, 12},
		{[]string{"3", "4"}, 25},
	} {
		args := append([]string{"random", "-seed", "5", "-moves", strconv.Itoa(c.n)}, c.args...)
		stdout, stderr, status := runSlide("", args...)
		b := readRandom(t, stdout, stderr, status)
		if want := "slide random: " + strconv.Itoa(c.n) + " move"; !strings.HasPrefix(stderr, want) || !strings.Contains(stderr, "proven shortest") {
			t.Errorf("%v: stderr %q, want %q... proven shortest", args, stderr, want)
		}
		sol, err := slide.Solver{Heuristic: slide.Manhattan}.Solve(context.Background(), b, b.StandardGoal())
		if err != nil || sol.Len() != c.n {
			t.Errorf("%v: solved in %d moves, %v", args, sol.Len(), err)
		}
		if again, _, _ := runSlide("", args...); again != stdout {
			t.Errorf("%v: seed 5 gives another board", args)
		}
	}
}

// TestRandomMovesFast checks the board of -fast -moves N: its Manhattan
// distance is N, and standard error says it is a lower bound.
func TestRandomMovesFast(t *testing.T) {
	stdout, stderr, status := runSlide("", "random", "-seed", "1", "-fast", "-moves", "300", "12")
	b := readRandom(t, stdout, stderr, status)
	if b.Rows() != 12 || b.Manhattan() != 300 {
		t.Errorf("%d x %d board of Manhattan distance %d, want 12 x 12 and 300", b.Rows(), b.Cols(), b.Manhattan())
	}
	if !regexp.MustCompile(`^slide random: (at least 300 moves \(its Manhattan distance\); a solution of \d+ moves|300 moves, proven shortest)\n$`).MatchString(stderr) {
		t.Errorf("stderr %q", stderr)
	}
}

// TestRandomBlocks checks that random -blocks FILE -moves N writes a
// puzzle that blocks reads and solves in N moves, its length in a comment
// line, and that blocks -unsolve writes one at least as far as the
// file's own.
func TestRandomBlocks(t *testing.T) {
	file := "../../testdata/blocks/rh_fogleman_db_30_wall.txt"
	for _, c := range []struct {
		args   []string
		metric slide.BlockMetric
		n      int
	}{
		{[]string{"random", "-seed", "2", "-blocks", file, "-moves", "25"}, slide.StraightMoves, 25},
		{[]string{"random", "-seed", "2", "-blocks", file, "-moves", "0", "-metric", "step"}, slide.StepMoves, 0},
		{[]string{"random", "-seed", "2", "-blocks", file, "-moves", "28", "-metric", "piece"}, slide.PieceMoves, 28},
		{[]string{"blocks", "-unsolve", file}, slide.StraightMoves, -1},
		{[]string{"blocks", "-unsolve", "-metric", "step", "../../testdata/blocks/klotski_hengdaolima.txt"}, slide.StepMoves, -1},
	} {
		stdout, stderr, status := runSlide("", c.args...)
		if status != exitOK || stderr != "" {
			t.Fatalf("%v: status %d, stderr %q", c.args, status, stderr)
		}
		m := regexp.MustCompile(`^# (\d+) ` + c.metric.String() + ` moves?: its shortest solution, proven by breadth-first search\n`).FindStringSubmatch(stdout)
		if m == nil {
			t.Fatalf("%v: no length line in %q", c.args, stdout)
		}
		n, _ := strconv.Atoi(m[1])
		if c.n >= 0 && n != c.n {
			t.Errorf("%v: %d moves, want %d", c.args, n, c.n)
		}
		b, err := slide.ParseBlocks(stdout)
		if err != nil {
			t.Fatalf("%v: %v", c.args, err)
		}
		sol, err := slide.BlockSolver{Metric: c.metric}.Solve(context.Background(), b)
		if err != nil || sol.Len() != n {
			t.Errorf("%v: solved in %d moves, %v; want %d", c.args, sol.Len(), err, n)
		}
		if c.n < 0 {
			start, _, _, _ := readBlocks(c.args[len(c.args)-1], nil, io.Discard)
			if own, err := (slide.BlockSolver{Metric: c.metric}).Solve(context.Background(), start); err != nil || own.Len() > n {
				t.Errorf("%v: the farthest lies %d moves away, the file's own %d, %v", c.args, n, own.Len(), err)
			}
		}
		out, _, status := runSlide(stdout, "blocks", "-metric", c.metric.String(), "-")
		want := "Shortest solution: " + strconv.Itoa(n) + " "
		if n == 0 {
			want = "Solved already"
		}
		if status != exitOK || !strings.Contains(out, want) {
			t.Errorf("%v | blocks -: status %d, no %q in\n%s", c.args, status, want, out)
		}
	}
}

// TestRandomMovesErrors checks that bad input gets a clear error at once.
func TestRandomMovesErrors(t *testing.T) {
	rh := "../../testdata/blocks/rh_fogleman_db_30_wall.txt"
	for _, c := range []struct {
		args   []string
		status int
		want   string
	}{
		{[]string{"random", "-moves", "-1", "3"}, exitError, "-1 moves: want 0 or more"},
		{[]string{"random", "-moves", "32", "3"}, exitError, "no 3 x 3 board lies farther than 31 moves"},
		{[]string{"random", "-moves", "81", "4"}, exitError, "farther than 80 moves"},
		{[]string{"random", "-moves", "2", "1", "2"}, exitError, "farther than 1 move "},
		{[]string{"random", "-moves", "5", "6"}, exitError, "past optimal reach"},
		{[]string{"random", "-moves", "5", "-walk", "5", "3"}, exitUsage, "-walk and -moves"},
		{[]string{"random", "-fast", "3"}, exitUsage, "-fast needs -moves"},
		{[]string{"random", "-blocks", rh, "3"}, exitUsage, "-blocks needs -moves"},
		{[]string{"random", "-metric", "step", "-moves", "3", "3"}, exitUsage, "-metric needs -blocks"},
		{[]string{"random", "-blocks", rh, "-moves", "3", "3"}, exitUsage, "no ROWS"},
		{[]string{"random", "-blocks", rh, "-moves", "3", "-metric", "diagonal"}, exitUsage, "-metric"},
		{[]string{"random", "-blocks", rh, "-moves", "99"}, exitError, "the farthest positions of the puzzle lie"},
		{[]string{"random", "-blocks", "../../testdata/blocks/edge_unsolvable.txt", "-moves", "1"}, exitError, "no position that the puzzle's moves reach is solved"},
		{[]string{"random", "-blocks", "no such file", "-moves", "1"}, exitError, "no such file"},
		{[]string{"blocks", "-unsolve", "../../testdata/blocks/edge_unsolvable.txt"}, exitError, "no position that the puzzle's moves reach is solved"},
		{[]string{"blocks", "-unsolve", "-json", rh}, exitUsage, "-unsolve prints a puzzle"},
	} {
		stdout, stderr, status := runSlide("", c.args...)
		if status != c.status || !strings.Contains(stderr, c.want) || strings.Count(stderr, "\n") > 2 {
			t.Errorf("%v: status %d, stdout %q, stderr %q; want %d and %q", c.args, status, stdout, stderr, c.status, c.want)
		}
	}
}
