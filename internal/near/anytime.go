package near

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/tiles"
)

// Anytime returns the best solution of the board of codes code (goal t)
// found within budget of cfg.Began (the call's start: the tables' loading
// counts), or until ctx is done when budget is 0: it starts from the fast
// mode's answer and improves it while time remains (see run), returning
// at once with a proven optimum if its search completes. The Answer's
// Lower is the best lower bound proved by then. The node limit of
// cfg.Limits ends the improvement as the time does (the fast mode's moves
// count as nodes), and its cost bound the answers it may return. It
// fails, with the context's error (a *TooSoonError for a budget too short
// for the fast mode), a *engine.LimitError (the fast mode's answer passed the
// node limit, or none within the cost bound was found) or the fast mode's
// error, only when it has no solution it may return.
func Anytime(ctx context.Context, t *tiles.Goal, code []int32, budget time.Duration, cfg Config) (Answer, error) {
	var end time.Time
	if budget > 0 {
		began := cfg.Began
		if began.IsZero() || cfg.clock != nil {
			began = cfg.clock.now()
		}
		end = began.Add(budget)
		var cancel context.CancelFunc
		ctx, cancel = withClock(ctx, cfg.clock, end)
		defer cancel()
	}
	a := newAnytime(ctx, t, code, cfg) // its end the context's deadline
	a.budget = budget
	if cfg.clock != nil {
		a.end = end
	}
	err := a.run()
	if a.blanks != nil && len(a.blanks)-1 > a.maxCost {
		a.blanks, err = nil, cfg.Limits.CostError(a.lower, a.expanded, a.generated)
	}
	if a.blanks == nil {
		if err == nil {
			err = ctx.Err()
		}
		return Answer{Lower: a.lower, Expanded: a.expanded, Generated: a.generated}, err
	}
	ans := a.best
	ans.Blanks, ans.Lower, ans.Expanded, ans.Generated = a.blanks, a.lower, a.expanded, a.generated
	return ans, nil
}

// anytime holds the state of one anytime solve: the best solution so far
// (as blank cells) and the best lower bound.
type anytime struct {
	ctx                 context.Context
	t                   *tiles.Goal
	code                []int32
	cfg                 Config
	budget              time.Duration
	end                 time.Time  // when the budget ends (zero: no deadline)
	clock               *workClock // nil: the wall clock
	best                Answer     // its Method and Heuristic
	blanks              []int
	lower               int
	maxCost             int // cfg.Limits's cost bound, in moves
	expanded, generated int64
	lastReport          time.Time
	// width is the width of the beams that have no deadline (see
	// peelSolve; 0: 256): the weighted mode's probe (see probe) bounds
	// their work by it, not their time.
	width int
}

// beamWidth returns the width beams of no deadline start with.
func (a *anytime) beamWidth() int {
	if a.width > 0 {
		return a.width
	}
	return 256
}

// newAnytime returns the state of an anytime solve of the board of codes
// code (goal t) under cfg, with no solution yet.
func newAnytime(ctx context.Context, t *tiles.Goal, code []int32, cfg Config) *anytime {
	end, _ := ctx.Deadline()
	return &anytime{ctx: ctx, t: t, code: code, cfg: cfg, lower: t.LowerBound(code, cfg.Line), maxCost: cfg.Limits.DepthBound(),
		end: end, clock: cfg.clock}
}

// nodesLeft returns how many more boards the searches may generate.
func (a *anytime) nodesLeft() int64 { return a.cfg.Limits.NodesLeft(a.generated) }

// depth returns the most moves a search that improves the best solution
// may take: fewer than the best's, and within the cost bound.
func (a *anytime) depth() int {
	if a.blanks == nil {
		return a.maxCost
	}
	return min(len(a.blanks)-2, a.maxCost)
}

