package play

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"
	"unsafe"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/input"
	"github.com/slidekit/slide/internal/near"
	"github.com/slidekit/slide/internal/report"
)

// maxOptimalSide is the most rows and columns of a board that the page
// solves optimally: up to 4 x 4, with pdb663, a shortest solution takes
// well under a second; past it, on 5 x 5 or on 2 x 8 alike, hours.
const maxOptimalSide = 4

// optimalFits reports whether the page solves b optimally.
func optimalFits(b slide.Board) bool { return b.Rows() <= maxOptimalSide && b.Cols() <= maxOptimalSide }

// hintBudget is the time a hint takes on a board past 4 x 4.
const hintBudget = time.Second

// A solveResult is the answer to solve.
type solveResult struct {
	Solvable   bool          `json:"solvable"`
	Report     report.Report `json:"report"`
	Moves      string        `json:"moves"`
	Length     int           `json:"length"`
	Optimal    bool          `json:"optimal"`
	LowerBound int           `json:"lower_bound"`
	Expanded   int64         `json:"expanded"`
	Generated  int64         `json:"generated"`
	Seconds    float64       `json:"seconds"`
	Text       string        `json:"text"`
	SVG        string        `json:"svg"`
	Built      []string      `json:"built"`
}

// solve solves the board of r in r's mode and metric.
func (h Handler) solve(ctx context.Context, r request, tell func(progress)) (any, error) {
	metric, err := parseName(r.Metric, "tile", "metric", slide.ParseMetric)
	if err != nil {
		return nil, err
	}
	mode, err := solveMode(r)
	if err != nil {
		return nil, err
	}
	start, goal := r.Board, slide.Goal(r.Board.Rows(), r.Board.Cols())
	began := time.Now()
	moves := newMoveRecord(start)
	moves.best = r.Mode == "anytime" && improves(start)
	sol, built, err := h.search(ctx, start, mode, metric, moves, tell)
	solved := err == nil
	if err != nil && !errors.Is(err, slide.ErrUnsolvable) {
		return nil, err
	}
	res := solveResult{Solvable: solved, Report: report.Solve(start, goal, metric, sol, solved, began), Built: built,
		Text: "No solution possible\n"}
	res.Seconds = res.Report.Seconds
	if solved {
		letters := moves.letters.String()
		res.Moves, res.Length, res.Optimal, res.LowerBound = letters, sol.Len(), sol.Optimal, sol.LowerBound
		res.Expanded, res.Generated = sol.Expanded, sol.Generated
		var text strings.Builder
		report.WriteHeader(&text, sol)
		res.Report.Moves = nil // as slide solve -count -json reports it
		if len(letters) <= maxListed {
			res.Report.Moves = letters // the moves went to OnMove, not to sol
			text.WriteString(letters)  // as report.WriteMoves writes them
			text.WriteByte('\n')
		}
		res.Text = text.String()
	}
	if r.SVG != nil && !*r.SVG {
		return res, nil
	}
	var svg strings.Builder
	if err := report.DrawSolution(&svg, fmt.Sprintf("%d x %d", start.Rows(), start.Cols()), start, sol, solved, moves.first); err != nil {
		return nil, err
	}
	res.SVG = svg.String()
	return res, nil
}

