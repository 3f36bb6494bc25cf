package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/slidekit/slide"
)

// parseBoards reads the boards of solve's output, after its first line:
// each a size line and its rows.
func parseBoards(t *testing.T, lines []string) []slide.Board {
	t.Helper()
	var boards []slide.Board
	for len(lines) > 0 {
		size := strings.Fields(lines[0])
		rows, err := strconv.Atoi(size[0])
		if err != nil || len(lines) < rows+1 {
			t.Fatalf("bad board at %q", lines[0])
		}
		b, err := slide.ParseBoard(strings.Join(lines[:rows+1], "\n"))
		if err != nil {
			t.Fatal(err)
		}
		boards = append(boards, b)
		lines = lines[rows+1:]
	}
	return boards
}

// checkSolveOutput checks that out, the output of solve, is a legal
// sequence of moves from start to goal, of the length it announces, and
// returns that length.
func checkSolveOutput(t *testing.T, out string, start, goal slide.Board) int {
	t.Helper()
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	var moves int
	if _, err := fmt.Sscanf(lines[0], "Minimum number of moves = %d", &moves); err != nil {
		t.Fatalf("first line %q: %v", lines[0], err)
	}
	boards := parseBoards(t, lines[1:])
	if len(boards) != moves+1 || boards[0] != start || boards[moves] != goal {
		t.Fatalf("%d boards for %d moves, or not from start to goal", len(boards), moves)
	}
	for i := 1; i < len(boards); i++ {
		legal := false
		for nb := range boards[i-1].Neighbors() {
			legal = legal || nb == boards[i]
		}
		if !legal {
			t.Fatalf("move %d is not a single-tile move:\n%v%v", i, boards[i-1], boards[i])
		}
	}
	return moves
}

