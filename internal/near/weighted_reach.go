package near

import (
	"context"
	"errors"
	"time"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/tiles"
)

// The weighted mode past 4 x 4 proves a weight only by an answer within
// it of the lower bound, or by weighted A*'s bound. What each of its
// searches proves where, measured on boards of 5 x 5 to 15 x 15, is in
// docs/PERFORMANCE.md ("Weighted mode past 4 x 4"): the probe, about
// probeNodes boards of beams of fixed width, reaches the most in a few
// tenths of a second; wider beams gain little past 7 x 7; weighted A*
// proves a weight within bounded memory only where the lower bound is
// small.
//
// So reach answers with the best of the fast mode and the probe when it
// is within the weight; on boards of up to peelCells cells, widens the
// probe's beam while the next width may gain enough; runs weighted A*
// only on boards whose lower bound is at most reachLower moves, within
// reachMemory; and otherwise refuses, naming the weight the best answer
// meets. Each refusal comes within the probe's time, and a weight it
// names is answered: the probe, of fixed width, finds the same answer
// again.
const (
	probeNodes  = 3_000_000 // boards of the probe's beams
	ladderGain  = 0.12      // the most a beam four times wider gains, of the weight
	ladderWidth = 1 << 16   // the widest beam
	reachLower  = 100       // the largest lower bound at which weighted A* runs
	reachMemory = 256 << 20 // bytes weighted A* may hold after the probe
)

// reach is the weighted mode on frames of more than 16 cells (see the
// measures above), the fast mode's answer fast (no Blanks if none may be
// returned, its work in Generated and Lower the frame's lower bound)
// found not to be optimal.
func reach(ctx context.Context, f *frame, t *tiles.Goal, code []int32, weight float64, fast Answer, cfg Config) (Answer, error) {
	lim := cfg.Limits
	lower := fast.Lower
	// The answers are shortened (see polisher.shorten) before they are
	// weighed: the factor an error names is the answer's that meets it.
	best := shortened(ctx, t, code, probe(ctx, f, t, code, fast, cfg), cfg)
	if err := ctx.Err(); err != nil {
		return Answer{Lower: lower, Expanded: best.Expanded, Generated: best.Generated}, err
	}
	maxCost := lim.DepthBound()
	done := func(a Answer) bool {
		return a.Blanks != nil && len(a.Blanks)-1 <= maxCost && Within(len(a.Blanks)-1, lower, weight)
	}
	var limited error // a limit of cfg that stopped a search
	if !done(best) && f.rows*f.cols <= peelCells {
		best, limited = ladder(ctx, f, weight, best, cfg)
		best = shortened(ctx, t, code, best, cfg)
		if err := ctx.Err(); err != nil {
			return Answer{Lower: lower, Expanded: best.Expanded, Generated: best.Generated}, err
		}
	}
	if done(best) {
		best.Lower = min(lower, len(best.Blanks)-1)
		return best, nil
	}
	work := Answer{Lower: lower, Expanded: best.Expanded, Generated: best.Generated, Heuristic: f.heur}
	if lower <= reachLower && limited == nil {
		path, s, err := f.weightedAStar(ctx, weight, lower, reachMemory, &cfg, &work)
		var le *engine.LimitError
		switch {
		case err == nil:
			work.Blanks = f.back(path)
			work.Lower = min(len(path)-1, max(lower, s.provenLower(len(path)-1)))
			return work, nil
		case errors.As(err, &le) && (le.Limit != "memory" || lim.MemoryLimit() <= reachMemory):
			limited = limitError(lim, le, work)
		case errors.As(err, &le), engine.Is(err, engine.NotFound):
			// out of reach within reachMemory, or nothing within the cost bound
		default:
			return work, err
		}
	}
	switch {
	case limited != nil:
		return work, limited
	case lim.Nodes > 0 && lim.Nodes < fast.Generated+probeNodes:
		// The node limit left the probe less than it takes.
		return work, lim.NodeError(work.Expanded, work.Generated)
	case best.Blanks == nil || len(best.Blanks)-1 > maxCost:
		return work, lim.CostError(lower, work.Expanded, work.Generated)
	}
	return work, ReachError(len(best.Blanks)-1, lower, work.Expanded, work.Generated)
}

