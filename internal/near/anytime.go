package near

import (
	"context"
	"slices"
	"sync"
	"time"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/tiles"
)

// Anytime returns the best solution of the board of codes code (goal t)
// found within budget, or until ctx is done when budget is 0: it starts
// from the fast mode's answer and improves it while time remains (see
// run), returning at once with a proven optimum if its search completes.
// The Answer's Lower is the best lower bound proved by then. It fails,
// with the context's error or the fast mode's, only when it has no
// solution at all.
func Anytime(ctx context.Context, t *tiles.Goal, code []int32, budget time.Duration, cfg Config) (Answer, error) {
	a := anytime{ctx: ctx, t: t, code: code, cfg: cfg, budget: budget}
	a.lower = t.LowerBound(code, cfg.Line)
	err := a.run()
	if a.blanks == nil {
		if err == nil {
			err = ctx.Err()
		}
		return Answer{Lower: a.lower}, err
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
	best                Answer // its Method and Heuristic
	blanks              []int
	lower               int
	expanded, generated int64
	lastReport          time.Time
}

// offer keeps blanks as the best solution if it is shorter.
func (a *anytime) offer(blanks []int, m Method, h tiles.Heuristic) {
	if a.blanks == nil || len(blanks) < len(a.blanks) {
		a.blanks = blanks
		a.best.Method, a.best.Heuristic = m, h
		a.report(0, true)
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
	a.cfg.Progress(Progress{Bound: bound, Generated: a.generated, Best: best, LowerBound: a.lower, Elapsed: time.Since(a.cfg.Began)})
}

// run finds solutions and lower bounds until the context is done or the
// answer is proven optimal.
func (a *anytime) run() error {
	line := a.cfg.Line
	n := a.t.Rows * a.t.Cols
	if !Frames(a.t, line) {
		// The fast mode gives the first answer; the optimal search then
		// looks for a shorter one in the time left, or on boards too large
		// for a frame, beams on the region a frame takes (see solveRegion)
		// and polishing.
		stop, err := a.startFast()
		defer stop()
		if err != nil {
			return err
		}
		if n > maxFrameCells {
			if a.t.Distinct && !line && a.t.Rows >= 2 && a.t.Cols >= 2 {
				a.solveRegion()
			}
			return a.polish()
		}
		return a.improveOptimally()
	}
	f, err := newFrame(a.ctx, a.t, a.code, &a.cfg)
	if err != nil {
		return err
	}
	a.lower = max(a.lower, f.estimate())
	// The budget runs from when the tables are ready; the fast mode gives
	// the first answer.
	stop, err := a.startFast()
	defer stop()
	if err != nil {
		return err
	}
	// Small boards: a narrow beam, then the optimal search bounded by its
	// answer. Up to 7 x 7: adaptive beams, then polishing. Larger: beams
	// edge by edge (see peelSolve), then polishing.
	w := a.cfg.Workers
	if exact := n <= 16 || n <= 25 && f.db != nil; exact {
		a.beams(f, time.Time{}, f.beam(256, w))
		return a.improveOptimally()
	}
	if n > peelCells {
		a.peelSolve(f, w, a.beamDeadline())
		return a.polish()
	}
	// Beams whose width adapts, layer by layer, so that they end within
	// the time left (see beamDeadline; a beam stopped by the deadline
	// gives nothing), then polishing. A beam's answers improve with the
	// logarithm of its width, so one wide beam beats a series of narrower
	// ones; but beams ranking by different heuristics are trapped on
	// different boards (see stall), which happens on 7 x 7 boards and not
	// on 6 x 6 ones. There, with a database and at least two workers, two
	// beams run at once on half the workers each, one ranking by the
	// database and linear conflicts, one by linear conflicts alone:
	// measured on the shared 7 x 7 sample at 1 s, mean length 1.24 to 1.27
	// times the reference in six runs against 1.28 to 1.32 for the first
	// alone (on 6 x 6 boards 1.075 to 1.078 against 1.074); and still, now
	// that a trapped beam is finished by the fast mode (see complete), on
	// 30 random-walk 7 x 7 boards: 284.3 and 284.5 moves against 296.9 and
	// 297.0.
	//
	// At equal time the beams' answers depend on the ranking's strength
	// alone; measured and not kept, with fixed widths on Korf's 24-puzzle
	// instances (shortest lengths known) and on random-walk 6 x 6 and 7 x 7
	// boards: re-solving the path's last half or quarter by fresh beams
	// (as good as a wider first beam), a one-move lookahead in the ranking
	// (at the same width 0.7% shorter on the 24-puzzle, 2% on 6 x 6, for
	// two to three times the work a board, where a width twice as large
	// gains about 2%), widths falling with the heuristic (worse per
	// node), at most two children a parent (3 to 4% longer), ties broken
	// by hash (5% longer on 7 x 7), by the database's share or its
	// reflected lookup (within 0.7% at width 2000, 0.2% at 8000), the
	// dual lookup added to the ranking (2.5% longer on the 24-puzzle, 5%
	// on 6 x 6). A stronger database ranks better at the same width (the
	// 24-puzzle at width 2000: 6-6-6-6 1.070 times the shortest, groups
	// of 4 or 5 1.106) but costs more a board: groups of 5 on 7 x 7 (94 s
	// to build) gave 5.6% shorter paths at width 2000 and none at a
	// second, groups of 6 on 6 x 6 (4.5 minutes, 7 GB) 2% at width 2000
	// and 1.071 against 1.059 times the reference on the shared sample at
	// a second. Weighting the database against linear conflicts in the
	// sum does not help either: 2:1, 3:2 and 3:1 within 0.5% of 1:1 on
	// 40 random-walk 6 x 6 boards at width 2000, 1:2 and 2:3 2% longer;
	// nor does leaving out the reflected lookup (3.7% longer at the same
	// width, for no clear gain in time a node). Polishing finds nearly
	// nothing on these paths: their last tens of moves are already
	// shortest. Rankings fitted to data did no better (random-walk 7 x 7
	// boards with PDB48, never the shared sample): a least-squares fit of
	// the moves left along width-4000 beams' paths by h, the misplaced
	// tiles, the cycles and a cost for every tile on every cell ranked 60%
	// longer on 20 other boards, 3 of whose beams found no goal in 2000
	// moves (it learns the paths it was fitted on: 4 moves of error where
	// the moves left spread over 80, and it sees no board off them); its
	// weights of h, the misplaced tiles and the cycles alone (0.79, -0.16,
	// 0.71) 5.8% longer than bEval's (1, -1, 2); extra weights on a tile's
	// Manhattan distance and misplacement by its distance from the blank's
	// goal, chosen by coordinate search on 100 boards at width 1000, 0.5%
	// longer and 0.3% shorter on 60 others at widths 4000 and 16000 (on 24
	// boards the same search had seemed to gain 3%, and lost 4.8% on 30
	// others: one beam's length varies that much between rankings).
	bs := []*beamSearch{f.beam(256, w)}
	if f.db != nil && w >= 2 && n > 36 {
		bs = []*beamSearch{f.beam(256, w/2), f.lcBeam(256, w-w/2)}
	}
	for _, b := range bs {
		b.stall = beamStall
	}
	a.beams(f, a.beamDeadline(), bs...)
	return a.polish()
}

// beamStall is the layers without a new least heuristic after which the
// anytime mode's beams turn global (see beamSearch): healthy beams lower
// it every few layers. Trapped beams are rare on 6 x 6 boards (none of
// 100 random-walk boards at width 2000), not on 7 x 7 ones (3 of 20) or
// on larger boards, mostly a few moves from the goal as their width
// narrows toward their deadline.
const beamStall = 64

// beamDeadline returns when a beam started now should end: at 97% of the
// time left. Beams keep a margin of their own (see adapt), and polishing
// takes a few milliseconds: with nine tenths, beams on the shared 6 x 6
// sample at 1 s ended at 0.87 s, polishing at 0.88 s.
func (a *anytime) beamDeadline() time.Time {
	return time.Now().Add(time.Until(deadlineOf(a.ctx)) * 97 / 100)
}

// startFast starts the time budget, if there is one, and offers the fast
// mode's answer, which every solvable board has. The caller calls stop
// once done.
func (a *anytime) startFast() (stop func(), err error) {
	stop = func() {}
	if a.budget > 0 {
		a.ctx, stop = context.WithTimeout(a.ctx, a.budget)
	}
	blanks, err := fastBlanks(a.ctx, a.t, a.code, a.cfg.Line)
	if err == nil {
		a.offer(blanks, FastMode, FastHeuristic(a.t))
	}
	return stop, err
}

// beams runs the beam searches bs at once in frame f for a solution
// shorter than the best, their widths adapting to end by deadline unless
// that is zero (sharing the memory, see fitBeam), offers their solutions,
// and returns their errors.
func (a *anytime) beams(f *frame, deadline time.Time, bs ...*beamSearch) []error {
	maxDepth := len(a.blanks) - 2
	paths := make([][]int, len(bs))
	errs := make([]error, len(bs))
	var wg sync.WaitGroup
	for i, b := range bs {
		if !deadline.IsZero() {
			a.fitBeam(b, f, deadline, len(bs))
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			paths[i], errs[i] = b.search(a.ctx, f.cells, f.blank, maxDepth)
		}()
	}
	wg.Wait()
	solved := false
	for i, b := range bs {
		a.expanded += b.expanded
		a.generated += b.generated
		if errs[i] == nil {
			a.offer(f.back(paths[i]), BeamSearch, b.heur)
			solved = true
		}
	}
	if !solved {
		for _, b := range bs {
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
	rest, err := fastBlanks(context.WithoutCancel(a.ctx), a.t, mid, false)
	if err != nil {
		return
	}
	a.offer(append(blanks, rest[1:]...), BeamSearch, h)
}

// fitBeam makes b adapt its width to end by deadline (see
// beamSearch.adapt), within the node limit (and its maxWidth if set) and
// a share of 1/shares of the memory the beams in frame f may hold: nine
// tenths of what the database's tables leave of the memory limit, the
// rest for what the beams' regrown arrays leave until the garbage
// collector frees it. (With all of it, a process solving the shared 6 x 6
// sample at 10 s a board peaked at 2.10 GiB under the 2 GiB default.)
func (a *anytime) fitBeam(b *beamSearch, f *frame, deadline time.Time, shares int) {
	limit := int(a.cfg.Limits.Nodes())
	if b.maxWidth > 0 {
		limit = min(limit, b.maxWidth)
	}
	memory := a.cfg.Limits.Memory()
	if f.db != nil {
		tables, _ := f.db.Spec().Memory()
		memory -= tables
	}
	b.deadline, b.minWidth, b.maxWidth, b.memory = deadline, 16, limit, max(1, memory/10*9/int64(shares))
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
	maxCost := len(a.blanks) - 2
	if maxCost < 1 {
		a.lower = len(a.blanks) - 1
		return nil
	}
	if a.cfg.Optimal == nil {
		return nil
	}
	blanks, lower, expanded, generated, err := a.cfg.Optimal(a.ctx, maxCost)
	a.expanded += expanded
	a.generated += generated
	switch {
	case err == nil:
		a.offer(blanks, OptimalSearch, tiles.Heuristic{})
		a.lower = len(a.blanks) - 1
	case engine.Is(err, engine.NotFound):
		a.lower = len(a.blanks) - 1 // nothing shorter: the best is optimal
	default:
		a.lower = max(a.lower, lower)
	}
	return nil
}

// polish shortens the best solution by re-solving windows of it (see
// polisher) until the context is done or a pass gains nothing.
func (a *anytime) polish() error {
	if a.t.Rows < 2 || a.t.Cols < 2 || !a.t.Distinct || a.cfg.Line {
		return nil
	}
	vals := make([]int32, len(a.code))
	for i, c := range a.code {
		if c == tiles.BlankCode {
			vals[i] = int32(a.t.BlankGoal)
		} else {
			vals[i] = c
		}
	}
	p := &polisher{rows: a.t.Rows, cols: a.t.Cols, blankVal: int32(a.t.BlankGoal), ctx: a.ctx, maxNodes: 200_000}
	for _, w := range []int{16, 24, 32, 40} {
		for a.ctx.Err() == nil {
			before := len(a.blanks)
			path := p.polish(vals, a.blanks, w, w/3)
			a.offer(path, a.best.Method, a.best.Heuristic)
			if len(path) == before {
				break
			}
		}
	}
	return nil
}
