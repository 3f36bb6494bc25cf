package slide

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/slidekit/slide/internal/input"
)

func TestStringParseRoundTrip(t *testing.T) {
	for _, b := range []Board{
		Goal(3, 3), Goal(2, 5), Goal(1, 2), Goal(7, 1), Goal(127, 127),
		MustParseBoard("3\n8 1 3\n4 0 2\n7 6 5\n"),
		MustParseBoard("2 3\n5 5 9\n0 9 5\n"),
	} {
		text := b.String()
		var got Board
		if err := got.UnmarshalText([]byte(text)); err != nil {
			t.Fatalf("UnmarshalText(%q): %v", text, err)
		}
		if got != b {
			t.Errorf("text round trip of %q gave %q", text, got)
		}
		if b.IsPermutation() {
			if p, err := ParseBoard(text); err != nil || p != b {
				t.Errorf("ParseBoard(%q) = %v, %v", text, p, err)
			}
		}
		bin, _ := b.MarshalBinary()
		var back Board
		if err := back.UnmarshalBinary(bin); err != nil || back != b {
			t.Errorf("binary round trip of %q: %v", text, err)
		}
	}
	if got, want := MustParseBoard("2 3\n1 2 3\n4 0 5").String(), "2 3\n1 2 3\n4 0 5\n"; got != want {
		t.Errorf("String = %q, want %q", got, want)
	}
	if got, want := Goal(2, 2).String(), "2\n1 2\n3 0\n"; got != want {
		t.Errorf("String = %q, want %q", got, want)
	}
}

func TestParseLayout(t *testing.T) {
	b, err := ParseBoard("\n\n  3\n 0 1 3\n 4 2 5\n 7 8 6\n\n")
	if err != nil {
		t.Fatal(err)
	}
	if got := b.Tiles(); !slices.Equal(got, []int{0, 1, 3, 4, 2, 5, 7, 8, 6}) {
		t.Errorf("tiles %v", got)
	}
	if _, err := ParseBoard("3\n0 1 3 4 2 5 7 8 6"); err != nil {
		t.Errorf("one-line tiles: %v", err)
	}
	// Lines may end in "\n", "\r\n" or "\r" alone, even mixed.
	for _, text := range []string{"2 3\r1 2 3\r4 0 5\r", "2 3\r\n1 2 3\r\n4 0 5", "2 3\r1 2 3\n4 0 5\r\n"} {
		if b, err := ParseBoard(text); err != nil || b.String() != "2 3\n1 2 3\n4 0 5\n" {
			t.Errorf("%q: %v, %v", text, b, err)
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		in    string
		class error
		msg   string
	}{
		{"", ErrSyntax, "empty"},
		{"  \n \n", ErrSyntax, "empty"},
		{"x\n", ErrSyntax, "line 1: size \"x\""},
		{"2 2 2\n", ErrSyntax, "3 fields"},
		{"2\n1 2\n3 x\n", ErrSyntax, "line 3: tile \"x\""},
		{"2\n1 2\n3 0 4\n", ErrSyntax, "extra value"},
		{"2\n1 2\n3\n", ErrSize, "got 3"},
		{"0\n", ErrSize, "at least 1"},
		{"99999999999999999999\n", ErrSyntax, "not an integer"},
		{"2\n1 2\n0 0\n", ErrTile, "two blanks"},
		{"2\n1 2\n-3 0\n", ErrTile, "negative"},
		// Control characters end the input; a lone "\r" ends a line.
		{"\x00\x00\x00", ErrSyntax, `line 1, column 1: "\x00" is a control character, not text`},
		{"2\n1 2\n3 0\x00", ErrSyntax, `line 3, column 4: "\x00"`},
		{"2\r\n1 2\r\n3 \x1b0\r\n", ErrSyntax, `line 3, column 3: "\x1b"`},
		{"2\r1 2\r\x7f", ErrSyntax, `line 3, column 1: "\x7f"`},
		{"2\n1 2 3 0\n \x04", ErrSyntax, `line 3, column 2: "\x04"`},
		{"2 2 2\r1 2\r3 0\r", ErrSyntax, "line 1: size line has 3 fields"},
		{"3\r1 2\r3 x\r", ErrSyntax, "line 3: tile \"x\""},
	}
	for _, tt := range tests {
		_, err := ParseBoard(tt.in)
		if !errors.Is(err, tt.class) || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("ParseBoard(%q) = %v, want %v containing %q", tt.in, err, tt.class, tt.msg)
		}
	}
	var b Board
	for _, data := range [][]byte{{1}, {2, 0, 2, 0, 1}, {0, 0, 2, 0}, {2, 0, 2, 0, 0, 0, 0, 0, 0, 0, 1, 0}} {
		if err := b.UnmarshalBinary(data); err == nil {
			t.Errorf("UnmarshalBinary(%v) accepted", data)
		}
	}
}

