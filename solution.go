package slide

import (
	"context"
	"errors"
	"iter"
	"time"
	"unsafe"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/near"
	"github.com/slidekit/slide/internal/solve"
	"github.com/slidekit/slide/internal/tiles"
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

// An answer is a Solution under construction, as internal/solve makes
// it (a solve.Path): its moves kept, or handed to onMove.
type answer struct {
	sol       Solution
	line      bool  // line moves
	memory    int64 // the memory bound
	onMove    func(Move)
	onImprove func(Solution)
}

// answer returns the answer from start that s makes.
func (s Solver) answer(start Board) *answer {
	return &answer{sol: Solution{Start: start}, line: s.Metric == LineMoves, memory: s.Limits.eng().MemoryLimit(), onMove: s.OnMove, onImprove: s.OnImprove}
}

// Finish fills in a's moves from blanks, the blank's cell in every
// board of the path from a's start, less every move followed by its undo
// (see near.Tidy), which it takes out in place: handed to a.onMove if
// there is one, kept in a.sol.Moves otherwise, with a.sol.Boards while
// they take at most maxBoardsBytes. A cancellation of ctx stops it
// within milliseconds, on paths of tens of millions of moves too, with
// ctx's error; its deadline does not (the anytime mode's searches leave
// it its time, see near's finishTime).
func (a *answer) Finish(ctx context.Context, blanks []int) error {
	sol := &a.sol
	cols := sol.Start.Cols()
	blanks = near.Tidy(blanks, cols, a.line)
	memory := a.memory
	if n := max(0, len(blanks)-1); a.onMove == nil && movesBytes(n) > memory {
		return answerMemoryError(n, memory, false)
	}
	if a.onMove != nil {
		for i := 1; i < len(blanks); i++ {
			if i%pollMoves == 0 && cancelled(ctx) {
				return ctx.Err()
			}
			a.onMove(moveOf(blanks[i-1], blanks[i], cols))
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

// Len returns the moves made, kept or handed to a.onMove.
func (a *answer) Len() int { return a.sol.Len() }

// Reserve makes room for n moves to keep.
func (a *answer) Reserve(ctx context.Context, n int) error {
	var err error
	a.sol.Moves, err = engine.Make[Move](ctx, n)
	return err
}

// Keep keeps a move, growing the room for them while budget allows (see
// engine.GrowChargedCtx, which returns when ctx is done, not when the
// runtime has cleared hundreds of megabytes).
func (a *answer) Keep(ctx context.Context, d tiles.Dir, n int, budget *engine.Budget) bool {
	if len(a.sol.Moves) == cap(a.sol.Moves) && !budget.Over {
		var ok bool
		if a.sol.Moves, ok = engine.GrowChargedCtx(ctx, a.sol.Moves, budget); !ok {
			return false
		}
	}
	if budget.Over {
		return false
	}
	a.sol.Moves = append(a.sol.Moves, Move{Dir: Direction(d), Tiles: n})
	return true
}

// Hand hands a move to a.onMove.
func (a *answer) Hand(d tiles.Dir, n int) { a.onMove(Move{Dir: Direction(d), Tiles: n}) }

// HandKept hands the moves kept to a.onMove.
func (a *answer) HandKept() { a.sol.handTo(a.onMove) }

// Handed records n moves handed to a.onMove as they were made.
func (a *answer) Handed(n int) { a.sol.handed = n }

// KeepBoards keeps the boards of the moves if they take at most room
// bytes, and at most half of maxBoardsBytes.
func (a *answer) KeepBoards(ctx context.Context, room int64) {
	a.sol.keepBoards(ctx, min(maxBoardsBytes/2, room))
}

// Improve hands a.onImprove the anytime mode's answer blanks from the
// start (see near.Config.OnImprove), lower its lower bound and engine what
// found it, unless its moves pass the memory bound or ctx is cancelled
// first.
func (a *answer) Improve(ctx context.Context, blanks []int, lower int, engine string, began time.Time) {
	n := len(blanks) - 1
	if movesBytes(n) > a.memory {
		return
	}
	start := a.sol.Start
	moves, err := appendMoves(ctx, make([]Move, 0, n), blanks, start.Cols())
	if err != nil {
		return
	}
	lower = min(lower, n)
	a.onImprove(Solution{Start: start, Moves: moves, LowerBound: lower, Optimal: n == lower, Engine: engine, Elapsed: time.Since(began)})
}

// Discard returns an answer like a whose moves are counted only.
func (a *answer) Discard() solve.Path {
	return &answer{sol: Solution{Start: a.sol.Start}, line: a.line, memory: a.memory, onMove: func(Move) {}}
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
	return toError("Solver.Solve", solve.AnswerMemoryError(n, movesBytes(n), memory, atLeast))
}

// movesBytes returns the bytes of n moves.
func movesBytes(n int) int64 { return int64(n) * int64(unsafe.Sizeof(Move{})) }

// pollMoves is how many moves answer.Finish and keepBoards make between
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
// ctx is cancelled first (see answer.Finish).
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
