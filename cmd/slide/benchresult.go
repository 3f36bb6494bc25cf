package main

import (
	"bufio"
	"fmt"
	"io"
	"math"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/report"
)

// benchResult is what solving one instance gave.
type benchResult struct {
	in      benchInstance
	sol     slide.Solution
	seconds float64 // wall-clock seconds of the search
	err     error   // why the instance has no solution
	// cancelled tells that the batch's context had ended when the search
	// returned: its error, if any, is the batch's, which would fail every
	// instance after it alike, and not the instance's own (a limit, a
	// board that cannot reach the goal, a -time the board cannot keep).
	cancelled bool
}

// A benchBatch prints the results of a batch as they come and adds them
// up.
type benchBatch struct {
	flags   *benchFlags
	out     *bufio.Writer
	stderr  io.Writer
	sum     benchTotals
	status  int  // the exit status so far
	stopped bool // the batch stopped early, and status says why
}

// emit prints r's line, flushed, and its failure or wrong claim on
// stderr, and counts it. It returns false, with stopped set, when the
// batch must stop: at an error of the batch's own (see
// benchResult.cancelled), or a failed write.
func (b *benchBatch) emit(r benchResult) bool {
	if r.err != nil && r.cancelled {
		b.out.Flush()
		b.status, b.stopped = failure(b.stderr, "bench", "instance %s: %s", r.in.id, message(r.err)), true
		return false
	}
	b.flags.writeResult(b.out, r)
	if err := b.out.Flush(); err != nil { // no one sees the results: stop
		b.status, b.stopped = failure(b.stderr, "bench", "writing the output: %v", err), true
		return false
	}
	var msg string
	if r.err != nil {
		msg = message(r.err) // its line says so too
	} else {
		msg = b.flags.verdict(r)
	}
	if msg != "" {
		fmt.Fprintf(b.stderr, "slide bench: instance %s: %s\n", r.in.id, oneLine("%s", msg))
		b.status = exitError
	}
	b.sum.add(r)
	return true
}

// writeResult prints r's line: "id moves expanded generated seconds", or
// "id error: MESSAGE" for an instance that failed, or their JSON forms.
func (f *benchFlags) writeResult(w io.Writer, r benchResult) {
	switch {
	case f.json && r.err != nil:
		report.WriteJSON(w, benchErrorJSON{ID: r.in.id, Start: r.in.board.String(), Reference: r.in.optimal, Error: message(r.err)})
	case f.json:
		report.WriteJSON(w, benchJSON{
			ID: r.in.id, Start: r.in.board.String(), Length: r.sol.Len(), Optimal: r.sol.Optimal,
			LowerBound: r.sol.LowerBound, Reference: r.in.optimal, Algorithm: r.sol.Engine,
			Heuristic: r.sol.Heuristic.String(), Metric: slide.TileMoves.String(), Expanded: r.sol.Expanded,
			Generated: r.sol.Generated, Seconds: math.Round(r.seconds*1e6) / 1e6, Workers: r.sol.Workers,
			Moves: slide.FormatMoves(r.sol.Moves),
		})
	case r.err != nil:
		fmt.Fprintf(w, "%s error: %s\n", r.in.id, oneLine("%s", message(r.err)))
	default:
		fmt.Fprintf(w, "%s %d %d %d %.3f\n", r.in.id, r.sol.Len(), r.sol.Expanded, r.sol.Generated, r.seconds)
	}
}

// benchJSON is the JSON form of an instance's result (see benchAbout).
type benchJSON struct {
	ID         string  `json:"id"`
	Start      string  `json:"start"`
	Length     int     `json:"length"`
	Optimal    bool    `json:"optimal"`
	LowerBound int     `json:"lower_bound"`
	Reference  int     `json:"reference"`
	Algorithm  string  `json:"algorithm"`
	Heuristic  string  `json:"heuristic"`
	Metric     string  `json:"metric"`
	Expanded   int64   `json:"expanded"`
	Generated  int64   `json:"generated"`
	Seconds    float64 `json:"seconds"`
	Workers    int     `json:"workers"`
	Moves      string  `json:"moves"`
}

// benchErrorJSON is the JSON form of an instance that failed (see
// benchAbout).
type benchErrorJSON struct {
	ID        string `json:"id"`
	Start     string `json:"start"`
	Reference int    `json:"reference"`
	Error     string `json:"error"`
}

// benchTotals adds up the results of a batch.
type benchTotals struct {
	solved, failed      int
	lengths, references int  // of the solved instances
	unreferenced        bool // a solved instance has no reference: no means line
	expanded, generated int64
	seconds             float64
}

// add counts r.
func (t *benchTotals) add(r benchResult) {
	if r.err != nil {
		t.failed++
		return
	}
	t.solved++
	t.unreferenced = t.unreferenced || r.in.optimal < 0
	t.lengths += r.sol.Len()
	t.references += r.in.optimal
	t.expanded += r.sol.Expanded
	t.generated += r.sol.Generated
	t.seconds += r.seconds
}

// write prints the totals line and, for the near-optimal modes, the
// means line, if any instance was solved: "total INSTANCES EXPANDED
// GENERATED SECONDS" and "mean LENGTH REFERENCE RATIO", over the solved
// instances, each followed by "failed N" when N instances failed.
func (t *benchTotals) write(w io.Writer, means bool) {
	failed := ""
	if t.failed > 0 {
		failed = fmt.Sprintf(" failed %d", t.failed)
	}
	fmt.Fprintf(w, "total %d %d %d %.3f%s\n", t.solved, t.expanded, t.generated, t.seconds, failed)
	if means && t.solved > 0 && !t.unreferenced {
		n := float64(t.solved)
		fmt.Fprintf(w, "mean %.2f %.2f %.4f%s\n", float64(t.lengths)/n, float64(t.references)/n,
			float64(t.lengths)/float64(max(t.references, 1)), failed)
	}
}
