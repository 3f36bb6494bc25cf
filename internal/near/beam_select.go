package near

import (
	"context"
	"slices"
	"sync"

	"github.com/slidekit/slide/internal/engine"
)

// selectNext makes the next layer of the width best candidates (least h;
// among equal h, the first in the order of their parents), duplicates
// dropped first: of the same board from two parents the first is kept,
// and none that is a board of the last layers of its parity (see
// beamDedupLayers; with checksAll, of any layer). With several workers
// each dedups the candidates of its own class of hashes and then builds
// its share of the layer: the layer, and so the search, is the same on
// any number of workers. The layer is not ordered by h: ties that
// favoured the children of the better parents would cost the beam its
// variety, and its answers their length. It reports false, the layer
// unmade, when the search's context is done first.
func (s *beamSearch) selectNext() bool {
	w := max(1, len(s.evs))
	if len(s.cands) < beamParallelCands {
		w = 1
	}
	s.ensureClasses(w)
	limit, marked := s.markLimit()
	depth := len(s.steps) // the candidates'
	// The other classes' sets of this depth's slot are of a layer no
	// longer checked: let go, lest they and the ones readied now together
	// pass what boardBytes counts.
	for _, c := range s.classes[w:] {
		c.sets[depth%beamSets] = hashSet{}
	}
	for _, c := range s.classes[:w] {
		if !c.ready(s.ctx, depth, classRoom(marked, w)) {
			return false
		}
	}
	s.parallel(w, func(k int) { s.classes[k].mark(s, k, w, depth, limit, marked) })
	s.classW[depth%beamSets] = w
	if s.stop.Done() {
		return false
	}
	var ok bool
	if s.chosen, ok = s.choose(w); !ok {
		return false
	}
	return s.build(w)
}

// beamParallelCands is the fewest candidates whose selection is split
// between workers.
const beamParallelCands = 4096

// beamSets is how many layers' sets of boards the classes keep: enough
// for beamDedupLayers of one parity before the current one.
const beamSets = 2*beamDedupLayers + 1

// parallel runs f(0) to f(w-1) at once and waits for them: f(0) on the
// calling goroutine, which has a thread running already, while the
// others start, or, in a search, its spinners run them (see spinner).
func (s *beamSearch) parallel(w int, f func(k int)) {
	if w == 1 {
		f(0)
		return
	}
	if s.spinners != nil {
		for len(s.spinners) < w-1 {
			s.spinners = append(s.spinners, newSpinner(len(s.spinners)+1, s.gate.leave))
		}
		s.gate.enter(w - 1)
		for _, sp := range s.spinners[:w-1] {
			sp.start(&f)
		}
		f(0)
		for _, sp := range s.spinners[:w-1] {
			sp.wait()
		}
		return
	}
	var wg sync.WaitGroup
	s.gate.enter(w - 1)
	for k := 1; k < w; k++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f(k)
			s.gate.leave()
		}()
	}
	f(0)
	wg.Wait()
}

// ensureClasses makes sure there are at least w classes.
func (s *beamSearch) ensureClasses(w int) {
	for len(s.classes) < w {
		s.classes = append(s.classes, &beamClass{})
	}
}

// markLimit returns the largest h of a candidate that may be kept, from
// the expanders' counts of every candidate: one more than the cut they
// give, since dropping duplicates may take the cut up (by more than one
// only if its level held fewer boards than the duplicates below it,
// which then leaves the layer a little short); and how many candidates
// are within it.
func (s *beamSearch) markLimit() (limit, marked int) {
	s.count = s.count[:0]
	for _, c := range s.classes[:s.expanders] {
		s.count = addCounts(s.count, c.raw)
	}
	cut, below := cutOf(s.count, s.width)
	if cut == len(s.count) {
		return cut, below
	}
	marked = below + int(s.count[cut])
	if cut+1 < len(s.count) {
		marked += int(s.count[cut+1])
	}
	return cut + 1, marked
}

// cutOf returns the least h whose candidates, counted by h in counts, do
// not all fit in width with those of every smaller h (len(counts) if all
// fit), and how many there are below it.
func cutOf(counts []int32, width int) (cut, below int) {
	for h, k := range counts {
		if below+int(k) > width {
			return h, below
		}
		below += int(k)
	}
	return len(counts), below
}

// addCounts adds the counts by h in src to dst, growing it as need be.
func addCounts(dst, src []int32) []int32 {
	for len(dst) < len(src) {
		dst = append(dst, 0)
	}
	for h, k := range src {
		dst[h] += k
	}
	return dst
}

