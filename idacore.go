package slide

import (
	"context"
	"math"
	"time"
)

// idaCore is what the specialized IDA* searches (ida16, idaGrid) share:
// the iteration driver, the counts and the limits. A search embeds it,
// provides its depth-first step, and calls generate for every child.
type idaCore struct {
	bound, next   int // this iteration's bound; the least f seen above it
	found         int // moves in the solution, -1 while none
	expanded, gen int64
	maxNodes      int64
	every         int64 // generate looks at the context every every+1 children
	checked       time.Time
	ctx           context.Context
	err           error
}

// run drives the iterations from a root of heuristic h: dfs searches one
// iteration below c.bound and reports whether it found the goal. Paths
// longer than maxDepth or lim.MaxCost are not searched. It returns the
// number of moves, or -1 with c.err set. Generated counts the root, as
// Korf's experiments do.
func (c *idaCore) run(ctx context.Context, h, maxDepth int, lim Limits, dfs func() bool) int {
	c.ctx, c.err, c.found, c.expanded, c.gen = ctx, nil, -1, 0, 1
	c.every, c.checked = 1<<10-1, time.Now()
	c.maxNodes = lim.MaxNodes
	if c.maxNodes <= 0 {
		c.maxNodes = math.MaxInt64
	}
	if h == 0 {
		return 0
	}
	if maxDepth = min(maxDepth, lim.depthBound()); h > maxDepth {
		c.err = notFound("Solve", float64(maxDepth))
		return -1
	}
	if c.err = ctx.Err(); c.err != nil {
		return -1
	}
	for c.bound = h; ; c.bound = c.next {
		c.next = math.MaxInt
		if dfs() {
			return c.found
		}
		if c.err != nil {
			return -1
		}
		if c.next == math.MaxInt || c.next > maxDepth {
			c.err = notFound("Solve", float64(maxDepth))
			return -1
		}
	}
}

// generate counts a child and reports whether the search may go on: it
// looks at the context every so many children, from 2^10 to 2^16, as
// many as take a few milliseconds (a child of the 15-puzzle takes 20 ns,
// of a 200 x 200 board over a microsecond), and enforces the node limit.
func (c *idaCore) generate() bool {
	c.gen++
	return c.gen&c.every != 0 && c.gen <= c.maxNodes || c.check()
}

// check is generate's rare path.
func (c *idaCore) check() bool {
	if c.gen > c.maxNodes {
		c.err = &LimitError{Limit: "nodes", Value: c.maxNodes, Expanded: c.expanded, Generated: c.gen}
		return false
	}
	if c.err = c.ctx.Err(); c.err != nil {
		return false
	}
	switch now := time.Now(); {
	case c.ctx.Done() == nil: // never cancelled: mind the node limit only
		c.every = 1<<16 - 1
	case now.Sub(c.checked) < 2*time.Millisecond && c.every < 1<<16-1:
		c.every = c.every<<1 | 1
		c.checked = now
	case now.Sub(c.checked) > 20*time.Millisecond && c.every > 1<<8-1:
		c.every >>= 1
		c.checked = now
	default:
		c.checked = now
	}
	return true
}

// depthBound returns MaxCost as a number of moves, math.MaxInt for none.
func (l Limits) depthBound() int {
	if b := l.maxCost(); b < math.MaxInt32 {
		return int(b)
	}
	return math.MaxInt
}
