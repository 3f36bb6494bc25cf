package slide

import (
	"context"
	"errors"
	"slices"
	"time"
)

// SolveWithin answers a bounded question: it returns a solution with the
// fewest moves from start to goal if one has at most maxMoves moves, and an
// *Error wrapping ErrNotFound if none has. A negative maxMoves means no
// bound.
//
// It always searches breadth-first from both ends (AlgoBidirectional; see
// BFS.BidirectionalWithin) and stops once the layers searched from the two
// ends add up to maxMoves, so its cost follows the bound rather than the
// distance: it stores the boards within about maxMoves/2 moves of either
// end, however far apart start and goal really are. Before searching it
// answers ErrUnsolvable by the parity rule, as SolveContext does, and
// ErrNotFound at once when the heuristic's estimate of the distance
// already exceeds maxMoves.
//
// The options are SolveContext's: WithMetric and WithLimits apply;
// WithHeuristic picks the estimate (default Auto, the strongest for the
// metric; Zero skips it); WithAlgorithm accepts only AlgoAuto and
// AlgoBidirectional, anything else is ErrOption. Other errors are as for
// SolveContext.
func SolveWithin(ctx context.Context, start, goal Board, maxMoves int, opts ...Option) (Solution, error) {
	const fn = "SolveWithin"
	began := time.Now()
	o := options{}
	for _, opt := range opts {
		opt(&o)
	}
	if o.heur >= numHeuristics || o.metric > LineMoves || o.algo != AlgoAuto && o.algo != AlgoBidirectional {
		return Solution{}, errorf(fn, ErrOption, "unknown heuristic or metric, or an algorithm other than bidirectional BFS")
	}
	t, err := newTarget(fn, goal)
	if err != nil {
		return Solution{}, err
	}
	code, err := t.encode(fn, start)
	if err != nil {
		return Solution{}, err
	}
	if !t.solvable(code) {
		return Solution{}, ErrUnsolvable
	}
	line := o.metric == LineMoves
	sol := Solution{Algorithm: AlgoBidirectional, Heuristic: Zero}
	if maxMoves >= 0 {
		est := newTileSpace(t, o.heur, line)
		vals := est.values(code)
		if h := est.estimate(func(i int) int { return vals[i] }); h > maxMoves {
			sol.Elapsed = time.Since(began)
			return sol, errorf(fn, ErrNotFound, "the distance is at least %d, more than %d moves", h, maxMoves)
		}
	}
	sp := newTileSpace(t, Zero, line)
	var blanks []int
	if sp.n <= 16 {
		goal := packedTile{sp: sp, key: sp.goalPacked, blank: uint8(t.blankGoal)}
		blanks, err = bidirectionalWithin(ctx, sp.packedStart(code), goal, maxMoves, func(s packedTile) int { return int(s.blank) }, packedKey, o.limits, &sol)
	} else {
		goal := gridTile{sp: sp, key: sp.goalGrid, blank: int32(t.blankGoal)}
		blanks, err = bidirectionalWithin(ctx, sp.gridStart(code), goal, maxMoves, func(s gridTile) int { return int(s.blank) }, nil, o.limits, &sol)
	}
	sol.Elapsed = time.Since(began)
	if errors.Is(err, ErrNotFound) {
		return sol, errorf(fn, ErrNotFound, "no solution of at most %d moves", maxMoves)
	}
	if err != nil {
		return sol, err
	}
	sol.Boards, sol.Moves = replay(start, blanks)
	return sol, nil
}

// bidirectionalWithin runs BFS.BidirectionalWithin and returns the blank's
// cell in every board of the path, as runEngine does.
func bidirectionalWithin[S State[S, int]](ctx context.Context, start, goal S, maxMoves int, blankOf func(S) int, key func(S) uint64, lim Limits, sol *Solution) ([]int, error) {
	e := BFS[S, int]{Limits: lim, Key: key}
	res, err := e.BidirectionalWithin(ctx, start, goal, maxMoves)
	sol.Expanded, sol.Generated = res.Expanded, res.Generated
	if err != nil {
		return nil, err
	}
	blanks := make([]int, len(res.Path))
	for i, s := range res.Path {
		blanks[i] = blankOf(s)
	}
	return blanks, nil
}

// BidirectionalWithin is Bidirectional with a bound on the path's length.
// It returns a path from start to goal with the fewest moves if one has at
// most maxMoves moves; otherwise ErrNotFound, as soon as the layers
// searched from the two ends add up to maxMoves without meeting (by then
// any shorter path would have met). A negative maxMoves means no bound, and
// then it is Bidirectional.
//
// Each round widens the smaller frontier by one layer, so the states stored
// are those within about maxMoves/2 moves of either end: a small bound
// keeps the search small however far apart the ends are.
func (b *BFS[S, C]) BidirectionalWithin(ctx context.Context, start, goal S, maxMoves int) (Result[S, C], error) {
	var res Result[S, C]
	if start == goal {
		res.Path = []S{start}
		return res, nil
	}
	// The nodes of both trees share b.nodes and b.index.
	b.nodes = append(b.nodes[:0], bfsNode[S]{state: start, parent: -1}, bfsNode[S]{state: goal, parent: -1, back: true})
	b.index.reset(b.Key)
	b.index.put(start, 0)
	b.index.put(goal, 1)
	fronts := [2][]int32{{0}, {1}}
	maxNodes, which := b.Limits.nodeLimit(b.bytesPerNode(start))
	var next []int32
	// Invariant: no path has depth moves or fewer, depth being the layers
	// searched from both ends together.
	for depth := 0; len(fronts[0]) > 0 && len(fronts[1]) > 0; depth++ {
		if maxMoves >= 0 && depth >= maxMoves {
			break
		}
		dir := 0
		if len(fronts[1]) < len(fronts[0]) {
			dir = 1
		}
		back := dir == 1
		next = next[:0]
		for _, i := range fronts[dir] {
			if res.Expanded%ctxEvery == 0 && ctx.Err() != nil {
				return res, ctx.Err()
			}
			res.Expanded++
			b.arcs = b.nodes[i].state.Successors(b.arcs[:0])
			for _, arc := range b.arcs {
				res.Generated++
				j, seen := b.index.get(arc.To)
				if seen && b.nodes[j].back != back {
					// The first meeting is a shortest path, of depth+1
					// moves: the trees were disjoint before this layer.
					res.Path = b.joinPaths(i, j, back)
					res.Cost = pathCost(res.Path, &b.arcs)
					return res, nil
				}
				if seen {
					continue
				}
				if int64(len(b.nodes)) >= maxNodes {
					return res, &LimitError{Limit: which, Value: b.Limits.limitValue(which, maxNodes), Expanded: res.Expanded, Generated: res.Generated}
				}
				j = int32(len(b.nodes))
				b.nodes = append(b.nodes, bfsNode[S]{state: arc.To, parent: i, back: back})
				b.index.put(arc.To, j)
				next = append(next, j)
			}
		}
		fronts[dir], next = next, fronts[dir]
	}
	return res, ErrNotFound
}

// joinPaths returns the path from the start through node i and its
// neighbor node j, from the other tree, to the goal; back says that i is
// in the goal's tree.
func (b *BFS[S, C]) joinPaths(i, j int32, back bool) []S {
	if back {
		i, j = j, i
	}
	path := b.path(i, nil)
	tail := b.path(j, nil)
	slices.Reverse(tail)
	return append(path, tail...)
}
