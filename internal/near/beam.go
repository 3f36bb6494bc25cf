package near

import (
	"context"
	"encoding/binary"
	"math"
	"slices"
	"sort"
	"time"
	"unsafe"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/pdb"
	"github.com/slidekit/slide/internal/tiles"
)

// A beamSearch finds a solution layer by layer: of the boards one move from
// the boards of the current layer, it keeps the width with the smallest
// heuristic (duplicates of the last layers dropped) as the next layer, until
// a goal appears. Time and memory grow linearly with the width; a wider
// beam finds shorter solutions. It works on boards of at most 255 cells in
// the goal-relative form of wastar.
//
// A layer's boards are kept in one arena with their evaluator's data (see
// bEval). Children are first only scored, as (parent, cell, heuristic,
// hash) records; the width best are then made boards, so most children cost
// a heuristic update and no copy.
type beamSearch struct {
	rows, cols, n int
	blankVal      uint8
	width         int
	ev            bEval
	aux           int // bytes of evaluator data a board
	zob           []uint64

	cur, next layer
	cands     []beamCand
	evs       []bEval       // one evaluator a worker, when more than one
	outs      [][]beamCand  // the workers' candidates, in place in cands (see expand)
	spinners  []*spinner    // while a search runs on several workers, all but the first (see parallel)
	count     []int32       // candidates by heuristic (see markLimit, choose)
	chosen    []int32       // indices of the candidates kept
	classes   []*beamClass  // the workers' shares of a layer
	expanders int           // the workers that expanded the layer
	classW    [beamSets]int // the workers that selected the last layers (see seenBefore)
	dup       *hashSet      // with checksAll, the closed set of the children's depth
	closed    [2]hashSet    // with global: every board kept, by parity of depth
	recent    [][]uint64    // hashes of the last layers, newest last
	steps     []stepLayer   // every layer's boards' steps, for the path (see beam_path.go)
	pathBytes int64         // the bytes steps hold
	start     int           // the start's blank cell

	// cuts[k] is where worker k's parents begin in a layer, as a share of
	// it (see balance): cuts[0] 0, cuts[w] 1; bounds[k] where they begin
	// in the layer expanded, took[k] when worker k was done with them.
	cuts   []float64
	bounds []int
	took   []time.Duration
	// The time the workers of the layers expanded on more than one waited
	// for the last of them, summed over the workers, and the time those
	// steps took: the share of the cores left idle.
	expandIdle, expandSpan time.Duration

	expanded, generated int64
	// maxNodes bounds generated: a layer whose children could pass it is
	// not expanded (math.MaxInt64: no bound).
	maxNodes int64
	// The search's context, with which its arrays are made, and its Stop,
	// which the loops of a layer poll (see beam_room.go).
	ctx  context.Context
	stop engine.Stop
	// gate counts the search's goroutines at work for the bound search
	// beside it (see idleGate); nil: none.
	gate *idleGate

	// With a deadline, the width adapts after every layer so that the
	// search ends in time (see adapt), between minWidth and maxWidth, and
	// holds at most memory bytes if that is above 0 (see memoryCap).
	deadline           time.Time
	minWidth, maxWidth int
	memory             int64
	// lead is the factor by which adapt takes the layers left to pass
	// those that the least heuristic's fall so far foretells (0:
	// defaultLead): a ranking whose values fall fast at first and slowly
	// near the goal needs more, or its layers narrow toward the goal.
	lead float64
	// The clock the search reads (nil: the wall clock, see workClock),
	// and with one that is not, the time at which it stops (zero: none),
	// as a context's deadline stops it under the wall clock.
	clock *workClock
	end   time.Time

	// With global, children are checked against every board kept so far
	// (of the same parity), not only the last layers: a trapped beam
	// cannot circle and is pushed out, at the cost of a lookup in a set
	// that grows with the search for every child.
	// With stall above 0, a search whose layers' least heuristic has not
	// improved for stall layers turns global from there on (escaped is
	// the depth at which it did, 0 if it did not): the beam is trapped
	// where every way on first raises the heuristic a long way, and
	// without it circles there until its deadline.
	global  bool
	stall   int
	escaped int
	// The board of least heuristic kept so far: its depth and index in
	// its layer (see closest).
	closestDepth, closestIndex int
	// heur names what the search ranks boards by, for its answer.
	heur tiles.Heuristic
	// onLayer, if not nil, is called after every layer: a wide beam's
	// layers take a while, and its caller reports progress.
	onLayer func()
}

// A layer is the boards of one depth: board i is cells[i*n:(i+1)*n], its
// evaluator data aux[i*a:(i+1)*a].
type layer struct {
	cells []uint8
	aux   []uint8
	h     []int32
	hash  []uint64
	blank []uint8
	prev  []uint8 // the blank's cell before the last move (no undoing)
}

func (l *layer) reset() {
	l.cells, l.aux, l.h, l.hash, l.blank, l.prev = l.cells[:0], l.aux[:0], l.h[:0], l.hash[:0], l.blank[:0], l.prev[:0]
}