// offer keeps blanks, less every move followed by its undo (see Tidy,
// which takes them out in place), as the best solution if it is shorter,
// and hands it to the OnImprove function if it is within the cost bound:
// the answer returned is the last one handed.
func (a *anytime) offer(blanks []int, m Method, h tiles.Heuristic) {
	blanks = Tidy(blanks, a.t.Cols, a.cfg.Line)
	if a.blanks == nil || len(blanks) < len(a.blanks) {
		a.blanks = blanks
		a.best.Method, a.best.Heuristic = m, h
		a.report(0, true)
		if a.cfg.OnImprove != nil && len(blanks)-1 <= a.maxCost {
			a.cfg.OnImprove(blanks, a.lower, m)
		}
	}
}

// report calls the progress function, at most every tenth of a second
// unless now.
func (a *anytime) report(bound int, now bool) {
	if a.cfg.Progress == nil || !now && time.Since(a.lastReport) < 100*time.Millisecond {
		return
	}
	a.lastReport = time.Now()
	best := 0
	if a.blanks != nil {
		best = len(a.blanks) - 1
	}
	a.cfg.Progress(bound, a.generated, best, a.lower)
}

// run finds solutions and lower bounds until the context is done or the
// answer is proven optimal.
func (a *anytime) run() error {
	if a.lower > a.maxCost {
		return a.cfg.Limits.CostError(a.lower, 0, 0)
	}
	line := a.cfg.Line
	n := a.t.Rows * a.t.Cols
	if !Frames(a.t, line) {
		// The fast mode gives the first answer; the optimal search then
		// looks for a shorter one in the time left, or on boards too large
		// for a frame, beams on the region a frame takes (see solveRegion)
		// and polishing.
		if err := a.startFast(); err != nil {
			return err
		}
		defer a.reserve()()
		if n > maxFrameCells {
			if a.t.Distinct && !line && a.t.Rows >= 2 && a.t.Cols >= 2 {
				a.solveRegion()
			}
			return a.repair()
		}
		return a.improveOptimally()
	}
	// The fast mode gives the first answer, before the tables are read:
	// within the budget, an answer comes first.
	if err := a.startFast(); err != nil || a.ctx.Err() != nil {
		return err
	}
	f, err := newFrame(a.ctx, a.t, a.code, &a.cfg)
	if err != nil {
		return err
	}
	if a.lower = max(a.lower, f.estimate()); a.lower > a.maxCost {
		return nil // no solution is within the cost bound
	}
	// Small boards: a beam (narrow, or on 5 x 5 for a third of the time,
	// see exactBeamDeadline), then the optimal search bounded by its
	// answer. Up to 7 x 7: adaptive beams, then polishing. Larger: beams
	// edge by edge (see peelSolve), then polishing.
	w := a.cfg.Workers
	if exact := n <= 16 || n <= 25 && f.db != nil; exact {
		a.beams(f, a.exactBeamDeadline(n), f.beam(256, w))
		return a.improveOptimally()
	}
	defer a.raiseBound(f)()
	if n > peelCells {
		a.peelSolve(f, w, a.beamDeadline())
		return a.repair()
	}
	// Rounds of beams whose width adapts, layer by layer, so that they end
	// within the time left (see roundEnd and rounds), then polishing.
	// A beam's answers improve with the logarithm of its width, so one wide
	// beam on every worker beats a series of narrower ones, or narrower
	// ones side by side, and the first round takes nearly all of the time;
	// a beam trapped near the goal (see stall) turns global, and the fast
	// mode finishes the way of one that does not reach the goal (see
	// complete).
	//
	// At equal time the beams' answers depend on the ranking's strength
	// alone. A stronger database ranks better at the same width but costs
	// more a board, and the rankings here are those that gave the shortest
	// answers in the time (docs/PERFORMANCE.md lists the alternatives
	// measured). Polishing finds nearly nothing on these paths: their last
	// tens of moves are already shortest.
	a.rounds(f, w)
	return a.repair()
}

