package report

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/slidekit/slide"
)

// WriteHeader writes the first line of an answer: the spec's for a
// proven optimum, and otherwise the length with the lower bound proven.
func WriteHeader(w io.Writer, sol slide.Solution) {
	if sol.Optimal {
		fmt.Fprintf(w, "Minimum number of moves = %d\n", sol.Len())
		return
	}
	fmt.Fprintf(w, "Number of moves = %d (at least %d needed)\n", sol.Len(), sol.LowerBound)
}

// WriteMoves writes sol as "slide solve -moves" prints it: the header,
// then the moves on one line of letters (see slide.FormatMoves).
func WriteMoves(w io.Writer, sol slide.Solution) {
	WriteHeader(w, sol)
	fmt.Fprintln(w, slide.FormatMoves(sol.Moves))
}

// Blocks is a sliding-block puzzle and what the solver made of it: a
// shortest solution, or none, with the reason in words.
type Blocks struct {
	Start      slide.Blocks
	Metric     slide.BlockMetric
	Sol        slide.BlockSolution // the positions explored, also when there is no solution
	Unsolvable string              // why there is no solution, if there is none
}

// SolveBlocks solves b under the metric m within lim; a puzzle without a
// solution is no error, but a Blocks that says why. Other errors are the
// solver's.
func SolveBlocks(ctx context.Context, b slide.Blocks, m slide.BlockMetric, lim slide.Limits) (Blocks, error) {
	r := Blocks{Start: b, Metric: m}
	var err error
	r.Sol, err = slide.BlockSolver{Metric: m, Limits: lim}.Solve(ctx, b)
	if errors.Is(err, slide.ErrUnsolvable) {
		name, where := GoalWords(b)
		place := strings.TrimPrefix(strings.TrimPrefix(where, "in "), "at ")
		r.Unsolvable = fmt.Sprintf("No solution: piece %s cannot reach %s (%d positions explored).", name, place, r.Sol.Expanded)
		err = nil
	}
	return r, err
}

// GoalWords returns the name of the goal piece of b and where the goal
// wants it, as slide.BlockGoal.Describe words it: "in the last column",
// or "at row 4, column 2" on Klotski's board.
func GoalWords(b slide.Blocks) (name, where string) {
	name = string(b.Name(0))
	return name, strings.TrimPrefix(slide.BlockGoal{}.Describe(b), "piece "+name+" ")
}

// Report returns the -json report of r, its seconds not set.
func (r Blocks) Report() Report {
	rep := Report{Start: r.Start.String(), Goal: slide.BlockGoal{}.Describe(r.Start), Metric: r.Metric.String()}
	if r.Unsolvable != "" {
		rep.Algorithm, rep.Heuristic = "bfs", slide.Zero.String()
		rep.Work(r.Sol.Expanded, r.Sol.Generated)
	} else {
		rep.SolvedBlocks(r.Sol)
	}
	return rep
}

// Heading returns the line that introduces the moves.
func (r Blocks) Heading() string {
	n := r.Sol.Len()
	if n == 0 {
		name, where := GoalWords(r.Start)
		return fmt.Sprintf("Solved already: piece %s is %s (0 moves).", name, where)
	}
	unit := plural(n, map[slide.BlockMetric]string{slide.StraightMoves: "move", slide.StepMoves: "single-cell move", slide.PieceMoves: "piece move"}[r.Metric])
	return fmt.Sprintf("Shortest solution: %d %s", n, unit)
}

// WriteText writes r as "slide blocks" prints it: the start grid, the
// moves (or why there are none) and the final grid.
func (r Blocks) WriteText(w io.Writer) {
	fmt.Fprint(w, r.Start.Grid())
	fmt.Fprintln(w)
	if r.Unsolvable != "" {
		fmt.Fprintln(w, r.Unsolvable)
		return
	}
	fmt.Fprintln(w, r.Heading())
	for i, m := range r.Sol.Moves {
		fmt.Fprintf(w, "%d. %v\n", i+1, m)
	}
	fmt.Fprintln(w)
	fmt.Fprint(w, r.Sol.Positions[r.Sol.Len()].Grid())
}

// Discarded returns the messages of the piece lines that e lists as
// discarded, the first slide.MaxDiscards, each as say words it, then the
// number of the others, if any: those of a file with a few mistakes, each
// of which its author will want to see; past them, a file of garbage gets
// a count.
func Discarded(e *slide.DiscardError, say func(error) string) []string {
	var msgs []string
	for _, l := range e.Lines {
		msgs = append(msgs, say(l))
	}
	switch {
	case e.More == 1:
		msgs = append(msgs, "and 1 more piece line discarded")
	case e.More > 1:
		msgs = append(msgs, fmt.Sprintf("and %d more piece lines discarded", e.More))
	}
	return msgs
}

