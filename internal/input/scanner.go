package input

import (
	"bufio"
	"io"
	"strconv"
	"unicode"
	"unicode/utf8"
)

// MaxField is the longest field a Scanner keeps whole. A longer field keeps
// its first MaxField bytes (whole characters only) and its length: no
// number a board or puzzle needs is that long, and a message quotes less.
const MaxField = 64

// A Field is one field of the input: a run of characters between
// separators.
type Field struct {
	Text string // the field, or its first bytes if it is longer than MaxField
	Len  int    // its length in bytes
	Line int    // the line it is on, from 1
}

// Clipped reports whether Text holds only the start of the field.
func (f Field) Clipped() bool { return f.Len > len(f.Text) }

// Quote returns the field quoted for an error message (see Quote).
func (f Field) Quote() string { return QuoteClipped(f.Text, f.Len) }

// Int returns the integer the field holds, as strconv.Atoi reads it, and
// false for a field that is not one (a clipped field never is).
func (f Field) Int() (int, bool) {
	v, err := strconv.Atoi(f.Text)
	return v, err == nil && !f.Clipped()
}

// A Scanner splits the text of a reader into fields, a field at a time.
// Lines end at "\n" (a "\r" before it, or at the end of the input, belongs
// to the line end); fields are separated by line ends and by the
// characters a space function accepts. A Scanner holds one buffered block
// of input and the field at hand, however long the lines are.
type Scanner struct {
	r        *bufio.Reader
	space    func(rune) bool
	line     int // the line the reader is on
	lastLine int // the line of the field Next returned last
	peek     Field
	peekOK   bool
	peeked   bool
	err      error
	buf      []byte
	raw      [utf8.UTFMax]byte
}

// NewScanner returns a Scanner reading r. space tells the characters that
// separate fields besides line ends; nil means unicode.IsSpace, the
// separators of strings.Fields.
func NewScanner(r io.Reader, space func(rune) bool) *Scanner {
	if space == nil {
		space = unicode.IsSpace
	}
	return &Scanner{r: bufio.NewReader(r), space: space, line: 1}
}

// Next returns the next field and true, or false at the end of the input
// or after a failed read (see Err).
func (s *Scanner) Next() (Field, bool) {
	f, ok := s.Peek()
	s.peeked = false
	if ok {
		s.lastLine = f.Line
	}
	return f, ok
}

// Peek returns the field Next will return, without consuming it.
func (s *Scanner) Peek() (Field, bool) {
	if !s.peeked {
		s.peek, s.peekOK = s.scan()
		s.peeked = true
	}
	return s.peek, s.peekOK
}

// NextOnLine returns the next field of the line of the field Next
// returned last, and true, or false at the end of that line, having read
// no further than its line end: the way to read a line of a stream whose
// next line may not have come yet.
func (s *Scanner) NextOnLine() (Field, bool) {
	if s.peeked {
		if !s.peekOK || s.peek.Line > s.lastLine {
			return Field{}, false
		}
		return s.Next()
	}
	for s.line == s.lastLine {
		r, raw, ok := s.readRune()
		switch {
		case !ok:
			return Field{}, false
		case r == '\n':
			s.line++
			return Field{}, false
		case s.separates(r):
			continue
		}
		f := s.field(raw, true)
		s.lastLine = f.Line
		return f, true
	}
	return Field{}, false
}

// SkipLine discards the rest of the line of the field Next returned last,
// without splitting it into fields: the way past a comment.
func (s *Scanner) SkipLine() {
	if s.peeked && s.peekOK && s.peek.Line > s.lastLine {
		return // the line ended before the peeked field
	}
	s.peeked = false
	if s.line > s.lastLine {
		return // the line end came right after the field
	}
	for {
		_, err := s.r.ReadSlice('\n')
		switch err {
		case nil:
			s.line++
			return
		case bufio.ErrBufferFull:
			continue
		case io.EOF:
			return
		default:
			s.err = err
			return
		}
	}
}

// SkipFields discards the fields left on the line of the field Next
// returned last, without keeping their text, and returns how many there
// were and their length in bytes.
func (s *Scanner) SkipFields() (n, bytes int) {
	if s.peeked {
		if !s.peekOK || s.peek.Line > s.lastLine {
			return 0, 0
		}
		s.peeked = false
		n, bytes = 1, s.peek.Len
	}
	for s.line == s.lastLine {
		r, raw, ok := s.readRune()
		switch {
		case !ok:
			return n, bytes
		case r == '\n':
			s.line++
			return n, bytes
		case s.separates(r):
			continue
		}
		f := s.field(raw, false)
		n, bytes = n+1, bytes+f.Len
	}
	return n, bytes
}

// Err returns the first error of the reader other than io.EOF.
func (s *Scanner) Err() error { return s.err }

// scan reads the next field.
func (s *Scanner) scan() (Field, bool) {
	for {
		r, raw, ok := s.readRune()
		switch {
		case !ok:
			return Field{}, false
		case r == '\n':
			s.line++
		case !s.separates(r):
			return s.field(raw, true), true
		}
	}
}

// field reads the rest of a field whose first character, encoded as raw,
// has just been read, and the separator after it; keep false leaves its
// Text empty.
func (s *Scanner) field(raw []byte, keep bool) Field {
	f := Field{Line: s.line, Len: len(raw)}
	s.buf = append(s.buf[:0], raw...)
	full := !keep
	for {
		r, raw, ok := s.readRune()
		if !ok {
			break
		}
		if r == '\n' {
			s.line++
			break
		}
		if s.separates(r) {
			break
		}
		f.Len += len(raw)
		if full = full || len(s.buf)+len(raw) > MaxField; !full {
			s.buf = append(s.buf, raw...)
		}
	}
	if keep {
		f.Text = string(s.buf)
	}
	return f
}

// separates reports whether r, just read and not a line break, separates
// fields.
func (s *Scanner) separates(r rune) bool {
	if s.space(r) {
		return true
	}
	if r != '\r' {
		return false
	}
	next, _ := s.r.Peek(1)
	return len(next) == 0 || next[0] == '\n'
}

// readRune reads one character and the bytes that encode it (one byte for
// invalid UTF-8, which decodes as utf8.RuneError), or reports the end of
// the input or a failed read.
func (s *Scanner) readRune() (r rune, raw []byte, ok bool) {
	b, err := s.r.ReadByte()
	if err != nil {
		if err != io.EOF {
			s.err = err
		}
		return 0, nil, false
	}
	s.raw[0] = b
	if b < utf8.RuneSelf {
		return rune(b), s.raw[:1], true
	}
	s.r.UnreadByte()
	p, _ := s.r.Peek(utf8.UTFMax)
	r, size := utf8.DecodeRune(p)
	copy(s.raw[:], p[:size])
	s.r.Discard(size)
	return r, s.raw[:size], true
}
