package idastar

import (
	"context"
	"errors"
	"math"

	"github.com/slidekit/slide/internal/engine"
)

// ErrNodeLimit is a search's error once it generates more nodes than its
// limit allows.
var ErrNodeLimit = errors.New("node limit reached")

// checkEvery is how often, in generated nodes, Generate takes its rare
// path even below the node limit: to look at the context and, on several
// workers, at the other workers' outcome and the shared node budget.
const checkEvery = 1 << 16

// A Core is the state a depth-first search carries through an IDA*
// iteration: the bound, the counts and the limits. The search embeds it
// and calls Generate for every child it generates.
type Core struct {
	Bound int // this iteration's bound on f = g + h
	Next  int // the least f seen above Bound: the next iteration's bound
	// Split, when positive, is a depth whose nodes the search records as
	// frontier nodes (see Tree) instead of searching below them. A search
	// checks it where it would recurse into a child, so the root (depth 0)
	// is never recorded.
	Split      int
	Found      int   // moves in the solution, -1 while none
	Iterations int   // the bounds Run has tried
	Expanded   int64 // nodes whose children were generated
	Gen        int64 // children generated (plus the root, for the search that starts at it)
	// MaxNodes is the count of Gen above which Generate takes its rare
	// path: the node limit for a search on one worker, the end of the
	// worker's share of the budget on several.
	MaxNodes int64
	Ctx      context.Context
	Err      error // why the search stopped, nil if it did not
	// OnCheck, if set, is called on Generate's rare path, from the
	// worker's goroutine, while the search goes on: about every 2^16
	// generated nodes on one worker, 2^12 on several. It is how a caller
	// watches a long search (a progress report) without slowing its
	// common path. Reported is OnCheck's to keep: the Gen it last
	// accounted for. Reset keeps OnCheck and clears Reported.
	OnCheck  func(c *Core)
	Reported int64

	sh       *shared // the parallel search this Core works for, nil on one worker
	task     int64   // the frontier node the worker searches below, -1 when none
	ended    int64   // the task that ended the worker's iteration (goal or error), -1 when none
	claimed  int64   // the Gen up to which the worker's share of the node budget reaches
	trialEnd int64   // the Gen at which a trial iteration gives up (math.MaxInt64 outside trials)
}

// Reset prepares c for a search on one goroutine: no solution yet, the
// root counted, the node limit maxNodes (none if it is not positive).
func (c *Core) Reset(ctx context.Context, maxNodes int64) {
	*c = Core{Ctx: ctx, Found: -1, Gen: 1, MaxNodes: maxNodes, OnCheck: c.OnCheck, task: -1, ended: -1, trialEnd: math.MaxInt64}
	if maxNodes <= 0 {
		c.MaxNodes = math.MaxInt64
	}
}

// Generate counts a child and reports whether the search may go on. It
// looks at the context every 2^16 children (2^12 on several workers) and
// enforces the node limit; on several workers it also stops a worker
// whose work another worker's outcome has made useless. Its common path is
// a few instructions and is inlined.
func (c *Core) Generate() bool {
	c.Gen++
	return c.Gen&(checkEvery-1) != 0 && c.Gen <= c.MaxNodes || c.check()
}

// check is Generate's rare path.
func (c *Core) check() bool {
	if c.sh != nil {
		return c.sh.check(c)
	}
	if c.Gen > c.MaxNodes {
		c.Err = ErrNodeLimit
		return false
	}
	engine.Yield() // lets a deadline's timer fire on one thread
	if c.Err = c.Ctx.Err(); c.Err != nil {
		return false
	}
	if c.OnCheck != nil {
		c.OnCheck(c)
	}
	return true
}

// Run searches from a root of heuristic h on the caller's goroutine, one
// iteration at a time, for paths of at most maxDepth moves: dfs searches
// the tree below c.Bound and reports whether it found a goal, whose length
// it leaves in c.Found. Call Reset first. Run returns nil once a goal is
// found (a root of heuristic 0 is the goal: Found is 0 and dfs is not
// called), or an error: the context's, ErrNotFound when no path of at
// most maxDepth moves is left, or the search's own (c.Err, such as
// ErrNodeLimit). Every goal an iteration finds is a shortest solution
// (see Parallel).
func (c *Core) Run(h, maxDepth int, dfs func() bool) error {
	if h == 0 {
		c.Found = 0
		return nil
	}
	if h > maxDepth {
		return ErrNotFound
	}
	for c.Bound = h; ; c.Bound = c.Next {
		c.Iterations++
		if err := c.Ctx.Err(); err != nil {
			return err
		}
		c.Next = math.MaxInt
		if dfs() {
			return nil
		}
		if c.Err != nil {
			return c.Err
		}
		if c.Next == math.MaxInt || c.Next > maxDepth {
			return ErrNotFound
		}
	}
}
