package near

import (
	"context"
	"math"
	"runtime"
	"slices"
)

// boundRate is the most boards the anytime mode's bound search (see
// anytime.raiseBound) generates a second of the budget, a fifth of a core
// or so; it stops sooner where its next iteration would not complete
// within them (see boundSearch.raise), and on 6 x 6 and 7 x 7 boards
// uses about a quarter of them, a few percent of the cores the beams
// run on. The bound it proves grows with the logarithm of its work.
const boundRate = 1 << 20

// boundNodes is the bound search's work without a time budget.
const boundNodes = boundRate

// boundShare is the share of the node limit (1/boundShare of what is
// left) the bound search may take: the answers need the rest.
const boundShare = 10

// boundIdle is how many times boundRate's boards the bound search may
// generate more under a time budget, only while the beams leave a core
// idle (see idleGate).
const boundIdle = 7

// raiseBound starts the bound search of the frame's start (see
// boundSearch) beside the searches that look for answers, within
// boundRate boards a second of the budget (boundNodes without one) and,
// under a deadline of the wall clock, boundIdle times as many more on the
// cores the frame's beams leave idle (see idleGate); all within a
// boundShare of what the node limit leaves, which it takes up front. It
// stops when the context is done. It returns the function that waits for
// it and takes in what it proved: a raised lower bound, or a shortest
// solution, which it offers.
func (a *anytime) raiseBound(f *frame) func() {
	nodes, idle := int64(boundNodes), int64(0)
	if a.budget > 0 {
		nodes = int64(a.budget.Seconds() * boundRate)
		if a.clock == nil {
			idle = boundIdle * nodes
		}
	}
	all := min(nodes+idle, a.nodesLeft()/boundShare)
	if nodes = min(nodes, all); nodes <= 0 || a.ctx.Err() != nil {
		return func() {}
	}
	a.generated += all
	s := f.newBoundSearch()
	if all > nodes {
		f.gate = newIdleGate(runtime.GOMAXPROCS(0))
		s.gate, s.idle = f.gate, all-nodes
	}
	lower := a.lower
	var proved int
	var path []int
	done := make(chan struct{})
	go func() {
		defer close(done)
		proved, path = s.raise(a.ctx, lower, nodes)
	}()
	return func() {
		<-done
		a.generated += s.generated - all
		a.lower = max(a.lower, proved)
		if path != nil {
			a.offer(f.back(path), WeightedIDA, f.heur)
		}
	}
}

// A boundSearch raises the lower bound of a frame's start by IDA* under
// an admissible heuristic: the larger of the frame's database bound
// (maxed with its reflected lookup where the goal allows, see pdbEval)
// and Manhattan distance with linear conflicts, or the latter alone
// without a database. An iteration to a bound on moves plus heuristic
// that completes without reaching the goal proves that every solution is
// longer than that bound, and so at least as long as the least sum above
// it that the iteration met: the bound plus 2, since a move changes both
// heuristics, consistent and of the parity of every solution's length,
// by exactly one. A goal it reaches within an iteration's bound is a
// shortest solution, as in any IDA*. A learned ranking never enters it:
// what it proves rests on admissible bounds alone.
//
// It walks one board, changed in place move by move, keeps the
// heuristics' state of the board it stands on (the tables' entries and
// every tile's cell) and undoes each move's change on the way back, so
// it allocates nothing per node; the searcher owns its scratch memory,
// grown to the deepest iteration it runs.
type boundSearch struct {
	p         *pdbBeam // the database's bound, nil without one
	m         *mdlcBeam
	splits    []*splitBound // the splits of the database that bound the start best
	rows      int
	cols      int
	blankVal  uint8
	board     []uint8
	lc        int   // the board's Manhattan distance plus linear conflicts
	path      []int // the blank's cells on the path, the start's first
	limit     int   // the iteration's bound on moves plus heuristic
	next      int   // the least sum above limit the iteration met
	generated int64
	maxNodes  int64 // the most boards it may generate, all calls together
	// gate tells when the beams leave a core idle (see idleGate): past
	// maxNodes the search may generate idle boards more, an iteration
	// that would complete within them, while a core is idle (gated).
	gate    *idleGate
	idle    int64
	gated   bool
	pollAt  int64 // when it next looks at maxNodes and the context
	ctx     context.Context
	stopped bool
}

// boundPoll is how many boards (a power of two) a bound search generates
// between two looks at its context, yielding its core at each: a
// fraction of a millisecond of work, so that a cancel stops it within
// milliseconds and a beam's worker that waits for a core gets one soon.
const boundPoll = 1 << 10