// A beamCand is a scored child: the tile on cell nb slides into parent's
// blank.
type beamCand struct {
	parent int32
	nb     uint8
	h      uint16
	delta  bDelta // the evaluator's change to the parent's data
	hash   uint64
}

// A bEval is the heuristic of a beam search, with per-board data kept in
// the layers.
type bEval interface {
	auxLen() int
	// root returns h of board and fills its data.
	root(board, aux []uint8) int
	// load makes board, with its data, the parent of the next calls of
	// child.
	load(board, aux []uint8, h int)
	// child returns h of the child in which the tile of value v slides
	// from cell from into the parent's blank on cell to, and the change to
	// the parent's data that makes the child's.
	child(v uint8, from, to int) (int, bDelta)
	// apply makes a parent's data (copied to aux) the child's, given
	// child's change delta for the move of the tile v from cell from into
	// the blank on cell to; board is the child's.
	apply(board, aux []uint8, delta bDelta, v uint8, from, to int)
}

// A bDelta is an evaluator's change to a parent's data for one child (see
// bEval.child), kept with the child's candidate until apply makes its
// data: a database's in the low 32 bits (see pdbBeam.child), and a
// ranking on top of one (see learnBeam, rankBeam) its own in the high
// 32, so that apply repeats none of child's work. It takes what was the
// padding of a beamCand: a candidate stays 24 bytes.
type bDelta uint64

// maxBeamWidth is the most boards a layer of a beam search holds: its
// boards and its candidates are indexed by int32s.
const maxBeamWidth = 1 << 30

func newBeamSearch(rows, cols, blankVal, width int, ev bEval) *beamSearch {
	n := rows * cols
	s := &beamSearch{rows: rows, cols: cols, n: n, blankVal: uint8(blankVal), width: min(max(1, width), maxBeamWidth), ev: ev, aux: ev.auxLen(),
		zob: zobrist(n), maxNodes: math.MaxInt64}
	return s
}

// zobrist returns n*n fixed pseudo-random words, one per (cell, value).
func zobrist(n int) []uint64 {
	z := make([]uint64, n*n)
	x := uint64(0x9e3779b97f4a7c15)
	for i := range z {
		x ^= x << 13 // xorshift: a fixed, well-spread sequence
		x ^= x >> 7
		x ^= x << 17
		z[i] = x
	}
	return z
}

// beamDedupLayers is how many earlier layers of the child's parity a child
// is checked against: every move moves the blank one cell, so a board
// recurs only an even number of moves later, nearly always two (a board
// that another parent's child kept was also the child of this one), and
// the rare duplicates from further back cost less than the checks would.
const beamDedupLayers = 1

// search returns the blank's cell in every board of the solution from
// start, whose blank is on cell blank, of at most maxDepth moves, or
// ErrNotFound (a beam may lose every way to the goal, or circle), a
// *engine.LimitError (memory, or nodes: maxNodes), or ctx's error.
func (s *beamSearch) search(ctx context.Context, start []uint8, blank, maxDepth int) ([]int, error) {
	s.ctx = ctx
	s.stop.Watch(ctx)
	defer s.stop.End()
	s.gate.enter(1)
	defer s.gate.leave()
	if len(s.evs) > 1 && spinWorkers {
		s.spinners = make([]*spinner, 0, len(s.evs)-1)
		defer s.stopSpinners()
	}
	s.cur.reset()
	s.steps, s.recent, s.start = s.steps[:0], s.recent[:0], blank
	s.expanded, s.generated, s.escaped, s.pathBytes = 0, 0, 0, 0
	if s.maxNodes < 1 {
		return nil, &engine.LimitError{Limit: "nodes", Value: s.maxNodes}
	}
	s.generated = 1 // the start
	aux := make([]uint8, s.aux)
	h := s.ev.root(start, aux)
	var hash uint64
	for c, v := range start {
		hash ^= s.zob[c*s.n+int(v)]
	}
	s.cur.cells = append(s.cur.cells, start...)
	s.cur.aux = append(s.cur.aux, aux...)
	s.cur.h = append(s.cur.h, int32(h))
	s.cur.hash = append(s.cur.hash, hash)
	s.cur.blank = append(s.cur.blank, uint8(blank))
	s.cur.prev = append(s.cur.prev, 255)
	s.steps = append(s.steps, stepLayer{boards: 1})
	s.recent = append(s.recent, []uint64{hash})
	if h == 0 {
		return []int{blank}, nil
	}
	s.ensureClasses(1)
	s.classW = [beamSets]int{1}
	s.classes[0].sets[0].reset(1)
	s.classes[0].sets[0].insert(hash)
	if s.global {
		s.closed[0].reset(0)
		s.closed[1].reset(0)
		s.closed[0].insert(hash)
	}
	best, bestDepth := h, 0
	s.closestDepth, s.closestIndex = 0, 0
	var perBoard float64 // seconds a board of a layer takes, smoothed
	var spent float64    // seconds of the layers not yet timed
	timed := 0           // and their boards
	for depth := 1; depth <= maxDepth; depth++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if err := s.keepToMemory(); err != nil {
			return nil, err
		}
		if s.layerPasses(depth) {
			return nil, &engine.LimitError{Limit: "nodes", Value: s.maxNodes, Expanded: s.expanded, Generated: s.generated}
		}
		if s.clock.passed(s.end) {
			return nil, context.DeadlineExceeded
		}
		began, generated := s.clock.now(), s.generated
		boards := len(s.cur.h)
		goal, ok := s.expand()
		s.clock.spend(s.generated - generated)
		if ok {
			return s.path(goal), nil
		}
		if ctx.Err() != nil { // s.stop stopped the layer, or its arrays were not made
			return nil, ctx.Err()
		}
		if len(s.cands) == 0 {
			return nil, engine.ErrNotFound(math.Inf(1))
		}
		if !s.selectNext() {
			return nil, ctx.Err()
		}
		s.cur, s.next = s.next, s.cur
		if s.onLayer != nil {
			s.onLayer()
		}
		if s.checksAll() {
			closed := &s.closed[depth&1]
			if !closed.reserve(ctx, &s.stop, len(s.cur.hash)) || !closed.insertAll(s.cur.hash, &s.stop) {
				return nil, ctx.Err()
			}
		}
		if len(s.cur.h) == 0 {
			return nil, engine.ErrNotFound(math.Inf(1))
		}
		least := int(slices.Min(s.cur.h))
		if least < best {
			best, bestDepth = least, depth
			s.closestDepth, s.closestIndex = depth, slices.Index(s.cur.h, int32(least))
		} else if s.stall > 0 && !s.checksAll() && depth-bestDepth > s.stall {
			s.escape(depth)
		}
		if s.deadline.IsZero() {
			continue
		}
		// Timed over layers of at least 32 boards together: a narrower
		// beam would otherwise never widen again.
		spent += s.clock.now().Sub(began).Seconds()
		if timed += boards; timed < 32 {
			continue
		}
		t := spent / float64(timed)
		spent, timed = 0, 0
		if perBoard == 0 {
			perBoard = t
		}
		perBoard = 0.7*perBoard + 0.3*t
		s.adapt(depth, maxDepth, h, least, perBoard)
	}
	return nil, engine.ErrNotFound(float64(maxDepth))
}

