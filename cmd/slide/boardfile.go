package main

import (
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/input"
)

// readBoard reads a board in the String form from the file name, or from
// stdin (see openInput). Its errors name the file.
func readBoard(name string, stdin io.Reader) (slide.Board, error) {
	r, shown, done, err := openInput(name, stdin)
	if err != nil {
		return slide.Board{}, err
	}
	defer done()
	b, err := scanBoard(r)
	if err != nil {
		return slide.Board{}, fmt.Errorf("%s: %s", shown, message(err))
	}
	return b, nil
}

// errRead marks a failed read in scanBoard's errors.
var errRead = errors.New("reading")

// scanBoard reads a board in the form slide.Parse reads, from r, a field
// at a time, and takes what Parse takes, with Parse's messages. It stops
// at the first field that cannot belong to a board (a third size, an
// extra tile, a field longer than input.MaxField bytes, which no integer
// Parse accepts needs), so its memory is bounded by the largest board, a
// few hundred kilobytes, whatever the length of the input.
func scanBoard(r io.Reader) (slide.Board, error) {
	in := input.NewScanner(r, nil)
	readErr := func() error { return fmt.Errorf("%w: %v", errRead, in.Err()) }
	head, ok := in.Next()
	if !ok {
		if in.Err() != nil {
			return slide.Board{}, readErr()
		}
		return slide.Board{}, errors.New("empty input: want a size line")
	}
	sizes := []input.Field{head}
	for f, ok := in.Peek(); ok && f.Line == head.Line; f, ok = in.Peek() {
		if len(sizes) == 2 {
			return slide.Board{}, fmt.Errorf("line %d: size line has more than 2 fields, want n or rows cols", head.Line)
		}
		sizes = append(sizes, f)
		in.Next()
	}
	var dims []int
	for _, f := range sizes {
		v, ok := fieldInt(f)
		if !ok {
			return slide.Board{}, fmt.Errorf("line %d: size %s is not an integer", f.Line, f.Quote())
		}
		dims = append(dims, v)
	}
	rows, cols := dims[0], dims[len(dims)-1]
	if rows < 1 || cols < 1 || rows > slide.MaxCells || cols > slide.MaxCells || rows*cols > slide.MaxCells || rows*cols < 2 {
		_, err := slide.New(rows, cols, nil) // the library's word on the size
		return slide.Board{}, err
	}
	n := rows * cols
	tiles := make([]int, 0, n)
	for f, ok := in.Next(); ok; f, ok = in.Next() {
		if len(tiles) == n {
			return slide.Board{}, fmt.Errorf("line %d: extra value %s after %d tiles", f.Line, f.Quote(), n)
		}
		v, ok := fieldInt(f)
		if !ok {
			return slide.Board{}, fmt.Errorf("line %d: tile %s is not an integer", f.Line, f.Quote())
		}
		tiles = append(tiles, v)
	}
	if in.Err() != nil {
		return slide.Board{}, readErr()
	}
	if len(tiles) < n {
		return slide.Board{}, fmt.Errorf("%d x %d board needs %d tiles, got %d", rows, cols, n, len(tiles))
	}
	return slide.New(rows, cols, tiles)
}

// fieldInt returns the integer a field holds, as strconv.Atoi reads it.
func fieldInt(f input.Field) (int, bool) {
	v, err := strconv.Atoi(f.Text)
	return v, err == nil && !f.Clipped()
}
