package slide

import (
	"math"
	"time"
)

// The solving modes beyond the optimal search: bounded-suboptimal
// (WithWeight), anytime (WithAnytime, WithTimeLimit) and fast (WithFast).
// Solution.Optimal and Solution.LowerBound say what is proven about the
// answer of each.

// WithFast makes Solve return a solution quickly, for boards of any size up
// to 255 x 255, in time polynomial in the board's size and memory linear in
// its cells: the board is reduced edge by edge (see reduce.go for the
// method) until 3 x 3 cells are left, which are solved optimally. Random n
// x n boards take about 2 n^3 moves, against (8/3) n^3 for the classic
// greedy method; a 127 x 127 board takes a fraction of a second. The
// solution is labelled with the lower bound of Manhattan distance and
// linear conflicts, and is Optimal only when it meets that bound. The
// heuristic and algorithm options do not apply to it.
func WithFast() Option { return func(o *options) { o.fast = true } }

// WithWeight makes Solve return a solution of at most w times the fewest
// moves, w >= 1, usually much sooner than an optimal one: weighted A*,
// which expands boards in the order of g + w*h (see Solve). w = 1 asks for
// an optimal solution. The answer carries the lower bound the search
// proved; it is Optimal when that bound meets its length.
func WithWeight(w float64) Option { return func(o *options) { o.weight = w } }

// WithAnytime makes SolveContext return the best solution found when its
// context is done, instead of the context's error: it finds a first
// solution quickly and improves it while time remains, and returns at once
// with a proven optimum if its search completes. The answer carries the
// best lower bound proved by then (see Solution).
func WithAnytime() Option { return func(o *options) { o.anytime = true } }

// WithTimeLimit is WithAnytime with a time budget: the search stops with
// the best solution found after d, or earlier when the context is done.
func WithTimeLimit(d time.Duration) Option {
	return func(o *options) { o.anytime, o.budget = true, d }
}

// WithMoves makes Solve hand every move of the solution to f, in order,
// instead of keeping them in Solution.Moves and Solution.Boards (which stay
// nil): with WithFast, a solution of millions of moves then takes memory
// only for the board, however long it is. Other modes call f once the
// solution is known.
func WithMoves(f func(Move)) Option { return func(o *options) { o.onMove = f } }

// Progress reports how a long search goes, to the function given to
// WithProgress: the bound being searched (IDA*'s depth, the best f of A*
// or weighted A*), the nodes generated so far, the best solution's length
// and lower bound so far (0 while none), and the time since the start.
type Progress struct {
	Bound      int
	Generated  int64
	Best       int
	LowerBound int
	Elapsed    time.Duration
}

// WithProgress makes Solve report its progress to f about every tenth of a
// second, from the goroutine that called Solve.
func WithProgress(f func(Progress)) Option { return func(o *options) { o.progress = f } }

// checkModes validates the mode options.
func (o *options) checkModes() error {
	switch {
	case o.weight != 0 && (o.weight < 1 || math.IsNaN(o.weight) || math.IsInf(o.weight, 0)):
		return errorf("Solve", ErrOption, "weight %v: want a number of at least 1", o.weight)
	case o.fast && (o.weight != 0 || o.anytime):
		return errorf("Solve", ErrOption, "WithFast does not combine with WithWeight or WithAnytime")
	case o.weight != 0 && o.anytime:
		return errorf("Solve", ErrOption, "WithWeight does not combine with WithAnytime")
	case o.budget < 0:
		return errorf("Solve", ErrOption, "time limit %v: want a positive duration", o.budget)
	}
	return nil
}