// solveMode returns the mode that solve's request r asks for: optimal
// (the default), weighted by weight (at least 1), anytime within
// budget_ms, or fast.
func solveMode(r request) (slide.Mode, error) {
	switch {
	case r.Mode == "anytime" && r.BudgetMS <= 0:
		return slide.Mode{}, fmt.Errorf(`"budget_ms": the anytime mode needs a budget above 0 milliseconds, got %d`, r.BudgetMS)
	case r.Mode == "anytime" && r.BudgetMS > maxBudget.Milliseconds():
		return slide.Mode{}, fmt.Errorf(`"budget_ms": want at most %d (an hour), got %d`, maxBudget.Milliseconds(), r.BudgetMS)
	case r.Mode == "weighted" && r.BudgetMS != 0:
		return slide.Mode{}, fmt.Errorf(`"budget_ms": only the anytime mode takes a budget, not %s`, modeName(r.Mode))
	case r.Mode == "weighted" && !(r.Weight >= 1):
		return slide.Mode{}, fmt.Errorf(`"weight": the weighted mode needs a factor of at least 1, such as 1.5, got %g`, r.Weight)
	case r.Mode == "weighted":
		return slide.Weighted(r.Weight), nil
	case r.Weight != 0:
		return slide.Mode{}, fmt.Errorf(`"weight": only the weighted mode takes a factor, not %s`, modeName(r.Mode))
	case r.Mode == "anytime":
		return slide.Anytime(time.Duration(r.BudgetMS) * time.Millisecond), nil
	case r.BudgetMS != 0:
		return slide.Mode{}, fmt.Errorf(`"budget_ms": only the anytime mode takes a budget, not %s`, modeName(r.Mode))
	case r.Mode == "" || r.Mode == "optimal":
		return slide.Optimal(), nil
	case r.Mode == "fast":
		return slide.Fast(), nil
	}
	return slide.Mode{}, fmt.Errorf(`"mode": want optimal, weighted, anytime or fast, got %s`, input.Quote(r.Mode))
}

// maxBudget is the longest budget of the anytime mode.
const maxBudget = time.Hour

// modeName names the mode m of a request in messages.
func modeName(m string) string {
	if m == "" {
		return "optimal"
	}
	return input.Quote(m)
}

// search solves start in mode under metric, as the page asks: with the
// page's memory bound less the answer's share (see maxLetters), pdb663
// for an optimal search on 4 x 4 (built first if need be, and so named in
// built), and the progress of the builds and the search told to tell. An
// optimal search is refused past 4 x 4 (see optimalFits). The solution's
// moves go to moves; an answer whose letters pass moves.limit is stopped
// and refused.
func (h Handler) search(ctx context.Context, start slide.Board, mode slide.Mode, metric slide.Metric, moves *moveRecord, tell func(progress)) (sol slide.Solution, built []string, err error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	moves.stop = cancel
	defer func() {
		if moves.over {
			sol, err = slide.Solution{}, fmt.Errorf("the answer passes the page's memory bound: its moves take more than the %d bytes it keeps for a %d x %d board", moves.limit, start.Rows(), start.Cols())
		}
	}()
	goal, built := slide.Goal(start.Rows(), start.Cols()), []string{}
	s := slide.Solver{Mode: mode, Metric: metric, Limits: slide.Limits{MaxMemory: searchMemory(start)}, OnMove: moves.add}
	if mode == slide.Fast() { // which takes no cache and makes no reports
		sol, err = s.Solve(ctx, start, goal)
		return sol, built, err
	}
	optimal := mode == slide.Optimal()
	if optimal && !optimalFits(start) {
		return sol, built, fmt.Errorf("a shortest solution of a %d x %d board may take hours: the page searches up to %d x %d; choose anytime or fast", start.Rows(), start.Cols(), maxOptimalSide, maxOptimalSide)
	}
	if optimal && start.Rows() == 4 && start.Cols() == 4 && metric == slide.TileMoves {
		s.Heuristic = slide.PDB663
	}
	if moves.best {
		s.Limits.MaxMemory -= improveShare
		s.OnImprove = bestTeller(tell)
	}
	s.Cache = h.Cache
	s.Cache.Progress = buildTeller(tell, &built)
	s.Progress = func(p slide.Progress) {
		tell(progress{Search: &searchProgress{Bound: p.Bound, Generated: p.Generated, Best: p.Best, LowerBound: p.LowerBound, Seconds: p.Elapsed.Seconds()}})
	}
	if optimal && !prepared.has(s.Cache.Dir, s.Heuristic) {
		switch _, err := s.Prepare(ctx, goal); {
		case err == nil:
			prepared.add(s.Cache.Dir, s.Heuristic)
		case !errors.Is(err, slide.ErrCache): // the tables are in memory: the search goes on with them
			return sol, built, err
		}
	}
	sol, err = s.Solve(ctx, start, goal)
	return sol, built, err
}

