package main

import (
	"fmt"
	"io"
	"path/filepath"

	"github.com/slidekit/slide"
)

// writeSolveSVG draws sol, the solution of the board start from the
// input name (none if solved is false), as an animated SVG picture in the
// file path. A solution longer than slide.DefaultSVGMoves shows its first
// moves, and stderr says so.
func writeSolveSVG(path, name string, start slide.Board, sol slide.Solution, solved bool, stderr io.Writer) error {
	if !solved {
		return writeSVGFile(path, func(w io.Writer) error {
			return slide.SVG{Title: name + ": no solution, the goal cannot be reached"}.Write(w, []slide.Board{start})
		})
	}
	title := fmt.Sprintf("%s: %d moves, optimal", name, sol.Len())
	if !sol.Optimal {
		title = fmt.Sprintf("%s: %d moves (at least %d needed)", name, sol.Len(), sol.LowerBound)
	}
	boards := sol.Boards
	if boards == nil || len(boards) > slide.DefaultSVGMoves+1 {
		boards = nil // only the boards the picture shows, not all of a long solution
		for i, b := range sol.All() {
			if i > slide.DefaultSVGMoves {
				break
			}
			boards = append(boards, b)
		}
	}
	noteCap(stderr, "solve", sol.Len())
	return writeSVGFile(path, func(w io.Writer) error {
		return slide.SVG{Title: title, TotalMoves: sol.Len()}.Write(w, boards)
	})
}

// writeBlocksSVG draws r, the puzzle of the input name and what the solver
// made of it, as an animated SVG picture in the file path.
func writeBlocksSVG(path, name string, r blocksResult, stderr io.Writer) error {
	if r.unsolvable != "" {
		return writeSVGFile(path, func(w io.Writer) error {
			return slide.SVG{Title: name + ": no solution"}.WriteBlocks(w, []slide.Blocks{r.start})
		})
	}
	noteCap(stderr, "blocks", r.sol.Len())
	title := fmt.Sprintf("%s: %s, %s metric", name, r.heading(), r.metric)
	return writeSVGFile(path, func(w io.Writer) error {
		return slide.SVG{Title: title}.WriteBlocks(w, r.sol.Positions)
	})
}

// noteCap says on stderr that a picture of a solution of n moves shows
// only its first moves, if it does.
func noteCap(stderr io.Writer, command string, n int) {
	if n > slide.DefaultSVGMoves {
		fmt.Fprintf(stderr, "slide %s: -svg: the picture shows the first %d of the %d moves\n", command, slide.DefaultSVGMoves, n)
	}
}

// writeSVGFile writes the file path with draw (see writeAtomic).
func writeSVGFile(path string, draw func(io.Writer) error) error {
	if err := writeAtomic(path, draw); err != nil {
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
