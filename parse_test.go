package slide

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

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
