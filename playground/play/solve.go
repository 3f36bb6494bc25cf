package play

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/input"
	"github.com/slidekit/slide/internal/report"
)

// maxOptimalCells is the most cells of a board that the page solves
// optimally: up to 4 x 4, with pdb663, a shortest solution takes well
// under a second; past it, hours.
const maxOptimalCells = 16

// hintBudget is the time a hint past maxOptimalCells takes.
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
	sol, built, err := h.search(ctx, start, mode, metric, tell)
	solved := err == nil
	if err != nil && !errors.Is(err, slide.ErrUnsolvable) {
		return nil, err
	}
	res := solveResult{Solvable: solved, Report: report.Solve(start, goal, metric, sol, solved, began), Built: built,
		Text: "No solution possible\n"}
	res.Seconds = res.Report.Seconds
	if solved {
		res.Moves, res.Length, res.Optimal, res.LowerBound = slide.FormatMoves(sol.Moves), sol.Len(), sol.Optimal, sol.LowerBound
		res.Expanded, res.Generated = sol.Expanded, sol.Generated
		var text strings.Builder
		report.WriteMoves(&text, sol)
		res.Text = text.String()
	}
	var svg strings.Builder
	if err := report.DrawSolution(&svg, fmt.Sprintf("%d x %d", start.Rows(), start.Cols()), start, sol, solved); err != nil {
		return nil, err
	}
	res.SVG = svg.String()
	return res, nil
}

// solveMode returns the mode that solve's request r asks for: optimal
// (the default), anytime within budget_ms, or fast.
func solveMode(r request) (slide.Mode, error) {
	switch {
	case r.Mode == "anytime" && r.BudgetMS <= 0:
		return slide.Mode{}, fmt.Errorf(`"budget_ms": the anytime mode needs a budget above 0 milliseconds, got %d`, r.BudgetMS)
	case r.Mode == "anytime" && r.BudgetMS > maxBudget.Milliseconds():
		return slide.Mode{}, fmt.Errorf(`"budget_ms": want at most %d (an hour), got %d`, maxBudget.Milliseconds(), r.BudgetMS)
	case r.Mode == "anytime":
		return slide.Anytime(time.Duration(r.BudgetMS) * time.Millisecond), nil
	case r.BudgetMS != 0:
		return slide.Mode{}, fmt.Errorf(`"budget_ms": only the anytime mode takes a budget, not %s`, modeName(r.Mode))
	case r.Mode == "" || r.Mode == "optimal":
		return slide.Optimal(), nil
	case r.Mode == "fast":
		return slide.Fast(), nil
	}
	return slide.Mode{}, fmt.Errorf(`"mode": want optimal, anytime or fast, got %s`, input.Quote(r.Mode))
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
// page's memory bound, pdb663 for an optimal search on 4 x 4 (built
// first if need be, and so named in built), and the progress of the
// builds and the search told to tell. An optimal search is refused past
// maxOptimalCells.
func (h Handler) search(ctx context.Context, start slide.Board, mode slide.Mode, metric slide.Metric, tell func(progress)) (sol slide.Solution, built []string, err error) {
	goal, built := slide.Goal(start.Rows(), start.Cols()), []string{}
	// The moves are taken as they come, so that the Solution does not
	// replay them into boards, which on large boards takes long once the
	// budget is spent; the picture replays the few it shows.
	var moves []slide.Move
	s := slide.Solver{Mode: mode, Metric: metric, Limits: slide.Limits{MaxMemory: maxMemory}, OnMove: func(m slide.Move) { moves = append(moves, m) }}
	defer func() {
		if err == nil {
			sol.Moves = moves
		}
	}()
	if mode == slide.Fast() { // which takes no cache and makes no reports
		sol, err = s.Solve(ctx, start, goal)
		return sol, built, err
	}
	optimal := mode == slide.Optimal()
	if n := start.Len(); optimal && n > maxOptimalCells {
		return sol, built, fmt.Errorf("a shortest solution of %d cells may take hours: the page searches up to %d (4 x 4); choose anytime or fast", n, maxOptimalCells)
	}
	if optimal && start.Rows() == 4 && start.Cols() == 4 && metric == slide.TileMoves {
		s.Heuristic = slide.PDB663
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

// A hintResult is the answer to hint: the next move, and the length of
// the solution it starts.
type hintResult struct {
	Solvable bool     `json:"solvable"`
	Move     string   `json:"move"`
	Length   int      `json:"length"`
	Optimal  bool     `json:"optimal"`
	Built    []string `json:"built"`
}

// hint returns the first move of a shortest solution of the board of r,
// past maxOptimalCells of the anytime mode's answer within hintBudget.
func (h Handler) hint(ctx context.Context, r request, tell func(progress)) (any, error) {
	mode := slide.Optimal()
	if r.Board.Len() > maxOptimalCells {
		mode = slide.Anytime(hintBudget)
	}
	sol, built, err := h.search(ctx, r.Board, mode, slide.TileMoves, tell)
	switch {
	case errors.Is(err, slide.ErrUnsolvable):
		return hintResult{Built: built}, nil
	case err != nil:
		return nil, err
	}
	res := hintResult{Solvable: true, Length: sol.Len(), Optimal: sol.Optimal, Built: built}
	if sol.Len() > 0 {
		res.Move = slide.FormatMoves(sol.Moves[:1])
	}
	return res, nil
}

// parseName returns the value that parse reads from name, the field
// field of a request, or from def when name is "".
func parseName[T any](name, def, field string, parse func(string) (T, error)) (T, error) {
	if name == "" {
		name = def
	}
	v, err := parse(name)
	if err != nil {
		return v, fmt.Errorf("%q: %s", field, errorText(err))
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
