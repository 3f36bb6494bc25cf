package slide

import "github.com/slidekit/slide/internal/engine"

// Limits bound a search; one that reaches a limit returns a *LimitError.
//
// MaxMemory counts, as they are allocated, a search's nodes, index tables,
// queues and layers, the package's boards and positions, and the pattern
// databases Solve would load. A state of your own counts its size plus what
// its Size() int method reports, if it has one (a state holding a string
// or slice should report the bytes it points to); the garbage Successors
// makes is left to runtime/debug.SetMemoryLimit.
//
// With MaxCost a search fails with ErrNotFound as soon as it can tell that
// no path is that cheap; A* and IDA* prune by it, so a small bound keeps
// them small.
type Limits struct {
	MaxNodes  int64   // states stored (A*, BFS) or generated (IDA*); 0: no limit
	MaxMemory int64   // bytes held; 0: DefaultMaxMemory, negative: no limit
	MaxCost   float64 // only a path costing at most this (BFS: moves); 0: no bound
}

// DefaultMaxMemory is the memory bound of Limits{}: 2 GiB.
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

// Error describes the limit, the work done, and how to raise it.
func (e *LimitError) Error() string { return (*engine.LimitError)(e).Error() }

// Unwrap returns ErrLimit.
func (e *LimitError) Unwrap() error { return ErrLimit }
