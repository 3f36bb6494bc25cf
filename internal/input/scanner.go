package input

import (
	"bufio"
	"errors"
	"fmt"
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
// Lines end at "\r\n", "\n" or "\r" alone (the line end of old Macs);
// fields are separated by line ends and by the characters a space function
// accepts. The input is text: a control character (see [IsControl]) ends
// the read at once, the field it is in or ends included, with a
// *[ControlError] from Err, so that a binary file or an endless stream of
// such bytes (/dev/zero) is refused at its first. A Scanner holds one
// buffered block of input and the field at hand, however long the lines
// are.
type Scanner struct {
	r        *bufio.Reader
	space    func(rune) bool
	line     int  // the line the reader is on
	col      int  // the characters read of that line
	afterCR  bool // the last character read ended a line with "\r": a "\n" next belongs to it
	end      bool // the input has ended
	lastLine int  // the line of the field Next returned last
	peek     Field
	peekOK   bool
	peeked   bool
	err      error
	buf      []byte
	raw      [utf8.UTFMax]byte
}

// IsControl reports whether the byte b is a control character that no
// text of the formats read holds: the ASCII controls, 0x00 to 0x1F and
// 0x7F, except the white space "\t", "\n", "\v", "\f" and "\r". Such a
// byte can neither start nor continue a field.
func IsControl(b byte) bool {
	return b < ' ' && (b < '\t' || b > '\r') || b == 0x7f
}

// A ControlError reports a control character in the input (see
// [IsControl]) and where it is.
type ControlError struct {
	Byte   byte
	Line   int // from 1
	Column int // in characters, from 1
}

func (e *ControlError) Error() string {
	return "line " + strconv.Itoa(e.Line) + ", column " + strconv.Itoa(e.Column) + ": " +
		Quote(string(rune(e.Byte))) + " is a control character, not text"
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
		case s.endsLine(r):
			return Field{}, false
		case s.space(r):
			continue
		}
		f, ok := s.field(raw, true)
		if ok {
			s.lastLine = f.Line
		}
		return f, ok
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
	for s.line == s.lastLine {
		r, _, ok := s.readRune()
		if !ok || s.endsLine(r) {
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
		case s.endsLine(r):
			return n, bytes
		case s.space(r):
			continue
		}
		f, ok := s.field(raw, false)
		if !ok {
			return n, bytes
		}
		n, bytes = n+1, bytes+f.Len
	}
	return n, bytes
}

// Err returns the first error of the reader other than io.EOF, or the
// *[ControlError] that ended the input.
func (s *Scanner) Err() error { return s.err }

// ErrRead marks a failed read in the errors of the readers built on a
// Scanner (see [ReadError]).
var ErrRead = errors.New("reading")

// ReadError returns the error that a reader built on a Scanner gives for
// err, the Scanner's [Scanner.Err]: a *[ControlError], bad input, as it
// is; anything else a failed read, wrapping [ErrRead].
func ReadError(err error) error {
	if _, ok := err.(*ControlError); ok {
		return err
	}
	return fmt.Errorf("%w: %v", ErrRead, err)
}

// scan reads the next field.
func (s *Scanner) scan() (Field, bool) {
	for {
		r, raw, ok := s.readRune()
		switch {
		case !ok:
			return Field{}, false
		case s.endsLine(r):
		case !s.space(r):
			return s.field(raw, true)
		}
	}
}

// field reads the rest of a field whose first character, encoded as raw,
// has just been read, and the separator after it; keep false leaves its
// Text empty. It returns false if a control character ended the field.
func (s *Scanner) field(raw []byte, keep bool) (Field, bool) {
	f := Field{Line: s.line, Len: len(raw)}
	s.buf = append(s.buf[:0], raw...)
	full := !keep
	for {
		r, raw, ok := s.readRune()
		if !ok {
			if _, ctl := s.err.(*ControlError); ctl {
				return Field{}, false
			}
			break
		}
		if s.endsLine(r) || s.space(r) {
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
	return f, true
}

// endsLine reports whether r, just read, ends a line, and if so counts
// the line.
func (s *Scanner) endsLine(r rune) bool {
	if r != '\n' && r != '\r' {
		return false
	}
	s.line++
	s.col = 0
	s.afterCR = r == '\r'
	return true
}

// readRune reads one character and the bytes that encode it (one byte for
// invalid UTF-8, which decodes as utf8.RuneError), or reports the end of
// the input, a failed read or a control character; a "\n" that follows a
// "\r" is skipped, part of the line end the "\r" began. After the end or
// an error it reads no more.
func (s *Scanner) readRune() (r rune, raw []byte, ok bool) {
	if s.end || s.err != nil {
		return 0, nil, false
	}
	b, err := s.r.ReadByte()
	if err == nil && b == '\n' && s.afterCR {
		b, err = s.r.ReadByte()
	}
	s.afterCR = false
	if err != nil {
		if err != io.EOF {
			s.err = err
		}
		s.end = true
		return 0, nil, false
	}
	s.col++
	if IsControl(b) {
		s.err = &ControlError{Byte: b, Line: s.line, Column: s.col}
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
