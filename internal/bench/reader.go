package bench

import (
	"errors"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/input"
	"github.com/slidekit/slide/internal/report"
)

// A Reader reads the instances of a bench file one at a time: lines
// "id optimal t0 ... tN-1", with blank lines and # comments. It reads a
// field at a time and stops at a line of more tiles than a board has
// cells (slide.MaxCells), so that its memory is one line's, however long the
// file or its lines. It returns the instances of its shard only, but
// checks every line.
type Reader struct {
	in    *input.Scanner
	one   *Instance // the one instance of OneReader, not yet read
	shard Shard
	count int   // the instances read, in the shard or not
	err   error // why reading stopped before the end of the file
}

// NewReader returns a reader of the instances of shard in r.
func NewReader(r io.Reader, shard Shard) *Reader {
	return &Reader{in: input.NewScanner(r, nil), shard: shard}
}

// OneReader returns a reader of inst alone, instance 0 of a file, if
// shard takes it: the board of an input in the board form.
func OneReader(inst Instance, shard Shard) *Reader {
	return &Reader{one: &inst, shard: shard}
}

// Err returns why the reader stopped before the end of its file: a bad
// line, a failed read (wrapping [input.ErrRead]), or a file with no
// instance; nil at the end of the file.
func (b *Reader) Err() error { return b.err }

// Next returns the next instance of the shard, or false at the end of
// the file or at a bad line or a failed read, which [Reader.Err] then
// tells.
func (b *Reader) Next() (Instance, bool) {
	if b.err != nil {
		return Instance{}, false
	}
	if b.in == nil { // OneReader
		one := b.one
		if one == nil || !b.shard.Takes(0) {
			return Instance{}, false
		}
		b.one, b.count = nil, 1
		return *one, true
	}
	for first, ok := b.in.Next(); ok; first, ok = b.in.Next() {
		if strings.HasPrefix(first.Text, "#") {
			b.in.SkipLine()
			continue
		}
		inst, err := scanLine(b.in, first)
		if b.in.Err() != nil { // the line did not end
			break
		}
		if err != nil {
			b.err = fmt.Errorf("line %d: %v", first.Line, err)
			return Instance{}, false
		}
		b.count++
		if b.shard.Takes(b.count - 1) {
			return inst, true
		}
	}
	if err := b.in.Err(); err != nil {
		b.err = input.ReadError(err)
	} else if b.count == 0 {
		b.err = errors.New("no instances")
	}
	return Instance{}, false
}

// scanLine reads the instance of the line that starts with the field
// first.
func scanLine(in *input.Scanner, first input.Field) (Instance, error) {
	fields := []input.Field{first}
	// NextOnLine, not Peek: an instance is whole at its line end, before
	// the next line of a stream comes.
	for f, ok := in.NextOnLine(); ok; f, ok = in.NextOnLine() {
		if len(fields) == 2+slide.MaxCells {
			return Instance{}, fmt.Errorf("more than %d tiles: a board has at most %d cells", slide.MaxCells, slide.MaxCells)
		}
		fields = append(fields, f)
	}
	if len(fields) < 4 {
		return Instance{}, fmt.Errorf("want id, optimal length and tiles, got %d fields", len(fields))
	}
	if first.Clipped() {
		return Instance{}, fmt.Errorf("id %s is longer than %d bytes", first.Quote(), input.MaxField)
	}
	optimal, ok := fields[1].Int()
	if !ok || optimal < 0 {
		return Instance{}, fmt.Errorf("optimal length %s is not a number of moves", fields[1].Quote())
	}
	tiles := make([]int, len(fields)-2)
	for j, f := range fields[2:] {
		if tiles[j], ok = f.Int(); !ok {
			return Instance{}, fmt.Errorf("tile %s is not an integer", f.Quote())
		}
	}
	n := int(math.Sqrt(float64(len(tiles))))
	if n*n != len(tiles) {
		return Instance{}, fmt.Errorf("%d tiles do not make a square board", len(tiles))
	}
	b, err := slide.New(n, n, tiles)
	if err != nil {
		return Instance{}, errors.New(report.Message(err))
	}
	return Instance{ID: first.Text, Optimal: optimal, Board: b}, nil
}