// TestMessagesQuoteLittle checks that an error quotes at most 40
// characters of an offending field, however long, and gives its length.
func TestMessagesQuoteLittle(t *testing.T) {
	big := strings.Repeat("9", 10<<20)
	nul := strings.Repeat("\x00", 10<<20)
	for _, tc := range []struct {
		name string
		err  error
	}{
		{"Parse size", second(ParseBoard(big))},
		{"Parse tile", second(ParseBoard("2\n1 2 3 " + strings.Repeat("\xff", 10<<20)))},
		{"Parse extra", second(ParseBoard("2\n1 2 3 0 " + big))},
		{"ParsePosition", second(ParsePosition(2, 2, "\xff"+big))},
		{"ParseBlocks", second(ParseBlocks("4 " + big))},
		{"ParseRushHour", second(ParseRushHour(nul))},
	} {
		msg := tc.err.Error()
		if len(msg) > 300 || !strings.Contains(msg, "... (10485") {
			t.Errorf("%s: %d bytes: %.300s", tc.name, len(msg), msg)
		}
	}
}

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
		case controlled(text):
			// The reader stops at the control character, or at a mistake
			// before it.
			if err == nil || got != (Board{}) || err.(*Error).Msg != controlMsg(text) && (!midRead(werr) || err.(*Error).Msg != werr.(*Error).Msg) {
				t.Fatalf("%q: got %v, %v; want %v or %q", text, got, err, werr, controlMsg(text))
			}
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
// lines and fields, but what follows a control character, which ends the
// text with the field it ends. It is the oracle of FuzzReadBoard.
func parseSimply(s string) (Board, error) {
	const fn = "Parse"
	if i := strings.IndexFunc(s, isControl); i >= 0 {
		s = strings.TrimRightFunc(s[:i], func(r rune) bool { return !unicode.IsSpace(r) })
	}
	lines := strings.Split(strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(s), "\n")
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

// isControl reports whether r is a control character of the text formats:
// an ASCII control that is not white space.
func isControl(r rune) bool { return r < utf8.RuneSelf && unicode.IsControl(r) && !unicode.IsSpace(r) }

// midRead reports whether err, of parseSimply, is found before the end of
// the text: a mistake of the size line or of a tile's text.
func midRead(err error) bool {
	msg := err.(*Error).Msg
	return strings.HasPrefix(msg, "line ") || errors.Is(err, ErrSize) && !strings.Contains(msg, " tiles, got ")
}

// controlled reports whether text holds a control character.
func controlled(text string) bool { return strings.IndexFunc(text, isControl) >= 0 }

// controlMsg is the message of the first control character of text: its
// line and column (in characters) and the character.
func controlMsg(text string) string {
	i := strings.IndexFunc(text, isControl)
	lines := strings.Split(strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(text[:i]), "\n")
	return fmt.Sprintf("line %d, column %d: %s is a control character, not text", len(lines), utf8.RuneCountInString(lines[len(lines)-1])+1, input.Quote(text[i:i+1]))
}

func TestParsePosition(t *testing.T) {
	b, err := ParsePosition(3, 3, "236158-47")
	if err != nil {
		t.Fatal(err)
	}
	want := []int{'2', '3', '6', '1', '5', '8', 0, '4', '7'}
	for i, label := range b.Tiles() {
		if label != want[i] {
			t.Fatalf("Tiles() = %v, want %v", b.Tiles(), want)
		}
	}
	if r, c := b.Blank(); r != 2 || c != 0 {
		t.Errorf("Blank() = %d, %d, want 2, 0", r, c)
	}
	// Repeated labels and characters beyond ASCII are tiles like any other.
	b, err = ParsePosition(2, 2, "é-éx")
	if err != nil {
		t.Fatal(err)
	}
	if b.At(0, 0) != 'é' || b.At(1, 0) != 'é' || b.At(0, 1) != 0 || b.IsPermutation() {
		t.Errorf("é-éx: got %v", b.Tiles())
	}
}

func TestPositionRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		rows, cols int
		s          string
	}{
		{3, 3, "12345678-"},
		{3, 3, "-23156478"},
		{1, 2, "-a"},
		{2, 1, "z-"},
		{2, 3, "AAB-BA"},
		{4, 4, "abcdefghijklmno-"},
		{3, 3, "π ~!@#$%-"}, // a space is a printable tile
	} {
		b, err := ParsePosition(tc.rows, tc.cols, tc.s)
		if err != nil {
			t.Errorf("ParsePosition(%d, %d, %q): %v", tc.rows, tc.cols, tc.s, err)
			continue
		}
		got, err := b.Position()
		if err != nil || got != tc.s {
			t.Errorf("Position() of %q = %q, %v", tc.s, got, err)
		}
	}
	if s, err := (Board{}).Position(); s != "" || err != nil {
		t.Errorf("zero Board: %q, %v", s, err)
	}
}