// tally counts one more candidate of h in counts, growing it as need be.
func tally(counts []int32, h int) []int32 {
	for len(counts) <= h {
		counts = append(counts, 0)
	}
	counts[h]++
	return counts
}

// A beamClass is one worker's share of a layer: it counts the candidates
// it scores (see expandRange), and selects those whose hash is in its
// class (see classOf), keeping the set of them for the layers to come.
type beamClass struct {
	_      [64]byte // see pdbBeam
	raw    []int32  // the candidates it scored, by h
	sets   [beamSets]hashSet
	count  []int32   // its distinct candidates by h
	unique []int32   // their indices, in order
	runs   [][]int32 // their counts by h in each run of choose's
	// Of its run of the candidates in choose: where it is in each class's
	// unique, the distinct candidates below the cut and at it, those at
	// it it takes, and where its chosen go.
	next              []int
	below, ties, take int
	off               int
	_                 [64]byte
}

// classOf returns which of w classes the hash x is in: by the top bits of
// what a hashSet keeps of it (its slot is given by the lowest), so that
// two hashes a set takes for one are in one class, whatever w.
func classOf(x uint64, w int) int { return int(uint64(key32(x)) * uint64(w) >> 32) }

// ready makes the class's set of depth and its list of distinct
// candidates (see mark) hold n of them, or reports false if ctx is done
// first.
func (c *beamClass) ready(ctx context.Context, depth, n int) bool {
	var ok bool
	if c.unique, ok = room(ctx, c.unique, n); !ok {
		return false
	}
	return c.sets[depth%beamSets].ensure(ctx, n)
}

// mark finds the distinct candidates of class k of w, at depth, of h at
// most limit (of marked in all), that are no board of the last layers of
// their parity (or with checksAll, no board kept), counting them by h,
// and where choose splits the candidates in runs, by h in each run. It
// stops early when the search's Stop is done.
func (c *beamClass) mark(s *beamSearch, k, w, depth, limit, marked int) {
	set := &c.sets[depth%beamSets]
	set.reset(classRoom(marked, w))
	c.count, c.unique = c.count[:0], c.unique[:0]
	runs := chooseRuns(w, len(s.cands))
	for len(c.runs) < runs {
		c.runs = append(c.runs, nil)
	}
	for r := range c.runs[:runs] {
		c.runs[r] = c.runs[r][:0]
	}
	r, end := 0, chooseRun(1, runs, len(s.cands)) // the run of choose's that i is in, and its end
	global := s.checksAll()
	for i := range s.cands {
		if i%(16*stopEvery) == 16*stopEvery-1 && s.stop.Done() {
			return
		}
		x := s.cands[i].hash
		h := int(s.cands[i].h)
		if h > limit || w > 1 && classOf(x, w) != k {
			continue
		}
		if global {
			if s.dup.has(x) {
				continue
			}
		} else if s.seenBefore(x, depth) {
			continue
		}
		if !set.insert(x) {
			continue
		}
		c.count = tally(c.count, h)
		if runs > 1 {
			for i >= end {
				r++
				end = chooseRun(r+1, runs, len(s.cands))
			}
			c.runs[r] = tally(c.runs[r], h)
		}
		c.unique = append(c.unique, int32(i))
	}
}

// seenBefore reports whether x was a candidate marked at the last
// beamDedupLayers depths of depth's parity.
func (s *beamSearch) seenBefore(x uint64, depth int) bool {
	for d := depth - 2; d >= max(0, depth-2*beamDedupLayers); d -= 2 {
		w := s.classW[d%beamSets]
		if w > 0 && s.classes[classOf(x, w)].sets[d%beamSets].has(x) {
			return true
		}
	}
	return false
}