// beamStall is the layers without a new least heuristic after which the
// anytime mode's beams turn global (see beamSearch): healthy beams lower
// it every few layers. Trapped beams are rare on 6 x 6 boards, not on
// 7 x 7 ones or on larger boards, mostly a few moves from the goal as
// their width narrows toward their deadline.
const beamStall = 64

// beamDeadline returns when a beam edge by edge (see peelSolve) started
// now should end: at 97% of the time left, the rest for polishing its
// long paths. Beams keep a margin of their own (see adapt). The rounds'
// beams aim at roundEnd instead.
func (a *anytime) beamDeadline() time.Time { return a.deadlineAt(0.97) }

// deadlineAt returns the time a share of the time left from now.
func (a *anytime) deadlineAt(share float64) time.Time {
	end := a.end
	if end.IsZero() {
		end = deadlineOf(a.ctx)
	}
	return a.clock.now().Add(time.Duration(float64(a.clock.until(end)) * share))
}

// exactBeamDeadline returns when the beam before the optimal search on a
// board of n cells should end: the zero time, for a beam of fixed width,
// on boards of at most 16 cells or without a deadline; else a third of
// the time left. On the 24-puzzle the optimal search rarely completes
// within seconds, so the beam's answer mostly stands: one that uses its
// share of the time is far shorter than one of fixed width, and a third
// leaves the optimal search the proofs it found before (docs/PERFORMANCE.md,
// "Time budgets", has the figures).
func (a *anytime) exactBeamDeadline(n int) time.Time {
	d, ok := a.ctx.Deadline()
	if n <= 16 || !ok {
		return time.Time{}
	}
	return time.Now().Add(time.Until(d) / 3)
}

// startFast offers the fast mode's answer, which every solvable board
// has. The fast mode may run a little past the deadline (see fastGrace): a
// budget too short for it otherwise leaves no answer at all. If it cannot
// answer even then, the error is a *TooSoonError.
func (a *anytime) startFast() error {
	began := time.Now()
	deadline, timed := a.ctx.Deadline()
	fctx := a.ctx
	if timed {
		// Only the deadline moves: a cancel still stops the fast mode.
		var cancel context.CancelFunc
		fctx, cancel = context.WithDeadline(context.WithoutCancel(a.ctx), deadline.Add(fastGrace(time.Until(deadline))))
		defer cancel()
		defer context.AfterFunc(a.ctx, func() {
			if !errors.Is(a.ctx.Err(), context.DeadlineExceeded) {
				cancel()
			}
		})()
	}
	var done float64
	blanks, err := fastBlanks(fctx, a.t, a.code, a.cfg.Line, a.cfg.Limits.MemoryBound(), a.nodesLeft(), &done)
	a.generated += int64(len(blanks) - 1)
	a.clock.spend(int64(len(blanks) - 1))
	switch {
	case err == nil:
		a.offer(blanks, FastMode, FastHeuristic(a.t))
	case errors.Is(err, errMoveCap):
		err = a.cfg.Limits.NodeError(a.expanded, a.generated)
	case timed && errors.Is(err, context.DeadlineExceeded):
		budget := a.budget
		if budget == 0 {
			budget = deadline.Sub(began)
		}
		err = &TooSoonError{Budget: budget, Needs: fastNeeds(time.Since(began), done, len(blanks)-1, a.t)}
	}
	return err
}

// reserve moves the deadline of the searches that improve the fast
// mode's answer earlier by what the caller takes to hand out an answer
// that long (finishTime), and returns the function that ends it.
func (a *anytime) reserve() (end func()) {
	d, ok := a.ctx.Deadline()
	if !ok {
		return func() {}
	}
	outer := a.ctx
	var cancel context.CancelFunc
	a.ctx, cancel = context.WithDeadline(a.ctx, d.Add(-finishTime(len(a.blanks))))
	return func() { cancel(); a.ctx = outer }
}

