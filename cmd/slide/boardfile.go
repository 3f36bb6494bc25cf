package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/input"
)

// readBoard reads a board in the String form from the file name, or from
// stdin (see openInput), with slide.ReadBoard: the tiles 0 to rows*cols-1
// once each, as the commands' boards are, else slide.New says why not. Its
// errors name the file.
func readBoard(name string, stdin io.Reader) (slide.Board, error) {
	r, shown, done, err := openInput(name, stdin)
	if err != nil {
		return slide.Board{}, err
	}
	defer done()
	b, err := slide.ReadBoard(r)
	if err == nil && !b.IsPermutation() {
		_, err = slide.New(b.Rows(), b.Cols(), b.Tiles())
	}
	if err != nil {
		return slide.Board{}, fmt.Errorf("%s: %s", shown, message(err))
	}
	return b, nil
}

// errRead marks a failed read in the errors of the command's own formats.
var errRead = errors.New("reading")

// scanError returns the error of a reader of the command's own formats
// for err, the error of its input.Scanner: a control character, bad input,
// as it is; anything else a failed read, wrapping errRead.
func scanError(err error) error {
	if _, ok := err.(*input.ControlError); ok {
		return err
	}
	return fmt.Errorf("%w: %v", errRead, err)
}
