package slide

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/slidekit/slide/internal/input"
)

// FuzzParse feeds arbitrary text to the parsers: they must not panic, and
// whatever they accept must print and parse back to the same board.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"3\n1 2 3\n4 5 6\n7 8 0\n", "2 3\n1 2 3\n4 0 5", "2\n1 1\n2 0\n", "", "\n\n3",
		"1 2\n0 1", "2\n1 2\n3 x", "-2\n", "65535 2\n", "2\n+1 2 3 0", "4\n" + Goal(4, 4).String()[2:],
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if b, err := ParseBoard(s); err == nil {
			if back, err := ParseBoard(b.String()); err != nil || back != b {
				t.Fatalf("ParseBoard(%q) = %v; its String parses to %v, %v", s, b, back, err)
			}
		}
		if b, err := ParseBoard(s); err == nil {
			var back Board
			if err := back.UnmarshalText([]byte(b.String())); err != nil || back != b {
				t.Fatalf("ParseBoard(%q) = %v; round trip %v, %v", s, b, back, err)
			}
			b.IsSolvable() // must not panic
			b.Manhattan()
		}
	})
}

// FuzzUnmarshalBinary feeds arbitrary bytes to UnmarshalBinary.
func FuzzUnmarshalBinary(f *testing.F) {
	good, _ := Goal(3, 3).MarshalBinary()
	f.Add(good)
	f.Add([]byte{2, 0, 1, 0, 1, 0, 0, 0})
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		var b Board
		if err := b.UnmarshalBinary(data); err != nil {
			return
		}
		out, _ := b.MarshalBinary()
		var back Board
		if err := back.UnmarshalBinary(out); err != nil || back != b {
			t.Fatalf("binary round trip of %v: %v, %v", data, back, err)
		}
	})
}

// FuzzUnpack feeds arbitrary sizes and words to Unpack.
func FuzzUnpack(f *testing.F) {
	f.Add(3, 3, uint64(0x087654321))
	f.Add(4, 4, uint64(0))
	f.Add(-1, 5, uint64(1))
	f.Fuzz(func(t *testing.T, rows, cols int, p uint64) {
		b, err := Unpack(rows, cols, p)
		if err != nil {
			return
		}
		if q, err := b.Pack(); err != nil || q != p {
			t.Fatalf("Pack(Unpack(%x)) = %x, %v", p, q, err)
		}
	})
}

// FuzzSolvable checks the parity rule against Solve on small random boards
// described by fuzz bytes: a board is solvable exactly when Solve finds a
// path.
func FuzzSolvable(f *testing.F) {
	f.Add(uint8(2), uint8(3), []byte{5, 4, 3, 2, 1, 0}, []byte{1, 2, 3, 4, 5, 0})
	f.Add(uint8(1), uint8(4), []byte{1, 2, 0, 3}, []byte{2, 1, 3, 0})
	f.Fuzz(func(t *testing.T, rows, cols uint8, a, b []byte) {
		r, c := int(rows%3)+1, int(cols%3)+1
		n := r * c
		if n < 2 || len(a) < n || len(b) < n {
			return
		}
		start, err1 := NewLabeled(r, c, perm(a[:n]))
		goal, err2 := NewLabeled(r, c, perm(b[:n]))
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		ok, err := Solvable(start, goal)
		if err != nil {
			t.Fatal(err)
		}
		_, serr := Solver{Algorithm: AlgoBFS}.Solve(context.Background(), start, goal)
		if ok != (serr == nil) {
			t.Fatalf("Solvable(%v, %v) = %v; BFS: %v", start, goal, ok, serr)
		}
	})
}

// perm turns bytes into a permutation of 0 ... len-1 by ranking them
// (stably), so any bytes make a board.
func perm(bs []byte) []int {
	p := make([]int, len(bs))
	for i := range bs {
		for j := range bs {
			if bs[j] < bs[i] || bs[j] == bs[i] && j < i {
				p[i]++
			}
		}
	}
	return p
}

