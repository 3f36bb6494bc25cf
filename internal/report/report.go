package report

import (
	"encoding/json"
	"io"
	"time"

	"github.com/slidekit/slide"
)

// A Report is the JSON object that solve, check, bfs and blocks print with
// -json: one object on one line of standard output, whatever the outcome
// (errors still go to standard error, as one line, with status 1). Every
// command uses the same names for the same things; a field whose value is
// not known (the length of a solution that was not found, say) is left
// out, and any other is present even when it is zero or empty. The
// schema, as the commands' -h texts and the README give it:
//
//	start        the start: board text (Board.String: the size line and
//	             the rows), a position string for bfs, the puzzle's text
//	             (Blocks.String) for blocks
//	goal         the goal, in the same form; for blocks, in words
//	rows, cols   bfs: the size of the tray
//	max_length   bfs: MAXLENGTH
//	solvable     whether the goal can be reached at all
//	length       the number of moves of the solution found
//	optimal      whether that length is proven to be the fewest
//	lower_bound  a proven lower bound on the fewest moves
//	moves        the moves: for boards a string of U, D, L and R, each the
//	             way a tile slides into the blank, a line move's letter
//	             followed by its tile count ("U2"); for blocks an array of
//	             {"piece", "dir", "distance"}, one a straight slide
//	algorithm    the engine that ran
//	heuristic    the estimate it used
//	metric       what counts as a move: tile or line for boards;
//	             straight, step or piece for blocks
//	expanded     the nodes (positions) expanded
//	generated    the nodes generated
//	seconds      the seconds the work took
type Report struct {
	Start      string  `json:"start"`
	Goal       string  `json:"goal"`
	Rows       int     `json:"rows,omitempty"`
	Cols       int     `json:"cols,omitempty"`
	MaxLength  *int    `json:"max_length,omitempty"`
	Solvable   bool    `json:"solvable"`
	Length     *int    `json:"length,omitempty"`
	Optimal    *bool   `json:"optimal,omitempty"`
	LowerBound *int    `json:"lower_bound,omitempty"`
	Moves      any     `json:"moves,omitempty"` // a string, or []BlockSlide
	Algorithm  string  `json:"algorithm,omitempty"`
	Heuristic  string  `json:"heuristic,omitempty"`
	Metric     string  `json:"metric,omitempty"`
	Expanded   *int64  `json:"expanded,omitempty"`
	Generated  *int64  `json:"generated,omitempty"`
	Seconds    float64 `json:"seconds"`
}

// A BlockSlide is one straight slide of a sliding-block piece in a
// Report's moves: the piece's name, its direction (up, down, left,
// right) and the cells it goes. Under the piece metric one move may be
// several slides of one piece in a row.
type BlockSlide struct {
	Piece    string `json:"piece"`
	Dir      string `json:"dir"`
	Distance int    `json:"distance"`
}

// Solve returns the report of a solve from start to goal under metric
// that began at began; solved is false when the goal cannot be reached,
// and sol is then not used.
func Solve(start, goal slide.Board, metric slide.Metric, sol slide.Solution, solved bool, began time.Time) Report {
	r := Report{Start: start.String(), Goal: goal.String(), Metric: metric.String()}
	if solved {
		r.Solved(sol)
	} else {
		r.Since(began)
	}
	return r
}

// Solved records the solution sol of a board in r.
func (r *Report) Solved(sol slide.Solution) {
	r.Solvable = true
	r.Length, r.Optimal, r.LowerBound = Ptr(sol.Len()), Ptr(sol.Optimal), Ptr(sol.LowerBound)
	r.Moves = slide.FormatMoves(sol.Moves)
	r.Algorithm, r.Heuristic = sol.Engine, sol.Heuristic.String()
	r.Work(sol.Expanded, sol.Generated)
	r.Seconds = sol.Elapsed.Seconds()
}

// SolvedBlocks records the shortest solution sol of a puzzle in r.
func (r *Report) SolvedBlocks(sol slide.BlockSolution) {
	r.Solvable = true
	r.Length, r.Optimal, r.LowerBound = Ptr(sol.Len()), Ptr(true), Ptr(sol.Len())
	slides := []BlockSlide{}
	for _, m := range sol.Moves {
		for _, s := range m.Slides {
			slides = append(slides, BlockSlide{string(m.Name), s.Dir.String(), s.Cells})
		}
	}
	r.Moves = slides
	r.Algorithm, r.Heuristic = "bfs", slide.Zero.String() // as bfs reports its breadth-first searches
	r.Work(sol.Expanded, sol.Generated)
}

// Work records the nodes a search expanded and generated.
func (r *Report) Work(expanded, generated int64) {
	r.Expanded, r.Generated = Ptr(expanded), Ptr(generated)
}

// Since sets r's seconds to the time since began.
func (r *Report) Since(began time.Time) { r.Seconds = time.Since(began).Seconds() }

// Ptr returns a pointer to a copy of v: a known value of a Report.
func Ptr[T any](v T) *T { return &v }

// WriteJSON writes v as one line of JSON, with <, > and & as they are.
// A failed write shows in the writer, which its owner flushes.
func WriteJSON(w io.Writer, v any) {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.Encode(v)
}
