package main

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/outfile"
)

// writeSVG writes the file path with draw (see outfile.Write), the picture
// of a solution of n moves, and says on stderr when it shows only the
// first slide.DefaultSVGMoves of them.
func writeSVG(path, command string, n int, draw func(io.Writer) error, stderr io.Writer) error {
	if n > slide.DefaultSVGMoves {
		fmt.Fprintf(stderr, "slide %s: -svg: the picture shows the first %d of the %d moves\n", command, slide.DefaultSVGMoves, n)
	}
	if err := outfile.Write(path, draw); err != nil {
		return errors.New(message(err))
	}
	return nil
}

// inputName returns the name of the input file name for a picture's
// title: its base name, or "standard input".
func inputName(name string) string {
	if isStdin(name) {
		return "standard input"
	}
	return filepath.Base(name)
}
