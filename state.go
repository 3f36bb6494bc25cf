package slide

import (
	"github.com/slidekit/slide/internal/engine"
	"golang.org/x/exp/constraints"
)

// Cost is the type of move and path costs.
type Cost interface {
	constraints.Integer | constraints.Float
}

// An Arc is one move: the state it leads to, To, and its Cost.
type Arc[S any, C Cost] = engine.Arc[S, C]

// Node is what a state must be for the generic engines: a comparable value
// that knows its moves, equal for equal positions. The goal test and the
// heuristic come from the engines' fields or the state's methods (see
// State):
//
//	type cell struct{ r, c int }
//	func (p cell) Successors(dst []slide.Arc[cell, int]) []slide.Arc[cell, int] { ... }
//
//	bfs := slide.BFS[cell, int]{GoalFunc: func(p cell) bool { return p == cell{9, 9} }}
type Node[S any, C Cost] interface {
	comparable
	Successors(dst []Arc[S, C]) []Arc[S, C] // the moves out, appended to dst, in search order
}

// State is a Node that knows its goal test and heuristic.
type State[S any, C Cost] interface {
	Node[S, C]
	Heuristic() C // a lower bound on the cost to a goal, or 0
	IsGoal() bool
}

// A Result is the path a search found and the work it took, also reported
// with its errors.
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
