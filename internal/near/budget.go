package near

import (
	"context"
	"math"
	"runtime"
	"sync/atomic"
	"time"

	"github.com/slidekit/slide/internal/tiles"
)

// minRoundShare is the least share of the budget left (1/minRoundShare)
// for which the anytime mode starts another round of beams, and only
// after a round that ended early (see earlyShare): a round in the few
// percent that a round's beams leave would be too narrow to gain anything.
const minRoundShare = 25

// roundEnd is the share of the time left at which a round's beams should
// end (see deadlineAt): they keep a margin of their own (see adapt) and
// end near it, and the rest of the budget polishes the answer. No round
// follows one that used its time, so the budget's last percents go to the
// first round's beam, on every worker, rather than to a round of beams too
// narrow to gain anything.
const roundEnd = 0.985

// earlyShare is the share of the time a round was given (to its beams'
// deadline) before which it ended early, so that another round may take
// the time left: a beam whose width adapts to its time ends past it,
// while one that its memory caps, or that finds the goal sooner than it
// foresaw, ends before it. After a round that used its time, a round in
// what is left would be a small fraction of its width, whose answers are
// longer (a beam's answers improve with the logarithm of its width), and
// polishing takes the time instead.
const earlyShare = 0.9

// minRoundTime is the least time left for which another round of beams
// starts, whatever the budget: a beam of fewer milliseconds is too narrow
// to improve an answer.
const minRoundTime = 20 * time.Millisecond

// A workClock tells time by the work done rather than by the wall clock:
// it starts at start and advances per for every board generated, as
// searches report them (see spend). The anytime mode's searches read it
// in place of the wall clock when Config.clock sets one, so that its use
// of a budget is tested apart from the machine's speed and load. A nil
// *workClock is the wall clock.
type workClock struct {
	start time.Time
	per   time.Duration
	nodes atomic.Int64
}

// now returns the time.
func (c *workClock) now() time.Time {
	if c == nil {
		return time.Now()
	}
	return c.start.Add(time.Duration(c.nodes.Load()) * c.per)
}

// spend advances the clock by nodes boards generated; the wall clock
// advances by itself.
func (c *workClock) spend(nodes int64) {
	if c != nil {
		c.nodes.Add(nodes)
	}
}

// passed reports whether a clock that is not the wall clock has passed
// end (not zero): the wall clock's deadlines are their contexts'.
func (c *workClock) passed(end time.Time) bool {
	return c != nil && !end.IsZero() && !c.now().Before(end)
}

// nodesUntil returns how many more boards the searches may generate
// before end by a clock that is not the wall clock: math.MaxInt64 for the
// wall clock or a zero end, whose searches stop by their contexts.
func (c *workClock) nodesUntil(end time.Time) int64 {
	if c == nil || end.IsZero() {
		return math.MaxInt64
	}
	return max(0, int64(c.until(end)/c.per))
}

// until returns the time from now to end, or a day if end is zero.
func (c *workClock) until(end time.Time) time.Duration {
	if end.IsZero() {
		return 24 * time.Hour
	}
	return end.Sub(c.now())
}

// done reports whether the anytime solve must stop: its context is done,
// or its clock has passed the budget's end.
func (a *anytime) done() bool { return a.ctx.Err() != nil || a.clock.passed(a.end) }

// proven reports whether the best answer is proven optimal.
func (a *anytime) proven() bool { return a.blanks != nil && a.lower >= len(a.blanks)-1 }

// A ranking makes the beams of a round: one way to rank boards, on the
// given number of workers.
type ranking func(width, workers int) *beamSearch

// rankings returns the ways the beams in frame f rank boards, the first
// round's first: the frame's ranking (the learned one where one ships,
// see frame.bEval), linear conflicts, and the hand-made ranking by the
// database where the first is learned; without a database, linear
// conflicts less half a move and less a move a misplaced tile.
func (f *frame) rankings() []ranking {
	if f.db == nil {
		return []ranking{f.beam, f.lcCycleBeam}
	}
	rs := []ranking{f.beam, f.lcBeam}
	if f.model != nil {
		rs = append(rs, f.handBeam)
	}
	return rs
}

