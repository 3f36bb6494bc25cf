package tiles

import (
	"context"
	"errors"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/idastar"
)

// Stats count a search's work, for the caller's answer.
type Stats struct {
	Expanded, Generated int64
	Workers             int  // the goroutines the search could use
	Fallback            bool // AutoDatabaseIDA: linear conflicts answered, not the database
}

// IDA solves the board of codes code optimally by IDA* under Manhattan
// distance, and linear conflicts when the space's heuristic is
// LinearConflict, on workers goroutines, within lim: ida16 on boards of
// up to 16 cells with lines of at most 6, idaGrid on the others. It
// returns the blank's cell in every board of the solution, the start's
// included, and counts its work in st. The space must have distinct
// labels and single-tile moves.
func (sp *Space) IDA(ctx context.Context, code []int32, lim engine.Limits, workers int, st *Stats) ([]int, error) {
	blank, n, core, cell := sp.runIDA(ctx, code, lim, workers)
	st.Expanded, st.Generated, st.Workers = core.Expanded, core.Gen, workers
	if n < 0 {
		return nil, core.Err
	}
	moves := []int{blank}
	for i := range n {
		moves = append(moves, cell(i))
	}
	return moves, nil
}

// runIDA runs IDA's search from code on workers goroutines. It returns
// the blank's cell, the number of moves (-1 on failure, with core.Err
// set), the search's core with its counts, and the blank's cell after
// each move.
func (sp *Space) runIDA(ctx context.Context, code []int32, lim engine.Limits, workers int) (blank, n int, core *idaCore, cell func(i int) int) {
	lc := sp.heur.Kind == LinearConflict
	vals := sp.values(code)
	for i, c := range code {
		if c == BlankCode {
			blank = i
		}
	}
	if FitsIDA16(sp.rows, sp.cols) {
		s := newIDA16(sp, lc)
		s.OnCheck = sp.Watch
		var board uint64
		for i, v := range vals {
			board |= uint64(v) << (4 * i)
		}
		if workers > 1 {
			n = s.solveParallel(ctx, board, blank, lim, workers)
		} else {
			n = s.solve(ctx, board, blank, lim)
		}
		return blank, n, &s.idaCore, func(i int) int { return int(s.path[i]) }
	}
	s := newIDAGrid(sp, lc)
	s.OnCheck = sp.Watch
	board := make([]int32, len(vals))
	for i, v := range vals {
		board[i] = int32(v)
	}
	if workers > 1 {
		n = s.solveParallel(ctx, board, blank, lim, workers)
	} else {
		n = s.solve(ctx, board, blank, lim)
	}
	return blank, n, &s.idaCore, func(i int) int { return int(s.path[i]) }
}

// FitsIDA16 reports whether ida16 takes boards of this shape.
func FitsIDA16(rows, cols int) bool {
	return rows*cols <= 16 && rows <= maxTableLine && cols <= maxTableLine
}

// idaCore is what the specialised IDA* searches (ida16, idaGrid) share:
// the iteration's state, counts and limits (idastar.Core, whose Generate
// they call for every child), and on several workers the iterations split
// and the nodes of a trial iteration given up. A search embeds it and
// provides its depth-first step.
type idaCore struct {
	idastar.Core
	splits                     int
	discardedExp, discardedGen int64
}

// run drives the iterations on the caller's goroutine (see
// idastar.Core.Run) from a root of heuristic h: dfs searches one
// iteration below c.Bound. Paths longer than maxDepth or lim's cost bound
// are not searched. It returns the number of moves, or -1 with c.Err set.
func (c *idaCore) run(ctx context.Context, h, maxDepth int, lim engine.Limits, dfs func() bool) int {
	c.Reset(ctx, lim.MaxNodes)
	maxDepth = min(maxDepth, lim.DepthBound())
	if err := c.Run(h, maxDepth, dfs); err != nil {
		c.Err = searchError(err, lim.MaxNodes, maxDepth, c.Expanded, c.Gen)
		return -1
	}
	return c.Found
}

// searchError returns the error of internal/engine for an error of
// internal/idastar, after a search that expanded and generated the nodes
// given: a *engine.LimitError for the node limit maxNodes, a NotFound for
// no solution of at most maxDepth moves.
func searchError(err error, maxNodes int64, maxDepth int, expanded, generated int64) error {
	switch {
	case errors.Is(err, idastar.ErrNodeLimit):
		return &engine.LimitError{Limit: "nodes", Value: maxNodes, Expanded: expanded, Generated: generated}
	case errors.Is(err, idastar.ErrNotFound):
		return engine.ErrNotFound(float64(maxDepth))
	}
	return err
}