// The answer's share of maxMemory. An answer's moves are held as letters,
// at most maxLetters bytes of them, and at once in at most answerCopies
// copies: the letters, the result's message, and the copy of it that the
// caller of emit may make (a string for JavaScript). The text and the
// report of a solve list the moves only up to maxListed bytes of them, so
// that the message holds them once past it.
const (
	answerCopies = 3
	maxListed    = 1 << 20
)

// maxLetters returns the most bytes of move letters kept for an answer on
// a rows x cols board: twice the moves of the fast mode on a random board
// (near.FastMoves), which its answers stay within (a letter a move, and
// under the line metric fewer letters than the tiles moved), and room for
// a small board's. On 255 x 255, the largest board the page takes, the
// answer's share is under a fifth of maxMemory.
func maxLetters(rows, cols int) int { return 2*near.FastMoves(rows, cols) + 1024 }

// improves reports whether an anytime solve of the board b tells each
// shorter answer it finds (see bestTeller): on boards whose answers'
// letters (see maxLetters) take at most maxListed bytes, squares up to
// 63 x 63. On larger boards the copies of answers of millions of moves
// would take the search's time and memory.
func improves(b slide.Board) bool { return maxLetters(b.Rows(), b.Cols()) <= maxListed }

// improveShare is the memory that telling a shorter answer takes at most,
// which the search's memory bound leaves for it: the library's copy of
// its moves (see slide.Solver.OnImprove), of no more moves than letters,
// and its letters in answerCopies copies.
const improveShare = maxListed*int64(unsafe.Sizeof(slide.Move{})) + answerCopies*maxListed

// bestTeller returns the slide.Solver.OnImprove function that tells each
// shorter answer of an anytime solve, with its moves as letters (see
// moveRecord), if they take at most maxListed bytes.
func bestTeller(tell func(progress)) func(slide.Solution) {
	return func(sol slide.Solution) {
		letters := slide.FormatMoves(sol.Moves)
		if len(letters) > maxListed {
			return
		}
		tell(progress{Best: &bestProgress{Length: sol.Len(), LowerBound: sol.LowerBound, Optimal: sol.Optimal, Moves: letters, Seconds: sol.Elapsed.Seconds()}})
	}
}

// searchMemory returns the memory bound of a search of the board b: the
// page's, less its answer's share.
func searchMemory(b slide.Board) int64 {
	return maxMemory - answerCopies*int64(maxLetters(b.Rows(), b.Cols()))
}

// A moveRecord keeps the moves of a solution as Solver.OnMove hands them
// over: their letters (see slide.FormatMoves), a byte a move, at most
// limit bytes of them, and the first slide.DefaultSVGMoves of them, for
// the picture and the hint. The Solution then keeps neither its moves, 16
// bytes each, nor its boards: a fast solution of 255 x 255 has tens of
// millions of moves, and the boards of smaller ones take long to replay
// once a budget is spent. A move past limit sets over and calls stop.
type moveRecord struct {
	letters strings.Builder
	first   []slide.Move
	room    int // the bytes of letters made room for at the first move
	limit   int
	over    bool
	stop    func()
	best    bool // whether an anytime search tells each shorter answer (see improves)
}

// newMoveRecord returns a record for an answer on the board b, with
// maxLetters as its limit and room for as many letters as the fast mode
// makes on a random board.
func newMoveRecord(b slide.Board) *moveRecord {
	return &moveRecord{room: near.FastMoves(b.Rows(), b.Cols()) + 1, limit: maxLetters(b.Rows(), b.Cols()), stop: func() {}}
}

