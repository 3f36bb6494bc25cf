package main

import (
	"context"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/slidekit/slide"
)

// oracleMoves returns the positions one move from p on a rows x cols
// tray, sliding one tile or, with line, any number of tiles in line with
// the blank: the rules of bfs written out directly on strings.
func oracleMoves(rows, cols int, p string, line bool) []string {
	cells := []rune(p)
	blank := strings.IndexRune(string(cells), '-')
	blank = len([]rune(p[:blank]))
	br, bc := blank/cols, blank%cols
	var out []string
	for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
		next := append([]rune(nil), cells...)
		at := blank
		for k := 1; ; k++ {
			r, c := br+k*d[0], bc+k*d[1]
			if r < 0 || c < 0 || r >= rows || c >= cols {
				break
			}
			next[at], next[r*cols+c] = next[r*cols+c], next[at]
			at = r*cols + c
			out = append(out, string(next))
			if !line {
				break
			}
		}
	}
	return out
}

// oracleDistances returns the distance of every position that can reach
// goal, by plain breadth-first search on strings.
func oracleDistances(rows, cols int, goal string, line bool) map[string]int {
	dist := map[string]int{goal: 0}
	queue := []string{goal}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for _, q := range oracleMoves(rows, cols, p, line) {
			if _, ok := dist[q]; !ok {
				dist[q] = dist[p] + 1
				queue = append(queue, q)
			}
		}
	}
	return dist
}

// checkBFSPath checks that out lists a legal sequence of moves from
// initial to goal and returns its number of moves.
func checkBFSPath(t *testing.T, out string, rows, cols int, initial, goal string, line bool) int {
	t.Helper()
	path := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if path[0] != initial || path[len(path)-1] != goal {
		t.Fatalf("path %q does not run from %s to %s", path, initial, goal)
	}
	for i := 1; i < len(path); i++ {
		legal := false
		for _, q := range oracleMoves(rows, cols, path[i-1], line) {
			legal = legal || q == path[i]
		}
		if !legal {
			t.Fatalf("%s to %s is not one move", path[i-1], path[i])
		}
	}
	return len(path) - 1
}

// TestBFSMatchesOracle compares bfs, in both metrics, with breadth-first
// distances computed on strings, for random pairs of positions with
// distinct and repeated labels: -n gives the distance, a MAXLENGTH one
// short of it gives nothing, and the path is legal and shortest.
func TestBFSMatchesOracle(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, tc := range []struct {
		rows, cols int
		goal       string
	}{
		{2, 4, "1234567-"},
		{2, 3, "AAB-BA"},
		{3, 2, "xy-zzy"},
		{1, 5, "ab-cd"},
	} {
		for _, line := range []bool{false, true} {
			dist := oracleDistances(tc.rows, tc.cols, tc.goal, line)
			flags := []string{}
			if line {
				flags = []string{"-r"}
			}
			h, w := strconv.Itoa(tc.rows), strconv.Itoa(tc.cols)
			for range 12 {
				cells := []rune(tc.goal)
				rng.Shuffle(len(cells), func(i, j int) { cells[i], cells[j] = cells[j], cells[i] })
				initial := string(cells)
				d, reachable := dist[initial]
				args := append(append([]string{"bfs"}, flags...), h, w)
				stdout, stderr, status := runSlide("", append(append([]string{"bfs", "-n"}, flags...), h, w, "100", initial, tc.goal)...)
				want := ""
				if reachable {
					want = strconv.Itoa(d) + "\n"
				}
				if stdout != want || stderr != "" || status != 0 {
					t.Fatalf("%v -n 100 %s %s: status %d, stdout %q, stderr %q, want %q", args, initial, tc.goal, status, stdout, stderr, want)
				}
				if !reachable {
					continue
				}
				stdout, _, _ = runSlide("", append(args, strconv.Itoa(d), initial, tc.goal)...)
				if got := checkBFSPath(t, stdout, tc.rows, tc.cols, initial, tc.goal, line); got != d {
					t.Fatalf("%s to %s: %d moves, want %d", initial, tc.goal, got, d)
				}
				if d > 0 {
					if stdout, _, _ := runSlide("", append(args, strconv.Itoa(d-1), initial, tc.goal)...); stdout != "" {
						t.Fatalf("%s to %s within %d: %q, want nothing", initial, tc.goal, d-1, stdout)
					}
				}
			}
		}
	}
}

