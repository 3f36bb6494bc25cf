package engine

import "golang.org/x/exp/constraints"

// Cost is the type of move costs and path costs: any integer or float
// type.
type Cost interface {
	constraints.Integer | constraints.Float
}

// An Arc is one move out of a state: the state it leads to and its cost.
type Arc[S any, C Cost] struct {
	To   S
	Cost C
}
