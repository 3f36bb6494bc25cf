package solve

import (
	"context"
	"time"

	"github.com/slidekit/slide/internal/pdbcache"
	"github.com/slidekit/slide/internal/tiles"
)

// proveNodes bounds the boards the optimal search after a Fast or
// Weighted answer generates (see prove): a fraction of a second on one
// core.
const proveNodes = 1 << 22

// A proof is what the optimal search run after a Fast or Weighted answer
// proves about it: a shorter answer, optimal, if it found one; else the
// bound it raised, which is the answer's length where no shorter answer
// exists.
type proof struct {
	lower  int    // a proven bound on the fewest moves
	blanks []int  // an optimal answer shorter than the mode's, or nil
	sol    Answer // the labels and counts of the searches
}

// cheapProof reports whether the optimal search of the board of goal t
// under o (its heuristic, Auto's choice included) is cheap enough to run
// after a Fast or Weighted answer: on boards of at most 9 cells, on
// boards of at most 12 with single-tile moves and distinct labels, and on
// boards of at most 16 of those that o searches by a database: one it
// names, or under Auto a shipped one in memory or on disk (Auto builds
// none).
func cheapProof(t *tiles.Goal, o options) bool {
	n := t.Rows * t.Cols
	switch {
	case n <= 9:
		return true
	case n > 16 || o.s.Line || !t.Distinct:
		return false
	case n <= 12 || o.is(tiles.Database):
		return true
	case !o.auto:
		return false
	}
	o.readWithin = 0
	o.resolve(t)
	return o.autoDB != pdbcache.Absent
}

// prove runs, on a board where it is cheap (see cheapProof), the optimal
// search for an answer shorter than moves, the length of the mode's
// answer whose proven bound is lower, within proveNodes and what o's node
// limit leaves after used nodes. It raises the bound by the searches that
// complete, each proving that no answer within its bound exists, and
// stops at the first answer found, which is optimal. The
// context stops it as it stops the search; what was proven before
// stands. ok is false where nothing ran.
func prove(ctx context.Context, t *tiles.Goal, code []int32, o options, began time.Time, moves, lower int, used int64) (p proof, ok bool) {
	p.lower = lower
	if lower >= moves || !cheapProof(t, o) || ctx.Err() != nil {
		return p, false
	}
	budget := int64(proveNodes)
	if o.limits.Nodes > 0 {
		budget = min(budget, o.limits.Nodes-used)
	}
	if budget <= 0 {
		return p, false
	}
	o.mode, o.onMove, o.progress = Mode{}, false, false
	o.autoDB, o.readWithin = pdbcache.Absent, 0
	// In the tile metric every answer's length has the parity of moves:
	// bounds step by two.
	step := 1
	if !o.s.Line {
		step = 2
	}
	raise := func(b int) {
		if b > p.lower {
			p.lower = b
			if step == 2 && (moves-b)%2 != 0 {
				p.lower++
			}
		}
	}
	raise(lower)
	// Each search runs to a bound gap moves past the last proven, the
	// gap doubling: a search repeats the iterations of those before it,
	// whose work then sums to about that of the last.
	for gap := 0; p.lower < moves && budget > 0 && ctx.Err() == nil; gap = max(step, 2*gap) {
		so := o
		so.limits.Cost, so.limits.Nodes = float64(min(p.lower+gap, moves-1)), budget
		sol, blanks, err := optimalSearch(ctx, t, code, so, began)
		p.sol.Expanded += sol.Expanded
		p.sol.Generated += sol.Generated
		budget -= sol.Generated
		switch {
		case err == nil:
			p.sol.Engine, p.sol.Heuristic, p.sol.WD, p.sol.Workers = sol.Engine, sol.Heuristic, sol.WD, sol.Workers
			p.blanks, p.lower = blanks, len(blanks)-1
			return p, true
		case o.notFound(err):
			raise(max(int(so.limits.Cost)+1, sol.Lower))
		default:
			return p, true // the node budget, the context, or the memory bound
		}
	}
	p.lower = min(p.lower, moves)
	return p, true
}

// adopt labels sol, the mode's answer, with what p proves: its bound, and
// where p found a shorter answer, that answer, whose moves path makes. It
// reports an error only where path.Finish does.
func (p proof) adopt(ctx context.Context, sol *Answer, path Path) error {
	sol.Expanded += p.sol.Expanded
	sol.Generated += p.sol.Generated
	if p.blanks != nil {
		if err := path.Finish(ctx, p.blanks); err != nil {
			return err
		}
		sol.Engine, sol.Heuristic, sol.WD = p.sol.Engine, p.sol.Heuristic, p.sol.WD
		if p.sol.Workers > 0 {
			sol.Workers = p.sol.Workers
		}
	}
	sol.Lower = max(sol.Lower, min(p.lower, path.Len()))
	sol.Optimal = sol.Lower == path.Len()
	return nil
}