// layerPasses reports whether the children of the current layer, at
// depth, could pass maxNodes: at most 4 a board, 3 past the start (the
// move back is not made).
func (s *beamSearch) layerPasses(depth int) bool {
	children := int64(len(s.cur.h)) * 3
	if depth == 1 {
		children = 4
	}
	return children > s.maxNodes-s.generated
}

// escape makes the search global from the current layer, at depth, on:
// every board of the layers it holds (see recent) is kept as seen. It
// stops early when the search's Stop is done.
func (s *beamSearch) escape(depth int) {
	s.escaped = depth
	s.closed[0].reset(0)
	s.closed[1].reset(0)
	for k, hashes := range s.recent {
		d := depth - (len(s.recent) - 1 - k)
		if !s.closed[d&1].insertAll(hashes, &s.stop) {
			return
		}
	}
}

// checksAll reports whether children are checked against every board
// kept: the search is global or has escaped.
func (s *beamSearch) checksAll() bool { return s.global || s.escaped > 0 }

// defaultLead is a beam's lead (see beamSearch.lead) unless set.
const defaultLead = 1.25

// adapt sets the width of the layers to come so that the search ends by
// its deadline: the layers left are estimated from the rate at which the
// least heuristic has fallen so far (h0 at the start, hmin in the current
// layer), times the beam's lead.
func (s *beamSearch) adapt(depth, maxDepth, h0, hmin int, perBoard float64) {
	left := maxDepth - depth
	if fallen := h0 - hmin; fallen > h0/10 {
		lead := s.lead
		if lead == 0 {
			lead = defaultLead
		}
		left = min(left, int(lead*float64(depth)*float64(hmin)/float64(fallen))+1)
	}
	seconds := 0.9 * s.clock.until(s.deadline).Seconds()
	width := int(seconds / (float64(left) * perBoard))
	if s.memory > 0 {
		width = min(width, s.memoryCap(left))
	}
	if s.maxNodes < math.MaxInt64 { // 3 children a board a layer
		width = min(width, int(min(math.MaxInt32, (s.maxNodes-s.generated)/int64(3*max(1, left)))))
	}
	s.width = max(s.minWidth, min(width, s.maxWidth))
}

// keepToMemory narrows a beam of fixed width (no deadline) whose next
// layer would pass its memory, if it has a bound, and returns a
// *engine.LimitError once not even one board fits. (A beam with a deadline fits
// its memory as it adapts.)
func (s *beamSearch) keepToMemory() error {
	if s.memory <= 0 || !s.deadline.IsZero() {
		return nil
	}
	w := s.memoryCap(1)
	if w < 1 {
		return &engine.LimitError{Limit: "memory", Value: s.memory, Expanded: s.expanded, Generated: s.generated}
	}
	s.width = min(s.width, w)
	// Arrays grown for a wider beam are let go, to regrow to the width:
	// the unused layer (the current one is next), and the candidates.
	if cap(s.next.h) > 2*s.width {
		s.next = layer{}
	}
	if cap(s.cands) > 6*s.width {
		s.cands = nil
	}
	return nil
}

