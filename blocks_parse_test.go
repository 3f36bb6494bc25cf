package slide

import (
	"encoding/json"
	"errors"
	"io"
	"runtime"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
)

// TestParseBlocksFatal covers the inputs ParseBlocks rejects as a whole.
func TestParseBlocksFatal(t *testing.T) {
	tests := []struct {
		text string
		err  error
		msg  string
	}{
		{"", ErrSyntax, "no size line"},
		{"# only a comment\n\n   \n", ErrSyntax, "no size line"},
		{"4\n1 1 1 1 b\n", ErrSyntax, "line 1: size line \"4\" has 1 fields"},
		{"4 4 4\n1 1 1 1 b\n", ErrSyntax, "has 3 fields"},
		{"# c\n4 x\n1 1 1 1 b\n", ErrSyntax, "line 2: size \"x\" is not an integer"},
		{"four four\n", ErrSyntax, "not an integer"},
		{"0 4\n1 1 1 1 b\n", ErrSize, "line 1: size 0 x 4: rows and columns must be at least 1"},
		{"4 0\n1 1 1 1 b\n", ErrSize, "at least 1"},
		{"-3 4\n1 1 1 1 b\n", ErrSize, "at least 1"},
		{"1000 1000\n1 1 1 1 b\n", ErrSize, "more than 65535 cells"},
		{"99999999999999999999 4\n", ErrSyntax, "not an integer"},
		{"4 4\n", ErrPiece, "no valid piece"},
		{"4 4\n# no pieces\n\n", ErrPiece, "no valid piece"},
		{"4 4\n5 1 1 1 b\n1 1 1 1 q\n", ErrPiece, "no valid piece"},
		{"\xff garbage \xfe\n", ErrSyntax, "size line"},
		{"\x00\xff garbage \x01\n", ErrSyntax, `line 1, column 1: "\x00" is a control character, not text`},
		{"4 4\n1 1 1 1 b\n2 2 1 1 \x00\n", ErrSyntax, `line 3, column 9: "\x00"`},
		{"4 4\n1 1 1 1 b\n# \x1b[31m\n", ErrSyntax, `line 3, column 3: "\x1b"`},
		{"4 4\r1 1 1 1 b\r\x7f", ErrSyntax, `line 3, column 1: "\x7f"`},
		{"4 4 4\r1 1 1 1 b\r", ErrSyntax, "line 1: size line \"4 4 4\" has 3 fields"},
	}
	for _, tt := range tests {
		b, err := ParseBlocks(tt.text)
		var e *Error
		if !errors.Is(err, tt.err) || !errors.As(err, &e) || !strings.Contains(e.Msg, tt.msg) || b != (Blocks{}) {
			t.Errorf("ParseBlocks(%q) = %v, %v; want %v containing %q and the zero Blocks", tt.text, b, err, tt.err, tt.msg)
		}
	}
}