// FuzzParseNames checks that the parsers of option names accept exactly
// the names the values print, and nothing else.
func FuzzParseNames(f *testing.F) {
	for _, s := range []string{"auto", "linear", "lc", "pdb78", "wd", "bibfs", "ida", "line", "step", "piece", "", "PDB78", "astar ", "straight", "tile", "up", "R", "l"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if h, err := ParseHeuristic(s); err == nil {
			if back, err := ParseHeuristic(h.String()); err != nil || back != h {
				t.Fatalf("ParseHeuristic(%q) = %v, which does not parse back", s, h)
			}
		}
		if a, err := ParseAlgorithm(s); err == nil {
			if back, err := ParseAlgorithm(a.String()); err != nil || back != a {
				t.Fatalf("ParseAlgorithm(%q) = %v, which does not parse back", s, a)
			}
		}
		if m, err := ParseBlockMetric(s); err == nil {
			if back, err := ParseBlockMetric(m.String()); err != nil || back != m {
				t.Fatalf("ParseBlockMetric(%q) = %v, which does not parse back", s, m)
			}
		}
		if m, err := ParseMetric(s); err == nil {
			if back, err := ParseMetric(m.String()); err != nil || back != m {
				t.Fatalf("ParseMetric(%q) = %v, which does not parse back", s, m)
			}
		}
		if d, err := ParseDirection(s); err == nil {
			if back, err := ParseDirection(d.String()); err != nil || back != d {
				t.Fatalf("ParseDirection(%q) = %v, which does not parse back", s, d)
			}
		}
		// UnmarshalText accepts exactly what the Parse functions accept.
		var h Heuristic
		_, perr := ParseHeuristic(s)
		if err := h.UnmarshalText([]byte(s)); (err == nil) != (perr == nil) {
			t.Fatalf("Heuristic.UnmarshalText(%q): %v; ParseHeuristic: %v", s, err, perr)
		}
		var d Direction
		_, perr = ParseDirection(s)
		if err := d.UnmarshalText([]byte(s)); (err == nil) != (perr == nil) {
			t.Fatalf("Direction.UnmarshalText(%q): %v; ParseDirection: %v", s, err, perr)
		}
	})
}

// FuzzReadBoard checks the streaming board reader against parseSimply,
// its oracle: the same boards accepted, the same refused with the same
// message, but where a field is longer than the reader keeps
// (input.MaxField bytes, more than any number a board needs), which it
// must refuse.
func FuzzReadBoard(f *testing.F) {
	for _, s := range []string{
		"3\n1 2 3\n4 5 6\n7 8 0\n", "2 3\n\n1 2 3\n4 0 5\n", "\n \n2\n1 2\n3 0", "", "2\n1 2\n3 x", "2 2 2\n",
		"2\n1 2 3 0 4", "2\n1 2\n3", "0 5\n", "65535 2\n", "2\n1 1\n2 0", "2\n+1 2 3 0", "2\u00a0\n1\u20032 3 0\r\n",
		"2\n1 2 3 " + strings.Repeat("0", 70), strings.Repeat("9", 30) + "\n", "2 2 2 2 2\n1 2 3 0\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		got, err := ReadBoard(strings.NewReader(text))
		want, werr := parseSimply(text)
		long := false
		for _, field := range strings.Fields(text) {
			long = long || len(field) > input.MaxField
		}
		switch {
		case long && err == nil:
			t.Fatalf("%q: accepted %v past a field it should stop at", text, got)
		case long:
		case (err == nil) != (werr == nil) || got != want:
			t.Fatalf("%q: got %v, %v; the oracle gives %v, %v", text, got, err, want, werr)
		case err != nil && err.(*Error).Msg != werr.(*Error).Msg:
			t.Fatalf("%q: %v, the oracle's %v", text, err, werr)
		}
		if p, perr := ParseBoard(text); p != got || (perr == nil) != (err == nil) {
			t.Fatalf("%q: Parse gives %v, %v; ReadBoard %v, %v", text, p, perr, got, err)
		}
	})
}

// parseSimply is Parse written for plainness: the whole text split into
// lines and fields. It is the oracle of FuzzReadBoard.
func parseSimply(s string) (Board, error) {
	const fn = "Parse"
	lines := strings.Split(s, "\n")
	head := 0
	for head < len(lines) && strings.TrimSpace(lines[head]) == "" {
		head++
	}
	if head == len(lines) {
		return Board{}, errorf(fn, ErrSyntax, "empty input: want a size line")
	}
	sizes := strings.Fields(lines[head])
	if len(sizes) != 1 && len(sizes) != 2 {
		return Board{}, errorf(fn, ErrSyntax, "line %d: size line has %d fields, want n or rows cols", head+1, len(sizes))
	}
	dims := make([]int, len(sizes))
	for i, f := range sizes {
		v, err := strconv.Atoi(f)
		if err != nil {
			return Board{}, errorf(fn, ErrSyntax, "line %d: size %s is not an integer", head+1, input.Quote(f))
		}
		dims[i] = v
	}
	rows, cols := dims[0], dims[len(dims)-1]
	if err := checkSize(fn, rows, cols); err != nil {
		return Board{}, err
	}
	n := rows * cols
	tiles := make([]int, 0, n)
	for ln := head + 1; ln < len(lines); ln++ {
		for _, f := range strings.Fields(lines[ln]) {
			if len(tiles) == n {
				return Board{}, errorf(fn, ErrSyntax, "line %d: extra value %s after %d tiles", ln+1, input.Quote(f), n)
			}
			v, err := strconv.Atoi(f)
			if err != nil {
				return Board{}, errorf(fn, ErrSyntax, "line %d: tile %s is not an integer", ln+1, input.Quote(f))
			}
			tiles = append(tiles, v)
		}
	}
	if len(tiles) < n {
		return Board{}, errorf(fn, ErrSize, "%d x %d board needs %d tiles, got %d", rows, cols, n, len(tiles))
	}
	return build(fn, rows, cols, tiles, false)
}