// memoryCap returns the widest layers that keep the search within its
// memory for left more layers: the steps of its layers so far (see
// stepLayer), of the next layer, made from the current one's boards, and
// of the layers after it, made from layers of the width; with checksAll,
// the closed sets' tables once they hold those layers' boards (and the
// table a set doubles from, while it moves); and the arrays a layer
// reuses (see arrayBytes) as they are, or regrown to boardBytes a board
// if a wider layer needs more (a beam of fixed width may let them go
// where they and the rest pass its memory, see keepToMemory). Counting
// what the search holds as it goes, rather than charging every board up
// front for the deepest path allowed and a global beam's sets, lets a
// beam use the memory and the time it has; counting the arrays'
// capacities, rather than what the width needs of them, keeps it within
// its memory on any number of workers (their sets and the room the
// arrays grow by pass what a board needs).
func (s *beamSearch) memoryCap(left int) int {
	board, arrays := s.boardBytes(), s.arrayBytes()
	held := s.pathBytes + stepBytes(len(s.cur.h))
	// Whether the arrays stay as they are where the width needs less.
	keep := !s.deadline.IsZero() || s.memory-held-arrays >= 0
	next := len(s.steps) // the next layer's depth
	// The classes' sets take 1024 slots each at least (see tableSize).
	floor := int64(max(1, len(s.evs))) * beamSets * 4 * 1024
	need := func(w int) int64 {
		b := held + int64(max(0, left-1))*stepBytes(w)
		if s.checksAll() {
			for p := range s.closed {
				c := &s.closed[p]
				layers := left / 2 // of the left layers, those of depth p's parity
				if left%2 == 1 && next&1 == p {
					layers++
				}
				size := int64(tableSize(c.n + layers*w))
				if size > int64(len(c.slots)) && layers > 0 {
					size += int64(len(c.slots))
				}
				b += 4 * max(size, int64(len(c.slots)))
			}
		}
		regrown := int64(w)*board + floor
		if !keep {
			return b + regrown
		}
		if regrown > arrays {
			regrown += arrays / 4 // the room an array regrows by (see room)
		}
		return b + max(arrays, regrown)
	}
	most := int(min(maxBeamWidth, s.memory/board+1))
	return max(0, sort.Search(most+1, func(w int) bool { return need(w) > s.memory })-1)
}

// boardBytes returns the most a board of a layer holds while it is in
// the current or the next layer: both layers' boards and their data,
// heuristic, hash, blank and previous blank; up to three candidates a
// board, counted twice (a margin for the array's regrowth, see room), with an
// index; the classes' sets of the last beamSets layers (see beamClass:
// at most four slots of 4 bytes a candidate of at most 1.3 a board, split
// in classes of which one may take an eighth more); and the hashes kept
// in recent.
func (s *beamSearch) boardBytes() int64 {
	cand := int64(unsafe.Sizeof(beamCand{}))
	return int64(2*(s.n+s.aux+14)) + 3*2*cand + 4 + beamSets*32 + 2*beamDedupLayers*8
}

// expand scores every child of the current layer into s.cands, in the
// order of their parents; it reports a goal child (as its candidate, the
// first in that order) if there is one. With several evaluators it splits
// the layer into as many runs of parents, scored in parallel, where the
// last layer's rates put them (see balance): the candidates, and so the
// search, are the same.
//
// The candidates' arrays are made first, with room for every child (at
// most 3 a board, 4 at the start): the workers never grow them. It
// returns no goal, with s.cands empty, when the search's context is done
// (its Stop then says so).
func (s *beamSearch) expand() (beamCand, bool) {
	if s.checksAll() {
		s.dup = &s.closed[len(s.steps)&1] // the children's depth
	}
	layer := len(s.cur.h)
	w := len(s.evs)
	s.ensureClasses(max(1, w))
	var ok bool
	if s.cands, ok = room(s.ctx, s.cands, 3*layer+1); !ok {
		return beamCand{}, false
	}
	if w <= 1 || layer < 1024 {
		s.expanders = 1
		goal, found, gen := s.expandRange(0, layer, s.ev, &s.cands, s.classes[0])
		s.expanded += int64(layer)
		s.generated += gen
		return goal, found
	}
	type part struct {
		goal  beamCand
		found bool
		gen   int64
	}
	parts := make([]part, w)
	if len(s.cuts) != w+1 {
		s.cuts = make([]float64, w+1)
		for k := range s.cuts {
			s.cuts[k] = float64(k) / float64(w)
		}
		s.bounds, s.took = make([]int, w+1), make([]time.Duration, w)
	}
	bounds, took := s.bounds, s.took
	for k := range bounds {
		bounds[k] = int(s.cuts[k] * float64(layer))
	}
	bounds[w] = layer
	// Each worker scores into s.cands in place, from three candidates a
	// parent before its first parent (a board past the start has at most
	// three children), within its parents' room; the runs are then moved
	// down to follow each other.
	s.outs = s.outs[:0]
	for k := range w {
		s.outs = append(s.outs, s.cands[3*bounds[k]:3*bounds[k]:3*bounds[k+1]])
	}
	s.expanders = w
	began := time.Now()
	s.parallel(w, func(k int) {
		p := &parts[k]
		p.goal, p.found, p.gen = s.expandRange(bounds[k], bounds[k+1], s.evs[k], &s.outs[k], s.classes[k])
		took[k] = time.Since(began)
	})
	span := slices.Max(took)
	s.expandSpan += span
	for _, t := range took {
		s.expandIdle += span - t
	}
	if w == 2 && balanceCuts {
		s.balance(bounds, took)
	}
	s.expanded += int64(layer)
	n := 0
	for k, p := range parts {
		s.generated += p.gen
		if p.found {
			return p.goal, true
		}
		if ok {
			ok = movePolled(s.cands[n:n+len(s.outs[k])], s.outs[k], &s.stop)
			n += len(s.outs[k])
		}
	}
	s.cands = s.cands[:n]
	if !ok {
		s.cands = s.cands[:0]
	}
	return beamCand{}, false
}

