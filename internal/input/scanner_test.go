package input

import (
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
	"unicode"
	"unicode/utf8"
)

// lineEnds makes every line end of text, "\r\n", "\n" or "\r" alone, a
// "\n".
var lineEnds = strings.NewReplacer("\r\n", "\n", "\r", "\n")

// fieldsOf returns what strings.Fields makes of each line of text, with
// the line numbers, clipped as a Scanner clips: the oracle of the tests.
func fieldsOf(text string) []Field {
	var out []Field
	for i, line := range strings.Split(lineEnds.Replace(text), "\n") {
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
// slide check reads: blanks and tabs, and the line ends "\r\n", "\n" and
// "\r"; any other white space is part of a field.
func TestScannerSeparators(t *testing.T) {
	blank := func(r rune) bool { return r == ' ' || r == '\t' }
	got := scanAll("1 2\r\n3\v4\ta\rb\n\nc\r", blank)
	want := []Field{{"1", 1, 1}, {"2", 1, 1}, {"3\v4", 3, 2}, {"a", 1, 2}, {"b", 1, 3}, {"c", 1, 5}}
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

// FuzzScanner checks a Scanner against scanSimply: the same fields, and
// the same control character at the same place, if any; and that
// SkipLine and SkipFields stop where Next does.
func FuzzScanner(f *testing.F) {
	f.Add("3\n1 2 3\n4 5 6\n7 8 0\n")
	f.Add(" a\u00a0b\r\n\xffc ")
	f.Add("3\r1 2 3\r4 5 6\r7 8 0\r")
	f.Add("é\xe2\x82\x00")
	f.Add("# x\x1b\n2")
	f.Fuzz(func(t *testing.T, text string) {
		want, werr := scanSimply(text)
		got, err := scanAllErr(text)
		if !sameFields(got, want) || !sameControl(err, werr) {
			t.Fatalf("%q:\n got %v, %v\nwant %v, %v", text, got, err, want, werr)
		}
		// Skipping each line after its first field sees the same error.
		s := NewScanner(strings.NewReader(text), nil)
		for _, ok := s.Next(); ok; _, ok = s.Next() {
			s.SkipLine()
		}
		if !sameControl(s.Err(), werr) {
			t.Fatalf("%q: SkipLine: %v, want %v", text, s.Err(), werr)
		}
		s = NewScanner(strings.NewReader(text), nil)
		for _, ok := s.Next(); ok; _, ok = s.Next() {
			s.SkipFields()
		}
		if !sameControl(s.Err(), werr) {
			t.Fatalf("%q: SkipFields: %v, want %v", text, s.Err(), werr)
		}
	})
}

// scanSimply is what a Scanner reads of text, written for plainness: the
// fields of fieldsOf before the first control character, but one it ends,
// and the error that names it.
func scanSimply(text string) ([]Field, error) {
	i := strings.IndexFunc(text, func(r rune) bool { return r < utf8.RuneSelf && IsControl(byte(r)) })
	if i < 0 {
		return fieldsOf(text), nil
	}
	before := text[:i]
	fields := fieldsOf(before)
	if last, _ := utf8.DecodeLastRuneInString(before); before != "" && !unicode.IsSpace(last) && len(fields) > 0 {
		fields = fields[:len(fields)-1] // the control character ends it
	}
	lines := strings.Split(lineEnds.Replace(before), "\n")
	return fields, &ControlError{Byte: text[i], Line: len(lines), Column: utf8.RuneCountInString(lines[len(lines)-1]) + 1}
}

// scanAllErr returns every field of text, read through a Scanner with
// the default separators, and its error.
func scanAllErr(text string) ([]Field, error) {
	var out []Field
	s := NewScanner(strings.NewReader(text), nil)
	for f, ok := s.Next(); ok; f, ok = s.Next() {
		out = append(out, f)
	}
	return out, s.Err()
}

// sameControl reports whether err and want are both nil, or the same
// *ControlError.
func sameControl(err, want error) bool {
	if want == nil || err == nil {
		return err == want
	}
	var ce *ControlError
	return errors.As(err, &ce) && *ce == *want.(*ControlError)
}

// TestScannerControl checks that a control character ends the input at
// once, dropping the field it ends, with an error that names it and its
// place, in every way of reading.
func TestScannerControl(t *testing.T) {
	for _, tc := range []struct {
		text   string
		fields string // the fields read before, joined by commas
		msg    string
	}{
		{"\x00", "", `line 1, column 1: "\x00" is a control character, not text`},
		{"3\n1 2\x00 3", "3,1", `line 2, column 4: "\x00" is a control character, not text`},
		{"3\n1 2 \x00", "3,1,2", `line 2, column 5: "\x00"`},
		{"éé\x01", "", `line 1, column 3: "\x01"`},
		{"a\rb\x1b[0m", "a", `line 2, column 2: "\x1b"`},
		{"a\r\n\x7f", "a", `line 2, column 1: "\x7f"`},
		{"a\r\r\n\n\x08", "a", `line 4, column 1: "\b"`},
		{"1\t2\v3\f4 \x1f", "1,2,3,4", `line 1, column 9: "\x1f"`},
		{"\x0e", "", `line 1, column 1: "\x0e"`},
		{"ok\u0085\u00a0x\n", "ok,x", ""},
	} {
		fields, err := scanAllErr(tc.text)
		var got []string
		for _, f := range fields {
			got = append(got, f.Text)
		}
		msg := ""
		if err != nil {
			msg = err.Error()
		}
		if strings.Join(got, ",") != tc.fields || !strings.Contains(msg, tc.msg) || (tc.msg == "") != (err == nil) {
			t.Errorf("%q: fields %q, error %v; want %s and %s", tc.text, got, err, tc.fields, tc.msg)
		}
	}
}

// endless is a reader of the byte b for ever, which counts what it gives.
type endless struct {
	b    byte
	read int
}

func (e *endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = e.b
	}
	e.read += len(p)
	return len(p), nil
}

// TestScannerEndless checks that an endless input of a control character
// (/dev/zero) after a field ends the read at its first, with the field it
// ends, having read one buffer, whatever is asked next.
func TestScannerEndless(t *testing.T) {
	for _, b := range []byte{0, 0x1b, 0x7f} {
		for _, read := range []func(*Scanner){
			func(s *Scanner) { s.Next() },
			func(s *Scanner) { s.Peek() },
			func(s *Scanner) { s.NextOnLine() },
			func(s *Scanner) { s.SkipLine() },
			func(s *Scanner) { s.SkipFields() },
		} {
			zeros := &endless{b: b}
			s := NewScanner(io.MultiReader(strings.NewReader("# 12"), zeros), nil)
			f, ok := s.Next()
			if !ok || f.Text != "#" {
				t.Fatalf("first field %v, %v", f, ok)
			}
			read(s)
			read(s)
			if _, ok := s.Next(); ok {
				t.Errorf("%#x: a field after the control character", b)
			}
			var ce *ControlError
			if !errors.As(s.Err(), &ce) || ce.Byte != b || ce.Line != 1 || ce.Column != 5 || zeros.read > 8<<10 {
				t.Errorf("%#x: error %v after %d bytes", b, s.Err(), zeros.read)
			}
		}
	}
}

// TestIsControl checks IsControl against package unicode: the ASCII
// control characters that are not white space.
func TestIsControl(t *testing.T) {
	n := 0
	for b := range 256 {
		want := b < utf8.RuneSelf && unicode.IsControl(rune(b)) && !unicode.IsSpace(rune(b))
		if IsControl(byte(b)) != want {
			t.Errorf("IsControl(%#x) = %v", b, !want)
		}
		if want {
			n++
		}
	}
	if n != 28 {
		t.Errorf("%d control characters, want 28", n)
	}
}

// TestScannerLineEnds checks that "\r\n", "\n" and "\r" alone each end a
// line, and that NextOnLine stops at a "\r" with no read past it.
func TestScannerLineEnds(t *testing.T) {
	text := "a\rb\r\nc\nd\n\re\r\r\nf"
	want := []Field{{"a", 1, 1}, {"b", 1, 2}, {"c", 1, 3}, {"d", 1, 4}, {"e", 1, 6}, {"f", 1, 8}}
	if got := scanAll(text, nil); !sameFields(got, want) || !sameFields(fieldsOf(text), want) {
		t.Errorf("got %v, the oracle %v, want %v", got, fieldsOf(text), want)
	}
	boom := errors.New("the next line has not come")
	s := NewScanner(io.MultiReader(strings.NewReader("1 2\r"), iotest.ErrReader(boom)), nil)
	s.Next()
	if f, ok := s.NextOnLine(); !ok || f.Text != "2" {
		t.Fatalf("NextOnLine: %v, %v", f, ok)
	}
	if f, ok := s.NextOnLine(); ok || s.Err() != nil {
		t.Errorf("past the line end: %v, %v, %v", f, ok, s.Err())
	}
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

// TestReadError checks that a control character ends a read as bad input,
// and any other error of a Scanner as a failed read.
func TestReadError(t *testing.T) {
	s := NewScanner(strings.NewReader("1 2\x00"), nil)
	for _, ok := s.Next(); ok; _, ok = s.Next() {
	}
	var ce *ControlError
	if err := ReadError(s.Err()); !errors.As(err, &ce) || errors.Is(err, ErrRead) {
		t.Errorf("control character: %v, want a *ControlError that is not ErrRead", err)
	}
	failed := errors.New("disk on fire")
	s = NewScanner(iotest.ErrReader(failed), nil)
	s.Next()
	if err := ReadError(s.Err()); !errors.Is(err, ErrRead) || !strings.Contains(err.Error(), failed.Error()) {
		t.Errorf("failed read: %v, want ErrRead and %q", err, failed)
	}
}