// ReachError returns the *engine.LimitError of a weight out of reach, the best
// answer found having moves moves over the lower bound lower, after the
// work given: its Reach is the least weight, in hundredths, that the
// answer meets (see Within).
func ReachError(moves, lower int, expanded, generated int64) *engine.LimitError {
	reach := float64((100*moves+lower-1)/lower) / 100
	return &engine.LimitError{Limit: "weight", Value: int64(moves), Reach: reach, Expanded: expanded, Generated: generated}
}

// probe returns the best answer that beams of fixed width find in frame f
// for the board of codes code (goal t) in about probeNodes boards, or
// fast, the fast mode's answer, if none is shorter: on boards of at most
// peelCells cells one beam on the whole board, on larger ones beams edge by
// edge (see peelSolve). A fixed width, rather than a time, makes the
// answer the same from run to run. It counts its work into fast's.
func probe(ctx context.Context, f *frame, t *tiles.Goal, code []int32, fast Answer, cfg Config) Answer {
	a := newAnytime(ctx, t, code, cfg)
	a.lower, a.generated = fast.Lower, fast.Generated
	if fast.Blanks != nil {
		a.blanks, a.best = fast.Blanks, fast
	}
	if f.rows*f.cols > peelCells {
		// Edge by edge, the beams' layers add up to about the fast mode's
		// moves.
		a.width = probeWidth(len(fast.Blanks))
		a.peelSolve(f, cfg.Workers, time.Time{})
	} else {
		// A whole-board beam's answer takes about 3/2 the lower bound.
		a.width = probeWidth(fast.Lower * 3 / 2)
		b := f.beam(a.width, cfg.Workers)
		b.stall, b.memory = beamStall, cfg.Limits.MemoryLimit()/5*4
		a.beams(f, time.Time{}, b)
	}
	ans := a.best
	ans.Blanks, ans.Lower, ans.Expanded, ans.Generated = a.blanks, fast.Lower, a.expanded, a.generated
	return ans
}

// probeWidth returns the width of beams that generate about probeNodes
// boards over layers layers, 3 children a board.
func probeWidth(layers int) int {
	return min(1<<14, max(16, probeNodes/(3*max(1, layers))))
}

// ladder runs beams on the whole board of frame f, each four times wider
// than the last from the probe's (see probeWidth), for an answer shorter
// than best within weight of best's Lower, while the next may gain enough
// (see ladderGain), and returns the best answer and the error of a limit
// of cfg that stopped a beam, if one did. It reports progress at the end
// of a layer once progressEvery has passed by cfg's clock since the last.
func ladder(ctx context.Context, f *frame, weight float64, best Answer, cfg Config) (Answer, error) {
	lim, lower := cfg.Limits, best.Lower
	for width := 4 * probeWidth(lower*3/2); ; width *= 4 {
		width = min(width, ladderWidth)
		moves := lim.DepthBound()
		if best.Blanks != nil {
			moves = len(best.Blanks) - 2
			if weight < float64(moves+1)/float64(lower)-ladderGain {
				return best, nil
			}
		}
		b := f.beam(width, cfg.Workers)
		b.stall, b.memory, b.maxNodes = beamStall, lim.MemoryLimit()/5*4, lim.NodesLeft(best.Generated)
		b.clock = cfg.clock
		if cfg.Progress != nil {
			before, last := best.Generated, cfg.clock.now()
			b.onLayer = func() {
				if now := cfg.clock.now(); now.Sub(last) >= progressEvery {
					last = now
					cfg.Progress(0, before+b.generated, moves+1, lower)
				}
			}
		}
		p, err := b.search(ctx, f.cells, f.blank, moves)
		best.Expanded += b.expanded
		best.Generated += b.generated
		var le *engine.LimitError
		switch {
		case err == nil:
			best.Blanks, best.Method, best.Heuristic = f.back(p), BeamSearch, b.heur
			if Within(len(p)-1, lower, weight) {
				return best, nil
			}
		case errors.As(err, &le):
			return best, limitError(lim, le, best)
		case ctx.Err() != nil:
			return best, nil
		}
		if width == ladderWidth {
			return best, nil
		}
	}
}

// progressEvery is how often the searches that report progress as they
// go do so.
const progressEvery = 200 * time.Millisecond