// choose returns the indices of the candidates of the next layer, in
// order, from the classes' distinct ones: every one of h below the cut,
// and of h equal to it the first that fit in the width; false if the
// search's context is done first. It merges the classes' lists of
// distinct candidates (see mark). On many candidates it splits them in
// runs, one a worker: the classes having counted their distinct ones in
// each run, each run's share of those at the cut is the first still
// left, and where its chosen go follows; each worker then merges the
// lists within its run, writing its chosen in place. The indices are
// those one worker chooses.
func (s *beamSearch) choose(w int) ([]int32, bool) {
	s.count = s.count[:0]
	for _, c := range s.classes[:w] {
		s.count = addCounts(s.count, c.count)
	}
	cut, kept := cutOf(s.count, s.width) // keep every h < cut, and part of h == cut
	left := s.width - kept               // candidates of h == cut still taken
	chosen, ok := room(s.ctx, s.chosen, min(s.width, len(s.cands)))
	if !ok {
		return nil, false
	}
	runs := chooseRuns(w, len(s.cands))
	if runs == 1 {
		return s.scanRun(0, 1, w, cut, left, chosen)
	}
	end := 0
	for r, c := range s.classes[:runs] {
		c.below, c.ties = 0, 0
		for _, o := range s.classes[:w] {
			counts := o.runs[r]
			for h := range min(cut, len(counts)) {
				c.below += int(counts[h])
			}
			if cut < len(counts) {
				c.ties += int(counts[cut])
			}
		}
		c.take = min(c.ties, left)
		left -= c.take
		c.off = end
		end += c.below + c.take
	}
	chosen = chosen[:end]
	s.parallel(runs, func(k int) {
		c := s.classes[k]
		s.scanRun(k, runs, w, cut, c.take, chosen[c.off:c.off:c.off+c.below+c.take])
	})
	return chosen, !s.stop.Done()
}

// scanRun goes through run k of runs of the candidates (see chooseRun),
// in order, for the distinct ones (see mark), merging the lists of them
// of the w classes, and appends to out, which has room for them, those
// below the cut and the first take at it; it returns out, or false if
// the search's Stop is done first.
func (s *beamSearch) scanRun(k, runs, w, cut, take int, out []int32) ([]int32, bool) {
	lo, hi := chooseRun(k, runs, len(s.cands)), chooseRun(k+1, runs, len(s.cands))
	cl := s.classes[k]
	cl.next = slices.Grow(cl.next[:0], w)[:w]
	for c := range cl.next {
		cl.next[c], _ = slices.BinarySearch(s.classes[c].unique, int32(lo))
	}
	next := cl.next
	for n := 0; ; n++ {
		if n%(16*stopEvery) == 16*stopEvery-1 && s.stop.Done() {
			return out, false
		}
		// The least index at the head of a class's list.
		i, least := int32(hi), -1
		for c, j := range next {
			if u := s.classes[c].unique; j < len(u) && u[j] < i {
				i, least = u[j], c
			}
		}
		if least < 0 {
			return out, true
		}
		next[least]++
		switch h := int(s.cands[i].h); {
		case h < cut:
		case h == cut && take > 0:
			take--
		default:
			continue
		}
		out = append(out, i)
	}
}

// chooseRuns returns the runs that choose splits n candidates in, on w
// workers: one when they are fewer than beamParallelChoose.
func chooseRuns(w, n int) int {
	if n < beamParallelChoose {
		return 1
	}
	return w
}

// beamParallelChoose is the fewest candidates that choose splits between
// workers: below it the start of a second worker's goroutine, the longer
// where the bound search holds a core, costs about what it saves.
const beamParallelChoose = 1 << 17

// chooseRun returns the first candidate of run k of runs (n, the
// candidates, for k = runs).
func chooseRun(k, runs, n int) int { return k * n / runs }

// build makes the chosen candidates the next layer, each of w workers a
// run of them, and records their steps (see stepLayer); it reports false
// if the search's context is done first.
func (s *beamSearch) build(w int) bool {
	m, n, a := len(s.chosen), s.n, s.aux
	if m < beamParallelCands/4 {
		w = 1
	}
	if !s.next.resize(s.ctx, m, n, a) {
		return false
	}
	parents := len(s.cur.h)
	sets, err1 := engine.Make[uint64](s.ctx, stepWords(parents))
	before, err2 := engine.Make[uint32](s.ctx, stepBlocks(parents))
	if err1 != nil || err2 != nil {
		return false
	}
	steps := stepLayer{sets: sets[:stepWords(parents)], before: before[:stepBlocks(parents)]}
	s.parallel(w, func(k int) {
		ev := s.ev
		if w > 1 {
			ev = s.evs[k]
		}
		for j, end := s.runStart(k, w), s.runStart(k+1, w); j < end; j++ {
			if j%stopEvery == stopEvery-1 && s.stop.Done() {
				return
			}
			c := s.cands[s.chosen[j]]
			p := int(c.parent)
			b := int(s.cur.blank[p])
			board := s.next.cells[j*n : (j+1)*n]
			copy(board, s.cur.cells[p*n:(p+1)*n])
			board[b], board[c.nb] = board[c.nb], s.blankVal
			aux := s.next.aux[j*a : (j+1)*a]
			copy(aux, s.cur.aux[p*a:(p+1)*a])
			ev.apply(board, aux, c.delta, board[b], int(c.nb), b)
			s.next.h[j] = int32(c.h)
			s.next.hash[j] = c.hash
			s.next.blank[j] = c.nb
			s.next.prev[j] = uint8(b)
			steps.sets[p/16] |= 1 << (4*(p%16) + wayOf(b, int(c.nb), s.cols))
		}
	})
	if s.stop.Done() {
		return false
	}
	steps.count()
	s.steps = append(s.steps, steps)
	s.pathBytes += steps.bytes()
	// The hashes of the layer that leaves recent make room for the new one.
	var hashes []uint64
	if len(s.recent) == 2*beamDedupLayers {
		hashes, s.recent = s.recent[0], s.recent[1:]
	}
	var ok bool
	if hashes, ok = room(s.ctx, hashes, m); !ok {
		return false
	}
	if hashes, ok = appendPolled(hashes, s.next.hash, &s.stop); !ok {
		return false
	}
	s.recent = append(s.recent, hashes)
	return true
}

