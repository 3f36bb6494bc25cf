package bench

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/input"
	"github.com/slidekit/slide/internal/input/inputtest"
	"github.com/slidekit/slide/internal/report"
)

// parseBench reads all the instances of a bench file from text with a
// Reader, or its error.
func parseBench(text string) ([]Instance, error) {
	in := NewReader(strings.NewReader(text), Shard{})
	var out []Instance
	for inst, ok := in.Next(); ok; inst, ok = in.Next() {
		out = append(out, inst)
	}
	if in.Err() != nil {
		return nil, in.Err()
	}
	return out, nil
}

// parseBenchSimply is the bench-file parser as it was before it read a
// field at a time: the whole text split into lines and fields. It is the
// oracle of FuzzBenchFile.
func parseBenchSimply(text string) ([]Instance, error) {
	var out []Instance
	for i, line := range inputtest.TextLines(text) {
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
			return nil, fmt.Errorf("line %d: %s", i+1, report.Message(err))
		}
		out = append(out, Instance{ID: f[0], Optimal: optimal, Board: b})
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
		if before, cerr := inputtest.ControlIn(text); cerr != nil {
			// The lines before the control character's, then its error.
			want, werr = parseBenchSimply(before[:strings.LastIndexAny(before, "\r\n")+1])
			if werr == nil || werr.Error() == "no instances" {
				want, werr = nil, cerr
			}
		}
		early := inputtest.HasLongField(text, 2+slide.MaxCells, true)
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