// TestParseBlocksDiscards covers the piece lines ParseBlocks discards, each
// with a message, going on without them.
func TestParseBlocksDiscards(t *testing.T) {
	tests := []struct {
		name   string
		lines  string   // piece lines after "4 4"; the first is the goal piece
		errs   []error  // what each discarded line wraps
		msgs   []string // what each message says
		pieces []Piece  // what remains
	}{
		{"valid", "1 1 2 1 h\n2 1 1 2 v\n4 4 1 1 n\n", nil, nil,
			[]Piece{{0, 0, 2, 1, Horizontal, 0}, {1, 0, 1, 2, Vertical, 0}, {3, 3, 1, 1, Fixed, 0}}},
		{"outside right", "1 1 1 1 b\n1 4 2 1 b\n", []error{ErrPiece}, []string{"line 3: piece \"1 4 2 1 b\" at row 1, column 4, 2 wide and 1 high, does not fit in the 4 x 4 grid; discarded"},
			[]Piece{{0, 0, 1, 1, Both, 0}}},
		{"outside below", "1 1 1 1 b\n4 1 1 2 v\n", []error{ErrPiece}, []string{"does not fit"}, []Piece{{0, 0, 1, 1, Both, 0}}},
		{"row 0", "1 1 1 1 b\n0 2 1 1 b\n", []error{ErrPiece}, []string{"at row 0, column 2 is outside the grid (rows and columns count from 1)"}, []Piece{{0, 0, 1, 1, Both, 0}}},
		{"negative column", "1 1 1 1 b\n2 -1 1 1 b\n", []error{ErrPiece}, []string{"outside the grid"}, []Piece{{0, 0, 1, 1, Both, 0}}},
		{"huge", "1 1 1 1 b\n2 2 9223372036854775807 1 b\n", []error{ErrPiece}, []string{"does not fit"}, []Piece{{0, 0, 1, 1, Both, 0}}},
		{"zero width", "1 1 1 1 b\n2 2 0 1 b\n", []error{ErrPiece}, []string{"is 0 x 1: width and height must be at least 1"}, []Piece{{0, 0, 1, 1, Both, 0}}},
		{"negative height", "1 1 1 1 b\n2 2 1 -2 b\n", []error{ErrPiece}, []string{"is 1 x -2"}, []Piece{{0, 0, 1, 1, Both, 0}}},
		{"letter", "1 1 1 1 b\n2 2 1 1 x\n", []error{ErrSyntax}, []string{"line 3: piece \"2 2 1 1 x\": motion \"x\" is not h, v, b or n; discarded"}, []Piece{{0, 0, 1, 1, Both, 0}}},
		{"capital letter", "1 1 1 1 b\n2 2 1 1 B\n", []error{ErrSyntax}, []string{"motion \"B\""}, []Piece{{0, 0, 1, 1, Both, 0}}},
		{"two letters", "1 1 1 1 b\n2 2 1 1 hv\n", []error{ErrSyntax}, []string{"motion \"hv\""}, []Piece{{0, 0, 1, 1, Both, 0}}},
		{"overlap", "1 1 2 2 b\n2 2 1 1 b\n3 3 1 1 b\n", []error{ErrPiece}, []string{"line 3: piece \"2 2 1 1 b\" overlaps the piece of line 2; discarded"},
			[]Piece{{0, 0, 2, 2, Both, 0}, {2, 2, 1, 1, Both, 0}}},
		{"overlap of a discarded piece", "1 1 1 1 b\n1 1 9 9 b\n1 2 1 1 b\n", []error{ErrPiece}, []string{"does not fit"},
			[]Piece{{0, 0, 1, 1, Both, 0}, {0, 1, 1, 1, Both, 0}}},
		{"word", "1 1 1 1 b\n2 two 1 1 b\n", []error{ErrSyntax}, []string{"line 3: piece \"2 two 1 1 b\": column \"two\" is not an integer; discarded"}, []Piece{{0, 0, 1, 1, Both, 0}}},
		{"decimal", "1 1 1 1 b\n2.0 2 1 1 b\n", []error{ErrSyntax}, []string{"row \"2.0\" is not an integer"}, []Piece{{0, 0, 1, 1, Both, 0}}},
		{"out of range", "1 1 1 1 b\n2 2 1 99999999999999999999 b\n", []error{ErrSyntax}, []string{"height \"99999999999999999999\" is not an integer"}, []Piece{{0, 0, 1, 1, Both, 0}}},
		{"four fields", "1 1 1 1 b\n2 2 1 b\n", []error{ErrSyntax}, []string{"line 3: piece \"2 2 1 b\" has 4 fields, want row col width height motion; discarded"}, []Piece{{0, 0, 1, 1, Both, 0}}},
		{"seven fields", "1 1 1 1 b\n2 2 1 1 b B b\n", []error{ErrSyntax}, []string{"has 7 fields, want row col width height motion and at most a name"}, []Piece{{0, 0, 1, 1, Both, 0}}},
		{"names", "1 1 1 1 b A\n2 2 1 1 n x\n3 3 1 1 n x\n4 4 1 1 h é\n1 4 1 1 v 7\n", nil, nil,
			[]Piece{{0, 0, 1, 1, Both, 'A'}, {1, 1, 1, 1, Fixed, 'x'}, {2, 2, 1, 1, Fixed, 'x'}, {3, 3, 1, 1, Horizontal, 'é'}, {0, 3, 1, 1, Vertical, '7'}}},
		{"some names", "1 1 1 1 b 2\n2 2 1 1 b\n3 3 1 1 b Z\n4 4 1 1 b\n", nil, nil,
			[]Piece{{0, 0, 1, 1, Both, '2'}, {1, 1, 1, 1, Both, '1'}, {2, 2, 1, 1, Both, 'Z'}, {3, 3, 1, 1, Both, '3'}}},
		{"bad names", "1 1 1 1 b A\n2 2 1 1 b *\n2 2 1 1 b AB\n2 2 1 1 b A\n2 2 1 1 n A\n", []error{ErrSyntax, ErrSyntax, ErrPiece, ErrPiece},
			[]string{`line 3: piece "2 2 1 1 b *": name "*" is not one letter or digit; discarded`, `name "AB"`, `line 5: piece "2 2 1 1 b A" has the name A of the piece of line 2; discarded`, "line 6:"},
			[]Piece{{0, 0, 1, 1, Both, 'A'}}},
		{"fixed names", "1 1 1 1 n x\n2 2 1 1 n x\n3 3 1 1 b x\n", []error{ErrPiece}, []string{"line 4:"}, []Piece{{0, 0, 1, 1, Fixed, 'x'}, {1, 1, 1, 1, Fixed, 'x'}}},
		{"goal fallback", "9 9 1 1 b\n# a comment\n\n2 2 1 1 h\n3 3 2 1 v\n", []error{ErrPiece}, []string{"line 2:"},
			[]Piece{{1, 1, 1, 1, Horizontal, 0}, {2, 2, 2, 1, Vertical, 0}}},
		{"goal fallback twice", "1 1 1 1 y\n1 1 1\n1 1 1 1 n\n1 2 1 1 b\n", []error{ErrSyntax, ErrSyntax}, []string{"line 2:", "line 3:"},
			[]Piece{{0, 0, 1, 1, Fixed, 0}, {0, 1, 1, 1, Both, 0}}},
		{"crlf and tabs", "1\t1 1 1 b\r\n\t2 2 1 1 v \r\n", nil, nil, []Piece{{0, 0, 1, 1, Both, 0}, {1, 1, 1, 1, Vertical, 0}}},
		{"cr alone", "1 1 1 1 b\r# a comment\r2 2 1 1 v\r3 3 9 9 b\r", []error{ErrPiece}, []string{"line 5: piece \"3 3 9 9 b\""},
			[]Piece{{0, 0, 1, 1, Both, 0}, {1, 1, 1, 1, Vertical, 0}}},
		{"all of them", "1 1 1 1 b\n5 5 1 1 b\n1 1 1 1 b\n1 2 1 1 z\n1 2\n1 2 1 1 b\n", []error{ErrPiece, ErrPiece, ErrSyntax, ErrSyntax}, []string{"line 3:", "line 4:", "line 5:", "line 6:"},
			[]Piece{{0, 0, 1, 1, Both, 0}, {0, 1, 1, 1, Both, 0}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := ParseBlocks("4 4\n" + tt.lines)
			var de *DiscardError
			if err != nil && !errors.As(err, &de) {
				t.Fatal(err)
			}
			var discarded []*Error
			if de != nil {
				discarded = de.Lines
			}
			if len(discarded) != len(tt.errs) || err != nil && len(tt.errs) == 0 {
				t.Fatalf("discarded %d lines, want %d: %v", len(discarded), len(tt.errs), err)
			}
			for i, d := range discarded {
				if !errors.Is(err, tt.errs[i]) {
					t.Errorf("%v does not wrap %v", err, tt.errs[i])
				}
				var e *Error
				if !errors.Is(d, tt.errs[i]) || !errors.As(d, &e) || e.Func != "ParseBlocks" || !strings.Contains(e.Msg, tt.msgs[i]) {
					t.Errorf("discarded[%d] = %v; want %v containing %q", i, d, tt.errs[i], tt.msgs[i])
				}
			}
			if got := b.Pieces(); !slices.Equal(got, tt.pieces) {
				t.Errorf("pieces %v, want %v", got, tt.pieces)
			}
		})
	}
}

