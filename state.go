package slide

import (
	"unsafe"

	"github.com/slidekit/slide/internal/engine"
	"golang.org/x/exp/constraints"
)

// Cost is the type of the moves' and paths' costs in the generic engines.
type Cost interface {
	constraints.Integer | constraints.Float
}

// An Arc is one move of a state: the state it leads to and its cost.
type Arc[S any, C Cost] struct {
	To   S
	Cost C
}

// Node is a state for [AStar], [IDAStar] and [BFS]: a comparable value that
// knows its moves; see also [State].
type Node[S any, C Cost] interface {
	comparable
	Successors(dst []Arc[S, C]) []Arc[S, C] // the moves out, appended to dst, in search order
}

// State is a [Node] that knows its goal test and heuristic.
type State[S any, C Cost] interface {
	Node[S, C]
	Heuristic() C // a lower bound on the cost to a goal, or 0
	IsGoal() bool
}

// A Result is the path a generic engine found and the work it took.
type Result[S any, C Cost] struct {
	Path      []S // from the start to a goal; nil if none
	Cost      C
	Expanded  int64 // states whose successors were generated
	Generated int64
}

type goalMethod interface{ IsGoal() bool }

type heuristicMethod[C Cost] interface{ Heuristic() C }

// tests are the goal test and the heuristic of a search: the engine's
// fields, or else the state's methods. Their methods take a pointer to a
// state the engine already stores, so that calling a state's method
// through an interface allocates nothing.
type tests[S any, C Cost] struct {
	goal      func(S) bool
	h         func(S) C
	hasGoal   bool // goal or the IsGoal method
	hasMethod bool // the Heuristic method
}

// newTests returns the tests of an engine whose fields are goal and h.
func newTests[S any, C Cost](goal func(S) bool, h func(S) C) tests[S, C] {
	t := tests[S, C]{goal: goal, h: h, hasGoal: goal != nil}
	if goal == nil {
		_, t.hasGoal = any((*S)(nil)).(goalMethod)
	}
	if h == nil {
		_, t.hasMethod = any((*S)(nil)).(heuristicMethod[C])
	}
	return t
}

// noGoal is the error of a search that has no goal test.
func noGoal(fn string) error {
	return errorf(fn, ErrOption, "no goal test: set GoalFunc, or give the state an IsGoal method")
}

// An innerState is a state type of the internal packages, whose moves all
// cost 1: the generic engines search it as an inner[T].
type innerState[T any] interface {
	comparable
	Next() []T // the states one move away, in search order, in a slice the next call overwrites
	Heuristic() int
	IsGoal() bool
}

// An inner is a state of the internal packages as the generic engines take
// it.
type inner[T innerState[T]] struct{ s T }

// Successors implements Node with T's Next, each move of cost 1.
func (w inner[T]) Successors(dst []Arc[inner[T], int]) []Arc[inner[T], int] {
	for _, t := range w.s.Next() {
		dst = append(dst, Arc[inner[T], int]{To: inner[T]{t}, Cost: 1})
	}
	return dst
}

// Heuristic implements State with T's.
func (w inner[T]) Heuristic() int { return w.s.Heuristic() }

// IsGoal implements State with T's.
func (w inner[T]) IsGoal() bool { return w.s.IsGoal() }

// Size reports T's Size, if it has one (see stateBytes).
func (w *inner[T]) Size() int {
	if s, ok := any(&w.s).(interface{ Size() int }); ok {
		return s.Size()
	}
	return 0
}

// SetGuard hands g to T's space, if it stores states (see attachGuard).
func (w *inner[T]) SetGuard(g *engine.Guard) { attachGuard(&w.s, g) }

// stored returns a pointer to a copy of s in the engine's own memory, the
// first of its scratch arcs, through which stateBytes and attachGuard look
// at s without allocating.
func stored[S any, C Cost](arcs *[]Arc[S, C], s S) *S {
	*arcs = append((*arcs)[:0], Arc[S, C]{To: s})
	return &(*arcs)[0].To
}

// stateBytes returns the bytes a stored state *p takes, for the memory
// limit: the value itself plus what its Size method reports, if it has
// one, rounded up as the allocator rounds it.
func stateBytes[S any](p *S) int64 {
	size := int64(unsafe.Sizeof(*p))
	if s, ok := any(p).(interface{ Size() int }); ok {
		if n := s.Size(); n > 0 {
			size += engine.AllocSize(int64(n))
		}
	}
	return size
}

// attachGuard hands g to the space of the state *p, if it stores states of
// its own (see engine.Guarded).
func attachGuard[S any](p *S, g *engine.Guard) {
	if s, ok := any(p).(engine.Guarded); ok {
		s.SetGuard(g)
	}
}

// isGoal reports whether *s is a goal.
func (t *tests[S, C]) isGoal(s *S) bool {
	if t.goal != nil {
		return t.goal(*s)
	}
	return any(s).(goalMethod).IsGoal()
}

// heuristic returns the estimate of *s: 0 when there is none.
func (t *tests[S, C]) heuristic(s *S) C {
	switch {
	case t.h != nil:
		return t.h(*s)
	case t.hasMethod:
		return any(s).(heuristicMethod[C]).Heuristic()
	}
	return 0
}

// badCost checks a move's cost and the path cost it makes, g + c: it
// returns an error (ErrCost) if c is negative or not a number, or if the
// sum overflows an integer type.
func badCost[C Cost](fn string, g, c C) error {
	if !(c >= 0) {
		return errorf(fn, ErrCost, "move cost %v is negative or not a number", c)
	}
	if g+c < g {
		return errorf(fn, ErrCost, "path cost %v + %v overflows %T", g, c, g)
	}
	return nil
}

// badEstimate checks a heuristic value h and the f = g + h it makes, as
// badCost does.
func badEstimate[C Cost](fn string, g, h C) error {
	if !(h >= 0) {
		return errorf(fn, ErrCost, "heuristic %v is negative or not a number", h)
	}
	if g+h < g {
		return errorf(fn, ErrCost, "g + h = %v + %v overflows %T", g, h, g)
	}
	return nil
}

// innerKey returns key as the engines' Key of inner[T] states.
func innerKey[T innerState[T]](key func(T) uint64) func(inner[T]) uint64 {
	return func(s inner[T]) uint64 { return key(s.s) }
}