// finishTime returns about how long a path of n moves takes to hand out
// once found (the moves made from the blank's cells), which counts on the
// largest boards, whose paths run to tens of millions of moves. The rate
// is measured (docs/PERFORMANCE.md, "Time budgets").
func finishTime(n int) time.Duration { return time.Duration(n) * 10 * time.Nanosecond }

// fastGrace returns how long the fast mode may run past a deadline left
// away: a twentieth of it and 20 ms, well within what a caller of a time
// budget allows for answering at all.
func fastGrace(left time.Duration) time.Duration { return max(0, left/20) + 20*time.Millisecond }

// fastNeeds returns about the time the fast mode takes on the board of
// goal t, stopped after spent with the share done of its work (see
// reducer.progress) and moves moves made: spent over that share, or over
// the share of a random board's moves made (see FastMoves) where that is
// larger, as before the first cell of an edge is filled. Below a share of
// fastShareKnown, stopped before it had made much of a start, it is at
// most a random board's moves at fastMoveTime each: spent over a share
// near none said hours of a solve of a tenth of a second.
func fastNeeds(spent time.Duration, done float64, moves int, t *tiles.Goal) time.Duration {
	random := FastMoves(t.Rows, t.Cols)
	done = max(done, float64(max(1, moves))/float64(random))
	needs := time.Duration(float64(spent) / min(1, done))
	if done < fastShareKnown {
		needs = min(needs, max(spent, time.Duration(random)*fastMoveTime))
	}
	return needs
}

// fastShareKnown is the share of its work from which the fast mode's
// progress foretells its time within a few times (TestFastProgress), and
// fastMoveTime a generous time of one of its moves on a random board
// (docs/PERFORMANCE.md, "Fast mode").
const (
	fastShareKnown = 0.02
	fastMoveTime   = 100 * time.Nanosecond
)

// A TooSoonError reports an anytime solve whose time ran out before even
// the fast mode's answer: it wraps context.DeadlineExceeded, and estimates
// the fast mode's time on the board (see fastNeeds).
type TooSoonError struct {
	Budget, Needs time.Duration
}

func (e *TooSoonError) Error() string {
	return fmt.Sprintf("no answer within %v: the fast mode needs about %v on this board", e.Budget, e.Needs.Round(time.Millisecond))
}

func (e *TooSoonError) Unwrap() error { return context.DeadlineExceeded }

// beams runs the beam searches bs at once in frame f for a solution
// shorter than the best, their widths adapting to end by deadline unless
// that is zero (sharing the memory, see fitBeam), offers their solutions,
// and returns their errors.
func (a *anytime) beams(f *frame, deadline time.Time, bs ...*beamSearch) []error {
	maxDepth := a.depth()
	paths := make([][]int, len(bs))
	errs := make([]error, len(bs))
	var wg sync.WaitGroup
	for i, b := range bs {
		b.maxNodes = a.nodesLeft() / int64(len(bs))
		if !deadline.IsZero() {
			a.fitBeam(b, deadline, len(bs))
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			paths[i], errs[i] = b.search(a.ctx, f.cells, f.blank, maxDepth)
		}()
	}
	wg.Wait()
	for i, b := range bs {
		a.expanded += b.expanded
		a.generated += b.generated
		if errs[i] == nil {
			a.offer(f.back(paths[i]), BeamSearch, b.heur)
		}
	}
	for i, b := range bs {
		if errs[i] != nil {
			a.complete(f.back(b.closest()), b.heur)
		}
	}
	return errs
}

// complete offers blanks, the blank's cells from the start to a board on
// the way to the goal, finished by the fast mode: what a beam that found
// no goal in time leaves (mostly trapped near the goal on a 7 x 7 board,
// see beamStall) is much closer to the goal than the start, and the fast
// mode finishes it in a few milliseconds, even once the time is up.
func (a *anytime) complete(blanks []int, h tiles.Heuristic) {
	if len(blanks) < 2 {
		return
	}
	mid := slices.Clone(a.code)
	for k := 1; k < len(blanks); k++ {
		slideBlank(mid, blanks[k-1], blanks[k])
	}
	rest, err := fastBlanks(context.WithoutCancel(a.ctx), a.t, mid, false, a.cfg.Limits.MemoryBound(), a.nodesLeft(), nil)
	a.generated += int64(len(rest) - 1)
	a.clock.spend(int64(len(rest) - 1))
	if err != nil {
		return
	}
	a.offer(append(blanks, rest[1:]...), BeamSearch, h)
}

