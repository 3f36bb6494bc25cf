package slide

import "github.com/slidekit/slide/internal/engine"

// Limits bound a search. The zero value gives a search no node limit and
// the DefaultMaxMemory bound; a search that reaches a limit returns a
// *LimitError.
type Limits struct {
	// MaxNodes bounds the states a search stores (A*, BFS) or generates
	// (IDA*). 0 means no limit.
	MaxNodes int64
	// MaxMemory bounds the bytes a search holds: its nodes, index tables,
	// queues and layers, the boards or positions of the package's own
	// puzzles, and the pattern databases Solve would load, counted as they
	// are allocated (a table that grows is counted with the one it
	// replaces, which lingers until the garbage collector frees it).
	// For states of your own, the engines count each stored state as its
	// size plus what its Size method reports, if it has one (a state
	// holding a string or slice should report the bytes it points to); the
	// garbage your Successors makes is the garbage collector's to bound
	// (see runtime/debug.SetMemoryLimit). 0 means DefaultMaxMemory;
	// negative means no limit.
	MaxMemory int64
	// MaxCost bounds the answer: a search returns only a path costing at
	// most MaxCost (BFS counts moves), and ErrNotFound when there is none,
	// as soon as it can tell. A* and IDA* prune states whose g + h exceeds
	// it, so a small bound also keeps the search small. 0 means no bound
	// (a path of cost 0 is only ever the start, which every search tests
	// first).
	MaxCost float64
}

// DefaultMaxMemory is the memory bound of a search whose Limits leave
// MaxMemory 0: 2 GiB.
const DefaultMaxMemory = 2 << 30

// eng returns l as the internal packages take it.
func (l Limits) eng() engine.Limits { return engine.Limits(l) }

// A LimitError reports a search stopped by its Limits. It wraps ErrLimit.
type LimitError struct {
	Limit     string // "nodes" or "memory"
	Value     int64  // the bound: nodes, or bytes
	Expanded  int64
	Generated int64
}

// Error describes the limit, the work done before it, and how to raise
// it.
func (e *LimitError) Error() string { return (*engine.LimitError)(e).Error() }

// Unwrap returns ErrLimit.
func (e *LimitError) Unwrap() error { return ErrLimit }
