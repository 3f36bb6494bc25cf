package engine

import (
	"fmt"
	"math"
	"math/bits"
)

// Limits bound a search, as the root package's Limits (the same fields,
// so that one converts to the other): MaxNodes the states it stores or
// generates (0: none), MaxMemory its bytes (0: DefaultMaxMemory, negative:
// none), MaxCost the cost of its answer (0: none).
type Limits struct {
	MaxNodes  int64
	MaxMemory int64
	MaxCost   float64
}

// DefaultMaxMemory is the memory bound of Limits whose MaxMemory is 0.
const DefaultMaxMemory = 2 << 30

// CostBound returns the cost bound, +Inf for none.
func (l Limits) CostBound() float64 {
	if l.MaxCost <= 0 {
		return math.Inf(1)
	}
	return l.MaxCost
}

// Memory returns the memory bound in bytes, math.MaxInt64 for none.
func (l Limits) Memory() int64 {
	switch {
	case l.MaxMemory == 0:
		return DefaultMaxMemory
	case l.MaxMemory < 0:
		return math.MaxInt64
	}
	return l.MaxMemory
}

// MemoryBound returns the memory bound in bytes, 0 for none.
func (l Limits) MemoryBound() int64 {
	switch {
	case l.MaxMemory == 0:
		return DefaultMaxMemory
	case l.MaxMemory < 0:
		return 0
	}
	return l.MaxMemory
}

// Nodes returns the node bound, math.MaxInt32 at most (nodes are numbered
// by int32).
func (l Limits) Nodes() int64 {
	if l.MaxNodes > 0 && l.MaxNodes < math.MaxInt32 {
		return l.MaxNodes
	}
	return math.MaxInt32
}

// NodesLeft returns how many more nodes a call may generate once it has
// generated spent: math.MaxInt64 without a node limit, 0 once it is
// reached.
func (l Limits) NodesLeft(spent int64) int64 {
	if l.MaxNodes <= 0 {
		return math.MaxInt64
	}
	return max(0, l.MaxNodes-spent)
}

// NodeError returns the *LimitError of a call stopped at the node limit
// after the work given.
func (l Limits) NodeError(expanded, generated int64) *LimitError {
	return &LimitError{Limit: "nodes", Value: l.MaxNodes, Expanded: expanded, Generated: generated}
}

// CostError returns the error of a call that holds no answer within the
// cost bound, lower being a proven bound on the cost of every answer: a
// NotFound if lower passes the bound (no answer can be within it), else a
// *LimitError (the call found none, though one may exist).
func (l Limits) CostError(lower int, expanded, generated int64) error {
	if float64(lower) > l.MaxCost {
		return Errorf(NotFound, "no solution within %v moves: at least %d are needed", l.MaxCost, lower)
	}
	return &LimitError{Limit: "cost", Value: int64(l.MaxCost), Expanded: expanded, Generated: generated}
}

// DepthLimit returns the depth a depth-first search may reach when each
// level takes frameBytes, under the memory bound.
func (l Limits) DepthLimit(frameBytes int64) int {
	mem := l.Memory()
	if mem/frameBytes > math.MaxInt32 {
		return math.MaxInt32
	}
	return int(mem / frameBytes)
}

// DepthBound returns MaxCost as a number of moves, math.MaxInt for none:
// rounded down, as a path of whole moves is within MaxCost only if its
// moves are within the floor. Every search whose moves cost 1 each bounds
// its depth by it, so that a fractional bound reads the same in all.
func (l Limits) DepthBound() int {
	if b := l.CostBound(); b < math.MaxInt32 {
		return int(b)
	}
	return math.MaxInt
}

// A LimitError reports a search stopped by its Limits, as the root
// package's LimitError (the same fields).
type LimitError struct {
	Limit     string  // "nodes", "memory", "cost" or "weight"
	Value     int64   // the bound: nodes, bytes, or moves; for "weight", the best answer's moves
	Reach     float64 // for "weight", the least weight that answer meets
	Expanded  int64
	Generated int64
}

// Error describes the limit, the work done before it, and how to raise
// it.
func (e *LimitError) Error() string {
	switch e.Limit {
	case "memory":
		return fmt.Sprintf("search stopped at its memory limit (%s) after %d expansions",
			FormatBytes(e.Value), e.Expanded)
	case "cost":
		return fmt.Sprintf("search found no solution within its cost limit (%d moves) after %d expansions", e.Value, e.Expanded)
	case "weight":
		return fmt.Sprintf("weight out of reach: the best answer found, %d moves, is within %v of the lower bound", e.Value, e.Reach)
	}
	return fmt.Sprintf("search stopped at its %s limit (%d) after %d expansions", e.Limit, e.Value, e.Expanded)
}

// FormatBytes writes a number of bytes for people, in binary units:
// "512 B", "10 MiB", "1.5 GiB" (three significant digits at most).
func FormatBytes(n int64) string {
	units := []string{"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"}
	v, u := float64(n), 0
	for v >= 1024 && u < len(units)-1 {
		v /= 1024
		u++
	}
	if u == 0 {
		return fmt.Sprintf("%d B", n)
	}
	return fmt.Sprintf("%.3g %s", v, units[u])
}

// AllocSize returns n rounded up about as the Go allocator rounds a block
// of n bytes: to a multiple of 8, then to within an eighth of a power of
// two.
func AllocSize(n int64) int64 {
	if n <= 16 {
		return (n + 7) &^ 7
	}
	step := max(8, int64(1)<<(bits.Len64(uint64(n-1))-3))
	return (n + step - 1) &^ (step - 1)
}
