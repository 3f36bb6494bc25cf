package idastar

import (
	"context"
	"errors"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/tiles"
)

// IDA solves the board of codes code of the space sp optimally by IDA*
// under Manhattan distance, and linear conflicts when the space's
// heuristic is tiles.LinearConflict, on workers goroutines, within lim,
// watched by watch (see Core.OnCheck; nil for none): ida16 on boards of up
// to 16 cells with lines of at most 6, idaGrid on the others. It returns
// the blank's cell in every board of the solution, the start's included,
// and counts its work in st. The space must have distinct labels and
// single-tile moves.
func IDA(ctx context.Context, sp *tiles.Space, code []int32, lim engine.Bounds, workers int, watch func(*Core), st *tiles.Stats) ([]int, error) {
	blank, n, core, cell := runIDA(ctx, sp, code, lim, workers, watch)
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
func runIDA(ctx context.Context, sp *tiles.Space, code []int32, lim engine.Bounds, workers int, watch func(*Core)) (blank, n int, core *idaCore, cell func(i int) int) {
	lc := sp.Heuristic().Kind == tiles.LinearConflict
	vals := sp.Values(code)
	for i, c := range code {
		if c == tiles.BlankCode {
			blank = i
		}
	}
	if tiles.FitsLineKeys(sp.Rows(), sp.Cols()) {
		s := newIDA16(sp, lc)
		s.OnCheck = watch
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
	s.OnCheck = watch
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

// idaCore is what the searches of tiles.Space (ida16, idaGrid) share: the
// iteration's state, counts and limits (Core, whose Generate they call for
// every child), and on several workers the iterations split and the nodes
// of a trial iteration given up. A search embeds it and provides its
// depth-first step.
type idaCore struct {
	Core
	splits                     int
	discardedExp, discardedGen int64
}

// run drives the iterations on the caller's goroutine (see Core.Run) from a root of heuristic h: dfs searches one
// iteration below c.Bound. Paths longer than maxDepth or lim's cost bound
// are not searched. It returns the number of moves, or -1 with c.Err set.
func (c *idaCore) run(ctx context.Context, h, maxDepth int, lim engine.Bounds, dfs func() bool) int {
	c.Reset(ctx, lim.Nodes)
	maxDepth = min(maxDepth, lim.DepthBound())
	if err := c.Run(h, maxDepth, dfs); err != nil {
		c.Err = searchError(err, lim.Nodes, maxDepth, c.Expanded, c.Gen)
		return -1
	}
	return c.Found
}

// searchError returns the error of internal/engine for an error of this
// package, after a search that expanded and generated the nodes
// given: a *engine.LimitError for the node limit maxNodes, a NotFound for
// no solution of at most maxDepth moves.
func searchError(err error, maxNodes int64, maxDepth int, expanded, generated int64) error {
	switch {
	case errors.Is(err, ErrNodeLimit):
		return &engine.LimitError{Limit: "nodes", Value: maxNodes, Expanded: expanded, Generated: generated}
	case errors.Is(err, ErrNotFound):
		return engine.ErrNotFound(float64(maxDepth))
	}
	return err
}