// balance moves the cuts between the workers' parents so that, at the
// rates the last layer measured (its parents over the time from the
// step's start, a worker's start included), they would have ended
// together: halfway there, since a layer's rates vary. Where a worker
// starts late, or its core is shared, it gets fewer parents. The
// candidates, in the order of their parents, do not depend on the cuts.
// It runs on two workers only. A worker's share stays within an eighth
// of the layer of all or none of it, so that each has parents to time
// at the next layer.
func (s *beamSearch) balance(bounds []int, took []time.Duration) {
	var rates [2]float64
	for k, t := range took {
		if t <= 0 || bounds[k+1] == bounds[k] {
			return
		}
		rates[k] = float64(bounds[k+1]-bounds[k]) / t.Seconds()
	}
	at := rates[0] / (rates[0] + rates[1])
	s.cuts[1] = (s.cuts[1] + min(max(at, 1.0/8), 7.0/8)) / 2
}

// balanceCuts turns balance on; benchmarks turn it off to compare.
var balanceCuts = true

// expandRange scores the children of the parents lo to hi-1 of the
// current layer with ev, appending them to out and counting them by h in
// cl.raw; it stops at a goal, or when the search's Stop is done. It
// returns the goal, whether there is one, and the children generated.
func (s *beamSearch) expandRange(lo, hi int, ev bEval, out *[]beamCand, cl *beamClass) (beamCand, bool, int64) {
	cols, n := s.cols, s.n
	bv := int(s.blankVal)
	global := s.checksAll()
	var gen int64
	// Appended to locally: the workers' slices' headers share a cache
	// line, which writing on every child would make them fight over.
	cands := *out
	defer func() { *out = cands }()
	raw := cl.raw[:0]
	for i := lo; i < hi; i++ {
		if (i-lo)%stopEvery == stopEvery-1 && s.stop.Done() {
			break
		}
		board := s.cur.cells[i*n : (i+1)*n]
		ev.load(board, s.cur.aux[i*s.aux:(i+1)*s.aux], int(s.cur.h[i]))
		b := int(s.cur.blank[i])
		br, bc := b/cols, b%cols
		for _, nb := range [4]int{b - cols, b - 1, b + 1, b + cols} {
			switch {
			case nb == b-cols && br == 0, nb == b+cols && br == s.rows-1, nb == b-1 && bc == 0, nb == b+1 && bc == cols-1:
				continue
			case nb == int(s.cur.prev[i]):
				continue
			}
			gen++
			v := board[nb]
			hash := s.cur.hash[i] ^ s.zob[nb*n+int(v)] ^ s.zob[b*n+int(v)] ^ s.zob[nb*n+bv] ^ s.zob[b*n+bv]
			if global && s.dup.has(hash) {
				continue // else left to selectNext (see mark): rare, about 1%
			}
			h, delta := ev.child(v, nb, b)
			c := beamCand{parent: int32(i), nb: uint8(nb), h: uint16(h), delta: delta, hash: hash}
			if h == 0 {
				return c, true, gen
			}
			cands = append(cands, c)
			raw = tally(raw, h)
		}
	}
	cl.raw = raw
	return beamCand{}, false, gen
}

// closest returns the blank's cells from the start to the board of least
// heuristic the last search kept (the first such; the start if none was
// less than its): what a search that found no goal leaves.
func (s *beamSearch) closest() []int {
	return s.pathTo(s.closestDepth, int32(s.closestIndex), 0)
}

// path returns the blank's cells from the start to the goal child c of
// the current layer.
func (s *beamSearch) path(c beamCand) []int {
	out := s.pathTo(len(s.steps)-1, c.parent, 1)
	return append(out, int(c.nb))
}

