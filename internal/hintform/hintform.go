// Package hintform reads and writes the own form of "slide hint": its
// input, the number of configurations, then for each its rows, its
// columns and its tiles (Scan), and its answer to a configuration, the
// board and its value, then each board one move away with its value
// (Write). Scan hands each configuration on as soon as it is read and
// holds one at a time, so that the input may be a stream of any length;
// the values are the caller's (see package nilsson).
package hintform

import (
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/input"
	"github.com/slidekit/slide/internal/report"
)

// A Config is one configuration of hint's input: its size, its tiles as
// read and their board.
type Config struct {
	Rows, Cols int
	Tiles      []int
	Board      slide.Board
}

// Scan reads hint's input: the number of configurations, then for each
// its rows, its columns and its tiles, handing each to use, with its
// number from 1, as soon as it is read. It holds one configuration at a
// time, and reads a field at a time, so that neither the number of
// configurations nor a field or line of any length costs memory. It
// returns the first error, after the configurations before it; a failed
// read wraps [input.ErrRead].
func Scan(r io.Reader, use func(k int, c Config) error) error {
	in := tokens{in: input.NewScanner(r, nil)}
	n, err := in.int("the number of configurations")
	if err != nil {
		return err
	}
	if n < 0 {
		return fmt.Errorf("%d configurations: want 0 or more", n)
	}
	for k := 1; k <= n; k++ {
		c, err := scanConfig(&in)
		if err != nil {
			return fmt.Errorf("configuration %d: %v", k, err)
		}
		if err := use(k, c); err != nil {
			return fmt.Errorf("configuration %d: %v", k, err)
		}
	}
	if f, ok := in.in.Next(); ok {
		return fmt.Errorf("unexpected %s after configuration %d, the last", f.Quote(), n)
	}
	if err := in.in.Err(); err != nil {
		return input.ReadError(err)
	}
	return nil
}

// scanConfig reads one configuration.
func scanConfig(in *tokens) (Config, error) {
	var c Config
	var err error
	if c.Rows, err = in.int("the number of rows"); err != nil {
		return c, err
	}
	if c.Cols, err = in.int("the number of columns"); err != nil {
		return c, err
	}
	if err := report.SizeError(c.Rows, c.Cols); err != nil {
		// The library's rule on sizes, which solve applies too: its error
		// says what is wrong, before any tile is read.
		return c, errors.New(report.Message(err))
	}
	n := c.Rows * c.Cols
	c.Tiles = make([]int, n)
	for i := range c.Tiles {
		if c.Tiles[i], err = in.int(fmt.Sprintf("tile %d of %d", i+1, n)); err != nil {
			return c, err
		}
	}
	if c.Board, err = slide.New(c.Rows, c.Cols, c.Tiles); err != nil {
		return c, errors.New(report.Message(err))
	}
	return c, nil
}

// tokens reads white-space separated fields one at a time.
type tokens struct {
	in *input.Scanner
}

// int returns the next field as an integer; what names it for errors.
func (t *tokens) int(what string) (int, error) {
	f, ok := t.in.Next()
	if !ok {
		if err := t.in.Err(); err != nil {
			return 0, input.ReadError(err)
		}
		return 0, fmt.Errorf("want %s, got the end of the input", what)
	}
	v, ok := f.Int()
	if !ok {
		return 0, fmt.Errorf("want %s, got %s", what, f.Quote())
	}
	return v, nil
}

// Write prints hint's answer to configuration k, valued by value: the
// board, then each board one move away, slide tile up, down, left and
// right, or "impossible".
func Write(w io.Writer, k int, c Config, value func(slide.Board) int) {
	width := len(strconv.Itoa(c.Rows*c.Cols - 1))
	fmt.Fprintf(w, "Configuration %d:\ncurrent configuration:\n", k)
	writeGrid(w, c.Tiles, c.Cols, width)
	fmt.Fprintf(w, "value: %d\n\n", value(c.Board))
	for d := slide.Up; d <= slide.Right; d++ {
		next, ok := c.Board.Slide(d, 1)
		if !ok {
			fmt.Fprintf(w, "slide tile %v: impossible\n\n", d)
			continue
		}
		fmt.Fprintf(w, "slide tile %v:\n", d)
		writeGrid(w, next.Tiles(), c.Cols, width)
		fmt.Fprintf(w, "value: %d\n\n", value(next))
	}
}

// writeGrid prints tiles as rows of cols, indented, each column right
// aligned to width.
func writeGrid(w io.Writer, tiles []int, cols, width int) {
	for i, t := range tiles {
		if i%cols == 0 {
			io.WriteString(w, "   ")
		}
		fmt.Fprintf(w, " %*d", width, t)
		if i%cols == cols-1 {
			io.WriteString(w, "\n")
		}
	}
}
