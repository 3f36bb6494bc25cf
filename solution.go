package slide

import (
	"context"
	"errors"
	"iter"
	"strconv"
	"time"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/near"
)

// A Solution is a path to a goal, labelled with what is proven of its length.
type Solution struct {
	Start      Board
	Boards     []Board // the start, the board after each move; nil past 64 MiB (see All)
	Moves      []Move  // nil when Solver.OnMove had them
	Optimal    bool    // proven shortest
	LowerBound int     // proven bound on the fewest moves, at most Len()
	Engine     string  // the search that found it: an Algorithm's name, "fast" or "beam"
	Heuristic  Heuristic
	Workers    int // goroutines the search could use
	Expanded   int64
	Generated  int64
	Elapsed    time.Duration

	handed int // moves handed to Solver.OnMove
}

// Len returns the number of moves, also those handed to Solver.OnMove.
func (s Solution) Len() int {
	if s.Moves == nil {
		return s.handed
	}
	return len(s.Moves)
}

// All yields the boards of the solution, replayed when Boards is nil.
func (s Solution) All() iter.Seq2[int, Board] {
	return func(yield func(int, Board) bool) {
		if s.Boards != nil {
			for i, b := range s.Boards {
				if !yield(i, b) {
					return
				}
			}
			return
		}
		b := s.Start
		if !yield(0, b) {
			return
		}
		for i, m := range s.Moves {
			next, ok := b.Slide(m.Dir, m.Tiles)
			if !ok {
				return
			}
			b = next
			if !yield(i+1, b) {
				return
			}
		}
	}
}

// maxBoardsBytes bounds the memory Solution.Boards may take: longer
// solutions leave it nil (see Solution.All).
const maxBoardsBytes = 64 << 20

// finishPath fills in sol's moves from blanks, the blank's cell in every
// board of the path from sol.Start, less every move followed by its undo
// (see near.Tidy), which it takes out in place: handed to o's move function if there
// is one, kept in sol.Moves otherwise, with sol.Boards while they take at
// most maxBoardsBytes. A cancellation of ctx stops it within
// milliseconds, on paths of tens of millions of moves too, with ctx's
// error; its deadline does not (the anytime mode's searches leave it its
// time, see near's finishTime).
func finishPath(ctx context.Context, sol *Solution, blanks []int, o options) error {
	cols := sol.Start.Cols()
	blanks = near.Tidy(blanks, cols, o.metric == LineMoves)
	memory := o.limits.eng().MemoryLimit()
	if n := max(0, len(blanks)-1); o.onMove == nil && movesBytes(n) > memory {
		return answerMemoryError(n, memory, false)
	}
	if o.onMove != nil {
		for i := 1; i < len(blanks); i++ {
			if i%pollMoves == 0 && cancelled(ctx) {
				return ctx.Err()
			}
			o.onMove(moveOf(blanks[i-1], blanks[i], cols))
		}
		sol.Moves, sol.Boards, sol.handed = nil, nil, max(0, len(blanks)-1)
		return nil
	}
	moves, err := engine.Make[Move](ctx, max(0, len(blanks)-1))
	if err != nil && cancelled(ctx) {
		return err
	} else if err != nil {
		moves = make([]Move, 0, len(blanks)-1) // past its deadline: made all the same
	}
	if moves, err = appendMoves(ctx, moves, blanks, cols); err != nil {
		return err
	}
	sol.Moves = moves
	sol.keepBoards(ctx, min(maxBoardsBytes/2, memory-movesBytes(len(moves))))
	return nil
}

// appendMoves appends to moves those of the path blanks (the blank's cell
// in every board) on boards of cols columns. A cancellation of ctx stops
// it within milliseconds with ctx's error.
func appendMoves(ctx context.Context, moves []Move, blanks []int, cols int) ([]Move, error) {
	for i := 1; i < len(blanks); i++ {
		if i%pollMoves == 0 && cancelled(ctx) {
			return moves, ctx.Err()
		}
		moves = append(moves, moveOf(blanks[i-1], blanks[i], cols))
	}
	return moves, nil
}

// answerMemoryError returns the ErrLimit error of an answer of n moves
// (of at least n moves, if atLeast) whose moves take more than the memory
// bound: a Solver counts the moves it keeps, not those it hands to OnMove.
func answerMemoryError(n int, memory int64, atLeast bool) error {
	what := strconv.Itoa(n)
	if atLeast {
		what = "at least " + what
	}
	return errorf("Solver.Solve", ErrLimit, "the answer's moves, %s, take %s and pass the memory limit of %s",
		what, engine.FormatBytes(movesBytes(n)), engine.FormatBytes(memory))
}

// pollMoves is how many moves finishPath and keepBoards make between
// polls of their context: tens of microseconds.
const pollMoves = 1 << 12

// cancelled reports whether ctx was cancelled, rather than past its
// deadline.
func cancelled(ctx context.Context) bool { return errors.Is(ctx.Err(), context.Canceled) }

// handTo hands sol's moves to onMove, which then holds them in sol's
// stead.
func (sol *Solution) handTo(onMove func(Move)) {
	for _, m := range sol.Moves {
		onMove(m)
	}
	sol.Moves, sol.Boards, sol.handed = nil, nil, len(sol.Moves)
}

// keepBoards fills in sol.Boards if they take at most room bytes, unless
// ctx is cancelled first (see finishPath).
func (sol *Solution) keepBoards(ctx context.Context, room int64) {
	if int64(len(sol.Moves)+1)*int64(sol.Start.Len()) > room {
		return
	}
	boards := make([]Board, 0, len(sol.Moves)+1)
	for i, b := range sol.All() {
		if i%(pollMoves/16) == 0 && cancelled(ctx) {
			return
		}
		boards = append(boards, b)
	}
	sol.Boards = boards
}

// moveOf returns the move that takes the blank from cell from to cell to,
// in one row or column of a board of cols columns.
func moveOf(from, to, cols int) Move {
	switch {
	case to > from && to%cols == from%cols:
		return Move{Up, (to - from) / cols}
	case to < from && to%cols == from%cols:
		return Move{Down, (from - to) / cols}
	case to > from:
		return Move{Left, to - from}
	}
	return Move{Right, from - to}
}
