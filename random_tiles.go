package slide

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strconv"
	"time"

	"github.com/slidekit/slide/internal/deal"
	"github.com/slidekit/slide/internal/tiles"
)

// Random deals a board moves tile moves from goal, and a solution from it:
// under [Optimal], up to 25 cells, a shortest one, drawn by rng uniformly
// up to 10 cells, approximately beyond; under [Fast], on any board of
// distinct tiles, a walk from goal to a Manhattan distance of moves, its
// LowerBound. [ErrOption] refuses what docs/LIBRARY.md lists; [ErrNotFound]
// says no board is that far. The same rng state, settings and goal give
// the same board (Workers 1).
func (s Solver) Random(ctx context.Context, goal Board, moves int, rng *rand.Rand) (Solution, error) {
	const fn = "Solver.Random"
	began := time.Now()
	if ctx == nil {
		return Solution{}, nilContext(fn)
	}
	t, err := s.target(fn, s.check, goal)
	if err != nil {
		return Solution{}, err
	}
	kind := s.Mode.kind
	switch {
	case rng == nil:
		return Solution{}, errorf(fn, ErrOption, "the random generator is nil")
	case moves < 0:
		return Solution{}, errorf(fn, ErrOption, "%d moves: want 0 or more", moves)
	case kind != optimal && kind != fast:
		return Solution{}, unused(fn, "Solver.Mode", "Random deals in the Optimal or Fast mode, not "+s.Mode.String())
	case s.Metric != TileMoves:
		return Solution{}, unused(fn, "Solver.Metric", "Random counts tile moves")
	case s.OnMove != nil:
		return Solution{}, unused(fn, "Solver.OnMove", "Random returns its solution's moves")
	}
	if most, ok := farthestKnown(t); ok && moves > most {
		return Solution{}, errorf(fn, ErrOption, "%s: no %d x %d board lies farther than %s from this goal", moveCount(moves, ""), t.Rows, t.Cols, moveCount(most, ""))
	}
	var sol Solution
	switch {
	case kind == fast:
		sol, err = s.randomWalk(ctx, goal, t, moves, rng)
	case goal.Len() > maxOptimalDeal:
		return Solution{}, errorf(fn, ErrOption, "a %d x %d board is past optimal reach (at most %d cells); the Fast mode deals one by its Manhattan distance", t.Rows, t.Cols, maxOptimalDeal)
	default:
		sol, err = s.randomOptimal(ctx, goal, t, moves, rng)
	}
	if err != nil {
		return Solution{}, renamed(toError(fn, err), fn)
	}
	sol.Elapsed = time.Since(began)
	return sol, nil
}

// maxOptimalDeal is the most cells of a board that Random deals in the
// Optimal mode: 5 x 5.
const maxOptimalDeal = 25

// The bounds of Random's exact and approximate draws (see Solver.Random).
const (
	enumerateCells = 10      // boards this small have their layers searched in full
	maxDealLayer   = 1 << 13 // on larger boards, the most boards of a layer searched
	dealDraws      = 4       // boards drawn to find one far enough
	dealPicks      = 64      // boards drawn for each but the first, the farthest by its lower bound kept
	dealClimbs     = 16      // walks outward, each from a new start
	climbSolves    = 32      // the searches that find no step after which a walk outward stops
	dealNodes      = 1 << 23 // the most nodes of the search of a board drawn or walked to
	walkStepBytes  = 32      // the memory of a move of a walk: the blank's cell and the Move
)

// farthest is the greatest distance, in tile moves, of a board from the
// goal of distinct tiles whose blank lies in a corner, by size (rows at
// most cols): exhaustive searches listed in OEIS A151944 (4 x 4: Brüngger
// et al. 1999; 2 x 7, 2 x 8, 3 x 5: Korf 2008), the others checked by
// the breadth-first search of the tests.
var farthest = map[[2]int]int{
	{2, 2}: 6, {2, 3}: 21, {2, 4}: 36, {2, 5}: 55, {2, 6}: 80, {2, 7}: 108, {2, 8}: 140,
	{3, 3}: 31, {3, 4}: 53, {3, 5}: 84, {4, 4}: 80,
}

