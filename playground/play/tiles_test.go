package play

import (
	"slices"
	"strings"
	"testing"

	"github.com/slidekit/slide"
)

// TestParse reads boards in slide solve's file format, solvable and not,
// and refuses text that is not a board.
func TestParse(t *testing.T) {
	h := Handler{Cache: testCache(t)}
	for _, tc := range []struct {
		text     string
		tiles    []int
		solvable bool
		err      string
	}{
		{"3\n1 2 3\n4 5 6\n7 0 8\n", []int{1, 2, 3, 4, 5, 6, 7, 0, 8}, true, ""},
		{"2 3\n1 2 3\n5 4 0\n", []int{1, 2, 3, 5, 4, 0}, false, ""},
		{"2\n1 2\n3 3\n", nil, false, "blank"},
		{"1 3\n1 0 2\n", nil, false, "size 1 x 3: the page takes 2 to 255 rows and columns"},
		{"", nil, false, "size"},
	} {
		a := do(t, h, reqJSON("parse", map[string]any{"text": tc.text}))
		if tc.err != "" {
			if !strings.Contains(a.err, tc.err) {
				t.Errorf("parse %q: error %q, want %q in it", tc.text, a.err, tc.err)
			}
			continue
		}
		b := boardOfResult(t, a.result["board"])
		if !slices.Equal(b.Tiles(), tc.tiles) || a.result["solvable"] != tc.solvable {
			t.Errorf("parse %q: %v, want the tiles %v, solvable %v", tc.text, a.result, tc.tiles, tc.solvable)
		}
	}
}

// TestShuffle checks that a seed gives the board slide random -seed
// gives, the same each time, one that reaches the goal, and that sizes
// and seeds out of range are refused.
func TestShuffle(t *testing.T) {
	h := Handler{Cache: testCache(t)}
	shuffle := func(rows, cols int, seed string) answer {
		return do(t, h, reqJSON("shuffle", map[string]any{"rows": rows, "cols": cols, "seed": seed}))
	}
	seen := map[string]bool{}
	for _, size := range [][2]int{{3, 3}, {4, 4}, {2, 7}, {60, 60}} {
		for _, seed := range []string{"0", "1", "18446744073709551615"} {
			a := shuffle(size[0], size[1], seed)
			b := boardOfResult(t, a.result["board"])
			if !b.IsSolvable() || a.result["solvable"] != true || b.Rows() != size[0] || b.Cols() != size[1] {
				t.Errorf("shuffle %v seed %s: %v", size, seed, b)
			}
			if again := boardOfResult(t, shuffle(size[0], size[1], seed).result["board"]); again != b {
				t.Errorf("shuffle %v seed %s: another board the second time", size, seed)
			}
			seen[b.String()] = true
		}
	}
	if len(seen) != 12 {
		t.Errorf("12 shuffles gave %d boards", len(seen))
	}
	for _, tc := range []struct {
		rows, cols int
		seed, want string
	}{
		{0, 3, "1", "size 0 x 3: the page takes 2 to 255 rows and columns"},
		{1, 5, "1", "size 1 x 5: the page takes 2 to 255 rows and columns"},
		{256, 2, "1", "size 256 x 2: the page takes"},
		{2, 16000, "1", "size 2 x 16000: the page takes"},
		{300, 300, "1", "size 300 x 300: the page takes"},
		{3, 3, "-1", `"seed": want a decimal number from 0 to 18446744073709551615, got "-1"`},
		{3, 3, "18446744073709551616", "got \"18446744073709551616\""},
		{3, 3, "", `got ""`},
	} {
		if a := shuffle(tc.rows, tc.cols, tc.seed); !strings.Contains(a.err, tc.want) {
			t.Errorf("shuffle %d x %d seed %q: error %q, want %q", tc.rows, tc.cols, tc.seed, a.err, tc.want)
		}
	}
}

// TestSolvable checks the parity of a board and of its twin.
func TestSolvable(t *testing.T) {
	h := Handler{Cache: testCache(t)}
	for _, b := range []slide.Board{slide.Goal(3, 3), slide.Goal(4, 5), slide.MustParseBoard("2\n2 3\n1 0\n")} {
		var got []any
		for _, c := range []slide.Board{b, b.Twin()} {
			a := ok(t, h, reqJSON("solvable", map[string]any{"board": boardArg(c)}))
			got = append(got, a.result["solvable"])
		}
		if want := []any{b.IsSolvable(), !b.IsSolvable()}; !slices.Equal(got, want) {
			t.Errorf("solvable %v and its twin: %v, want %v", b, got, want)
		}
	}
}