// mustReadBoard reads a board from testdata.
func mustReadBoard(t *testing.T, name string) slide.Board {
	t.Helper()
	b, err := slide.ParseBoard(readTestdata(t, name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestSolveInstances solves boards of known optimal length, from 3 x 3 to
// 5 x 5, with several engines, and checks every output.
func TestSolveInstances(t *testing.T) {
	for _, tc := range []struct {
		file, goal string
		want       int
		algos      []string
	}{
		// The spec's example and the 10-move board of the hint spec's notes.
		{"solve/puzzle04.txt", "", 4, []string{"auto", "astar", "idastar", "bfs", "bibfs"}},
		{"solve/puzzle3x3-10.txt", "", 10, []string{"auto", "astar", "bfs", "bibfs"}},
		// The two 3 x 3 boards farthest from the goal (OEIS A089473).
		{"solve/puzzle3x3-31.txt", "", 31, []string{"auto", "astar", "bibfs"}},
		{"solve/puzzle3x3-31b.txt", "", 31, []string{"auto", "idastar"}},
		// Korf's 15-puzzle instance 9 (testdata/korf100.txt), to his goal.
		{"solve/korf09.txt", "solve/goal4x4-blank-first.txt", 46, []string{"auto"}},
		// Random boards, their lengths agreed by IDA*, A* and
		// bidirectional BFS.
		{"solve/puzzle3x4-30.txt", "", 30, []string{"auto", "astar", "bibfs"}},
		{"solve/puzzle4x4-34.txt", "", 34, []string{"auto", "astar"}},
		{"solve/puzzle5x5-40.txt", "", 40, []string{"auto", "astar"}},
	} {
		start := mustReadBoard(t, tc.file)
		goal := slide.Goal(start.Rows(), start.Cols())
		args := []string{"solve"}
		if tc.goal != "" {
			goal = mustReadBoard(t, tc.goal)
			args = append(args, "-goal", testdata(tc.goal))
		}
		for _, algo := range tc.algos {
			stdout, stderr, status := runSlide("", append(args, "-algorithm", algo, testdata(tc.file))...)
			if status != 0 || stderr != "" {
				t.Fatalf("%s with %s: status %d, stderr %q", tc.file, algo, status, stderr)
			}
			if got := checkSolveOutput(t, stdout, start, goal); got != tc.want {
				t.Errorf("%s with %s: %d moves, want %d", tc.file, algo, got, tc.want)
			}
		}
	}
}

// TestSolveHeuristics checks that every heuristic and engine gives the
// same length, and that -count prints it alone.
func TestSolveHeuristics(t *testing.T) {
	for _, h := range []string{"auto", "zero", "hamming", "manhattan", "linear"} {
		for _, a := range []string{"auto", "astar", "idastar", "bfs", "bibfs"} {
			stdout, stderr, status := runSlide("", "solve", "-count", "-heuristic", h, "-algorithm", a, testdata("solve/puzzle3x3-10.txt"))
			if stdout != "10\n" || stderr != "" || status != 0 {
				t.Errorf("-heuristic %s -algorithm %s: status %d, stdout %q, stderr %q", h, a, status, stdout, stderr)
			}
		}
	}
	if stdout, _, _ := runSlide("", "solve", "-count", testdata("solve/puzzle3x3-unsolvable.txt")); stdout != "-1\n" {
		t.Errorf("-count of an unsolvable board: %q, want -1", stdout)
	}
}

// TestSolveInputs checks the ways solve takes its boards: standard input,
// "-", a rectangular header, a goal file.
func TestSolveInputs(t *testing.T) {
	puzzle := readTestdata(t, "solve/puzzle04.txt")
	want := readTestdata(t, "solve/puzzle04.out")
	for _, args := range [][]string{{"solve"}, {"solve", "-"}} {
		if stdout, stderr, status := runSlide(puzzle, args...); stdout != want || stderr != "" || status != 0 {
			t.Errorf("%v: status %d, stdout %q, stderr %q", args, status, stdout, stderr)
		}
	}
	rect := "2 3\n\n1 2 3\n4 0 5\n"
	if stdout, _, _ := runSlide(rect, "solve"); stdout != "Minimum number of moves = 1\n2 3\n1 2 3\n4 0 5\n2 3\n1 2 3\n4 5 0\n" {
		t.Errorf("2 x 3 board: %q", stdout)
	}
	// The goal from standard input, the start from a file.
	goal := "3\n1 0 3\n4 2 5\n7 8 6\n"
	stdout, stderr, status := runSlide(goal, "solve", "-goal", "-", testdata("solve/puzzle04.txt"))
	if status != 0 || stderr != "" {
		t.Fatalf("-goal -: status %d, stderr %q", status, stderr)
	}
	if moves := checkSolveOutput(t, stdout, mustReadBoard(t, "solve/puzzle04.txt"), slide.MustParseBoard(goal)); moves != 1 {
		t.Errorf("-goal -: %d moves, want 1", moves)
	}
}

// TestSolveStats checks -stats, which writes to stderr only, and -workers.
func TestSolveStats(t *testing.T) {
	stdout, stderr, status := runSlide("", "solve", "-stats", "-count", "-algorithm", "astar", "-heuristic", "manhattan", testdata("solve/puzzle04.txt"))
	if status != 0 || stdout != "4\n" || !strings.HasPrefix(stderr, "slide solve: 4 moves by astar with heuristic manhattan: ") ||
		!strings.Contains(stderr, "nodes expanded") || strings.Count(stderr, "\n") != 1 {
		t.Errorf("status %d, stdout %q, stderr %q", status, stdout, stderr)
	}
	_, stderr, _ = runSlide("", "solve", "-stats", "-workers", "3", testdata("solve/puzzle04.txt"))
	if !strings.HasSuffix(stderr, " on 3 goroutines\n") {
		t.Errorf("-workers 3: stderr %q", stderr)
	}
	if _, stderr, status := runSlide("", "solve", "-workers", "-1", testdata("solve/puzzle04.txt")); status != exitUsage || !strings.Contains(stderr, "-workers -1") {
		t.Errorf("-workers -1: status %d, stderr %q", status, stderr)
	}
	_, stderr, _ = runSlide("", "solve", "-stats", testdata("solve/puzzle3x3-unsolvable.txt"))
	if !strings.Contains(stderr, "parity") {
		t.Errorf("unsolvable: stderr %q", stderr)
	}
}

// TestSolveLarge solves a 127 x 127 board a dozen moves from its goal,
// written to a temporary file.
func TestSolveLarge(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 27))
	goal := slide.Goal(127, 127)
	start := goal
	for moves := 0; moves < 12; {
		if next, ok := start.Slide(slide.Direction(rng.IntN(4)), 1); ok {
			start, moves = next, moves+1
		}
	}
	file := filepath.Join(t.TempDir(), "puzzle127.txt")
	if err := os.WriteFile(file, []byte(start.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout, stderr, status := runSlide("", "solve", file)
	if status != 0 || stderr != "" {
		t.Fatalf("status %d, stderr %q", status, stderr)
	}
	if moves := checkSolveOutput(t, stdout, start, goal); moves > 12 || moves%2 != 0 {
		t.Errorf("%d moves for a board 12 moves from the goal", moves)
	}
}

// TestSolveErrors checks solve's messages for bad input and bad command
// lines: nothing on stdout, one line on stderr.
func TestSolveErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	for _, tc := range []struct {
		stdin  string
		args   []string
		status int
		want   string
	}{
		{"", []string{"solve", filepath.Join(dir, "missing.txt")}, 1, "no such file"},
		{"", []string{"solve"}, 1, "standard input: empty input"},
		{"3\n1 2 3\n4 x 6\n7 8 0\n", []string{"solve"}, 1, `standard input: line 3: tile "x" is not an integer`},
		{"3\n1 2 3\n4 5 6\n7 8\n", []string{"solve"}, 1, "needs 9 tiles, got 8"},
		{"3\n1 2 3\n4 5 6\n7 8 0 9\n", []string{"solve"}, 1, "extra value"},
		{"3\n1 2 3\n4 5 6\n7 7 0\n", []string{"solve"}, 1, "tile 7 appears twice"},
		{"3\n1 2 3\n4 5 6\n7 9 0\n", []string{"solve"}, 1, "tile 9 out of range"},
		{"1\n0\n", []string{"solve"}, 1, "at least 2 cells"},
		{"x\n", []string{"solve"}, 1, `size "x" is not an integer`},
		{"", []string{"solve", "-goal", write("bad.txt", "2\n1 2\n3 3\n"), testdata("solve/puzzle04.txt")}, 1, "bad.txt: no blank (0)"},
		{"", []string{"solve", "-goal", write("g2.txt", "2\n1 2\n3 0\n"), testdata("solve/puzzle04.txt")}, 1, "start is 3 x 3, goal is 2 x 2"},
		{"", []string{"solve", "-heuristic", "fast", "x"}, 2, `invalid value "fast" for flag -heuristic: unknown heuristic`},
		{"", []string{"solve", "-algorithm", "dfs", "x"}, 2, `unknown algorithm "dfs"`},
		{"", []string{"solve", "-bogus"}, 2, "flag provided but not defined: -bogus"},
		{"", []string{"solve", "a", "b"}, 2, "at most one FILE"},
		{"", []string{"solve", "-goal", "-"}, 2, "cannot both come from standard input"},
	} {
		stdout, stderr, status := runSlide(tc.stdin, tc.args...)
		if status != tc.status || stdout != "" || strings.Count(stderr, "\n") != 1 ||
			!strings.HasPrefix(stderr, "slide solve: ") || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: status %d, stdout %q, stderr %q; want status %d and %q", tc.args, status, stdout, stderr, tc.status, tc.want)
		}
	}
}