// runStart returns the first of the chosen candidates that worker k of w
// makes boards of in build (m, the candidates chosen, for k = w): the
// runs split the chosen evenly, each moved on to a candidate whose
// parent's set of ways is in another word of the layer's steps than the
// last one's, so that no two workers write one word.
func (s *beamSearch) runStart(k, w int) int {
	m := len(s.chosen)
	if k >= w {
		return m
	}
	j := k * m / w
	for j > 0 && j < m && s.cands[s.chosen[j]].parent/16 == s.cands[s.chosen[j-1]].parent/16 {
		j++
	}
	return j
}

// A hashSet holds 64-bit hashes by their upper 32 bits in open
// addressing, zero standing for an empty slot (the bits are stored with
// the lowest set). Two boards whose hashes share those bits are taken for
// one: that costs a board of the beam (about one lookup in 100 000 with
// 40 000 boards held), never correctness, and halves the table, which
// the beam probes for every child.
type hashSet struct {
	slots []uint32
	mask  uint32
	n     int
}

// tableSize returns the slots of a set of n hashes: at most half full,
// 1024 at least.
func tableSize(n int) int {
	size := 1024
	for size < 2*n {
		size *= 2
	}
	return size
}

// ensure empties the set, making its table big enough for n hashes (see
// reset), or reports false if ctx is done first.
func (h *hashSet) ensure(ctx context.Context, n int) bool {
	h.n = 0
	if cap(h.slots) >= tableSize(n) {
		return true
	}
	slots, err := engine.Make[uint32](ctx, tableSize(n))
	h.slots = slots
	return err == nil
}

func (h *hashSet) reset(n int) {
	size := tableSize(n)
	if cap(h.slots) < size {
		h.slots = make([]uint32, size)
	} else {
		h.slots = h.slots[:size] // its memory reused: sizes change layer by layer
		clear(h.slots)
	}
	h.mask = uint32(size - 1)
	h.n = 0
}

// insert adds x, doubling the table when it is half full, and reports
// whether it was new.
func (h *hashSet) insert(x uint64) bool {
	if h.has(x) {
		return false
	}
	h.n++
	if 2*h.n > len(h.slots) {
		old := h.slots
		h.slots = make([]uint32, 2*len(old))
		h.mask = uint32(len(h.slots) - 1)
		for _, y := range old {
			if y != 0 {
				h.put(y)
			}
		}
	}
	h.put(key32(x))
	return true
}

// key32 returns what a hashSet stores of x.
func key32(x uint64) uint32 { return uint32(x>>32) | 1 }

func (h *hashSet) put(y uint32) {
	for k := y & h.mask; ; k = (k + 1) & h.mask {
		if h.slots[k] == 0 || h.slots[k] == y {
			h.slots[k] = y
			return
		}
	}
}

func (h *hashSet) has(x uint64) bool {
	y := key32(x)
	for k := y & h.mask; ; k = (k + 1) & h.mask {
		switch h.slots[k] {
		case y:
			return true
		case 0:
			return false
		}
	}
}

// classRoom returns the distinct candidates each of w classes readies
// room for (see ready and mark), of marked in all: its share, an eighth
// more and 64, which a class about never passes (its count varies by
// about the square root of its share). The workers' sets together then
// take about what one class's would, as boardBytes counts them, where
// an eighth of all for each took two and a half times as much on 16
// workers.
func classRoom(marked, w int) int {
	share := (marked + w - 1) / w
	return share + share/8 + 64
}
