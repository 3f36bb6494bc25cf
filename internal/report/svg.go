package report

import (
	"fmt"
	"io"

	"github.com/slidekit/slide"
)

// DrawSolution draws sol, the solution of the board start titled name
// (none if solved is false: the goal cannot be reached), as the animated
// SVG picture of "slide solve -svg": its first slide.DefaultSVGMoves
// moves, the others counted. The moves are sol's, or for a solution whose
// moves went to Solver.OnMove, first, the first of them.
func DrawSolution(w io.Writer, name string, start slide.Board, sol slide.Solution, solved bool, first []slide.Move) error {
	if !solved {
		return slide.SVG{Title: name + ": no solution, the goal cannot be reached"}.Write(w, []slide.Board{start})
	}
	title := fmt.Sprintf("%s: %d moves, optimal", name, sol.Len())
	if !sol.Optimal {
		title = fmt.Sprintf("%s: %d moves (at least %d needed)", name, sol.Len(), sol.LowerBound)
	}
	shown := sol
	if first != nil {
		shown = slide.Solution{Start: start, Moves: first}
	}
	boards := shown.Boards
	if boards == nil || len(boards) > slide.DefaultSVGMoves+1 {
		boards = nil // only the boards the picture shows, not all of a long solution
		for i, b := range shown.All() {
			if i > slide.DefaultSVGMoves {
				break
			}
			boards = append(boards, b)
		}
	}
	return slide.SVG{Title: title, TotalMoves: sol.Len()}.Write(w, boards)
}

// Draw draws r, titled name, as the animated SVG picture of "slide
// blocks -svg".
func (r Blocks) Draw(w io.Writer, name string) error {
	if r.Unsolvable != "" {
		return slide.SVG{Title: name + ": no solution"}.WriteBlocks(w, []slide.Blocks{r.Start})
	}
	title := fmt.Sprintf("%s: %s, %s metric", name, r.Heading(), r.Metric)
	return slide.SVG{Title: title}.WriteBlocks(w, r.Sol.Positions)
}
