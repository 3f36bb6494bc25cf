package slide

import (
	"context"
	"errors"
	"sync"
	"time"

	"github.com/slidekit/slide/internal/pdb"
)

// A frame is where the weighted and beam searches work: the board's cell
// values (goal-relative, see tileSpace) as bytes, turned by a database's
// orientation when it has one, with the heuristic to use.
type frame struct {
	rows, cols int
	rot        orientation // nil: the board as it is
	blankVal   int
	cells      []uint8 // the start
	blank      int     // the start's blank cell
	db         *pdb.DB // nil: Manhattan distance and linear conflicts
	heur       Heuristic
}

// maxFrameCells is the most cells a frame takes: values are bytes.
const maxFrameCells = 255

// newFrame returns the frame of the board of codes code, for a board with
// distinct labels of at most maxFrameCells cells. It uses the database
// heuristic o asks for (building it if need be), or under Auto the
// strongest database for the board that is already in memory or on disk,
// or else linear conflicts.
func newFrame(ctx context.Context, t *target, code []int32, o options) (*frame, error) {
	f := &frame{rows: t.rows, cols: t.cols, blankVal: t.blankGoal, heur: LinearConflict}
	h := o.heur
	req := o.dbRequest(h != Auto) // Auto never builds
	if h == Auto && !o.dbSet {
		h = LinearConflict
		for _, c := range []Heuristic{PDB78, PDB663, PDB555, PDB6666, PDB35, PDB48} {
			if _, spec, err := orient(c, t.rows, t.cols, t.blankGoal); err == nil && databaseState(spec, &req) != dbAbsent {
				h = c
				break
			}
		}
	}
	vals := make([]int, len(code))
	for i, c := range code {
		if c == blankCode {
			vals[i] = t.blankGoal
			f.blank = i
		} else {
			vals[i] = int(c)
		}
	}
	var spec pdb.Spec
	switch {
	case o.dbSet:
		spec, f.heur = o.db.spec(), PDBCustom
	case h.IsDatabase():
		var err error
		if f.rot, spec, err = orient(h, t.rows, t.cols, t.blankGoal); err != nil {
			return nil, err
		}
		f.heur = h
	}
	if f.heur.IsDatabase() {
		var err error
		if f.db, _, err = openDatabase(ctx, "Solve", spec, req); err != nil {
			return nil, err
		}
		f.blankVal = spec.Blank
		f.db.Sparse() // the beams' layout (see sparseBeam), made before any time budget starts
		if f.rot != nil {
			f.blank = int(f.rot[f.blank])
		}
	}
	f.cells = f.rot.apply(vals)
	newMDLC(f.rows, f.cols, uint8(f.blankVal)) // its conflict tables, made before any time budget starts
	return f, nil
}

// wEval returns the frame's admissible heuristic, for weighted A*.
func (f *frame) wEval() bEval {
	if f.db != nil {
		return &pdbBeam{pdbEval: *newPDBEval(f.db)}
	}
	return &mdlcBeam{mdlcEval: newMDLC(f.rows, f.cols, uint8(f.blankVal))}
}

// bEval returns the frame's heuristic for beam search: the database's
// bound plus Manhattan distance with linear conflicts, which together
// rank boards better than either (about 1% shorter solutions on 6 x 6
// boards at the same width), less 3/4 of a move a misplaced tile; on
// boards of more than 36 cells, less a move a misplaced tile and plus 2
// moves a short cycle of tiles (see rankBeam). On 6 x 6 boards the cycles
// gained nothing (swapped adjacent pairs alone, on the shared sample at a
// second: 1.0432 and 1.0438 times the reference against 1.0394 and
// 1.0422 without) and a move a misplaced tile 0.4% longer at width 4000;
// on 7 x 7 boards with the cycles, a move a misplaced tile was 1.6 to
// 3.5% shorter than 3/4 (widths 2000 and 4000, on the sample and on
// random-walk boards), 5/4 and 1/2 were longer. It reads the tables in
// the sparse layout when they have one (see sparseBeam). Without a
// database, it is lcEval.
func (f *frame) bEval() bEval {
	if f.db == nil {
		return f.lcEval()
	}
	sub, cycle := 3, 0
	if f.rows*f.cols > 36 {
		sub, cycle = 4, 8
	}
	m := &mdlcBeam{mdlcEval: newMDLC(f.rows, f.cols, uint8(f.blankVal))}
	if sp := newSparseBeam(f.db); sp != nil {
		return newRankBeam(&sumBeam[*sparseBeam]{p: sp, m: m}, f.blankVal, 4, sub, cycle)
	}
	return newRankBeam(&sumBeam[*pdbBeam]{p: &pdbBeam{pdbEval: *newPDBEval(f.db), keep: true}, m: m}, f.blankVal, 4, sub, cycle)
}

