package main

import (
	"fmt"
	"io"
	"path/filepath"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/outfile"
	"github.com/slidekit/slide/internal/report"
)

// writeSolveSVG draws sol, the solution of the board start from the
// input name (none if solved is false), as an animated SVG picture in the
// file path (see report.DrawSolution). A solution longer than
// slide.DefaultSVGMoves shows its first moves, and stderr says so.
func writeSolveSVG(path, name string, start slide.Board, sol slide.Solution, solved bool, stderr io.Writer) error {
	if solved {
		noteCap(stderr, "solve", sol.Len())
	}
	return writeSVGFile(path, func(w io.Writer) error {
		return report.DrawSolution(w, name, start, sol, solved, nil)
	})
}

// writeBlocksSVG draws r, the puzzle of the input name and what the solver
// made of it, as an animated SVG picture in the file path.
func writeBlocksSVG(path, name string, r report.Blocks, stderr io.Writer) error {
	if r.Unsolvable == "" {
		noteCap(stderr, "blocks", r.Sol.Len())
	}
	return writeSVGFile(path, func(w io.Writer) error { return r.Draw(w, name) })
}

// noteCap says on stderr that a picture of a solution of n moves shows
// only its first moves, if it does.
func noteCap(stderr io.Writer, command string, n int) {
	if n > slide.DefaultSVGMoves {
		fmt.Fprintf(stderr, "slide %s: -svg: the picture shows the first %d of the %d moves\n", command, slide.DefaultSVGMoves, n)
	}
}

// writeSVGFile writes the file path with draw (see outfile.Write).
func writeSVGFile(path string, draw func(io.Writer) error) error {
	if err := outfile.Write(path, draw); err != nil {
		return fmt.Errorf("%s", message(err))
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