// farthestKnown returns the greatest distance of a board from the goal t,
// if known: on a line, the blank's way to the farther end; else from the
// table farthest.
func farthestKnown(t *tiles.Goal) (int, bool) {
	if t.Rows == 1 || t.Cols == 1 {
		n := t.Rows * t.Cols
		return max(t.BlankGoal, n-1-t.BlankGoal), true
	}
	r, c := t.BlankGoal/t.Cols, t.BlankGoal%t.Cols
	if !t.Distinct || r != 0 && r != t.Rows-1 || c != 0 && c != t.Cols-1 {
		return 0, false
	}
	most, ok := farthest[[2]int{min(t.Rows, t.Cols), max(t.Rows, t.Cols)}]
	return most, ok
}

// randomOptimal is Random in the Optimal mode, on a board of at most
// maxOptimalDeal cells.
func (s Solver) randomOptimal(ctx context.Context, goal Board, t *tiles.Goal, moves int, rng *rand.Rand) (Solution, error) {
	const fn = "Solver.Random"
	if goal.Len() <= 16 {
		maxLayer := maxDealLayer
		if goal.Len() <= enumerateCells {
			maxLayer = 0
		}
		sp := tiles.NewSpace(t, Zero.tiles(), false)
		code, _ := encode(fn, t, goal)
		layer, deepest, err := deal.Layer(ctx, sp.PackedStart(code), moves, maxLayer, s.Limits.eng())
		switch {
		case err != nil:
			return Solution{}, err
		case layer != nil:
			p := layer[rng.IntN(len(layer))]
			b, _ := NewLabeled(goal.Rows(), goal.Cols(), sp.Labels(p.At))
			return s.solveAt(ctx, b, goal, moves)
		case deepest >= 0:
			return Solution{}, errorf(fn, ErrOption, "%s: the farthest boards lie %s from this goal", moveCount(moves, ""), moveCount(deepest, ""))
		}
	}
	var best Solution
	start := func() (Solution, error) { // the start of a walk outward
		if goal.Len() > 16 {
			return Solution{Start: goal, Boards: []Board{goal}, Optimal: true}, nil
		}
		for i := range dealDraws {
			b := deepDraw(goal, t, rng, min(i, 1)*dealPicks)
			sol, ok, err := s.solveCapped(ctx, b, goal)
			if err != nil {
				return sol, err
			}
			if !ok {
				continue
			}
			if sol.Len() >= moves {
				return suffix(sol, moves), nil
			}
			if sol.Len() >= best.Len() {
				best = sol
			}
		}
		return best, nil
	}
	farthest := 0
	for range dealClimbs {
		sol, err := start()
		if err != nil {
			return Solution{}, err
		}
		if sol, err = s.climb(ctx, sol, goal, moves, rng); err != nil || sol.Len() == moves {
			return sol, err
		}
		farthest = max(farthest, sol.Len())
	}
	return Solution{}, errorf(fn, ErrNotFound, "no board %s from goal found: %d walks outward stopped by %s (out of reach of this search)", moveCount(moves, ""), dealClimbs, moveCount(farthest, ""))
}

// deepDraw returns a board RandomBoard draws, or with picks above 1 the
// one of picks boards it draws whose lower bound (Manhattan distance and
// linear conflicts) is greatest, the first of equals: a board likely to
// lie farther than most.
func deepDraw(goal Board, t *tiles.Goal, rng *rand.Rand, picks int) Board {
	best, bound := Board{}, -1
	for range max(picks, 1) {
		b, _ := RandomBoard(goal, rng)
		if picks <= 1 {
			return b
		}
		code, _ := encode("Solver.Random", t, b)
		if h := t.LowerBound(code, false); h > bound {
			best, bound = b, h
		}
	}
	return best
}

// climb walks outward from sol.Start, a shortest solution of which sol
// is, to a board moves moves from goal, depth first: each step to a
// neighbour one move farther (its shortest solution proves it), tried in
// an order rng draws, back a step where none is, until climbSolves
// searches found no step. It returns the shortest solution of the farthest board
// reached.
func (s Solver) climb(ctx context.Context, sol Solution, goal Board, moves int, rng *rand.Rand) (Solution, error) {
	type frame struct {
		sol Solution
		nbs []Board // the neighbours left to try
	}
	push := func(stack []frame, sol Solution) []frame {
		var nbs []Board
		for nb := range sol.Start.Neighbors() {
			if sol.Len() == 0 || nb != sol.Boards[1] { // that one is nearer
				nbs = append(nbs, nb)
			}
		}
		rng.Shuffle(len(nbs), func(i, j int) { nbs[i], nbs[j] = nbs[j], nbs[i] })
		return append(stack, frame{sol, nbs})
	}
	stack := push(nil, sol)
	best := sol
	tried := map[Board]bool{sol.Start: true}
	for failed := 0; len(stack) > 0 && failed < climbSolves; {
		top := &stack[len(stack)-1]
		if top.sol.Len() == moves {
			return top.sol, nil
		}
		if len(top.nbs) == 0 {
			stack = stack[:len(stack)-1]
			continue
		}
		nb := top.nbs[0]
		top.nbs = top.nbs[1:]
		if tried[nb] {
			continue
		}
		tried[nb] = true
		next, ok, err := s.solveCapped(ctx, nb, goal)
		if err != nil {
			return Solution{}, err
		}
		if !ok || next.Len() != top.sol.Len()+1 {
			failed++
			continue
		}
		if next.Len() > best.Len() {
			best = next
		}
		stack = push(stack, next)
	}
	return best, nil
}

