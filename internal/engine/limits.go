package engine

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
)

// Bounds are the bounds a search runs under, as numbers: the root
// package's Limits gives them, with its defaults applied and its refusals
// made, so that a zero field here always means no bound.
type Bounds struct {
	Nodes  int64   // states stored or generated; <= 0: none
	Memory int64   // bytes held; <= 0: none
	Cost   float64 // the answer's cost; <= 0: none
}

// CostBound returns the cost bound, +Inf for none.
func (l Bounds) CostBound() float64 {
	if l.Cost <= 0 {
		return math.Inf(1)
	}
	return l.Cost
}

// MemoryLimit returns the memory bound in bytes, math.MaxInt64 for none.
func (l Bounds) MemoryLimit() int64 {
	if l.Memory <= 0 {
		return math.MaxInt64
	}
	return l.Memory
}

// MemoryBound returns the memory bound in bytes, 0 for none.
func (l Bounds) MemoryBound() int64 { return max(l.Memory, 0) }

// NodeLimit returns the node bound, math.MaxInt32 at most (nodes are numbered
// by int32).
func (l Bounds) NodeLimit() int64 {
	if l.Nodes > 0 && l.Nodes < math.MaxInt32 {
		return l.Nodes
	}
	return math.MaxInt32
}

// NodesLeft returns how many more nodes a call may generate once it has
// generated spent: math.MaxInt64 without a node limit, 0 once it is
// reached.
func (l Bounds) NodesLeft(spent int64) int64 {
	if l.Nodes <= 0 {
		return math.MaxInt64
	}
	return max(0, l.Nodes-spent)
}

// NodeError returns the *LimitError of a call stopped at the node limit
// after the work given.
func (l Bounds) NodeError(expanded, generated int64) *LimitError {
	return &LimitError{Limit: "nodes", Value: l.Nodes, Expanded: expanded, Generated: generated}
}

// CostError returns the error of a call that holds no answer within the
// cost bound, lower being a proven bound on the cost of every answer: a
// NotFound if lower passes the bound (no answer can be within it), else a
// *LimitError (the call found none, though one may exist).
func (l Bounds) CostError(lower int, expanded, generated int64) error {
	if float64(lower) > l.Cost {
		return Errorf(NotFound, "no solution within %v moves: at least %d are needed", l.Cost, lower)
	}
	return &LimitError{Limit: "cost", Value: int64(l.Cost), Expanded: expanded, Generated: generated}
}

// DepthLimit returns the depth a depth-first search may reach when each
// level takes frameBytes, under the memory bound.
func (l Bounds) DepthLimit(frameBytes int64) int {
	mem := l.MemoryLimit()
	if mem/frameBytes > math.MaxInt32 {
		return math.MaxInt32
	}
	return int(mem / frameBytes)
}

// DepthBound returns Cost as a number of moves, math.MaxInt for none:
// rounded down, as a path of whole moves is within Cost only if its
// moves are within the floor. Every search whose moves cost 1 each bounds
// its depth by it, so that a fractional bound reads the same in all.
func (l Bounds) DepthBound() int {
	if b := l.CostBound(); b < math.MaxInt32 {
		return int(b)
	}
	return math.MaxInt
}

// A LimitError reports a search stopped at one of its Bounds, or a weight
// refused at once. It is the root package's LimitError, which names it by
// an alias and documents its fields for users: the searches make the one
// value the caller receives, and its message is the package's.
type LimitError struct {
	Limit     string  // "nodes", "memory", "cost" or "weight"
	Value     int64   // the bound: nodes, bytes, or moves; for "weight", the best answer's moves
	Reach     float64 // for "weight", that answer's moves over the lower bound, rounded up to hundredths
	Expanded  int64   // the work done
	Generated int64
}

// ErrLimit is the sentinel a LimitError wraps: the root package's ErrLimit.
var ErrLimit = errors.New("search limit reached")

// Error says which limit stopped the search, and after how much work.
func (e *LimitError) Error() string {
	switch e.Limit {
	case "memory":
		return fmt.Sprintf("slide: search stopped at its memory limit (%s) after %d expansions",
			FormatBytes(e.Value), e.Expanded)
	case "cost":
		return fmt.Sprintf("slide: search found no solution within its cost limit (%d moves) after %d expansions", e.Value, e.Expanded)
	case "weight":
		return fmt.Sprintf("slide: weight out of reach: the best answer found, %d moves, is within %v of the lower bound", e.Value, e.Reach)
	}
	return fmt.Sprintf("slide: search stopped at its %s limit (%d) after %d expansions", e.Limit, e.Value, e.Expanded)
}

// Unwrap returns ErrLimit.
func (e *LimitError) Unwrap() error { return ErrLimit }

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