// pathTo returns the blank's cells from the start to board i of the layer
// at depth d, with room for extra more: the boards' steps back to the
// start give the blank's moves, which it then makes from the start's
// blank.
func (s *beamSearch) pathTo(d int, i int32, extra int) []int {
	out := make([]int, d+1, d+1+extra)
	p := int(i)
	for k := d; k > 0; k-- {
		p, out[k] = s.steps[k].parent(p)
	}
	moves := [4]int{-s.cols, -1, 1, s.cols}
	out[0] = s.start
	for k := 1; k <= d; k++ {
		out[k] = out[k-1] + moves[out[k]]
	}
	return out
}

// pdbBeam is an additive pattern database (maxed with its reflected lookup
// where the goal allows) as a bEval; a board's data is its patterns'
// entries, directly and reflected, a byte each. Made by newPDBBeam with
// keep, the data also holds every pattern's rank and excess over Manhattan
// distance (see rankedAux), from which child reads the moved tile's
// pattern's new rank (rankStep) and entry without placing or ranking its
// tiles; otherwise load finds the tiles' cells on the board and child
// ranks the moved tile's patterns afresh. Evaluators are padded (here,
// and their scratch slices by padded): a beam's workers each write their
// own for every board, and sharing a cache line with another worker's
// would slow both.
type pdbBeam struct {
	_ [64]byte // keeps other objects off the lines written for every board
	pdbEval
	keep        bool
	w, rw       []uint8 // the loaded board's cell of each value, directly and reflected
	board, aux  []uint8 // the loaded board and its data (keep)
	code, rcode []rankCode
	step, rstep []int32 // step[v*n+u]: see rankStep's row
	ident       []uint8 // cell c is c (rankStep's map for the direct lookup)
	data        [][]uint8
	compact     []bool
	dist        []uint8 // dist[v*n+c]: value v's distance from cell c to its goal cell v
	_           [64]byte
}

// A rankCode is a value's pattern, its index in it and its weight in the
// pattern's rank (see pdb.Table.Weights).
type rankCode struct {
	pat int8
	idx uint8
	w   uint32
}

// newPDBBeam returns a pdbBeam on db's tables; with keep, the data of a
// board holds its patterns' ranks when every tile is in a pattern and
// every table's ranks fit 31 bits (else it is made as without keep).
func newPDBBeam(db *pdb.DB, keep bool) *pdbBeam {
	e := &pdbBeam{pdbEval: *newPDBEval(db)}
	for _, t := range e.tabs {
		if t.Len() > math.MaxInt32 {
			return e
		}
	}
	for v, j := range e.patOf {
		if j < 0 && v != int(e.blank) {
			return e
		}
	}
	if !keep {
		return e
	}
	n := e.n
	e.keep = true
	e.code, e.rcode, e.ident = make([]rankCode, n), make([]rankCode, n), make([]uint8, n)
	e.dist = manhattanTable(db.Spec().Rows, db.Spec().Cols)
	for v := range n {
		e.ident[v] = uint8(v)
		e.code[v].pat = e.patOf[v]
		if j := e.patOf[v]; j >= 0 {
			e.code[v].idx = e.idx[v]
			e.code[v].w = uint32(e.tabs[j].Weights()[e.idx[v]])
		}
	}
	for u := range n {
		e.rcode[u] = e.code[e.tr[u]]
	}
	// Value u between the ends of value v's move takes one from v's digit
	// if it comes before v in their pattern, and adds one to its own if
	// after.
	e.step, e.rstep = make([]int32, n*n), make([]int32, n*n)
	for v, cv := range e.code {
		for u, cu := range e.code {
			if u == v || cv.pat < 0 || cu.pat != cv.pat {
				continue
			}
			if cu.idx < cv.idx {
				e.step[v*n+u] = -int32(cv.w)
			} else {
				e.step[v*n+u] = int32(cu.w)
			}
		}
	}
	for v := range n {
		for u := range n {
			e.rstep[v*n+u] = e.step[int(e.tr[v])*n+int(e.tr[u])]
		}
	}
	for _, t := range e.tabs {
		e.data = append(e.data, t.Data())
		e.compact = append(e.compact, t.Compact())
	}
	return e
}

// rankedAux is how many bytes of a board's data a pattern's entries take
// with keep: the entry, directly and reflected, a byte each; their
// excesses over Manhattan distance (of a compact table, else 0), a byte
// each; their ranks, 4 bytes each. Pattern j's lie at j, p+j, 2p+j, 3p+j,
// 4p+4j and 8p+4j of p patterns; the entries' sums, directly and
// reflected, 2 bytes each, follow them all.
const rankedAux = 12

func (e *pdbBeam) auxLen() int {
	if e.keep {
		return rankedAux*len(e.tabs) + 4
	}
	return 2 * len(e.tabs)
}

// value returns the loaded board's bound.
func (e *pdbBeam) value() int { return max(e.sum, e.rsum) }

