package slide

import (
	"context"
	"errors"
	"math/rand/v2"

	"github.com/slidekit/slide/internal/blocks"
)

// Farthest "unsolves" b: it returns a position b's moves reach farthest
// from solved in s.Metric, or [ErrUnsolvable]; MaxCost is refused.
func (s BlockSolver) Farthest(ctx context.Context, b Blocks) (BlockSolution, error) {
	const fn = "BlockSolver.Farthest"
	var far uint64
	dist := -1
	sp, err := s.goalLayers(ctx, fn, b, func(depth int, layer []uint64) bool {
		far, dist = layer[0], depth
		return true
	})
	if err != nil {
		return BlockSolution{}, err
	}
	return s.solveAt(ctx, fn, sp, b, far, dist)
}

// Random returns a position b's moves reach, moves moves from solved in
// s.Metric, drawn uniformly by rng.IntN (equal pieces alike unless
// DistinctPieces); errors as Farthest's and [ErrOption].
func (s BlockSolver) Random(ctx context.Context, b Blocks, moves int, rng *rand.Rand) (BlockSolution, error) {
	const fn = "BlockSolver.Random"
	switch {
	case rng == nil:
		return BlockSolution{}, errorf(fn, ErrOption, "the random generator is nil")
	case moves < 0:
		return BlockSolution{}, errorf(fn, ErrOption, "%d moves: want 0 or more", moves)
	}
	var at uint64
	found, last := false, 0
	sp, err := s.goalLayers(ctx, fn, b, func(depth int, layer []uint64) bool {
		last = depth
		if depth == moves {
			at, found = layer[rng.IntN(len(layer))], true
			return false
		}
		return true
	})
	switch {
	case err != nil:
		return BlockSolution{}, err
	case !found:
		return BlockSolution{}, errorf(fn, ErrOption, "%s: the farthest positions of the puzzle lie %s from a solved one", moveCount(moves, ""), moveCount(last, s.Metric.String()))
	}
	return s.solveAt(ctx, fn, sp, b, at, moves)
}

// goalLayers checks s and b for the call fn and visits the layers of b's
// component by distance from its solved positions (see
// blocks.Space.GoalLayers).
func (s BlockSolver) goalLayers(ctx context.Context, fn string, b Blocks, visit func(int, []uint64) bool) (*blocks.Space, error) {
	if err := refuseStart(fn, ctx, s.Limits); err != nil {
		return nil, err
	}
	if s.Limits.MaxCost != 0 {
		return nil, unused(fn, "BlockSolver.Limits.MaxCost", "the search explores the whole component of the puzzle")
	}
	sp, err := newBlockSpace(fn, b, s)
	if err != nil {
		return nil, err
	}
	if sp.Kind() == blocks.WideStates {
		return nil, errorf(fn, ErrLimit, "the puzzle's positions take more than 64 bits each: too many to search them all")
	}
	err = toError(fn, sp.GoalLayers(ctx, sp.Pack64(sp.StartCodes()), s.Limits.eng(), visit))
	if errors.Is(err, ErrNotFound) {
		return nil, errorf(fn, ErrUnsolvable, "no position that the puzzle's moves reach is solved (%s)", s.Goal.Describe(b))
	}
	return sp, err
}

// solveAt returns the shortest solution of the position of key, which
// lies dist moves from a solved one, checking its length.
func (s BlockSolver) solveAt(ctx context.Context, fn string, sp *blocks.Space, b Blocks, key uint64, dist int) (BlockSolution, error) {
	ps := sp.Pieces(key)
	at := make([]Piece, len(ps))
	for i, p := range ps {
		q := b.Piece(i)
		at[i] = Piece{Row: p.Row, Col: p.Col, Width: q.Width, Height: q.Height, Motion: q.Motion, Name: q.Name}
	}
	pos := makeBlocks(b.Rows(), b.Cols(), at)
	sol, err := s.Solve(ctx, pos)
	if err != nil {
		return sol, renamed(err, fn)
	}
	if sol.Len() != dist {
		return sol, errorf(fn, nil, "internal error: the position found lies %d moves from a solved one, its solution has %d", dist, sol.Len())
	}
	return sol, nil
}