// TestParseRushHour reads the Rush Hour string of each Rush Hour puzzle of
// testdata/blocks and checks that it gives the pieces of the puzzle's file
// (in another order: the goal piece first either way), named by their
// letters, the walls x.
func TestParseRushHour(t *testing.T) {
	n := 0
	for _, c := range readBlockCases(t) {
		s := rushString(c.text)
		if s == "" {
			continue
		}
		n++
		b, err := ParseRushHour(s)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		goal := b.Piece(0)
		goal.Name = 0
		if b.Rows() != 6 || b.Cols() != 6 || goal != c.puzzle.Piece(0) || b.Name(0) != 'A' {
			t.Errorf("%s: %d x %d, goal piece %v; want 6 x 6, %v named A", c.name, b.Rows(), b.Cols(), b.Piece(0), c.puzzle.Piece(0))
		}
		byPlace := func(p, q Piece) int { return (p.Row*6 + p.Col) - (q.Row*6 + q.Col) }
		got, want := b.Pieces(), c.puzzle.Pieces()
		for i, p := range got {
			if r := rune(s[p.Row*6+p.Col]); p.Name != r {
				t.Errorf("%s: piece %d at row %d, column %d is named %q, want %q", c.name, i, p.Row+1, p.Col+1, p.Name, r)
			}
			got[i].Name = 0
		}
		slices.SortFunc(got, byPlace)
		slices.SortFunc(want, byPlace)
		if !slices.Equal(got, want) {
			t.Errorf("%s: pieces\n%v\nwant\n%v", c.name, got, want)
		}
		if c.name == "rh_fogleman_forty_01" {
			// ..B.CC / ..B... / AAB... / DDD..E / .....E / .....E, letters
			// in, letters out, in the grid and in the text format.
			names := strings.Split(strings.TrimSpace(b.Grid()), "\n")
			if got := strings.Join(names[1:7], "/"); got != "*..B.CC*/*..B...*/*AAB...*/*DDD..E*/*.....E*/*.....E*" {
				t.Errorf("%s: grid %s", c.name, got)
			}
			if got := b.String(); got != "6 6\n3 1 2 1 h A\n1 3 1 3 v B\n1 5 2 1 h C\n4 1 3 1 h D\n4 6 1 3 v E\n" {
				t.Errorf("%s: grid %s", c.name, got)
			}
		}
	}
	if n < 13 {
		t.Errorf("%d Rush Hour strings in testdata/blocks, want 13", n)
	}
}