func TestParsePositionErrors(t *testing.T) {
	for _, tc := range []struct {
		rows, cols int
		s          string
		class      error
		msg        string
	}{
		{3, 3, "12345678", ErrSize, "8 characters, want 9"},
		{3, 3, "12345678-9", ErrSize, "10 characters"},
		{0, 3, "-", ErrSize, "at least 1"},
		{1, 1, "-", ErrSize, "at least 2 cells"},
		{3, 3, "123456789", ErrTile, "no blank"},
		{3, 3, "1234567--", ErrTile, "more than one blank"},
		{2, 2, "12\x013-", ErrSize, "5 characters"},
		{2, 2, "1\x013-", ErrTile, "U+0001"},
		{2, 2, "1\xff3-", ErrSyntax, "UTF-8"},
		{1, 2, "-\U0001F600", ErrTile, "U+1F600"}, // beyond MaxLabel
	} {
		_, err := ParsePosition(tc.rows, tc.cols, tc.s)
		var e *Error
		if !errors.Is(err, tc.class) || !errors.As(err, &e) || !strings.Contains(e.Msg, tc.msg) {
			t.Errorf("ParsePosition(%d, %d, %q) = %v, want %v containing %q", tc.rows, tc.cols, tc.s, err, tc.class, tc.msg)
		}
	}
}

func TestPositionErrors(t *testing.T) {
	for _, b := range []Board{
		Goal(3, 3),                    // labels 1..8 are control characters
		MustParseBoard("1 2\n45 0\n"), // 1 x 2, its tile is '-'
	} {
		if s, err := b.Position(); !errors.Is(err, ErrTile) {
			t.Errorf("Position() of\n%v= %q, %v, want ErrTile", b, s, err)
		}
	}
}

// FuzzParsePosition checks that ParsePosition never panics, and that what
// it accepts prints back as the same string.
func FuzzParsePosition(f *testing.F) {
	f.Add(3, 3, "236158-47")
	f.Add(2, 2, "aa-b")
	f.Add(1, 5, "ab-cd")
	f.Add(2, 2, "ab\xffc")
	f.Add(-1, 4, "-")
	f.Add(1<<20, 1<<20, "")
	f.Fuzz(func(t *testing.T, rows, cols int, s string) {
		b, err := ParsePosition(rows, cols, s)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error %v is not an *Error", err)
			}
			return
		}
		if b.Rows() != rows || b.Cols() != cols || b.Len() != utf8.RuneCountInString(s) {
			t.Fatalf("%q: got a %d x %d board", s, b.Rows(), b.Cols())
		}
		got, err := b.Position()
		if err != nil || got != s {
			t.Fatalf("Position() of %q = %q, %v", s, got, err)
		}
	})
}
