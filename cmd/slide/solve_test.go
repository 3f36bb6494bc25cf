package main

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/checkform"
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

// decodeReport decodes stdout, which must be one line holding one JSON
// object, and checks that it has exactly the fields keys.
func decodeReport(t *testing.T, stdout string, keys ...string) map[string]any {
	t.Helper()
	if strings.Count(stdout, "\n") != 1 || !strings.HasSuffix(stdout, "\n") {
		t.Fatalf("want one line, got %q", stdout)
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(stdout), &m); err != nil {
		t.Fatalf("%q: %v", stdout, err)
	}
	var got []string
	for k := range m {
		got = append(got, k)
	}
	slices.Sort(got)
	slices.Sort(keys)
	if !slices.Equal(got, keys) {
		t.Fatalf("fields %v, want %v", got, keys)
	}
	if s, ok := m["seconds"].(float64); !ok || s < 0 {
		t.Errorf("seconds %v", m["seconds"])
	}
	return m
}

// The fields of a report of a solution found by a search.
var solvedKeys = []string{"start", "goal", "solvable", "length", "optimal", "lower_bound", "moves",
	"algorithm", "heuristic", "metric", "expanded", "generated", "seconds"}

// TestSolveJSON decodes solve -json and replays its moves from its start:
// they must reach its goal in the length it gives.
func TestSolveJSON(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want int
	}{
		{[]string{testdata("solve/puzzle04.txt")}, 4},
		{[]string{"-algorithm", "astar", testdata("solve/puzzle3x3-31.txt")}, 31},
		{[]string{"-goal", testdata("solve/goal4x4-blank-first.txt"), testdata("solve/korf09.txt")}, 46},
		{[]string{testdata("solve/puzzle5x5-40.txt")}, 40},
	} {
		stdout, stderr, status := runSlide("", append([]string{"solve", "-json"}, tc.args...)...)
		if status != 0 || stderr != "" {
			t.Fatalf("%v: status %d, stderr %q", tc.args, status, stderr)
		}
		m := decodeReport(t, stdout, solvedKeys...)
		start, goal := slide.MustParseBoard(m["start"].(string)), slide.MustParseBoard(m["goal"].(string))
		if start != mustReadBoard(t, strings.TrimPrefix(tc.args[len(tc.args)-1], testdata(""))) {
			t.Errorf("%v: start %v", tc.args, start)
		}
		moves, err := slide.ParseMoves(m["moves"].(string))
		if err != nil {
			t.Fatal(err)
		}
		end, ok := start.Apply(moves)
		if !ok || end != goal || len(moves) != tc.want || m["length"] != float64(tc.want) ||
			m["optimal"] != true || m["lower_bound"] != float64(tc.want) || m["solvable"] != true || m["metric"] != "tile" {
			t.Errorf("%v: %v", tc.args, m)
		}
		if e, g := m["expanded"].(float64), m["generated"].(float64); e < 1 || g < e {
			t.Errorf("%v: expanded %v, generated %v", tc.args, e, g)
		}
	}
	stdout, _, status := runSlide("", "solve", "-json", testdata("solve/puzzle3x3-unsolvable.txt"))
	if m := decodeReport(t, stdout, "start", "goal", "solvable", "metric", "seconds"); status != 0 || m["solvable"] != false {
		t.Errorf("unsolvable: status %d, %v", status, m)
	}
}

// TestJSONErrors checks that with -json errors still take one line of
// standard error, status 1, and nothing on stdout; and that -json does
// not go with the flags that choose another output.
func TestJSONErrors(t *testing.T) {
	for _, tc := range []struct {
		stdin  string
		args   []string
		status int
		want   string
	}{
		{"3\n1 2 3\n4 x 6\n7 8 0\n", []string{"solve", "-json"}, 1, `slide solve: standard input: line 3: tile "x" is not an integer`},
		{"1 2 3 x\n1 2 3 b\n", []string{"check", "-json"}, 1, `slide check: start: "x" is not a number or b`},
		{"1 2 3 b\n", []string{"check", "-json"}, 1, "slide check: missing goal line"},
		{"", []string{"bfs", "-json", "100", "12345678-", "1234567-"}, 1, "slide bfs: GOAL"},
		{"", []string{"blocks", "-json", "testdata/blocks/zero_rows.txt"}, 1, "slide blocks: testdata/blocks/zero_rows.txt: line 1: size 0 x 4"},
		{"", []string{"solve", "-json", "-count", "x"}, 2, "-json and -count"},
		{"", []string{"bfs", "-json", "-n", "9", "1-", "-1"}, 2, "-json and -n"},
	} {
		stdout, stderr, status := runSlide(tc.stdin, tc.args...)
		if status != tc.status || stdout != "" || !oneLineWith(stderr, tc.want) {
			t.Errorf("%v: status %d, stdout %q, stderr %q", tc.args, status, stdout, stderr)
		}
	}
}

// TestCheckJSON compares check -json with the library's verdicts.
func TestCheckJSON(t *testing.T) {
	for _, in := range []string{
		"9 12 5 4 2 b 7 11 3 6 10 13 14 1 8 15\n1 2 3 4 5 6 7 8 9 10 11 12 13 14 b 15\n",
		"2 1 3 b\n1 2 3 b\n",
		"\n1 2 3 4 5 6 7 8 b\r\n8 7 6 5 4 3 2 1 b\n\n",
	} {
		stdout, stderr, status := runSlide(in, "check", "-json")
		if status != 0 || stderr != "" {
			t.Fatalf("%q: status %d, stderr %q", in, status, stderr)
		}
		m := decodeReport(t, stdout, "start", "goal", "solvable", "seconds")
		want, _, _ := checkform.Parse(in)
		start, goal := slide.MustParseBoard(m["start"].(string)), slide.MustParseBoard(m["goal"].(string))
		solvable, _ := slide.Solvable(start, goal)
		if start != want || m["solvable"] != solvable {
			t.Errorf("%q: %v", in, m)
		}
	}
}

