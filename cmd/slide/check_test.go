package main

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/input"
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

// FuzzCheckInput checks that check's parser never panics and that the
// boards it accepts are printed so that it reads them back the same.
func FuzzCheckInput(f *testing.F) {
	f.Add("9 12 5 4 2 b 7 11 3 6 10 13 14 1 8 15\n1 2 3 4 5 6 7 8 9 10 11 12 13 14 b 15\n")
	f.Add("2 1 3 b\r\n1 2 3 b\r\n")
	f.Add("1 2 b 1\n1 2 3 b\n\n")
	f.Add("b\t1 2 3\n\n1 2 3 x")
	f.Fuzz(func(t *testing.T, in string) {
		start, goal, err := parseCheckInput(in)
		if err != nil {
			return
		}
		// Boards of different sizes are Solvable's to refuse, as check
		// does; others match.
		if _, err := slide.Solvable(start, goal); err != nil && start.Len() == goal.Len() {
			t.Fatalf("%q: accepted boards that do not match: %v", in, err)
		}
		again, _, err := parseCheckInput(checkLine(start) + "\n" + checkLine(goal))
		if err != nil || again != start {
			t.Fatalf("%q: printed start %q reads back as %v, %v", in, checkLine(start), again, err)
		}
	})
}

// parseCheckSimply is check's parser as it was before it read a field at
// a time, the oracle of FuzzCheckOracle. It reads check's input: a start line and a goal line, with
// any blank lines before and after them and "\r\n" line ends allowed.
func parseCheckSimply(text string) (start, goal slide.Board, err error) {
	lines := textLines(text)
	first, last := 0, len(lines) // the lines between the blank ones
	for first < last && len(checkTokensSimply(lines[first])) == 0 {
		first++
	}
	for last > first && len(checkTokensSimply(lines[last-1])) == 0 {
		last--
	}
	switch last - first {
	case 0:
		return start, goal, errors.New("no boards: want a start line and a goal line")
	case 1:
		return start, goal, errors.New("missing goal line: want a start line and a goal line")
	case 2:
	default:
		if len(checkTokensSimply(lines[first+1])) == 0 {
			return start, goal, fmt.Errorf("blank line %d between the start and goal lines", first+2)
		}
		return start, goal, fmt.Errorf("extra line %d: want only a start line and a goal line", first+3)
	}
	if start, err = parseCheckBoardSimply("start", lines[first]); err != nil {
		return start, goal, err
	}
	if goal, err = parseCheckBoardSimply("goal", lines[first+1]); err != nil {
		return start, goal, err
	}
	return start, goal, nil
}

// checkTokens splits a line at blanks and tabs.
func checkTokensSimply(line string) []string {
	return strings.FieldsFunc(line, func(r rune) bool { return r == ' ' || r == '\t' })
}

// parseCheckBoard reads one board line of check's input; which is "start"
// or "goal", for messages.
func parseCheckBoardSimply(which, line string) (slide.Board, error) {
	tokens := checkTokensSimply(line)
	n := len(tokens)
	labels := make([]int, n)
	for i, tok := range tokens {
		if tok == "b" {
			continue
		}
		v, err := strconv.Atoi(tok)
		switch {
		case errors.Is(err, strconv.ErrSyntax):
			return slide.Board{}, fmt.Errorf("%s: %s is not a number or b", which, input.Quote(tok))
		case err != nil:
			return slide.Board{}, fmt.Errorf("%s: %s is out of the range of any tile", which, input.Quote(tok))
		case v == 0:
			return slide.Board{}, fmt.Errorf("%s: %s is not a tile: tiles count from 1, and b is the blank", which, input.Quote(tok))
		}
		labels[i] = v
	}
	side := 0
	for (side+1)*(side+1) <= n {
		side++
	}
	if side*side != n {
		return slide.Board{}, fmt.Errorf("%s: %d tiles and blanks, not a square number", which, n)
	}
	b, err := slide.New(side, side, labels)
	if err != nil {
		return slide.Board{}, fmt.Errorf("%s: %s", which, message(err))
	}
	return b, nil
}

// FuzzCheckOracle checks check's parser against parseCheckSimply: the
// same boards, or the same message, but where it stops early (a field too
// long, a line of more fields than the largest board has) and for an
// extra line, which it now names by the line that holds it.
func FuzzCheckOracle(f *testing.F) {
	for _, s := range []string{
		"9 12 5 4 2 b 7 11 3 6 10 13 14 1 8 15\n1 2 3 4 5 6 7 8 9 10 11 12 13 14 b 15\n", "2 1 3 b\r\n1 2 3 b\r\n",
		"1 2 b 1\n1 2 3 b\n\n", "b\t1 2 3\n\n1 2 3 x", "1 2 3 b\n1 2 3 b\n\nx", "\n", "1 2 +3 b\n1 2 3 b", "1 2 03 b\n1 2 3 b",
		"1 2 99999999999999999999 b\n1 2 3 b\n", "1 2 0 b\n1 2 3 b", "b b 1 2\n1 2 3 b", "1 2 3 b\r\r\n1 2 3 b",
		"2 1 3 b\r1 2 3 b\r", "1 2 3 b\n1 2 3 b\n\x00", "1 2 3 b\n1 2 3 b\nx\x00",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		start, goal, err := parseCheckInput(text)
		wstart, wgoal, werr := parseCheckSimply(text)
		if before, cerr := controlIn(text); cerr != nil {
			// The control character ends the input, with the field it
			// ends, but a blank line between the boards or a third line
			// found before it.
			wstart, wgoal, werr = slide.Board{}, slide.Board{}, cerr
			before = strings.TrimRightFunc(before, func(r rune) bool { return !strings.ContainsRune(" \t\r\n", r) })
			if _, _, berr := parseCheckSimply(before); berr != nil && strings.HasPrefix(berr.Error(), "blank line") {
				werr = berr
			}
			if err != nil && strings.HasPrefix(err.Error(), "extra line") {
				werr = err
			}
		}
		early := false
		for _, line := range textLines(text) {
			fields := checkTokensSimply(line)
			early = early || len(fields) > slide.MaxCells
			for _, f := range fields {
				early = early || len(f) > input.MaxField
			}
		}
		switch {
		case early:
			if err == nil && werr != nil {
				t.Fatalf("%q: accepted, where the oracle says %v", text, werr)
			}
		case (err == nil) != (werr == nil) || start != wstart || goal != wgoal:
			t.Fatalf("%q: got %v, %v, %v; want %v, %v, %v", text, start, goal, err, wstart, wgoal, werr)
		case err != nil && err.Error() != werr.Error() && !strings.HasPrefix(werr.Error(), "extra line"):
			t.Fatalf("%q: message %q, want %q", text, err, werr)
		}
	})
}