// idlePoll is how many boards a gated bound search generates between two
// looks at its gate: a few tens of microseconds, which a beam's worker
// that starts waits at most for a core.
const idlePoll = 1 << 7

// newBoundSearch returns a bound search of the frame's start.
func (f *frame) newBoundSearch() *boundSearch {
	s := &boundSearch{rows: f.rows, cols: f.cols, blankVal: uint8(f.blankVal), board: slices.Clone(f.cells),
		m: &mdlcBeam{mdlcEval: newMDLC(f.rows, f.cols, uint8(f.blankVal))}, path: []int{f.blank}}
	if f.db != nil {
		p := &pdbBeam{pdbEval: *newPDBEval(f.db)}
		for v, j := range p.patOf {
			if j < 0 && v != f.blankVal {
				return s // a tile outside every pattern: linear conflicts alone
			}
		}
		s.p = p
	}
	return s
}

// raise runs the iterations of the search from lower, a proven bound of
// the frame's start, until one reaches the goal, the search has generated
// maxNodes boards in all its calls (0: no limit) or foresees that the
// next iteration would pass them, or ctx is done. It
// returns the bound proven by the iterations that completed (at least
// lower), and the blank's cells from the start to the goal if an
// iteration reached it (a shortest solution: the bound is then its
// length), else nil. A later call goes on from the bound it is given.
func (s *boundSearch) raise(ctx context.Context, lower int, maxNodes int64) (int, []int) {
	s.ctx, s.maxNodes, s.stopped, s.gated = ctx, maxNodes, false, false
	if s.maxNodes <= 0 {
		s.maxNodes = math.MaxInt64
	}
	h := s.root()
	if h == 0 {
		return 0, []int{s.path[0]}
	}
	// The start's heuristic has the parity of every solution's length: a
	// bound below it rises to it, and one of the other parity by one.
	lower = max(lower, h)
	if (lower-h)%2 != 0 {
		lower++
	}
	s.pollAt = min(s.maxNodes, s.generated+boundPoll)
	// An iteration costs some times the one before, that ratio growing
	// slowly: one that would not complete within maxNodes, by the ratio of
	// the last two, proves nothing and is not run, leaving its work to
	// the beams beside.
	var last, before int64 // the boards of the last two iterations
	for ctx.Err() == nil && s.generated < s.maxNodes {
		if next := float64(last) * float64(last) / float64(max(1, before)); before > 0 && last > 4*boundPoll &&
			float64(s.generated)+next > float64(s.maxNodes) {
			if !s.goIdle(float64(s.generated) + next) {
				return lower, nil
			}
		}
		began := s.generated
		s.limit, s.next = lower, math.MaxInt
		s.path = slices.Grow(s.path[:1], lower)
		if s.dfs(0, h, -1) {
			return len(s.path) - 1, slices.Clone(s.path)
		}
		if s.stopped || s.next == math.MaxInt {
			return lower, nil
		}
		before, last = last, s.generated-began
		lower = s.next
	}
	return lower, nil
}

// goIdle reports whether the search may go on past maxNodes, on the
// cores the beams leave idle (see idleGate): once, with idle boards
// more, where an iteration it foresees needing need boards in all would
// complete within them. It is then gated.
func (s *boundSearch) goIdle(need float64) bool {
	if s.gated || s.idle <= 0 || s.maxNodes > math.MaxInt64-s.idle || need > float64(s.maxNodes+s.idle) {
		return false
	}
	s.maxNodes, s.gated = s.maxNodes+s.idle, true
	return true
}

// root sets the heuristics' state to the start and returns its bound.
func (s *boundSearch) root() int {
	s.lc = s.m.estimate(s.board)
	s.m.board = s.board
	if s.p == nil {
		return s.lc
	}
	p := s.p
	h := max(p.estimate(s.board), s.lc)
	p.w, p.rw = p.where, p.rwhere
	s.splits = s.splits[:0]
	for _, refl := range []bool{false, true} {
		if refl && !p.reflect {
			break
		}
		if sp := newSplitBound(p, &s.m.mdlcEval, s.board, refl); sp != nil {
			s.splits = append(s.splits, sp)
			h = max(h, sp.value())
		}
	}
	return h
}

