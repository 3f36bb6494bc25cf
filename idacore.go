package slide

import (
	"context"
	"errors"
	"math"

	"github.com/slidekit/slide/internal/idastar"
)

// idaCore is what the specialized IDA* searches (ida16, idaGrid) share:
// the iteration's state, counts and limits (idastar.Core, whose Generate
// they call for every child) and the iteration driver on one goroutine.
// A search embeds it and provides its depth-first step.
type idaCore struct {
	idastar.Core
	// on several workers (see parallelSearch): the iterations split, and
	// the nodes of a trial iteration given up
	splits                     int
	discardedExp, discardedGen int64
}

// run drives the iterations from a root of heuristic h on the caller's
// goroutine: dfs searches one iteration below c.Bound and reports whether
// it found the goal. Paths longer than maxDepth or lim.MaxCost are not
// searched. It returns the number of moves, or -1 with c.Err set.
// Generated counts the root, as Korf's experiments do.
func (c *idaCore) run(ctx context.Context, h, maxDepth int, lim Limits, dfs func() bool) int {
	c.Reset(ctx, lim.MaxNodes)
	if h == 0 {
		return 0
	}
	if maxDepth = min(maxDepth, lim.eng().DepthBound()); h > maxDepth {
		c.Err = notFound("Solve", float64(maxDepth))
		return -1
	}
	if c.Err = ctx.Err(); c.Err != nil {
		return -1
	}
	for c.Bound = h; ; c.Bound = c.Next {
		c.Next = math.MaxInt
		if dfs() {
			return c.Found
		}
		if c.Err != nil {
			c.Err = searchError(c.Err, lim.MaxNodes, maxDepth, c.Expanded, c.Gen)
			return -1
		}
		if c.Next == math.MaxInt || c.Next > maxDepth {
			c.Err = notFound("Solve", float64(maxDepth))
			return -1
		}
	}
}

// searchError returns the library's error for an error of
// internal/idastar, after a search that expanded and generated the nodes
// given: a *LimitError for the node limit maxNodes, ErrNotFound for no
// solution of at most maxDepth moves.
func searchError(err error, maxNodes int64, maxDepth int, expanded, generated int64) error {
	switch {
	case errors.Is(err, idastar.ErrNodeLimit):
		return &LimitError{Limit: "nodes", Value: maxNodes, Expanded: expanded, Generated: generated}
	case errors.Is(err, idastar.ErrNotFound):
		return notFound("Solve", float64(maxDepth))
	}
	return err
}
