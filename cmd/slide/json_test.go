package main

import (
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/slidekit/slide"
)

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
		want, _, _ := parseCheckInput(in)
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