// TestBFSCases checks forms of the command line: defaults, flags in
// either order, positions beginning with -, a 1 x 1 tray, a bound too
// large for an int. The answers were checked with oracleDistances.
func TestBFSCases(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-n", "100", "236158-47", "12345678-"}, "10\n"},
		{[]string{"-r", "-n", "100", "236158-47", "12345678-"}, "5\n"},
		{[]string{"-n", "-r", "3", "3", "100", "236158-47", "12345678-"}, "5\n"},
		{[]string{"-n", "--", "100", "236158-47", "12345678-"}, "10\n"},
		{[]string{"9", "236158-47", "12345678-"}, ""},
		{[]string{"0", "236158-47", "236158-47"}, "236158-47\n"},
		{[]string{"100", "-23156478", "123-56478"}, "-23156478\n123-56478\n"},
		{[]string{"-r", "1", "-23156478", "123456-78"}, "-23156478\n123456-78\n"},
		{[]string{"1", "1", "0", "-", "-"}, "-\n"},
		{[]string{"-n", "1", "1", "5", "-", "-"}, "0\n"},
		{[]string{"1", "3", "5", "a-b", "ab-"}, "a-b\nab-\n"},
		{[]string{"100000000000000000000000", "236158-47", "2361584-7"}, "236158-47\n2361584-7\n"},
	} {
		stdout, stderr, status := runSlide("", append([]string{"bfs"}, tc.args...)...)
		if stdout != tc.want || stderr != "" || status != 0 {
			t.Errorf("bfs %v: status %d, stdout %q, stderr %q, want %q", tc.args, status, stdout, stderr, tc.want)
		}
	}
}

// TestBFSAgreesWithSolve checks bfs on trays too large for the string
// oracle against the library's A*, in both metrics: a 4 x 4 tray and,
// with repeated labels, a 3 x 6 one, which bfs searches on the generic
// states for more than 16 cells. The initial positions are random walks
// from the goal.
func TestBFSAgreesWithSolve(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, tc := range []struct {
		rows, cols int
		goal       string
		walk       int
		metrics    []slide.Metric
	}{
		{4, 4, "123456789ABCDEF-", 40, []slide.Metric{slide.TileMoves}},
		{4, 4, "123456789ABCDEF-", 24, []slide.Metric{slide.TileMoves, slide.LineMoves}},
		{3, 6, "AAABBBBCCCDD-DEEEF", 20, []slide.Metric{slide.TileMoves, slide.LineMoves}},
	} {
		initial, prev := tc.goal, ""
		for range tc.walk { // never straight back
			next := slices.DeleteFunc(oracleMoves(tc.rows, tc.cols, initial, false), func(p string) bool { return p == prev })
			initial, prev = next[rng.IntN(len(next))], initial
		}
		for _, metric := range tc.metrics {
			start, _ := slide.ParsePosition(tc.rows, tc.cols, initial)
			goal, _ := slide.ParsePosition(tc.rows, tc.cols, tc.goal)
			ref, err := slide.Solver{Metric: metric, Algorithm: slide.AlgoAStar}.Solve(context.Background(), start, goal)
			if err != nil {
				t.Fatal(err)
			}
			args := []string{"bfs", "-n", strconv.Itoa(tc.rows), strconv.Itoa(tc.cols), "100", initial, tc.goal}
			if metric == slide.LineMoves {
				args = append([]string{"bfs", "-r"}, args[1:]...)
			}
			stdout, stderr, status := runSlide("", args...)
			if want := strconv.Itoa(ref.Len()) + "\n"; stdout != want || stderr != "" || status != 0 {
				t.Errorf("%v: status %d, stdout %q, stderr %q, want %q", args, status, stdout, stderr, want)
			}
		}
	}
}