// WritePuzzle writes the puzzle that sol solves from, in the form
// slide.ReadBlocks reads, after a comment line that gives the length of
// its shortest solution, as "slide random -blocks" and "slide blocks
// -unsolve" write it.
func WritePuzzle(w io.Writer, sol slide.BlockSolution) {
	fmt.Fprintf(w, "# %d %s %s: its shortest solution, proven by breadth-first search\n", sol.Len(), sol.Metric, plural(sol.Len(), "move"))
	io.WriteString(w, sol.Positions[0].String())
}

// Moves returns "1 move" or "n moves".
func Moves(n int) string { return strconv.Itoa(n) + " " + plural(n, "move") }

// plural returns word, with an s unless n is 1.
func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// StreamFast prints a fast solution of s (whose Mode is slide.Fast) as
// "slide solve -fast -moves" does, in memory for the board only: a first
// run counts the moves for the header line, a second (the fast mode is
// deterministic) prints them as they come. It tells whether it printed
// moves, ended by a newline, which a cancelled ctx cuts short.
func StreamFast(ctx context.Context, out *bufio.Writer, s slide.Solver, start, goal slide.Board) (printed bool, err error) {
	s.OnMove = func(slide.Move) {}
	sol, err := s.Solve(ctx, start, goal)
	switch {
	case ctx.Err() != nil:
		return false, ctx.Err()
	case errors.Is(err, slide.ErrUnsolvable):
		fmt.Fprintln(out, "No solution possible")
		return false, nil
	case err != nil:
		return false, err
	}
	WriteHeader(out, sol)
	count := 0
	s.OnMove = func(m slide.Move) {
		if m.Tiles == 1 && m.Dir <= slide.Right {
			out.WriteByte("UDLR"[m.Dir]) // FormatMoves's letters
		} else {
			out.WriteString(slide.FormatMoves([]slide.Move{m}))
		}
		count++
	}
	_, err = s.Solve(ctx, start, goal)
	switch {
	case ctx.Err() != nil:
		out.WriteByte('\n')
		return true, ctx.Err()
	case err != nil:
		return true, err
	case count != sol.Len():
		return true, fmt.Errorf("internal error: the fast mode gave %d moves, then %d", sol.Len(), count)
	}
	out.WriteByte('\n')
	return true, nil
}

// maxBoardBytes bounds the boards WriteSolution prints: a longer answer
// of a large board asks for -moves.
const maxBoardBytes = 1 << 30

// WriteSolution prints sol as "slide solve" does, with -count or -moves
// if count or moves is set; solved is false when the goal cannot be
// reached. It fails, before printing, when the boards would take more
// than a gigabyte.
func WriteSolution(w io.Writer, sol slide.Solution, solved, count, moves bool) error {
	switch {
	case count && !solved:
		fmt.Fprintln(w, -1)
	case count:
		fmt.Fprintln(w, sol.Len())
	case !solved:
		fmt.Fprintln(w, "No solution possible")
	case moves:
		WriteMoves(w, sol)
	default:
		if size := int64(sol.Len()+1) * int64(len(sol.Start.String())); size > maxBoardBytes {
			return fmt.Errorf("the solution has %d moves: its boards would take %d MB; use -moves to print the moves", sol.Len(), size>>20)
		}
		WriteHeader(w, sol)
		for _, b := range sol.All() {
			io.WriteString(w, b.String())
		}
	}
	return nil
}

// WriteStats prints what "slide solve -stats" says of a search: the
// length, the engine and heuristic, the nodes, the time and the
// goroutines.
func WriteStats(w io.Writer, sol slide.Solution, solved bool) {
	if !solved {
		fmt.Fprintln(w, "slide solve: no search: the parity rule says the goal cannot be reached")
		return
	}
	length := fmt.Sprintf("%d moves", sol.Len())
	if !sol.Optimal {
		length += fmt.Sprintf(" (at least %d needed)", sol.LowerBound)
	}
	on := "1 goroutine"
	if sol.Workers > 1 {
		on = strconv.Itoa(sol.Workers) + " goroutines"
	}
	fmt.Fprintf(w, "slide solve: %s by %v with heuristic %v: %d nodes expanded, %d generated, %v on %s\n",
		length, sol.Engine, sol.Heuristic, sol.Expanded, sol.Generated, sol.Elapsed, on)
}
