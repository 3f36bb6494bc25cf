package checkform

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/input"
	"github.com/slidekit/slide/internal/input/inputtest"
	"github.com/slidekit/slide/internal/report"
)

// FuzzCheckInput checks that check's parser never panics and that the
// boards it accepts are printed so that it reads them back the same.
func FuzzCheckInput(f *testing.F) {
	f.Add("9 12 5 4 2 b 7 11 3 6 10 13 14 1 8 15\n1 2 3 4 5 6 7 8 9 10 11 12 13 14 b 15\n")
	f.Add("2 1 3 b\r\n1 2 3 b\r\n")
	f.Add("1 2 b 1\n1 2 3 b\n\n")
	f.Add("b\t1 2 3\n\n1 2 3 x")
	f.Fuzz(func(t *testing.T, in string) {
		start, goal, err := Parse(in)
		if err != nil {
			return
		}
		// Boards of different sizes are Solvable's to refuse, as check
		// does; others match.
		if _, err := slide.Solvable(start, goal); err != nil && start.Len() == goal.Len() {
			t.Fatalf("%q: accepted boards that do not match: %v", in, err)
		}
		again, _, err := Parse(Line(start) + "\n" + Line(goal))
		if err != nil || again != start {
			t.Fatalf("%q: printed start %q reads back as %v, %v", in, Line(start), again, err)
		}
	})
}

// parseCheckSimply is check's parser as it was before it read a field at
// a time, the oracle of FuzzCheckOracle. It reads check's input: a start line and a goal line, with
// any blank lines before and after them and "\r\n" line ends allowed.
func parseCheckSimply(text string) (start, goal slide.Board, err error) {
	lines := inputtest.TextLines(text)
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

// checkTokensSimply splits a line at blanks and tabs.
func checkTokensSimply(line string) []string {
	return strings.FieldsFunc(line, func(r rune) bool { return r == ' ' || r == '\t' })
}

// parseCheckBoardSimply reads one board line of check's input; which is "start"
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
		return slide.Board{}, fmt.Errorf("%s: %s", which, report.Message(err))
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
		start, goal, err := Parse(text)
		wstart, wgoal, werr := parseCheckSimply(text)
		if before, cerr := inputtest.ControlIn(text); cerr != nil {
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
		for _, line := range inputtest.TextLines(text) {
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