func TestParseRushHourErrors(t *testing.T) {
	const ok = "..B.CC..B...AAB...DDD..E.....E.....E"
	tests := []struct {
		s, msg string
		err    error
	}{
		{"", "has 0 characters, want 36", ErrSyntax},
		{ok + ".", "has 37 characters", ErrSyntax},
		{strings.Replace(ok, ".", "é", 1), "character 'é' at 0", ErrSyntax}, // 36 characters, 37 bytes
		{ok[1:] + "éé", "has 37 characters", ErrSyntax},
		{strings.Repeat("A", 1<<20), `"` + strings.Repeat("A", 40) + `"... (1048576 bytes) has 1048576 characters`, ErrSyntax},
		{strings.Replace(ok, ".", "?", 1), "character '?' at 0", ErrSyntax},
		{strings.Replace(ok, ".", "b", 1), "character 'b' at 0", ErrSyntax},
		{strings.ReplaceAll(ok, "A", "."), "no red car A", ErrPiece},
		{"A....." + "A....." + "......" + "......" + "......" + "......", "red car A is vertical", ErrPiece},
		{"AA...." + "......" + "..B..." + "......" + "......" + "......", "vehicle B has one cell", ErrPiece},
		{"AA...." + "..B..." + "..BB.." + "......" + "......" + "......", "vehicle B: its 3 cells are not in one row or column", ErrPiece},
		{"AA.B.B" + "......" + "......" + "......" + "......" + "......", "vehicle B", ErrPiece},
		{"AA...B" + "B....." + "......" + "......" + "......" + "......", "vehicle B", ErrPiece},
		{"AA...." + "......" + "......" + "......" + "......" + ".....B", "vehicle B has one cell", ErrPiece},
	}
	for _, tt := range tests {
		b, err := ParseRushHour(tt.s)
		var e *Error
		if !errors.Is(err, tt.err) || !errors.As(err, &e) || !strings.Contains(e.Msg, tt.msg) || b != (Blocks{}) {
			t.Errorf("ParseRushHour(%q) = %v; want %v containing %q", tt.s, err, tt.err, tt.msg)
		}
	}
	if b, err := ParseRushHour("  " + strings.ReplaceAll(ok, ".", "o") + "\n"); err != nil || b.NumPieces() != 5 {
		t.Errorf("ParseRushHour with o and spaces: %v, %d pieces", err, b.NumPieces())
	}
	if b, err := ParseRushHour("xAA..." + strings.Repeat(".", 30)); err != nil || b.Piece(1).Motion != Fixed {
		t.Errorf("ParseRushHour with a wall: %v, %v", err, b.Piece(1))
	}
}