func (e *pdbBeam) root(board, aux []uint8) int {
	h := e.estimate(board)
	p := len(e.tabs)
	for j := range p {
		aux[j], aux[p+j] = uint8(e.vals[j]), uint8(e.rvals[j])
	}
	if e.keep {
		binary.LittleEndian.PutUint16(aux[rankedAux*p:], uint16(e.sum))
		binary.LittleEndian.PutUint16(aux[rankedAux*p+2:], uint16(e.rsum))
		for j, t := range e.tabs {
			pos := e.place(e.pos, j, e.where, 255, 0)
			r := t.Rank(pos)
			binary.LittleEndian.PutUint32(aux[4*p+4*j:], uint32(r))
			if e.compact[j] {
				aux[2*p+j] = uint8(e.excess(j, r))
			}
			if e.reflect {
				pos = e.place(e.rpos, j, e.rwhere, 255, 0)
				r = t.Rank(pos)
				binary.LittleEndian.PutUint32(aux[8*p+4*j:], uint32(r))
				if e.compact[j] {
					aux[3*p+j] = uint8(e.excess(j, r))
				}
			}
		}
	}
	return h
}

// excess returns twice the 4-bit entry of rank r of compact table j.
func (e *pdbBeam) excess(j int, r int64) int {
	return int(e.data[j][r>>1]>>(4*(r&1))&15) * 2
}

// entry returns table j's entry of rank r for a placement whose entry
// was old, with excess ex, before its tile v moved from cell from to cell
// to (Manhattan distances of value v: dist).
func (e *pdbBeam) entry(j int, r int64, old, ex int, v uint8, from, to uint8) int {
	if !e.compact[j] {
		return int(e.data[j][r])
	}
	n := e.n
	return old - ex + int(e.dist[int(v)*n+int(to)]) - int(e.dist[int(v)*n+int(from)]) + e.excess(j, r)
}

// rankStep returns the change of a pattern's rank when its tile of
// weight w (see pdb.Table.Weights) moves from cell from to cell to:
// board[m[x]] is the value on cell x, row[u] what value u adds for being
// on a cell between from and to (see newPDBBeam). Moving tile i changes
// digit i by the cells between from and to that no tile before it holds,
// and the digit of every later tile between them by one, towards from:
// on a board's rows, only vertical moves have cells between their ends.
func rankStep(board, m []uint8, row []int32, w uint32, from, to uint8) int64 {
	lo, hi := from, to
	if to < from {
		lo, hi = to, from
	}
	d := int64(w) * int64(hi-lo)
	for x := lo + 1; x < hi; x++ {
		d += int64(row[board[m[x]]])
	}
	if to < from {
		return -d
	}
	return d
}

func (e *pdbBeam) load(board, aux []uint8, _ int) {
	p := len(e.tabs)
	if e.keep {
		e.sum = int(binary.LittleEndian.Uint16(aux[rankedAux*p:]))
		e.rsum = int(binary.LittleEndian.Uint16(aux[rankedAux*p+2:]))
		e.board, e.aux = board, aux
		return
	}
	e.sum, e.rsum = 0, 0
	for j := range p {
		e.vals[j], e.rvals[j] = int(aux[j]), int(aux[p+j])
		e.sum += e.vals[j]
		e.rsum += e.rvals[j]
	}
	e.w, e.rw = e.where, e.rwhere
	for c, v := range board {
		e.where[v] = uint8(c)
	}
	if e.reflect {
		for c, v := range board {
			e.rwhere[e.tr[v]] = e.tr[c]
		}
	}
}

func (e *pdbBeam) child(v uint8, from, to int) (int, bDelta) {
	if e.keep {
		return e.keptChild(v, uint8(from), uint8(to))
	}
	j := int(e.patOf[v])
	if !e.reflect {
		x := e.lookup(j, e.w, v, uint8(to))
		return e.sum - e.vals[j] + x, bDelta(j) | bDelta(x)<<8
	}
	// Both ranks first, then both entries: two table reads in flight.
	tv := e.tr[v]
	jr := int(e.patOf[tv])
	t, tr := e.tabs[j], e.tabs[jr]
	pos := e.place(e.pos, j, e.w, v, uint8(to))
	rpos := e.place(e.rpos, jr, e.rw, tv, e.tr[to])
	r, rr := t.Rank(pos), tr.Rank(rpos)
	x, y := t.Entry(r, pos), tr.Entry(rr, rpos)
	h := max(e.sum-e.vals[j]+x, e.rsum-e.rvals[jr]+y)
	return h, bDelta(j) | bDelta(x)<<8 | bDelta(jr)<<16 | bDelta(y)<<24
}

// keptChild is child from the ranks kept in the loaded board's data.
func (e *pdbBeam) keptChild(v, from, to uint8) (int, bDelta) {
	p, aux := len(e.tabs), e.aux
	c := e.code[v]
	j := int(c.pat)
	r := int64(binary.LittleEndian.Uint32(aux[4*p+4*j:])) + rankStep(e.board, e.ident, e.step[int(v)*e.n:], c.w, from, to)
	if !e.reflect {
		x := e.entry(j, r, int(aux[j]), int(aux[2*p+j]), v, from, to)
		return e.sum - int(aux[j]) + x, bDelta(j) | bDelta(x)<<8
	}
	tv, rf, rt := e.tr[v], e.tr[from], e.tr[to]
	rc := e.rcode[v]
	jr := int(rc.pat)
	rr := int64(binary.LittleEndian.Uint32(aux[8*p+4*jr:])) + rankStep(e.board, e.tr, e.rstep[int(v)*e.n:], rc.w, rf, rt)
	x := e.entry(j, r, int(aux[j]), int(aux[2*p+j]), v, from, to)
	y := e.entry(jr, rr, int(aux[p+jr]), int(aux[3*p+jr]), tv, rf, rt)
	h := max(e.sum-int(aux[j])+x, e.rsum-int(aux[p+jr])+y)
	return h, bDelta(j) | bDelta(x)<<8 | bDelta(jr)<<16 | bDelta(y)<<24
}