// solveCapped returns the shortest solution of b, or ok false if its
// search takes more than dealNodes nodes (or s.Limits.MaxNodes, if
// fewer): a board that Random passes over, so that no one board holds it
// long.
func (s Solver) solveCapped(ctx context.Context, b, goal Board) (sol Solution, ok bool, err error) {
	c := s
	capped := s.Limits.MaxNodes <= 0 || s.Limits.MaxNodes > dealNodes
	if capped {
		c.Limits.MaxNodes = dealNodes
	}
	sol, err = c.Solve(ctx, b, goal)
	var lim *LimitError
	if capped && errors.As(err, &lim) && lim.Limit == "nodes" {
		return sol, false, nil
	}
	return sol, err == nil, err
}

// suffix returns the last moves moves of the shortest solution sol, a
// shortest solution of the board it starts from.
func suffix(sol Solution, moves int) Solution {
	k := sol.Len() - moves
	out := sol
	out.Start = sol.Boards[k]
	out.Boards = slices.Clone(sol.Boards[k:])
	out.Moves = slices.Clone(sol.Moves[k:])
	out.LowerBound = moves
	return out
}

// solveAt returns the shortest solution of b, which lies moves moves from
// goal, checking its length.
func (s Solver) solveAt(ctx context.Context, b, goal Board, moves int) (Solution, error) {
	sol, err := s.Solve(ctx, b, goal)
	if err == nil && sol.Len() != moves {
		err = errorf("Solver.Random", nil, "internal error: a board %d moves from goal by search is solved in %d", moves, sol.Len())
	}
	return sol, err
}

// randomWalk is Random in the Fast mode.
func (s Solver) randomWalk(ctx context.Context, goal Board, t *tiles.Goal, moves int, rng *rand.Rand) (Solution, error) {
	const fn = "Solver.Random"
	if !t.Distinct {
		return Solution{}, errorf(fn, ErrOption, "the Fast mode deals boards of distinct tiles: this goal repeats labels")
	}
	code, _ := encode(fn, t, goal)
	// A walk that cannot raise the Manhattan distance for long is near
	// the largest there is: it gives up after a bounded detour.
	steps := moves + 1<<20
	if bytes := int64(steps) * walkStepBytes; bytes > s.Limits.eng().MemoryLimit() {
		return Solution{}, &LimitError{Limit: "memory", Value: s.Limits.eng().MemoryLimit()}
	}
	blanks, ok, err := deal.Walk(ctx, t, code, moves, steps, rng)
	switch {
	case err != nil:
		return Solution{}, err
	case !ok:
		return Solution{}, errorf(fn, ErrNotFound, "%s: a walk of %d moves found no board of that Manhattan distance (out of reach)", moveCount(moves, ""), steps)
	}
	labels := make([]int, len(code))
	for i, c := range code {
		if c != tiles.BlankCode {
			labels[i] = t.Label(c)
		}
	}
	slices.Reverse(blanks)
	a := s.answer(pack(goal, labels, blanks[0]))
	a.sol.Optimal, a.sol.LowerBound, a.sol.Engine = len(blanks)-1 == moves, moves, "walk"
	if err := a.Finish(ctx, blanks); err != nil {
		return Solution{}, err
	}
	return a.sol, nil
}

// moveCount returns "1 move" or "n moves", with the kind of move
// between, if any: "1 straight move".
func moveCount(n int, kind string) string {
	s := strconv.Itoa(n) + " "
	if kind != "" {
		s += kind + " "
	}
	if n == 1 {
		return s + "move"
	}
	return s + "moves"
}
