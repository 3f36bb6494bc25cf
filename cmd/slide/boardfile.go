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
// stdin (see openInput), with slide.ReadBoard. Its errors name the file.
func readBoard(name string, stdin io.Reader) (slide.Board, error) {
	r, shown, done, err := openInput(name, stdin)
	if err != nil {
		return slide.Board{}, err
	}
	defer done()
	b, err := slide.ReadBoard(r)
	if err != nil {
		return slide.Board{}, fmt.Errorf("%s: %s", shown, message(err))
	}
	return b, nil
}

// errRead marks a failed read in the errors of the command's own formats.
var errRead = errors.New("reading")

// fieldInt returns the integer a field holds, as strconv.Atoi reads it.
func fieldInt(f input.Field) (int, bool) {
	v, err := strconv.Atoi(f.Text)
	return v, err == nil && !f.Clipped()
}
