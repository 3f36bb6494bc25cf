package main

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/bench"
	"github.com/slidekit/slide/internal/input"
)

// hasLongField reports whether some field of text is longer than a
// Scanner keeps whole, or a line has more than most fields: inputs on
// which the streaming parsers stop early, by design, and say so in words
// of their own. With comments set, lines that start with # do not count.
func hasLongField(text string, most int, comments bool) bool {
	for _, line := range textLines(text) {
		fields := strings.Fields(line)
		if comments && len(fields) > 0 && strings.HasPrefix(fields[0], "#") {
			continue
		}
		if len(fields) > most {
			return true
		}
		for _, f := range fields {
			if len(f) > input.MaxField {
				return true
			}
		}
	}
	return false
}

// textLines returns the lines of text, whose lines end in "\r\n", "\n" or
// "\r" alone.
func textLines(text string) []string {
	return strings.Split(strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(text), "\n")
}

// controlIn returns the text before the first control character of text,
// and the error that a Scanner's read ends with there, which names its
// line and column; the whole text and nil if it has none.
func controlIn(text string) (before string, err error) {
	i := strings.IndexFunc(text, func(r rune) bool { return r < utf8.RuneSelf && input.IsControl(byte(r)) })
	if i < 0 {
		return text, nil
	}
	lines := textLines(text[:i])
	last := len(lines) - 1
	return text[:i], &input.ControlError{Byte: text[i], Line: last + 1, Column: utf8.RuneCountInString(lines[last]) + 1}
}

// parseBench reads all the instances of a bench file from text with a
// benchReader, or its error.
func parseBench(text string) ([]bench.Instance, error) {
	in := newBenchReader(strings.NewReader(text), bench.Shard{})
	var out []bench.Instance
	for inst, ok := in.next(); ok; inst, ok = in.next() {
		out = append(out, inst)
	}
	if in.err != nil {
		return nil, in.err
	}
	return out, nil
}

// parseBenchSimply is the bench-file parser as it was before it read a
// field at a time: the whole text split into lines and fields. It is the
// oracle of FuzzBenchFile.
func parseBenchSimply(text string) ([]bench.Instance, error) {
	var out []bench.Instance
	for i, line := range textLines(text) {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) < 4 {
			return nil, fmt.Errorf("line %d: want id, optimal length and tiles, got %d fields", i+1, len(f))
		}
		optimal, err := strconv.Atoi(f[1])
		if err != nil || optimal < 0 {
			return nil, fmt.Errorf("line %d: optimal length %s is not a number of moves", i+1, input.Quote(f[1]))
		}
		tiles := make([]int, len(f)-2)
		for j, s := range f[2:] {
			if tiles[j], err = strconv.Atoi(s); err != nil {
				return nil, fmt.Errorf("line %d: tile %s is not an integer", i+1, input.Quote(s))
			}
		}
		n := int(math.Sqrt(float64(len(tiles))))
		if n*n != len(tiles) {
			return nil, fmt.Errorf("line %d: %d tiles do not make a square board", i+1, len(tiles))
		}
		b, err := slide.New(n, n, tiles)
		if err != nil {
			return nil, fmt.Errorf("line %d: %s", i+1, message(err))
		}
		out = append(out, bench.Instance{ID: f[0], Optimal: optimal, Board: b})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no instances")
	}
	return out, nil
}

// FuzzBenchFile checks the bench-file parser against parseBenchSimply:
// the same instances, or the same message, but where it stops early (a
// field too long, a line of more tiles than the largest board has), when
// it must refuse too. What it accepts, written back, reads the same.
func FuzzBenchFile(f *testing.F) {
	for _, s := range []string{
		"# comment\n1 31 8 7 6 0 4 1 2 5 3\n2 31 8 0 6 5 4 7 2 3 1\n", "", "# only\n", "a 1 0 1 2 3\n\n\tb 2 3 2 1 0\r\n",
		"1 2 3\n", "1 x 0 1 2 3\n", "1 -1 0 1 2 3\n", "1 2 0 1 2\n", "1 2 0 1 1 3\n", "1 2 0 1 2 y\n", "#x 1 2\n1 0 1 0 2 3",
	} {
		f.Add(s)
	}
	f.Add("1 0 1 2 3 0\r2 0 1 2 3 0\r")
	f.Add("1 0 1 2 3 0\n2 0 1 \x002 3 0\r")
	f.Fuzz(func(t *testing.T, text string) {
		got, err := parseBench(text)
		want, werr := parseBenchSimply(text)
		if before, cerr := controlIn(text); cerr != nil {
			// The lines before the control character's, then its error.
			want, werr = parseBenchSimply(before[:strings.LastIndexAny(before, "\r\n")+1])
			if werr == nil || werr.Error() == "no instances" {
				want, werr = nil, cerr
			}
		}
		early := hasLongField(text, 2+slide.MaxCells, true)
		switch {
		case early && err == nil:
			t.Fatalf("%q: accepted past a field it should stop at", text)
		case early:
			return
		case (err == nil) != (werr == nil) || len(got) != len(want):
			t.Fatalf("%q: got %d instances, %v; want %d, %v", text, len(got), err, len(want), werr)
		case err != nil && err.Error() != werr.Error():
			t.Fatalf("%q: message %q, want %q", text, err, werr)
		}
		var back strings.Builder
		for i, in := range got {
			if in != want[i] {
				t.Fatalf("%q: instance %d is %v, want %v", text, i, in, want[i])
			}
			fmt.Fprintf(&back, "%s %d %s\n", in.ID, in.Optimal, strings.Trim(fmt.Sprint(in.Board.Tiles()), "[]"))
		}
		if err == nil {
			again, err := parseBench(back.String())
			if err != nil || len(again) != len(got) {
				t.Fatalf("%q: written back as %q, reads as %v, %v", text, back.String(), again, err)
			}
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