// lcEval returns Manhattan distance with linear conflicts, less 1/2 a
// move a misplaced tile (see rankBeam), for beam search.
func (f *frame) lcEval() bEval {
	return newRankBeam(&mdlcBeam{mdlcEval: newMDLC(f.rows, f.cols, uint8(f.blankVal))}, f.blankVal, 2, 1, 0)
}

// beam returns a beam search of the given width in the frame, on the
// given number of workers.
func (f *frame) beam(width, workers int) *beamSearch { return f.beamOf(width, workers, f.bEval) }

// lcBeam is beam ranking boards by linear conflicts alone.
func (f *frame) lcBeam(width, workers int) *beamSearch {
	bs := f.beamOf(width, workers, f.lcEval)
	bs.heur = LinearConflict
	return bs
}

// beamOf is beam ranking boards by eval's evaluators (one a worker),
// labelled with the frame's heuristic.
func (f *frame) beamOf(width, workers int, eval func() bEval) *beamSearch {
	bs := newBeamSearch(f.rows, f.cols, f.blankVal, width, eval())
	bs.heur = f.heur
	for range workers {
		if workers > 1 {
			bs.evs = append(bs.evs, eval())
		}
	}
	return bs
}

// beamWorkers returns the workers a beam search runs on: WithWorkers's
// number, by default every core.
func (o *options) beamWorkers() int { return o.workerCount() }

// estimate returns the frame's admissible heuristic of the start.
func (f *frame) estimate() int {
	ev := f.wEval()
	return ev.root(f.cells, make([]uint8, ev.auxLen()))
}

// back maps a path of blank cells in the frame back to the board.
func (f *frame) back(path []int) []int {
	if f.rot == nil {
		return path
	}
	out := make([]int, len(path))
	for i, c := range path {
		out[i] = f.rot.back(c)
	}
	return out
}

// A dbBeam is a database's bound as a bEval; value returns the loaded
// board's.
type dbBeam interface {
	bEval
	value() int
}

// sumBeam ranks boards by a database's bound plus Manhattan distance with
// linear conflicts; a board is a goal when the database's bound is 0.
type sumBeam[P dbBeam] struct {
	p P
	m *mdlcBeam
}

func (e *sumBeam[P]) auxLen() int { return e.p.auxLen() }
func (e *sumBeam[P]) root(board, aux []uint8) int {
	return e.p.root(board, aux) + e.m.root(board, aux)
}
func (e *sumBeam[P]) load(board, aux []uint8, h int) {
	e.p.load(board, aux, 0)
	e.m.load(board, aux, h-e.p.value())
}
func (e *sumBeam[P]) child(v uint8, from, to int) (int, uint32) {
	h1, d := e.p.child(v, from, to)
	if h1 == 0 {
		return 0, d
	}
	h2, _ := e.m.child(v, from, to)
	return h1 + h2, d
}

func (e *sumBeam[P]) apply(board, aux []uint8, d uint32, v uint8, from, to int) {
	e.p.apply(board, aux, d, v, from, to)
}

// solveAnytime is Solve's anytime mode (see WithAnytime and
// WithTimeLimit).
func solveAnytime(ctx context.Context, start Board, t *target, code []int32, o options, began time.Time) (Solution, error) {
	a := anytime{ctx: ctx, start: start, t: t, code: code, o: o, began: began}
	a.lower = lowerBound(t, code, o.metric == LineMoves)
	err := a.run()
	sol := a.best
	sol.Start, sol.Elapsed = start, time.Since(began)
	if a.blanks == nil {
		if err == nil {
			err = ctx.Err()
		}
		return Solution{Start: start, LowerBound: a.lower, Elapsed: sol.Elapsed}, err
	}
	sol.Expanded, sol.Generated = a.expanded, a.generated
	finishPath(&sol, a.blanks, o)
	sol.LowerBound = min(a.lower, sol.Len())
	if sol.Len() == sol.LowerBound {
		sol.Optimal = true
	}
	return sol, nil
}

// anytime holds the state of one anytime solve: the best solution so far
// (as blank cells) and the best lower bound.
type anytime struct {
	ctx                 context.Context
	start               Board
	t                   *target
	code                []int32
	o                   options
	began               time.Time
	best                Solution
	blanks              []int
	lower               int
	expanded, generated int64
	lastReport          time.Time
}

// offer keeps blanks as the best solution if it is shorter.
func (a *anytime) offer(blanks []int, algo Algorithm, h Heuristic) {
	if a.blanks == nil || len(blanks) < len(a.blanks) {
		a.blanks = blanks
		a.best.Algorithm, a.best.Heuristic = algo, h
		a.report(0, true)
	}
}

// report calls the progress function, at most every tenth of a second
// unless now.
func (a *anytime) report(bound int, now bool) {
	if a.o.progress == nil || !now && time.Since(a.lastReport) < 100*time.Millisecond {
		return
	}
	a.lastReport = time.Now()
	best := 0
	if a.blanks != nil {
		best = len(a.blanks) - 1
	}
	a.o.progress(Progress{Bound: bound, Generated: a.generated, Best: best, LowerBound: a.lower, Elapsed: time.Since(a.began)})
}

