package slide

import (
	"github.com/slidekit/slide/internal/engine"
	"golang.org/x/exp/constraints"
)

// Cost is the type of move costs and path costs: any integer or float type.
// Integer costs with small path costs (below 65536) get a bucket queue in
// A*; others a binary heap. A path cost that overflows an integer type is
// an error (ErrCost), never a wrong answer.
type Cost interface {
	constraints.Integer | constraints.Float
}

// An Arc is one move out of a state: the state it leads to (its field To)
// and its cost (its field Cost). Successors builds them as
// Arc[S, C]{To: next, Cost: 1}.
type Arc[S any, C Cost] = engine.Arc[S, C]

// Node is the least a state must be for the generic engines (AStar,
// IDAStar, BFS) to search it: a comparable value that knows its moves. S
// is the implementing type itself. The engines learn the rest from their
// GoalFunc and HeuristicFunc fields, or, when those are nil, from the
// state's own IsGoal and Heuristic methods (see State), so a state need
// not carry the target it is searched for:
//
//	type cell struct{ r, c int }
//	func (p cell) Successors(dst []slide.Arc[cell, int]) []slide.Arc[cell, int] { ... }
//
//	exit := cell{9, 9}
//	bfs := slide.BFS[cell, int]{GoalFunc: func(p cell) bool { return p == exit }}
//
// States are compared with == and used as map keys, so two values for the
// same position must be equal: keep them small and canonical (packed
// integers, strings, small arrays; a pointer to shared read-only data is
// fine). Moves are costed by Arc.Cost, which must not be negative.
type Node[S any, C Cost] interface {
	comparable
	// Successors appends the moves out of the state to dst and returns the
	// extended slice. The engines pass a reused buffer, so an implementation
	// that only appends allocates nothing. The order of the moves fixes the
	// order of the search, and so which of several optimal paths is found.
	Successors(dst []Arc[S, C]) []Arc[S, C]
}

// State is a Node that also knows whether it is a goal and an estimate of
// its distance to one, the defaults of the engines' GoalFunc and
// HeuristicFunc:
//
//	type pos struct{ x, y int }
//	func (p pos) Successors(dst []slide.Arc[pos, int]) []slide.Arc[pos, int] { ... }
//	func (p pos) Heuristic() int { ... }
//	func (p pos) IsGoal() bool { ... }
type State[S any, C Cost] interface {
	Node[S, C]
	// Heuristic returns a lower bound on the cost from the state to the
	// nearest goal. A* and IDA* find an optimal path when it never
	// overestimates (is admissible); return 0 when there is none to give.
	Heuristic() C
	// IsGoal reports whether the state is a goal.
	IsGoal() bool
}

// A Result reports a search: the path found and how much work it took.
// Engines return the counts with their errors too.
type Result[S any, C Cost] struct {
	Path      []S   // the states from the start to a goal, both included; nil if none
	Cost      C     // the sum of the move costs along Path
	Expanded  int64 // states whose successors were generated
	Generated int64 // successors generated, duplicates included
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