// fitBeam makes b adapt its width to end by deadline (see
// beamSearch.adapt), within its maxWidth if set and its maxNodes, and
// a share of 1/shares of the memory the beams may hold: nine
// tenths of the memory limit (which the caller gives less the database's
// tables, see Config.Limits), the rest for what the beams' regrown arrays
// leave until the garbage collector frees it: with all of it, a process's
// peak would pass the limit.
func (a *anytime) fitBeam(b *beamSearch, deadline time.Time, shares int) {
	limit := maxBeamWidth
	if b.maxWidth > 0 {
		limit = min(limit, b.maxWidth)
	}
	memory := a.cfg.Limits.MemoryLimit()
	b.deadline, b.minWidth, b.maxWidth, b.memory = deadline, 16, limit, max(1, memory/10*9/int64(shares))
	b.clock, b.end = a.clock, a.end
}

// deadlineOf returns ctx's deadline, or a time far ahead.
func deadlineOf(ctx context.Context) time.Time {
	if d, ok := ctx.Deadline(); ok {
		return d
	}
	return time.Now().Add(24 * time.Hour)
}

// improveOptimally runs the optimal search for a solution shorter than
// the best, until it completes (the best, or what it finds, is then
// optimal) or the context is done (its bound is then a lower bound).
func (a *anytime) improveOptimally() error {
	if len(a.blanks) < 3 {
		a.lower = len(a.blanks) - 1
		return nil
	}
	maxCost := a.depth()
	if a.cfg.Optimal == nil || a.ctx.Err() != nil || a.nodesLeft() == 0 || maxCost < 1 {
		return nil // no time left to read its tables, let alone search
	}
	blanks, lower, expanded, generated, err := a.cfg.Optimal(a.ctx, maxCost, a.nodesLeft())
	a.expanded += expanded
	a.generated += generated
	switch {
	case err == nil:
		a.offer(blanks, OptimalSearch, tiles.Heuristic{})
		a.lower = len(a.blanks) - 1
	case engine.Is(err, engine.NotFound):
		// Nothing within maxCost: the best is optimal if it is one more.
		a.lower = max(a.lower, maxCost+1)
	default:
		a.lower = max(a.lower, lower)
	}
	return nil
}

// polish shortens the best solution by re-solving windows of it (see
// polisher), first every window of a few moves (see polisher.shorten),
// until the context is done or a pass gains nothing.
func (a *anytime) polish() error {
	if !shortens(a.t, a.cfg.Line) {
		return nil
	}
	vals := cellValues(a.t, a.code)
	p := &polisher{rows: a.t.Rows, cols: a.t.Cols, blankVal: int32(a.t.BlankGoal), ctx: a.ctx, maxNodes: 200_000, budget: min(a.nodesLeft(), a.clock.nodesUntil(a.end))}
	if !a.done() {
		path := p.shorten(vals, a.blanks)
		a.clock.spend(p.work.Generated)
		a.offer(path, a.best.Method, a.best.Heuristic)
	}
	for _, w := range []int{16, 24, 32, 40} {
		for !a.done() && p.work.Generated < p.budget {
			before, spent := len(a.blanks), p.work.Generated
			path := p.polish(vals, a.blanks, w, w/3)
			a.clock.spend(p.work.Generated - spent)
			a.offer(path, a.best.Method, a.best.Heuristic)
			if len(path) == before {
				break
			}
		}
	}
	a.expanded += p.work.Expanded
	a.generated += p.work.Generated
	return nil
}