// TestBFSJSON decodes bfs -json: a path's moves replayed reach the goal
// in as many moves as the text output shows; a bound too small gives a
// lower bound; an unreachable goal says so.
func TestBFSJSON(t *testing.T) {
	for _, args := range [][]string{
		{"100", "236158-47", "12345678-"},
		{"-r", "2", "3", "100", "12-345", "12345-"},
		{"3", "4", "60", "AB-ABABABABA", "ABABABABABA-"},
		{"1", "1", "0", "-", "-"},
	} {
		text, _, _ := runSlide("", append([]string{"bfs"}, args...)...)
		stdout, stderr, status := runSlide("", append([]string{"bfs", "-json"}, args...)...)
		if status != 0 || stderr != "" {
			t.Fatalf("%v: status %d, stderr %q", args, status, stderr)
		}
		keys := append(slices.Clone(solvedKeys), "rows", "cols", "max_length")
		if args[len(args)-1] == "-" { // the 1 x 1 tray: no search
			keys = []string{"start", "goal", "rows", "cols", "max_length", "solvable", "length", "optimal", "lower_bound", "moves", "metric", "seconds"}
		}
		m := decodeReport(t, stdout, keys...)
		length := strings.Count(text, "\n") - 1
		if m["length"] != float64(length) || m["lower_bound"] != float64(length) || m["optimal"] != true {
			t.Errorf("%v: %v; the text output has %d moves", args, m, length)
		}
		if length == 0 {
			continue
		}
		rows, cols := int(m["rows"].(float64)), int(m["cols"].(float64))
		start, _ := slide.ParsePosition(rows, cols, m["start"].(string))
		goal, _ := slide.ParsePosition(rows, cols, m["goal"].(string))
		moves, err := slide.ParseMoves(m["moves"].(string))
		if end, ok := start.Apply(moves); err != nil || !ok || end != goal || len(moves) != length {
			t.Errorf("%v: moves %q do not lead from start to goal in %d", args, m["moves"], length)
		}
	}
	stdout, _, _ := runSlide("", "bfs", "-json", "5", "236158-47", "12345678-")
	if m := decodeReport(t, stdout, "start", "goal", "rows", "cols", "max_length", "solvable", "lower_bound", "metric", "seconds"); m["lower_bound"] != 6.0 {
		t.Errorf("too small a bound: %v", m)
	}
	stdout, _, _ = runSlide("", "bfs", "-json", "100", "12345678-", "12345687-")
	if m := decodeReport(t, stdout, "start", "goal", "rows", "cols", "max_length", "solvable", "metric", "seconds"); m["solvable"] != false {
		t.Errorf("unreachable: %v", m)
	}
}

// TestBlocksJSON decodes blocks -json and replays its slides from its
// start: the goal piece must end in the last column, after as many moves
// as the text output numbers.
func TestBlocksJSON(t *testing.T) {
	for _, args := range [][]string{
		{"testdata/blocks/sample.txt"},
		{"-metric", "step", "testdata/blocks/sample.txt"},
		{"-metric", "piece", "testdata/blocks/detour.txt"},
		{"-rush", "..B.CC..B...AAB...DDD..E.....E.....E"},
		{"testdata/blocks/solved.txt"},
	} {
		text, _, _ := runSlide("", append([]string{"blocks"}, args...)...)
		stdout, stderr, status := runSlide("", append([]string{"blocks", "-json"}, args...)...)
		if status != 0 || stderr != "" {
			t.Fatalf("%v: status %d, stderr %q", args, status, stderr)
		}
		m := decodeReport(t, stdout, solvedKeys...)
		if m["algorithm"] != "bfs" || m["heuristic"] != "zero" {
			t.Errorf("%v: algorithm %v, heuristic %v; bfs reports bfs, zero", args, m["algorithm"], m["heuristic"])
		}
		b, err := slide.ParseBlocks(m["start"].(string))
		if err != nil {
			t.Fatal(err)
		}
		names := map[string]int{}
		for i := range b.NumPieces() {
			names[string(b.Name(i))] = i
		}
		moves, last := 0, -1
		for _, s := range m["moves"].([]any) {
			s := s.(map[string]any)
			piece := names[s["piece"].(string)]
			dir := slices.Index([]string{"up", "down", "left", "right"}, s["dir"].(string))
			next, ok := b.Slide(piece, slide.Direction(dir), int(s["distance"].(float64)))
			if !ok {
				t.Fatalf("%v: slide %v does not apply", args, s)
			}
			if piece != last || m["metric"] != "piece" {
				moves++
			}
			b, last = next, piece
		}
		want := len(regexp.MustCompile(`(?m)^[0-9]+\. Piece `).FindAllString(text, -1))
		if g := b.Piece(0); g.Col+g.Width != b.Cols() || moves != want || m["length"] != float64(want) {
			t.Errorf("%v: %d moves, the goal piece at %v; the text output has %d moves", args, moves, g, want)
		}
	}
	stdout, _, _ := runSlide("", "blocks", "-json", "testdata/blocks/unsolvable.txt")
	if m := decodeReport(t, stdout, "start", "goal", "solvable", "algorithm", "heuristic", "metric", "expanded", "generated", "seconds"); m["solvable"] != false {
		t.Errorf("unsolvable: %v", m)
	}
	_, stderr, _ := runSlide("", "blocks", "-json", "testdata/blocks/discards.txt")
	if strings.Count(stderr, "discarded\n") != 6 {
		t.Errorf("discarded lines with -json: stderr %q", stderr)
	}
}
