package near

import (
	"context"
	"time"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/idastar"
	"github.com/slidekit/slide/internal/learn"
	"github.com/slidekit/slide/internal/pdbcache"
	"github.com/slidekit/slide/internal/tiles"
)

// A Config is what a near-optimal search may use besides its board.
type Config struct {
	// Heuristic is what frames search and rank by: a Database, whose
	// tables come from Request, or LinearConflict.
	Heuristic tiles.Heuristic
	Request   pdbcache.Request
	Line      bool // line moves (the fast mode and Optimal take them)
	// Limits bound the searches: their memory bound is what the searches
	// may hold besides the database's tables; Nodes bounds the boards
	// all of them generate together, the fast mode's moves included, and
	// Cost the answers returned.
	Limits  engine.Bounds
	Workers int
	// Progress, if not nil, hears how the search goes: the bound of the
	// search running (0 if it has none), the boards generated, the best
	// answer's moves (0 for none yet) and the lower bound proven. Watch
	// watches weighted IDA* (see idastar.Core.OnCheck).
	Progress func(bound int, generated int64, best, lower int)
	Watch    func(*idastar.Core)
	// OnImprove, if not nil, is handed each answer of the anytime mode
	// that is shorter than the ones before and within the cost bound, as
	// Tidy leaves it, with the lower bound proven by then and what found
	// it. The blank's cells handed are the search's own: it reads them
	// during the call only, and does not change them.
	OnImprove func(blanks []int, lower int, m Method)
	// Optimal, if not nil, is the optimal search of the start, bounded by
	// maxCost moves: the anytime mode runs it on boards small enough.
	Optimal Optimal
	Began   time.Time // when the call began, for Progress
	// Ranking is the learned ranking of the beams: nil, the shipped one
	// for the board's shape and database if any (see learn.For);
	// learn.Handmade, none.
	Ranking *learn.Model
	// clock, if not nil, is the time the anytime mode's searches read in
	// place of the wall clock, and its budget ends by it; the weighted
	// mode's wider beams tell by it when to report progress (tests; see
	// workClock).
	clock *workClock
	// dense, if true, keeps the frames' tables in the dense layout, as a
	// budget too short to make the sparse one does (tests).
	dense bool
}

// An Optimal searches for a solution of at most maxCost moves, optimal
// among them, generating at most maxNodes boards (math.MaxInt64: no
// bound; a board a worker more at most), and returns the blank's cell in
// every board of it, the start's included; or an error of kind
// engine.NotFound if there is none, or another error with the lower
// bound the search proved. It counts its work either way.
type Optimal func(ctx context.Context, maxCost int, maxNodes int64) (blanks []int, lower int, expanded, generated int64, err error)

// A Method is what found an answer.
type Method uint8

// The methods.
const (
	None          Method = iota // no answer
	FastMode                    // the fast mode (see Fast)
	BeamSearch                  // a beam search, possibly finished by the fast mode or polished
	OptimalSearch               // Config.Optimal
	WeightedAStar               // weighted A* (see wastar)
	WeightedIDA                 // the database's weighted IDA* (see idastar.Solver.SolveWeighted)
)

// An Answer is a solution and what is proven about it.
type Answer struct {
	Blanks              []int // the blank's cell in every board, the start's included
	Lower               int   // a proven lower bound on the fewest moves
	Expanded, Generated int64
	Method              Method
	Heuristic           tiles.Heuristic // what the method ranked or searched by
	shortened           bool            // Blanks passed polisher.shorten to its end (see shortened)
}

// maxFrameCells is the most cells a frame takes: values are bytes.
const maxFrameCells = 255

// Frames reports whether the frame searches (beams, weighted A*) take
// boards of goal t: distinct labels, single-tile moves (not line), at
// least 2 x 2 and at most maxFrameCells cells.
func Frames(t *tiles.Goal, line bool) bool {
	return t.Distinct && !line && t.Rows*t.Cols <= maxFrameCells && t.Rows >= 2 && t.Cols >= 2
}