// add records the move m.
func (r *moveRecord) add(m slide.Move) {
	if r.over {
		return
	}
	if len(r.first) < slide.DefaultSVGMoves {
		r.first = append(r.first, m)
	}
	var letter string
	if m.Tiles == 1 && m.Dir <= slide.Right {
		letter = "UDLR"[m.Dir : m.Dir+1] // FormatMoves's letter
	} else {
		letter = slide.FormatMoves([]slide.Move{m})
	}
	if r.letters.Len()+len(letter) > r.limit {
		r.over = true
		r.stop()
		return
	}
	if r.letters.Cap() == 0 {
		r.letters.Grow(min(r.room, r.limit))
	}
	r.letters.WriteString(letter)
}

// A hintResult is the answer to hint: the next move, and the length of
// the solution it starts if it is known.
type hintResult struct {
	Solvable bool     `json:"solvable"`
	Move     string   `json:"move"`
	Length   *int     `json:"length,omitempty"`
	Optimal  bool     `json:"optimal"`
	Built    []string `json:"built"`
}

// hint returns the first move of a shortest solution of the board of r,
// past 4 x 4 of the anytime mode's answer within hintBudget, or if it
// has none by then, the fast mode's first move.
func (h Handler) hint(ctx context.Context, r request, tell func(progress)) (any, error) {
	mode := slide.Optimal()
	if !optimalFits(r.Board) {
		mode = slide.Anytime(hintBudget)
	}
	moves := newMoveRecord(r.Board)
	sol, built, err := h.search(ctx, r.Board, mode, slide.TileMoves, moves, tell)
	switch {
	case errors.Is(err, slide.ErrUnsolvable):
		return hintResult{Built: built}, nil
	case errors.Is(err, context.DeadlineExceeded) && ctx.Err() == nil: // the budget was spent before any answer
		move, err := fastMove(ctx, r.Board)
		return hintResult{Solvable: true, Move: move, Built: built}, err
	case err != nil:
		return nil, err
	}
	res := hintResult{Solvable: true, Length: report.Ptr(sol.Len()), Optimal: sol.Optimal, Built: built}
	if len(moves.first) > 0 {
		res.Move = slide.FormatMoves(moves.first[:1])
	}
	return res, nil
}

// fastMove returns the first move of the fast mode's answer for b, which
// is not the goal: the search stops there, long before its answer.
func fastMove(ctx context.Context, b slide.Board) (string, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var first []slide.Move
	s := slide.Solver{Mode: slide.Fast(), Limits: slide.Limits{MaxMemory: searchMemory(b)}, OnMove: func(m slide.Move) {
		if first == nil {
			first = []slide.Move{m}
			cancel()
		}
	}}
	_, err := s.Solve(ctx, b, slide.Goal(b.Rows(), b.Cols()))
	if first != nil {
		return slide.FormatMoves(first), nil
	}
	return "", err
}

// parseName returns the value that parse reads from name, the field
// field of a request, or from def when name is "".
func parseName[T any](name, def, field string, parse func(string) (T, error)) (T, error) {
	if name == "" {
		name = def
	}
	v, err := parse(name)
	if err != nil {
		return v, fmt.Errorf("%q: %s", field, report.Message(err))
	}
	return v, nil
}

// prepared holds the heuristics whose tables Solver.Prepare has made
// ready, in the cache and in memory, by cache folder: the process then
// holds the tables, which a search finds without a look at the disk,
// and Prepare, which looks each time, is not called again. (In
// WebAssembly every look at a file goes through JavaScript, and took
// longer than the search of many a 4 x 4 board.)
var prepared preparedSet

// A preparedSet is a set of heuristics by cache folder.
type preparedSet struct {
	mu sync.Mutex
	m  map[[2]string]bool
}

func (p *preparedSet) has(dir string, h slide.Heuristic) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.m[[2]string{dir, h.String()}]
}

func (p *preparedSet) add(dir string, h slide.Heuristic) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.m == nil {
		p.m = map[[2]string]bool{}
	}
	p.m[[2]string{dir, h.String()}] = true
}
