package main

import (
	"errors"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/input"
)

// A benchReader reads the instances of a bench file one at a time: lines
// "id optimal t0 ... tN-1", with blank lines and # comments. It reads a
// field at a time and stops at a line of more tiles than a board has
// cells (slide.MaxCells), so that its memory is one line's, however long the
// file or its lines. It returns the instances of its shard only, but
// checks every line.
type benchReader struct {
	in    *input.Scanner
	one   *benchInstance // the board of a file in the board form, not yet read
	shard shardFlag
	count int   // the instances read, in the shard or not
	err   error // why reading stopped before the end of the file
}

// openBenchInput opens bench's FILE, or stdin (see openBoardInput), and
// returns a reader of the instances of shard in it: those of bench's own
// form, or the one board of the board form as instance 1 with no
// reference (optimal -1), and whether it is that board. It also returns
// the name of the input for messages, and a function that closes it.
func openBenchInput(name string, stdin io.Reader, shard shardFlag) (src *benchReader, isBoard bool, shown string, done func(), err error) {
	b, own, shown, done, err := openBoardInput(name, stdin)
	switch {
	case err != nil:
		return nil, false, shown, done, err
	case own == nil:
		return &benchReader{one: &benchInstance{ID: "1", Optimal: -1, Board: b}, shard: shard}, true, shown, done, nil
	}
	return newBenchReader(own, shard), false, shown, done, nil
}

// newBenchReader returns a reader of the instances of shard in r.
func newBenchReader(r io.Reader, shard shardFlag) *benchReader {
	return &benchReader{in: input.NewScanner(r, nil), shard: shard}
}

// next returns the next instance of the shard, or false at the end of
// the file or at a bad line or a failed read, which err then tells (a
// failed read wraps errRead; a file with no instance is an error too).
func (b *benchReader) next() (benchInstance, bool) {
	if b.err != nil {
		return benchInstance{}, false
	}
	if b.in == nil { // the board form
		one := b.one
		if one == nil || !b.shard.Takes(0) {
			return benchInstance{}, false
		}
		b.one, b.count = nil, 1
		return *one, true
	}
	for first, ok := b.in.Next(); ok; first, ok = b.in.Next() {
		if strings.HasPrefix(first.Text, "#") {
			b.in.SkipLine()
			continue
		}
		inst, err := scanBenchLine(b.in, first)
		if b.in.Err() != nil { // the line did not end
			break
		}
		if err != nil {
			b.err = fmt.Errorf("line %d: %v", first.Line, err)
			return benchInstance{}, false
		}
		b.count++
		if b.shard.Takes(b.count - 1) {
			return inst, true
		}
	}
	if err := b.in.Err(); err != nil {
		b.err = scanError(err)
	} else if b.count == 0 {
		b.err = errors.New("no instances")
	}
	return benchInstance{}, false
}

// scanBenchLine reads the instance of the line that starts with the field
// first.
func scanBenchLine(in *input.Scanner, first input.Field) (benchInstance, error) {
	fields := []input.Field{first}
	// NextOnLine, not Peek: an instance is whole at its line end, before
	// the next line of a stream comes.
	for f, ok := in.NextOnLine(); ok; f, ok = in.NextOnLine() {
		if len(fields) == 2+slide.MaxCells {
			return benchInstance{}, fmt.Errorf("more than %d tiles: a board has at most %d cells", slide.MaxCells, slide.MaxCells)
		}
		fields = append(fields, f)
	}
	if len(fields) < 4 {
		return benchInstance{}, fmt.Errorf("want id, optimal length and tiles, got %d fields", len(fields))
	}
	if first.Clipped() {
		return benchInstance{}, fmt.Errorf("id %s is longer than %d bytes", first.Quote(), input.MaxField)
	}
	optimal, ok := fields[1].Int()
	if !ok || optimal < 0 {
		return benchInstance{}, fmt.Errorf("optimal length %s is not a number of moves", fields[1].Quote())
	}
	tiles := make([]int, len(fields)-2)
	for j, f := range fields[2:] {
		if tiles[j], ok = f.Int(); !ok {
			return benchInstance{}, fmt.Errorf("tile %s is not an integer", f.Quote())
		}
	}
	n := int(math.Sqrt(float64(len(tiles))))
	if n*n != len(tiles) {
		return benchInstance{}, fmt.Errorf("%d tiles do not make a square board", len(tiles))
	}
	b, err := slide.New(n, n, tiles)
	if err != nil {
		return benchInstance{}, errors.New(message(err))
	}
	return benchInstance{ID: first.Text, Optimal: optimal, Board: b}, nil
}