func (e *pdbBeam) apply(board, aux []uint8, delta bDelta, v uint8, from, to int) {
	p := len(e.tabs)
	j, x := int(delta&255), uint8(delta>>8)
	if e.keep {
		// The cells between from and to hold the same values on the child's
		// board as on its parent's.
		n := e.n
		f, t := uint8(from), uint8(to)
		at := 4*p + 4*j
		r := binary.LittleEndian.Uint32(aux[at:])
		binary.LittleEndian.PutUint32(aux[at:], uint32(int64(r)+rankStep(board, e.ident, e.step[int(v)*n:], e.code[v].w, f, t)))
		if e.compact[j] {
			aux[2*p+j] = x - (aux[j] - aux[2*p+j] + e.dist[int(v)*n+to] - e.dist[int(v)*n+from])
		}
		if e.reflect {
			jr, y := int(delta>>16&255), uint8(delta>>24)
			tv, rf, rt := e.tr[v], e.tr[f], e.tr[t]
			ra := 8*p + 4*jr
			rr := binary.LittleEndian.Uint32(aux[ra:])
			binary.LittleEndian.PutUint32(aux[ra:], uint32(int64(rr)+rankStep(board, e.tr, e.rstep[int(v)*n:], e.rcode[v].w, rf, rt)))
			if e.compact[jr] {
				aux[3*p+jr] = y - (aux[p+jr] - aux[3*p+jr] + e.dist[int(tv)*n+int(rt)] - e.dist[int(tv)*n+int(rf)])
			}
			rs := rankedAux*p + 2
			binary.LittleEndian.PutUint16(aux[rs:], binary.LittleEndian.Uint16(aux[rs:])+uint16(y)-uint16(aux[p+jr]))
		}
		at = rankedAux * p
		binary.LittleEndian.PutUint16(aux[at:], binary.LittleEndian.Uint16(aux[at:])+uint16(x)-uint16(aux[j]))
	}
	aux[j] = x
	if e.reflect {
		aux[p+int(delta>>16&255)] = uint8(delta >> 24)
	}
}

// mdlcBeam is Manhattan distance plus linear conflicts as a bEval; boards
// carry no data.
type mdlcBeam struct {
	_ [64]byte // see pdbBeam
	mdlcEval
	board []uint8
	_     [64]byte
}

func (e *mdlcBeam) auxLen() int                                     { return 0 }
func (e *mdlcBeam) root(board, _ []uint8) int                       { return e.estimate(board) }
func (e *mdlcBeam) apply(_, _ []uint8, _ bDelta, _ uint8, _, _ int) {}
func (e *mdlcBeam) load(board, _ []uint8, h int)                    { e.board, e.h = board, h }

func (e *mdlcBeam) child(v uint8, from, to int) (int, bDelta) {
	h := e.h + e.dist(v, to) - e.dist(v, from)
	// Only v's goal line along the move can gain or lose conflicts: v
	// enters it or leaves it, the order of the others staying.
	if e.col[from] == e.col[to] {
		if r := int(e.row[v]); r == int(e.row[from]) || r == int(e.row[to]) {
			if e.rowTab == nil {
				return h + e.lineChange(v, from, to, r, e.rowConflicts), 0
			}
			key := e.rowKey(e.board, r)
			d := (int(e.col[v]) + 1) * e.rowPow[e.col[from]] // v's digit where it stands
			if r != int(e.row[from]) {
				d = -(int(e.col[v]) + 1) * e.rowPow[e.col[to]]
			}
			h += int(e.rowTab[key-d]) - int(e.rowTab[key])
		}
	} else if c := int(e.col[v]); c == int(e.col[from]) || c == int(e.col[to]) {
		if e.colTab == nil {
			return h + e.lineChange(v, from, to, c, e.colConflicts), 0
		}
		key := e.colKey(e.board, c)
		d := (int(e.row[v]) + 1) * e.colPow[e.row[from]]
		if c != int(e.col[from]) {
			d = -(int(e.row[v]) + 1) * e.colPow[e.row[to]]
		}
		h += int(e.colTab[key-d]) - int(e.colTab[key])
	}
	return h, 0
}

// lineChange returns the change in line's conflicts when the tile v
// slides from cell from to the parent's blank on cell to, by scoring the
// line on the parent's board before and after the move.
func (e *mdlcBeam) lineChange(v uint8, from, to, line int, conflicts func([]uint8, int) int) int {
	b := e.board
	d := -conflicts(b, line)
	b[to], b[from] = v, e.blankVal
	d += conflicts(b, line)
	b[to], b[from] = e.blankVal, v
	return d
}