// TestBFSErrors checks that each kind of bad command line gets one line on
// stderr, nothing on stdout and a non-zero status.
func TestBFSErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{}, "standard input: empty input"},
		{[]string{"100", "12345678-"}, "got 2 arguments"},
		{[]string{"3", "100", "12345678-", "12345678-"}, "got 4 arguments"},
		{[]string{"-x", "100", "12345678-", "12345678-"}, "flag provided but not defined: -x"},
		{[]string{"0", "3", "100", "12-", "-12"}, `HEIGHT "0" is not a positive integer`},
		{[]string{"-1", "3", "100", "12-", "-12"}, `HEIGHT "-1" is not a positive integer`},
		{[]string{"3", "two", "100", "12-", "-12"}, `WIDTH "two" is not a positive integer`},
		{[]string{"300", "300", "100", "12-", "-12"}, "more than 65535 cells"},
		{[]string{"-1", "12345678-", "12345678-"}, `MAXLENGTH "-1" is not a nonnegative integer`},
		{[]string{"ten", "12345678-", "12345678-"}, `MAXLENGTH "ten" is not a nonnegative integer`},
		{[]string{"100", "1234567-", "12345678-"}, `INITIAL "1234567-": 8 characters, want 9 for 3 x 3`},
		{[]string{"100", "12345678-", "12345678-9"}, `GOAL "12345678-9": 10 characters`},
		{[]string{"100", "123456789", "12345678-"}, "INITIAL \"123456789\": no blank (-)"},
		{[]string{"100", "12345678-", "1234567--"}, "GOAL \"1234567--\": more than one blank"},
		{[]string{"100", "1234\x01678-", "12345678-"}, "U+0001"},
		{[]string{"100", "12345677-", "12345678-"}, `different tiles: '7' appears 2 times in INITIAL and 1 in GOAL`},
		{[]string{"1", "1", "0", "a", "-"}, "a 1 x 1 tray holds only the blank"},
	} {
		stdout, stderr, status := runSlide("", append([]string{"bfs"}, tc.args...)...)
		if status == 0 || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, tc.want) {
			t.Errorf("bfs %q: status %d, stdout %q, stderr %q; want %q", tc.args, status, stdout, stderr, tc.want)
		}
	}
	if stdout, _, status := runSlide("", "bfs", "-h"); status != 0 || !strings.Contains(stdout, "-r") {
		t.Errorf("bfs -h: status %d, stdout %q", status, stdout)
	}
}

// FuzzBFSArgs checks that bfs never panics on a 2 x 3 tray, whatever its
// arguments, and keeps its promise: an answer and nothing on stderr, or an
// error in one line on stderr and nothing on stdout.
func FuzzBFSArgs(f *testing.F) {
	f.Add("-n", "100", "12345-", "-12345")
	f.Add("-r", "3", "AAB-BA", "-AABBA")
	f.Add("--", "-1", "12-", "1234-5")
	f.Add("-x", "9", "12\xff45-", "12345-")
	f.Fuzz(func(t *testing.T, flag, maxLen, initial, goal string) {
		stdout, stderr, status := runSlide("", "bfs", flag, "2", "3", maxLen, initial, goal)
		if status == 0 && stderr != "" || status != 0 && (stdout != "" || strings.Count(stderr, "\n") != 1) {
			t.Fatalf("bfs %q 2 3 %q %q %q: status %d, stdout %q, stderr %q", flag, maxLen, initial, goal, status, stdout, stderr)
		}
	})
}
