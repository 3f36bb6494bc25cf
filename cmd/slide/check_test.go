package main

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"testing/iotest"
)

// TestCheckTolerates checks the layouts check accepts besides the plain
// one: blank lines around the boards, CRLF line ends, tabs and runs of
// blanks, no final newline.
func TestCheckTolerates(t *testing.T) {
	want := readTestdata(t, "check/solvable4x4.out")
	for _, in := range []string{
		"\n\n9 12 5 4 2 b 7 11 3 6 10 13 14 1 8 15\n1 2 3 4 5 6 7 8 9 10 11 12 13 14 b 15\n \t\n\n",
		"9 12 5 4 2 b 7 11 3 6 10 13 14 1 8 15\r\n1 2 3 4 5 6 7 8 9 10 11 12 13 14 b 15\r\n",
		"  9\t12 5  4 \t2 b 7 11 3 6 10 13 14 1 8 15\t\n1 2 3 4 5 6 7 8 9 10 11 12 13 14 b 15",
	} {
		stdout, stderr, status := runSlide(in, "check")
		if stdout != want || stderr != "" || status != 0 {
			t.Errorf("input %q: status %d, stdout %q, stderr %q", in, status, stdout, stderr)
		}
	}
}

// TestCheckSolvability compares check's verdicts with the library's on
// boards of several sizes.
func TestCheckSolvability(t *testing.T) {
	for _, tc := range []struct{ in, verdict string }{
		{"1 2 3 b\n1 2 3 b\n", "solvable"},
		{"b 1 2 3\n1 2 3 b\n", "unsolvable"},
		{"b 2 1 3\n1 2 3 b\n", "solvable"},
		{"8 7 6 5 4 3 2 1 b\n1 2 3 4 5 6 7 8 b\n", "solvable"},
		{"1 6 7 2 5 8 3 4 b\n1 2 3 8 b 4 7 6 5\n", "unsolvable"},
		{"1 2 3 4 5 6 7 8 9 10 11 12 13 14 b 15\n1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 b\n", "solvable"},
		{"1 2 3 4 5 6 7 8 9 10 11 b 12 13 14 15\n1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 b\n", "unsolvable"},
		{"1 2 3 4 5 6 7 8 9 10 11 12 13 15 14 b\n1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 b\n", "unsolvable"},
	} {
		stdout, _, status := runSlide(tc.in, "check")
		lines := strings.Split(stdout, "\n")
		if status != 0 || len(lines) != 4 || lines[2] != tc.verdict {
			t.Errorf("%q: status %d, output %q, want %s", tc.in, status, stdout, tc.verdict)
		}
	}
}

// TestCheckInvalid feeds check one input for each rule it enforces.
func TestCheckInvalid(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", "no boards"},
		{"\n \n", "no boards"},
		{"1 2 3 b\n", "missing goal line"},
		{"1 2 3 b\n1 2 3 b\n1 2 3 b\n", "extra line 3"},
		{"1 2 3 b\n\n1 2 3 b\n", "blank line 2"},
		{"1 2 3 4 b\n1 2 3 b\n", "start: 5 tiles and blanks, not a square number"},
		{"1 2 3 b\n1 2 b\n", "goal: 3 tiles and blanks, not a square number"},
		{"b\nb\n", "start: size 1 x 1: a board needs at least 2 cells"},
		{"1 2 3 3\n1 2 3 b\n", "start: tile 3 appears twice"},
		{"1 2 3 4\n1 2 3 b\n", "start: tile 4 out of range 1..3"},
		{"1 2 b b\n1 2 3 b\n", "start: two blanks"},
		{"1 2 b 1\n1 2 3 b\n", "start: tile 1 appears twice"},
		{"1 2 3 b\n1 2 b 2\n", "goal: tile 2 appears twice"},
		{"1 2 4 b\n1 2 3 b\n", "start: tile 4 out of range 1..3"},
		{"1 2 0 b\n1 2 3 b\n", `start: "0" is not a tile: tiles count from 1, and b is the blank`},
		{"1 2 -3 b\n1 2 3 b\n", "start: tile -3 is negative"},
		{"1 2 99999999999999999999 b\n1 2 3 b\n", `start: "99999999999999999999" is out of the range of any tile`},
		{"1 2 x b\n1 2 3 b\n", `start: "x" is not a number or b`},
		{"1 2 3 B\n1 2 3 b\n", `start: "B" is not a number or b`},
		{"1 2 3.0 b\n1 2 3 b\n", `start: "3.0" is not a number or b`},
		{"1,2,3,b\n1 2 3 b\n", `start: "1,2,3,b" is not a number or b`},
		{"1 2 3 b\n1 2 3 4 5 6 7 8 b\n", "start is 2 x 2, goal is 3 x 3"},
	} {
		stdout, stderr, status := runSlide(tc.in, "check")
		if status != 1 || stderr != "" || !strings.HasPrefix(stdout, "error: ") ||
			strings.Count(stdout, "\n") != 1 || !strings.Contains(stdout, tc.want) {
			t.Errorf("input %q: status %d, stdout %q, stderr %q; want one line with %q", tc.in, status, stdout, stderr, tc.want)
		}
	}
}

// TestCheckSystemErrors checks that failed reads and writes are reported
// on stderr with status 1.
func TestCheckSystemErrors(t *testing.T) {
	var out, errOut bytes.Buffer
	status := run([]string{"check"}, iotest.ErrReader(errors.New("disk on fire")), &out, &errOut)
	if status != 1 || out.Len() != 0 || !strings.Contains(errOut.String(), "disk on fire") {
		t.Errorf("failed read: status %d, stdout %q, stderr %q", status, out.String(), errOut.String())
	}
	errOut.Reset()
	status = run([]string{"check"}, strings.NewReader("1 2 3 b\n1 2 3 b\n"), failingWriter{}, &errOut)
	if status != 1 || !strings.Contains(errOut.String(), "writing the output") {
		t.Errorf("failed write: status %d, stderr %q", status, errOut.String())
	}
}

// failingWriter fails every write.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("no space left") }

// TestCheckUsage checks check's command line.
func TestCheckUsage(t *testing.T) {
	if _, stderr, status := runSlide("", "check", "a", "b"); status != 2 || !strings.Contains(stderr, "flags go before FILE") {
		t.Errorf("check a b: status %d, stderr %q", status, stderr)
	}
	if stdout, _, status := runSlide("", "check", "-h"); status != 0 || !strings.Contains(stdout, "usage: slide check") {
		t.Errorf("check -h: status %d, stdout %q", status, stdout)
	}
}