// roundBeams returns the beam of round k (0 the first) on w workers in
// frame f: one beam on every worker, the k-th ranking. Round by round the
// rankings turn, so that a round does not repeat the beam of the round
// before at another width. One beam, not two of half the width ranking
// two ways: a beam's answers improve with the logarithm of its width, and
// with the stall rule (see beamStall) and the fast mode finishing a beam
// that finds no goal (see anytime.complete), one beam of twice the width
// gives shorter answers for the boards generated than the shorter of two
// (docs/PERFORMANCE.md has the figures).
func (f *frame) roundBeams(k, w int) []*beamSearch {
	rs := f.rankings()
	b := rs[k%len(rs)](256, w)
	b.stall = beamStall
	if f.rows*f.cols > 36 {
		b.lead = wideLead
	}
	return []*beamSearch{b}
}

// wideLead is the lead (see beamSearch.lead) of the rounds' beams on
// boards of more than 36 cells: there the rankings fall faster at first
// than near the goal, so that with the default lead a beam's last tenth
// of layers held a tenth to a third of the boards of its second tenth
// (see TestRoundWidths); on 6 x 6 boards the default did as well.
const wideLead = 1.75

// rounds runs rounds of beams in frame f on w workers (see roundBeams),
// each sized to end at roundEnd of the time left, until a round ends past
// an earlyShare of the time it was given, the time left is under a
// minRoundShare of the budget or minRoundTime, the context is done, the
// node limit is spent or the answer is proven optimal; without a
// deadline, one round, its width capped by its memory. Between rounds it
// collects the last round's arrays, so that the next one's fit where they
// were. It returns the number of rounds run.
func (a *anytime) rounds(f *frame, w int) int {
	early := true // the last round ended early
	for k := 0; ; k++ {
		left := a.clock.until(a.end)
		if k > 0 && (a.end.IsZero() || !early || left < max(minRoundTime, a.budget/minRoundShare) || a.done() || a.nodesLeft() == 0 || a.proven()) {
			return k
		}
		if k > 0 {
			runtime.GC()
		}
		began, deadline := a.clock.now(), a.deadlineAt(roundEnd)
		a.beams(f, deadline, f.roundBeams(k, w)...)
		early = endedEarly(began, deadline, a.clock.now())
	}
}

// endedEarly reports whether a round that began at began, its beams to
// end by deadline, ended early when it ended at ended: before an
// earlyShare of its time.
func endedEarly(began, deadline, ended time.Time) bool {
	return ended.Before(began.Add(time.Duration(float64(deadline.Sub(began)) * earlyShare)))
}

// withClock returns ctx with a deadline at end under the wall clock
// (clock nil; end not zero), and its cancel function.
func withClock(ctx context.Context, clock *workClock, end time.Time) (context.Context, context.CancelFunc) {
	if clock != nil || end.IsZero() {
		return context.WithCancel(ctx)
	}
	return context.WithDeadline(ctx, end)
}

// handBeam is beam ranking boards by the frame's hand-made ranking (see
// frame.bEval), its learned model set aside.
func (f *frame) handBeam(width, workers int) *beamSearch {
	g := *f
	g.model = nil
	return g.beamOf(width, workers, g.bEval)
}

// lcCycleBeam is beam ranking boards by linear conflicts less 3/4 of a
// move a misplaced tile, plus 2 moves a short cycle of tiles on boards of
// more than 36 cells (see rankBeam): the other ranking of frames without
// a database, whose beams rank by lcEval first.
func (f *frame) lcCycleBeam(width, workers int) *beamSearch {
	cycle := 0
	if f.rows*f.cols > 36 {
		cycle = 8
	}
	bs := f.beamOf(width, workers, func() bEval {
		return newRankBeam(&mdlcBeam{mdlcEval: newMDLC(f.rows, f.cols, uint8(f.blankVal))}, f.blankVal, 4, 3, cycle)
	})
	bs.heur = tiles.Heuristic{Kind: tiles.LinearConflict}
	return bs
}