// FuzzParseBlocks checks that ParseBlocks never panics, that an error
// comes with the zero Blocks unless it lists discarded lines, that
// UnmarshalText and MustParseBlocks agree with it, and that a puzzle read
// prints back to itself.
func FuzzParseBlocks(f *testing.F) {
	for _, c := range readBlockCases(f) {
		f.Add(c.text)
	}
	f.Add(specSample)
	f.Add("4 4\n9 9 1 1 b\n1 1 1 1 q\n1 1 2 2 b\n1 2 1 1 b\n1 1\n")
	f.Add("0 0\n")
	f.Add("4 4\n3 1 2 1 h A\n1 1 1 1 n x\n2 2 1 1 n x\n1 4 1 1 b\n4 4 1 1 b\n2 4 1 1 b 1\n")
	f.Add("65535 1\n1 1 1 65535 v\n")
	f.Fuzz(func(t *testing.T, text string) {
		b, err := ParseBlocks(text)
		var de *DiscardError
		if errors.As(err, &de) {
			for _, d := range de.Lines {
				if !strings.HasPrefix(d.Msg, "line ") {
					t.Fatalf("discarded %v: not naming its line", d)
				}
			}
			if !b.IsValid() && !strings.Contains(err.Error(), "no valid piece") || len(de.Lines) == 0 || len(de.Lines) > MaxDiscards || de.More > 0 && len(de.Lines) < MaxDiscards {
				t.Fatalf("%v: puzzle %v, %d lines, %d more", err, b, len(de.Lines), de.More)
			}
		} else if err != nil && b != (Blocks{}) {
			t.Fatalf("error %v with a puzzle", err)
		}
		var u Blocks
		uerr := u.UnmarshalText([]byte(text))
		if (err == nil) != (uerr == nil) && !blankText(text) || err == nil && u != b {
			t.Fatalf("ParseBlocks: %v, %v; UnmarshalText: %v, %v", b, err, u, uerr)
		}
		if !b.IsValid() {
			return
		}
		again, err := ParseBlocks(b.String())
		if err != nil || again != b {
			t.Fatalf("String does not read back: %v\n%s", err, b.String())
		}
		if lines := strings.Count(b.Grid(), "\n"); lines != b.Rows()+2 {
			t.Fatalf("Grid has %d lines for %d rows", lines, b.Rows())
		}
	})
}