// dfs searches below the board at depth g, of heuristic h, whose blank
// came from cell prev (-1 at the start), within the iteration's limit.
// It reports whether it reached the goal, the path then ending there; it
// returns false, with stopped set, once the node budget or the context
// stops it.
func (s *boundSearch) dfs(g, h, prev int) bool {
	b, cols := s.path[g], s.cols
	br, bc := b/cols, b%cols
	for k, nb := range [4]int{b - cols, b - 1, b + 1, b + cols} {
		switch {
		case k == 0 && br == 0, k == 3 && br == s.rows-1, k == 1 && bc == 0, k == 2 && bc == cols-1, nb == prev:
			continue
		}
		if s.generated >= s.pollAt {
			if s.generated >= s.maxNodes && !s.goIdle(0) || s.ctx.Err() != nil {
				s.stopped = true
				return false
			}
			poll := int64(boundPoll)
			if s.gated {
				if !s.gate.wait(s.ctx) {
					s.stopped = true
					return false
				}
				poll = idlePoll
			}
			s.pollAt = min(s.maxNodes, s.generated+poll)
			// A beam's workers wait for each other at every layer: one
			// kept off its core waits for the others.
			runtime.Gosched()
		}
		s.generated++
		v := s.board[nb]
		ch, lc, delta, steps, ok := s.child(g, v, nb, b)
		if !ok {
			continue
		}
		s.path = append(s.path, nb)
		if lc == 0 {
			return true
		}
		undo := s.move(v, nb, b, lc, delta, &steps)
		found := s.dfs(g+1, ch, b)
		s.unmove(v, nb, b, undo)
		if found || s.stopped {
			return found
		}
		s.path = s.path[:g+1]
	}
	return false
}

// child scores the child at depth g+1 in which the tile v slides from
// cell from into the blank on cell to, the heuristics in turn, the
// cheapest first: it returns false, and sets next, as soon as one puts
// the child past the iteration's limit (all have the parity of the
// moves left, so any one of them past the limit puts it at least two
// past, as the largest would). Else it returns the child's heuristic,
// its linear conflicts, and the database's and the splits' changes.
func (s *boundSearch) child(g int, v uint8, from, to int) (h, lc int, delta bDelta, steps [2]splitStep, ok bool) {
	s.m.h = s.lc
	lc, _ = s.m.child(v, from, to)
	if f := g + 1 + lc; f > s.limit {
		s.next = min(s.next, f)
		return
	}
	h = lc
	if s.p == nil {
		return h, lc, delta, steps, true
	}
	var db int
	db, delta = s.p.child(v, from, to)
	if f := g + 1 + db; f > s.limit {
		s.next = min(s.next, f)
		return
	}
	h = max(h, db)
	for i, sp := range s.splits {
		var x int
		x, steps[i] = sp.child(s.board, v, from, to, delta)
		if f := g + 1 + x; f > s.limit {
			s.next = min(s.next, f)
			return
		}
		h = max(h, x)
	}
	return h, lc, delta, steps, true
}

// boundUndo is what a move changed in a bound search's state, beside
// the board: the heuristic of linear conflicts, and the database's
// entries (direct and reflected) of the moved tile's patterns.
type boundUndo struct {
	lc, x, y int
	splits   [2]splitStep
}

// move slides the tile v from cell from into the blank on cell to, the
// child's linear conflicts being lc and, with a database, its entries
// changed by delta (see pdbBeam.child) and the splits' by their steps,
// and returns what unmove needs.
func (s *boundSearch) move(v uint8, from, to, lc int, delta bDelta, steps *[2]splitStep) boundUndo {
	u := boundUndo{lc: s.lc}
	for i, sp := range s.splits {
		u.splits[i] = sp.move(steps[i])
	}
	s.lc = lc
	s.board[to], s.board[from] = v, s.blankVal
	if p := s.p; p != nil {
		j := int(delta & 255)
		u.x = p.vals[j]
		p.vals[j] = int(delta >> 8 & 255)
		p.sum += p.vals[j] - u.x
		p.where[v] = uint8(to)
		if p.reflect {
			jr := int(delta >> 16 & 255)
			u.y = p.rvals[jr]
			p.rvals[jr] = int(delta >> 24)
			p.rsum += p.rvals[jr] - u.y
			p.rwhere[p.tr[v]] = p.tr[to]
		}
	}
	return u
}

// unmove undoes move: the tile v slides back from cell to to cell from.
func (s *boundSearch) unmove(v uint8, from, to int, u boundUndo) {
	s.lc = u.lc
	for i, sp := range s.splits {
		sp.move(u.splits[i])
	}
	s.board[to], s.board[from] = s.blankVal, v
	if p := s.p; p != nil {
		j := int(p.patOf[v])
		p.sum += u.x - p.vals[j]
		p.vals[j] = u.x
		p.where[v] = uint8(from)
		if p.reflect {
			jr := int(p.patOf[p.tr[v]])
			p.rsum += u.y - p.rvals[jr]
			p.rvals[jr] = u.y
			p.rwhere[p.tr[v]] = p.tr[from]
		}
	}
}
