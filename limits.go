package slide

import (
	"math"

	"github.com/slidekit/slide/internal/engine"
)

// Limits bound a search, which fails with a *[LimitError] naming the one
// that stopped it, or at once with [ErrLimit] if its tables do not fit.
// MaxMemory counts nodes, queues, tables and answers, and a state's Size()
// int if it has one. A [Solver] keeps all three in every mode: MaxNodes
// bounds Solution.Generated, all workers' (passed by a board a worker at
// most; in [Fast], a node is a move), and no answer longer than MaxCost is
// returned ([ErrNotFound] where a proven lower bound passes it); a
// fractional MaxCost bounds a count of moves by its floor (80.5 allows 80,
// 0.5 none), in every call alike.
type Limits struct {
	MaxNodes  int64   // states stored (engines A*, BFS) or generated; 0 or < 0: none
	MaxMemory int64   // bytes held; 0: DefaultMaxMemory; < 0: none
	MaxCost   float64 // only paths this cheap (BFS: moves); 0: no bound; < 0, NaN, ±Inf: ErrOption
}

// DefaultMaxMemory is the memory bound of Limits{}: 2 GiB.
const DefaultMaxMemory = 2 << 30

// check returns the ErrOption error, as function fn, of a limit out of
// range: a cost bound that is negative, NaN or infinite.
func (l Limits) check(fn string) error {
	if l.MaxCost < 0 || math.IsNaN(l.MaxCost) || math.IsInf(l.MaxCost, 0) {
		return errorf(fn, ErrOption, "Limits.MaxCost %v: want 0 (no bound) or a finite number above 0", l.MaxCost)
	}
	return nil
}

// eng returns l as the internal packages take it: the bounds as numbers,
// DefaultMaxMemory for a MaxMemory of 0, and 0 for none.
func (l Limits) eng() engine.Bounds {
	b := engine.Bounds{Nodes: max(l.MaxNodes, 0), Memory: l.MaxMemory, Cost: max(l.MaxCost, 0)}
	switch {
	case l.MaxMemory == 0:
		b.Memory = DefaultMaxMemory
	case l.MaxMemory < 0:
		b.Memory = 0
	}
	return b
}

// A LimitError reports a search stopped by its [Limits], or a [Weighted]
// factor refused at once: Weighted(Reach) returns the answer. Its Error
// says which limit stopped the search, and after how much work; it wraps
// [ErrLimit]. Its fields:
//
//	Limit     string  // "nodes", "memory", "cost" or "weight"
//	Value     int64   // the bound: nodes, bytes, or moves; for "weight", the best answer's moves
//	Reach     float64 // for "weight", that answer's moves over the lower bound, rounded up to hundredths
//	Expanded  int64   // the work done
//	Generated int64
//
// It is defined in an internal package, where the searches make it.
type LimitError = engine.LimitError

// limitsOf returns b as the generic engines take it, the inverse of
// Limits.eng.
func limitsOf(b engine.Bounds) Limits {
	l := Limits{MaxNodes: b.Nodes, MaxMemory: b.Memory, MaxCost: b.Cost}
	if b.Memory <= 0 {
		l.MaxMemory = -1
	}
	return l
}