// FuzzParseRushHour checks that ParseRushHour never panics and that what
// it reads is a 6 x 6 puzzle whose goal piece is a horizontal car.
func FuzzParseRushHour(f *testing.F) {
	for _, c := range readBlockCases(f) {
		if s := rushString(c.text); s != "" {
			f.Add(s)
		}
	}
	f.Add("AA...." + "..B..." + "..BB.." + strings.Repeat(".", 18))
	f.Fuzz(func(t *testing.T, s string) {
		b, err := ParseRushHour(s)
		if err != nil {
			if b != (Blocks{}) {
				t.Fatalf("error %v with a puzzle", err)
			}
			return
		}
		if g := b.Piece(0); b.Rows() != 6 || b.Cols() != 6 || g.Motion != Horizontal || g.Height != 1 || g.Width < 2 {
			t.Fatalf("%d x %d, goal piece %v", b.Rows(), b.Cols(), g)
		}
	})
}

// TestParseBlocksLongLines checks that lines of any length are read in
// bounded memory and quoted in at most 40 characters, and that a comment
// line is skipped however long it is.
func TestParseBlocksLongLines(t *testing.T) {
	long := strings.Repeat("1 ", 1<<20)
	digits := strings.Repeat("7", 1<<20)
	text := "# " + long + "\n4 4\n1 1 1 1 b\n" + long + "\n1 " + digits + " 1 1 b\n2 2 1 1 " + digits + "\n"
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	b, err := ReadBlocks(strings.NewReader(text))
	runtime.ReadMemStats(&after)
	var de *DiscardError
	if !errors.As(err, &de) || b.NumPieces() != 1 || len(de.Lines) != 3 {
		t.Fatalf("%v pieces, error %v", b.NumPieces(), err)
	}
	discarded := de.Lines
	for i, want := range []string{
		`line 4: piece "1 1 1 1 1 1 1"... (2097151 bytes) has 1048576 fields`,
		`line 5: piece "1 ` + strings.Repeat("7", 38) + `"... (1048584 bytes): column "` + strings.Repeat("7", 40) + `"... (1048576 bytes) is not an integer`,
		`line 6: piece "2 2 1 1 ` + strings.Repeat("7", 32) + `"... (1048584 bytes): motion "` + strings.Repeat("7", 40) + `"... (1048576 bytes) is not h, v, b or n`,
	} {
		if !strings.Contains(discarded[i].Error(), want) {
			t.Errorf("discarded[%d] = %v, want %s", i, discarded[i], want)
		}
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 1<<20 {
		t.Errorf("reading %d bytes allocated %d", len(text), grew)
	}
	if _, err := ParseBlocks("4 " + long); err == nil || !strings.Contains(err.Error(), `size line "4 1 1 1`) || len(err.Error()) > 200 {
		t.Errorf("long size line: %v", err)
	}
}

// TestReadBlocksError checks that a failed read is reported as it is.
func TestReadBlocksError(t *testing.T) {
	boom := errors.New("disk on fire")
	_, err := ReadBlocks(io.MultiReader(strings.NewReader("4 4\n1 1 1 1 b\n"), iotest.ErrReader(boom)))
	if !errors.Is(err, boom) {
		t.Errorf("err = %v", err)
	}
}

// TestReadBlocksDiscardsStream checks that ReadBlocks keeps the first
// MaxDiscards lines it discards and counts the others: the memory it
// allocates while reading a hundred thousand bad lines after the first ten
// thousand does not grow with them.
func TestReadBlocksDiscardsStream(t *testing.T) {
	const head = "4 4\n1 1 1 1 b\n"
	allocs := func(bad int) (n int, heap uint64) {
		r := io.MultiReader(strings.NewReader(head), strings.NewReader(strings.Repeat("x\n", bad)), strings.NewReader("2 2 1 1 b\n"))
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		b, err := ReadBlocks(r)
		runtime.GC()
		runtime.ReadMemStats(&after)
		var de *DiscardError
		if !errors.As(err, &de) || b.NumPieces() != 2 || len(de.Lines) != MaxDiscards {
			t.Fatalf("%d bad lines: %d pieces, %v", bad, b.NumPieces(), err)
		}
		n = len(de.Lines) + de.More
		runtime.KeepAlive(b)
		return n, after.HeapAlloc - min(after.HeapAlloc, before.HeapAlloc)
	}
	small, smallHeap := allocs(10_000)
	large, largeHeap := allocs(110_000)
	if small != 10_000 || large != 110_000 {
		t.Fatalf("discard called %d and %d times, want 10000 and 110000", small, large)
	}
	// Kept, the 100,000 lines more would hold several megabytes.
	if largeHeap > smallHeap+256<<10 {
		t.Errorf("the heap after reading grew from %d to %d bytes with 100,000 more bad lines", smallHeap, largeHeap)
	}
}

// TestBlocksText round-trips puzzles through MarshalText and UnmarshalText
// and JSON, and checks that UnmarshalText refuses what ParseBlocks
// discards, with the same *DiscardError.
func TestBlocksText(t *testing.T) {
	for _, c := range readBlockCases(t) {
		text, err := c.puzzle.MarshalText()
		if err != nil || string(text) != c.puzzle.String() {
			t.Fatalf("%s: MarshalText %q, %v", c.name, text, err)
		}
		var back Blocks
		if err := back.UnmarshalText(text); err != nil || back != c.puzzle {
			t.Fatalf("%s: UnmarshalText: %v, %v", c.name, back, err)
		}
	}
	rush, _ := ParseRushHour("IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM")
	data, err := json.Marshal(struct{ Puzzle Blocks }{rush})
	if err != nil {
		t.Fatal(err)
	}
	var got struct{ Puzzle Blocks }
	if err := json.Unmarshal(data, &got); err != nil || got.Puzzle != rush {
		t.Fatalf("JSON round trip: %v, %v", got.Puzzle, err)
	}
	var b Blocks = rush
	if err := b.UnmarshalText([]byte("# nothing\n\n")); err != nil || b.IsValid() {
		t.Errorf("comments only: %v, %v", b, err)
	}
	if text, _ := b.MarshalText(); len(text) != 0 {
		t.Errorf("zero Blocks marshals as %q", text)
	}
	b = rush
	err = b.UnmarshalText([]byte("2 2\n1 1 1 1 b\n2 2 1 1 q\n"))
	var de *DiscardError
	if !errors.Is(err, ErrSyntax) || !errors.As(err, &de) || !strings.Contains(err.Error(), "slide.Blocks.UnmarshalText: line 3") {
		t.Errorf("a bad piece line: %v", err)
	}
	if _, perr := ParseBlocks("2 2\n1 1 1 1 b\n2 2 1 1 q\n"); perr == nil || strings.TrimPrefix(perr.Error(), "slide.ParseBlocks") != strings.TrimPrefix(err.Error(), "slide.Blocks.UnmarshalText") {
		t.Errorf("ParseBlocks says %v, UnmarshalText %v", perr, err)
	}
	if b != rush {
		t.Error("a failed UnmarshalText changed the puzzle")
	}
	if err := b.UnmarshalText([]byte("2 x\n")); !errors.Is(err, ErrSyntax) || !strings.HasPrefix(err.Error(), "slide.Blocks.UnmarshalText:") {
		t.Errorf("a bad size line: %v", err)
	}
}

// FuzzBlocksText checks that UnmarshalText never panics and that what it
// accepts marshals and reads back to the same puzzle.
func FuzzBlocksText(f *testing.F) {
	for _, s := range []string{"4 4\n3 1 2 1 b\n1 1 1 1 b\n", "", "# c\n", "2 2\n1 1 1 1 q\n", "1 65535\n1 1 1 1 h\n", "2 2\n1 1 2 2 n\n1 1 1 1 b\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var b Blocks
		if err := b.UnmarshalText([]byte(s)); err != nil {
			return
		}
		text, err := b.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var back Blocks
		if err := back.UnmarshalText(text); err != nil || back != b {
			t.Fatalf("%q: round trip %v, %v", s, back, err)
		}
	})
}
