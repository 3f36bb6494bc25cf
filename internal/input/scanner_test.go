package input

import (
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// fieldsOf returns what strings.Fields makes of each line of text, with
// the line numbers, clipped as a Scanner clips: the oracle of the tests.
func fieldsOf(text string) []Field {
	var out []Field
	for i, line := range strings.Split(text, "\n") {
		for _, f := range strings.Fields(line) {
			field := Field{Text: f, Len: len(f), Line: i + 1}
			if len(f) > MaxField {
				cut := 0
				for j := range f {
					if j > MaxField {
						break
					}
					cut = j
				}
				field.Text = f[:cut]
			}
			out = append(out, field)
		}
	}
	return out
}

// scanAll returns every field of text, read through a Scanner.
func scanAll(text string, space func(rune) bool) []Field {
	var out []Field
	s := NewScanner(strings.NewReader(text), space)
	for f, ok := s.Next(); ok; f, ok = s.Next() {
		out = append(out, f)
	}
	return out
}

func sameFields(a, b []Field) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestScannerFields(t *testing.T) {
	long := strings.Repeat("7", 1000)
	for _, text := range []string{
		"", "\n\n", "3\n1 2 3\n4 5 6\n7 8 0\n", "  a\tb \r\n\nc\v\fd\r\n", "x\u00a0y\u2003z\u0085w",
		"\xff\xfe bad\x80", long + " 1\n" + long, "é" + strings.Repeat("é", 40), "tail",
	} {
		if got, want := scanAll(text, nil), fieldsOf(text); !sameFields(got, want) {
			t.Errorf("%q:\n got %v\nwant %v", text, got, want)
		}
	}
}

func TestScannerClips(t *testing.T) {
	s := NewScanner(strings.NewReader(strings.Repeat("9", 10<<20)+" 5\n"), nil)
	f, ok := s.Next()
	if !ok || f.Len != 10<<20 || f.Text != strings.Repeat("9", MaxField) || !f.Clipped() {
		t.Fatalf("long field: %v %d %q", ok, f.Len, f.Text)
	}
	if q := f.Quote(); q != `"`+strings.Repeat("9", QuoteLimit)+`"... (10485760 bytes)` {
		t.Errorf("Quote: %s", q)
	}
	if f, ok := s.Next(); !ok || f.Text != "5" || f.Clipped() || f.Line != 1 {
		t.Errorf("after the long field: %v %v", f, ok)
	}
}

// TestScannerSeparators checks a Scanner with separators of its own, as
// slide check reads: blanks and tabs, "\r\n" and a final "\r" as line
// ends, any other "\r" part of a field.
func TestScannerSeparators(t *testing.T) {
	blank := func(r rune) bool { return r == ' ' || r == '\t' }
	got := scanAll("1 2\r\n3\v4\ta\rb\n\nc\r", blank)
	want := []Field{{"1", 1, 1}, {"2", 1, 1}, {"3\v4", 3, 2}, {"a\rb", 3, 2}, {"c", 1, 4}}
	if !sameFields(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestScannerPeekSkip(t *testing.T) {
	s := NewScanner(strings.NewReader("# a comment 1 2 3\nx y\n#\n# z\nlast"), nil)
	var kept []string
	for f, ok := s.Next(); ok; f, ok = s.Next() {
		if strings.HasPrefix(f.Text, "#") {
			s.SkipLine()
			continue
		}
		if p, _ := s.Peek(); p.Text == "y" {
			s.SkipLine() // drops the peeked y
			kept = append(kept, f.Text+"!")
			continue
		}
		kept = append(kept, f.Text)
	}
	if strings.Join(kept, ",") != "x!,last" {
		t.Errorf("kept %v", kept)
	}
}

func TestScannerReadError(t *testing.T) {
	boom := errors.New("disk on fire")
	s := NewScanner(io.MultiReader(strings.NewReader("1 2 "), iotest.ErrReader(boom)), nil)
	n := 0
	for _, ok := s.Next(); ok; _, ok = s.Next() {
		n++
	}
	if n != 2 || !errors.Is(s.Err(), boom) {
		t.Errorf("%d fields, error %v", n, s.Err())
	}
}

func TestQuote(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"x", `"x"`},
		{strings.Repeat("a", 40), `"` + strings.Repeat("a", 40) + `"`},
		{strings.Repeat("a", 41), `"` + strings.Repeat("a", 40) + `"... (41 bytes)`},
		{strings.Repeat("\x00", 1000), `"` + strings.Repeat(`\x00`, 40) + `"... (1000 bytes)`},
		{strings.Repeat("é", 41), `"` + strings.Repeat("é", 40) + `"... (82 bytes)`},
	} {
		if got := Quote(tc.in); got != tc.want {
			t.Errorf("Quote(%.20q) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

// FuzzScanner checks a Scanner against strings.Fields on each line.
func FuzzScanner(f *testing.F) {
	f.Add("3\n1 2 3\n4 5 6\n7 8 0\n")
	f.Add(" a\u00a0b\r\n\xffc ")
	f.Fuzz(func(t *testing.T, text string) {
		if got, want := scanAll(text, nil), fieldsOf(text); !sameFields(got, want) {
			t.Fatalf("%q:\n got %v\nwant %v", text, got, want)
		}
	})
}

func TestScannerSkipFields(t *testing.T) {
	s := NewScanner(strings.NewReader("a bb ccc dddd\ne f\ng"), nil)
	s.Next()
	s.Peek() // bb, on the same line: counted
	if n, bytes := s.SkipFields(); n != 3 || bytes != 9 {
		t.Errorf("SkipFields after a: %d fields, %d bytes", n, bytes)
	}
	if f, _ := s.Next(); f.Text != "e" || f.Line != 2 {
		t.Errorf("next field %v", f)
	}
	s.Next()
	if n, _ := s.SkipFields(); n != 0 {
		t.Errorf("SkipFields after the last field of a line: %d", n)
	}
	if f, _ := s.Next(); f.Text != "g" {
		t.Errorf("last field %v", f)
	}
}

// TestScannerNextOnLine checks that NextOnLine returns the fields of the
// line at hand, trailing blanks and "\r\n" included, and reads nothing
// past its line end: here a read past it fails.
func TestScannerNextOnLine(t *testing.T) {
	boom := errors.New("the next line has not come")
	for _, text := range []string{"a b c\n", "a  b\tc  \n", "a b c\r\n", "a b c"} {
		s := NewScanner(io.MultiReader(strings.NewReader(text), iotest.ErrReader(boom)), nil)
		f, ok := s.Next()
		if !ok {
			t.Fatalf("%q: no first field", text)
		}
		got := []string{f.Text}
		for f, ok = s.NextOnLine(); ok; f, ok = s.NextOnLine() {
			got = append(got, f.Text)
		}
		if strings.Join(got, ",") != "a,b,c" || s.Err() != nil && text != "a b c" {
			t.Errorf("%q: fields %v, error %v", text, got, s.Err())
		}
		if _, ok := s.NextOnLine(); ok {
			t.Errorf("%q: a field past the line end", text)
		}
	}
	s := NewScanner(strings.NewReader("a b\nc d\n"), nil)
	s.Next()
	if p, _ := s.Peek(); p.Text != "b" {
		t.Fatalf("peeked %q", p.Text)
	}
	if f, ok := s.NextOnLine(); !ok || f.Text != "b" {
		t.Errorf("after Peek: %q, %v; want b", f.Text, ok)
	}
	if f, ok := s.NextOnLine(); ok {
		t.Errorf("line 2's %q returned as line 1's", f.Text)
	}
	if f, ok := s.Next(); !ok || f.Text != "c" || f.Line != 2 {
		t.Errorf("then Next: %+v, %v; want c on line 2", f, ok)
	}
}
