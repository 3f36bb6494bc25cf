package input

import (
	"bytes"
	"io"
)

// A Recorder reads a reader for a reader that looks ahead, such as a
// [Scanner] that tells which of several forms an input is in, and keeps
// the bytes it reads, so that [Recorder.Replay] can hand the whole input,
// from its start, to the reader that then reads it. It keeps at most limit
// bytes: past them it reports the end of the input, and [Recorder.Full]
// tells that this end is not the input's.
type Recorder struct {
	r     io.Reader
	limit int
	buf   []byte
	full  bool  // a read stopped at limit
	ended bool  // r has ended
	err   error // r's read error
}

// NewRecorder returns a Recorder of r that keeps at most limit bytes.
func NewRecorder(r io.Reader, limit int) *Recorder { return &Recorder{r: r, limit: limit} }

// Read reads r, keeping what it reads.
func (c *Recorder) Read(p []byte) (int, error) {
	switch room := c.limit - len(c.buf); {
	case c.err != nil:
		return 0, c.err
	case c.ended:
		return 0, io.EOF
	case room <= 0:
		c.full = true
		return 0, io.EOF
	default:
		p = p[:min(len(p), room)]
	}
	n, err := c.r.Read(p)
	c.buf = append(c.buf, p[:n]...)
	switch {
	case err == io.EOF:
		c.ended = true
	case err != nil:
		c.err = err
	}
	return n, err
}

// Full reports whether a read stopped at the limit: the input may go on,
// even if it ends there.
func (c *Recorder) Full() bool { return c.full }

// Replay returns a reader of the input from its start: the bytes read,
// then the rest of r, none once r has ended (a terminal is not asked twice
// for the end), and r's error again after a failed read.
func (c *Recorder) Replay() io.Reader {
	rest := c.r
	switch {
	case c.err != nil:
		rest = errReader{c.err}
	case c.ended:
		rest = bytes.NewReader(nil)
	}
	return io.MultiReader(bytes.NewReader(c.buf), rest)
}

// errReader fails every read with its error.
type errReader struct{ err error }

func (r errReader) Read([]byte) (int, error) { return 0, r.err }

// SniffBoard reads the start of r, as a [Scanner] splits it, and reports
// whether r holds one board in the text form of the slide library's
// boards: a first line (the first with fields) of one or two integers,
// n (n x n) or rows and cols, that make a size size accepts, then
// rows*cols different integers from 0 to rows*cols-1, then the end of the
// input, all in fewer than limit bytes. It reads no further than the first
// field that rules a board out, so that a stream of another form is read
// no further than its own reader would read it. replay reads r's input
// from its start (see [Recorder.Replay]).
func SniffBoard(r io.Reader, limit int, size func(rows, cols int) bool) (isBoard bool, replay io.Reader) {
	rec := NewRecorder(r, limit)
	isBoard = isBoardText(NewScanner(rec, nil), size) && !rec.Full()
	return isBoard, rec.Replay()
}

// isBoardText reports whether the fields of in are one board (see
// SniffBoard), reading no further than the first field that rules it out.
func isBoardText(in *Scanner, size func(rows, cols int) bool) bool {
	var dims []int
	for f, ok := in.Next(); ok; f, ok = in.NextOnLine() {
		v, isInt := f.Int()
		if !isInt || len(dims) == 2 {
			return false
		}
		dims = append(dims, v)
	}
	if len(dims) == 0 || in.Err() != nil {
		return false
	}
	rows, cols := dims[0], dims[len(dims)-1]
	if !size(rows, cols) {
		return false
	}
	seen := make([]bool, rows*cols)
	for range seen {
		f, ok := in.Next()
		v, isInt := f.Int()
		if !ok || !isInt || v < 0 || v >= len(seen) || seen[v] {
			return false
		}
		seen[v] = true
	}
	_, more := in.Peek()
	return !more && in.Err() == nil
}