// run finds solutions and lower bounds until the context is done or the
// answer is proven optimal.
func (a *anytime) run() error {
	line := a.o.metric == LineMoves
	n := a.t.rows * a.t.cols
	if !a.t.distinct || line || n > maxFrameCells || a.t.rows < 2 || a.t.cols < 2 {
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
			if a.t.distinct && !line && a.t.rows >= 2 && a.t.cols >= 2 {
				a.solveRegion()
			}
			return a.polish()
		}
		return a.improveOptimally()
	}
	f, err := newFrame(a.ctx, a.t, a.code, a.o)
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
	w := a.o.beamWorkers()
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
	if a.o.budget > 0 {
		a.ctx, stop = context.WithTimeout(a.ctx, a.o.budget)
	}
	fo := a.o
	fo.onMove = nil
	sol, err := solveFast(a.ctx, a.start, a.t, a.code, fo, a.began)
	if err == nil {
		a.offer(blanksOf(a.start, sol.Moves), AlgoFast, sol.Heuristic)
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
			a.offer(f.back(paths[i]), AlgoAuto, b.heur)
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
func (a *anytime) complete(blanks []int, h Heuristic) {
	if len(blanks) < 2 {
		return
	}
	mid, ok := a.start.Apply(movesOf(blanks, a.t.cols))
	if !ok {
		return
	}
	code, err := a.t.encode("Solve", mid)
	if err != nil {
		return
	}
	fo := a.o
	fo.onMove = nil
	sol, err := solveFast(context.WithoutCancel(a.ctx), mid, a.t, code, fo, a.began)
	if err != nil {
		return
	}
	a.offer(append(blanks, blanksOf(mid, sol.Moves)[1:]...), AlgoAuto, h)
}

// fitBeam makes b adapt its width to end by deadline (see
// beamSearch.adapt), within the node limit (and its maxWidth if set) and
// a share of 1/shares of the memory the beams in frame f may hold: nine
// tenths of what the database's tables leave of the memory limit, the
// rest for what the beams' regrown arrays leave until the garbage
// collector frees it. (With all of it, a process solving the shared 6 x 6
// sample at 10 s a board peaked at 2.10 GiB under the 2 GiB default.)
func (a *anytime) fitBeam(b *beamSearch, f *frame, deadline time.Time, shares int) {
	limit := int(a.o.limits.eng().Nodes())
	if b.maxWidth > 0 {
		limit = min(limit, b.maxWidth)
	}
	memory := a.o.limits.eng().Memory()
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
	o := a.o
	o.anytime, o.budget, o.onMove = false, 0, nil
	o.limits.MaxCost = float64(len(a.blanks) - 2)
	if o.limits.MaxCost < 1 {
		a.lower = len(a.blanks) - 1
		return nil
	}
	sol, err := solveOptimal(a.ctx, a.start, a.t, a.code, o, a.began)
	a.expanded += sol.Expanded
	a.generated += sol.Generated
	switch {
	case err == nil:
		a.offer(blanksOf(a.start, sol.Moves), sol.Algorithm, sol.Heuristic)
		a.lower = len(a.blanks) - 1
	case errors.Is(err, ErrNotFound):
		a.lower = len(a.blanks) - 1 // nothing shorter: the best is optimal
	default:
		a.lower = max(a.lower, sol.LowerBound)
	}
	return nil
}

// polish shortens the best solution by re-solving windows of it (see
// polisher) until the context is done or a pass gains nothing.
func (a *anytime) polish() error {
	if a.t.rows < 2 || a.t.cols < 2 || !a.t.distinct || a.o.metric == LineMoves {
		return nil
	}
	vals := make([]int32, len(a.code))
	for i, c := range a.code {
		if c == blankCode {
			vals[i] = int32(a.t.blankGoal)
		} else {
			vals[i] = c
		}
	}
	p := &polisher{rows: a.t.rows, cols: a.t.cols, blankVal: int32(a.t.blankGoal), ctx: a.ctx, maxNodes: 200_000}
	for _, w := range []int{16, 24, 32, 40} {
		for a.ctx.Err() == nil {
			before := len(a.blanks)
			path := p.polish(vals, a.blanks, w, w/3)
			a.offer(path, a.best.Algorithm, a.best.Heuristic)
			if len(path) == before {
				break
			}
		}
	}
	return nil
}

// blanksOf returns the blank's cell in every board of moves from start.
func blanksOf(start Board, moves []Move) []int {
	r, c := start.Blank()
	cols := start.Cols()
	b := r*cols + c
	out := make([]int, 0, len(moves)+1)
	out = append(out, b)
	for _, m := range moves {
		dr, dc := m.Dir.source()
		b += m.Tiles * (dr*cols + dc)
		out = append(out, b)
	}
	return out
}
