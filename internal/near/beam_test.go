package near

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/testsets"
	"github.com/slidekit/slide/internal/tiles"
)

// TestBeamParallel: a beam selects its layers on several workers when they
// are wide (see selectNext); it must search as on one, path for path and
// node for node, keeping no board twice in a layer. (One board: CI runs
// it under the race detector.)
func TestBeamParallel(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	tg := standardGoal(7, 7)
	code := testsets.RandomWalk(rng, tg.Rows, tg.Cols, goalCode(tg), tiles.BlankCode, 400)
	f, err := newFrame(context.Background(), tg, code, lcConfig())
	if err != nil {
		t.Fatal(err)
	}
	var want []int
	var wantNodes int64
	for _, workers := range []int{1, 2, 3} {
		bs := f.beam(2500, workers)
		p, err := bs.search(context.Background(), f.cells, f.blank, 1000)
		if err != nil {
			t.Fatalf("%d workers: %v", workers, err)
		}
		checkFramePath(t, f, p)
		if workers > 1 && !slices.Contains(bs.classW[:], workers) {
			t.Errorf("%d workers: no layer was selected on all of them", workers)
		}
		if h := slices.Clone(bs.cur.hash); len(slices.Compact(slices.Sorted(slices.Values(h)))) != len(h) {
			t.Errorf("%d workers: a board twice in the last layer", workers)
		}
		if workers == 1 {
			want, wantNodes = p, bs.generated
			continue
		}
		if !slices.Equal(p, want) || bs.generated != wantNodes {
			t.Errorf("%d workers: %d moves, %d nodes; on one: %d moves, %d nodes", workers, len(p)-1, bs.generated, len(want)-1, wantNodes)
		}
	}
}

// TestBeamMemory: a beam with a far deadline widens to what its memory
// allows (see memoryCap) and no further: after every layer, the steps of
// the layers so far (see stepLayer), the closed sets of a global beam
// (see hashSet: four bytes a slot, the fewest slots, at least 1024, a
// power of two, that hold twice its boards, and while one doubles, the
// table it doubles from), and the layer at boardBytes a board fit in it,
// and some layer comes within a quarter of it.
func TestBeamMemory(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 6))
	tg := standardGoal(6, 6)
	code := testsets.RandomWalk(rng, tg.Rows, tg.Cols, goalCode(tg), tiles.BlankCode, 400)
	f, err := newFrame(context.Background(), tg, code, lcConfig())
	if err != nil {
		t.Fatal(err)
	}
	const memory = 4 << 20
	for _, global := range []bool{false, true} {
		b := f.lcBeam(256, 1)
		b.global = global
		b.deadline, b.minWidth, b.maxWidth, b.memory = time.Now().Add(time.Hour), 16, 1<<30, memory
		p, err := b.search(context.Background(), f.cells, f.blank, 1000)
		if err != nil {
			t.Fatal(err)
		}
		checkFramePath(t, f, p)
		var kept, paths, peak int64
		var closed, slots [2]int64
		for d, layer := range b.steps {
			kept += int64(layer.boards)
			paths += layer.bytes()
			held := paths + int64(layer.boards)*b.boardBytes()
			if global {
				closed[d&1] += int64(layer.boards)
				old := slots[d&1]
				for i, n := range closed {
					slots[i] = max(1024, slots[i])
					for slots[i] < 2*n {
						slots[i] *= 2
					}
					held += 4 * slots[i]
				}
				if slots[d&1] > old {
					held += 4 * old // the table it doubled from, while it moves
				}
			}
			if held > memory {
				t.Fatalf("global %v, layer %d of %d boards: %d bytes held, more than %d", global, d, layer.boards, held, memory)
			}
			peak = max(peak, held)
		}
		if peak < memory*3/4 {
			t.Errorf("global %v: at most %d bytes held of %d", global, peak, memory)
		}
		t.Logf("global %v: %d moves, %d bytes at the peak, %d boards", global, len(p)-1, peak, kept)
	}
}

// TestBeamFixedWidthMemory: a beam of fixed width (no deadline, as the
// weighted mode runs them) with a memory bound narrows layer by layer to
// keep within it, or stops with a *LimitError: once, its layers' steps
// grew past any bound.
func TestBeamFixedWidthMemory(t *testing.T) {
	f := randomFrame(t, 7, 7, 6, 6)
	const memory = 2 << 20
	b := f.lcBeam(4096, 1)
	b.memory = memory
	_, err := b.search(context.Background(), f.cells, f.blank, 2000)
	var le *engine.LimitError
	if err != nil && !errors.As(err, &le) {
		t.Fatal(err)
	}
	var paths int64
	for d, layer := range b.steps {
		paths += layer.bytes()
		if held := paths + int64(layer.boards)*b.boardBytes(); held > memory {
			t.Fatalf("layer %d of %d boards: %d bytes held, more than %d", d, layer.boards, held, memory)
		}
	}
	if b.width >= 4096 {
		t.Errorf("the beam kept its width of %d over %d layers", b.width, len(b.steps))
	}
	t.Logf("%d layers, width %d at the end, %v", len(b.steps), b.width, err)
}

// TestHashSet checks the beams' set of hashes against a map, growing it
// from its smallest size.
func TestHashSet(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var s hashSet
	s.reset(0)
	ref := map[uint32]bool{}
	for range 20000 {
		x := rng.Uint64() & 0xffff_ffff_0000_ffff // collisions in the low bits
		if rng.IntN(4) == 0 {
			x = 0
		}
		k := key32(x)
		if got := s.has(x); got != ref[k] {
			t.Fatalf("has(%#x) = %v before insert", x, got)
		}
		if got := s.insert(x); got == ref[k] {
			t.Fatalf("insert(%#x) = %v, held %v", x, got, ref[k])
		}
		ref[k] = true
		if !s.has(x) {
			t.Fatalf("has(%#x) false after insert", x)
		}
	}
	if s.n != len(ref) || 2*s.n > len(s.slots) {
		t.Errorf("%d held in %d slots, want %d at most half full", s.n, len(s.slots), len(ref))
	}
}

// TestBeamClosest: a beam that finds no goal within its depth leaves the
// path to the board of least heuristic it kept, which anytime's complete
// finishes by the fast mode into a solution shorter, over three boards,
// than the fast mode's own (on a board it may gain nothing: complete then
// keeps the fast mode's).
func TestBeamClosest(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	tg := standardGoal(7, 7)
	completed, fastTotal := 0, 0
	for range 3 {
		code := testsets.RandomWalk(rng, tg.Rows, tg.Cols, goalCode(tg), tiles.BlankCode, 1200)
		f, err := newFrame(context.Background(), tg, code, lcConfig())
		if err != nil {
			t.Fatal(err)
		}
		bs := f.lcBeam(200, 1)
		if _, err := bs.search(context.Background(), f.cells, f.blank, 60); !engine.Is(err, engine.NotFound) {
			t.Fatalf("a beam of depth 60: %v", err)
		}
		p := bs.closest()
		ev := f.lcEval()
		aux := make([]uint8, ev.auxLen())
		board := slices.Clone(f.cells)
		least := ev.root(board, aux)
		for k := 1; k < len(p); k++ {
			slideBlank(board, p[k-1], p[k])
			least = min(least, ev.root(board, aux))
		}
		if end := ev.root(board, aux); len(p) < 2 || end != least || end >= ev.root(f.cells, aux) {
			t.Fatalf("closest: %d moves to a board of h %d; least on the way %d", len(p)-1, end, least)
		}

		a := anytime{ctx: context.Background(), t: tg, code: code}
		if err := a.startFast(); err != nil {
			t.Fatal(err)
		}
		fast := len(a.blanks)
		a.complete(f.back(p), tiles.Heuristic{Kind: tiles.LinearConflict})
		t.Logf("closest after %d moves; completed %d moves, the fast mode %d", len(p)-1, len(a.blanks)-1, fast-1)
		completed += len(a.blanks) - 1
		fastTotal += fast - 1
		if !replayBlanks(tg, code, a.blanks) {
			t.Errorf("the completed path does not solve the board")
		}
	}
	if completed >= fastTotal {
		t.Errorf("completed: %d moves in all, the fast mode's %d", completed, fastTotal)
	}
}

// TestBeamCancel cancels beams whose layers take hundreds of milliseconds
// (two million boards on 6 x 6, on one worker and on two) while they run,
// and checks that each returns the context's error within 250 ms, a
// bound a loaded machine keeps (they return within a millisecond or so
// on an idle one, up to 65 ms beside other work): the loops of a layer
// poll the search's Stop and its arrays are made with its context (see
// beam_room.go). Before, a beam looked at its context once a layer, and
// returned 926 ms after it.
func TestBeamCancel(t *testing.T) {
	f := randomFrame(t, 8, 8, 6, 6)
	for _, workers := range []int{1, 2} {
		for _, after := range []time.Duration{400 * time.Millisecond, 900 * time.Millisecond} {
			ctx, cancel := context.WithCancel(context.Background())
			fired := make(chan time.Time, 1)
			time.AfterFunc(after, func() {
				fired <- time.Now()
				cancel()
			})
			_, err := f.beam(2<<20, workers).search(ctx, f.cells, f.blank, 1000)
			late := time.Since(<-fired)
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("%d workers, cancelled after %v: %v", workers, after, err)
			}
			t.Logf("%d workers, cancelled after %v: returned %v later", workers, after, late.Round(10*time.Microsecond))
			if late > 250*time.Millisecond {
				t.Errorf("%d workers, cancelled after %v: returned %v later, want within 250 ms", workers, after, late)
			}
		}
	}
}

// TestBeamClassSets: the sets of a beam's workers' classes (see
// beamClass) take, on 1, 2 and 16 workers, no more than boardBytes
// counts for them, beamSets*32 bytes a board of the widest layer, and
// their smallest tables (1024 slots a set). Before, each of w
// classes readied room for an eighth of all the candidates besides its
// share: on 16 workers the sets took 2.5 times as much as on one, and
// slide solve -time 10s -workers 16 -max-memory 64MiB on 6 x 6 peaked at
// 1.18 times its bound.
func TestBeamClassSets(t *testing.T) {
	f := randomFrame(t, 6, 6, 6, 6)
	for _, workers := range []int{1, 2, 16} {
		b := f.lcBeam(20000, workers)
		b.deadline, b.minWidth, b.maxWidth = time.Now().Add(time.Hour), 20000, 20000
		if _, err := b.search(context.Background(), f.cells, f.blank, 1000); err != nil {
			t.Fatal(err)
		}
		widest := 0
		for _, l := range b.steps {
			widest = max(widest, l.boards)
		}
		var bytes int64
		for _, c := range b.classes {
			for i := range c.sets {
				bytes += int64(4 * cap(c.sets[i].slots))
			}
		}
		want := int64(widest)*beamSets*32 + int64(max(1, len(b.evs))*beamSets*4*1024)
		t.Logf("%d workers: sets of %d bytes, %d counted", workers, bytes, want)
		if bytes > want {
			t.Errorf("%d workers: the classes' sets take %d bytes, more than the %d counted", workers, bytes, want)
		}
	}
}

// TestBeamArraysCharged: a beam with a far deadline and a memory bound,
// on 1, 2 and 16 workers, holds at most its memory after every layer,
// counting the arrays it reuses by their capacities (see arrayBytes) with
// its layers' steps, and comes within a quarter of it; and once its
// steps take all of it, no board fits in one more layer, or none. Before, memoryCap
// counted boardBytes a board of the layer, where the arrays kept the
// capacity of the widest layer and a quarter more, and the workers' sets
// the tables they doubled to: on 16 workers under 64 MiB the arrays and
// paths of a 6 x 6 beam reached 59.3 MB of its 57.6, and slide solve
// -time 10s -workers 16 -max-memory 64MiB peaked at 1.13 times the bound.
func TestBeamArraysCharged(t *testing.T) {
	f := randomFrame(t, 6, 6, 6, 6)
	const memory = 4 << 20
	for _, workers := range []int{1, 2, 16} {
		b := f.lcBeam(256, workers)
		b.deadline, b.minWidth, b.maxWidth, b.memory = time.Now().Add(time.Hour), 16, 1<<30, memory
		var peak int64
		b.onLayer = func() {
			held := b.pathBytes + b.arrayBytes()
			if held > memory {
				t.Errorf("%d workers, layer %d of %d boards: %d bytes held, more than %d", workers, len(b.steps)-1, len(b.cur.h), held, memory)
			}
			peak = max(peak, held)
		}
		if _, err := b.search(context.Background(), f.cells, f.blank, 1000); err != nil {
			t.Fatal(err)
		}
		t.Logf("%d workers: %d bytes at the peak, %d layers", workers, peak, len(b.steps))
		b.pathBytes = memory // steps that take all the memory
		for left := range 2 {
			if w := b.memoryCap(left); w != 0 {
				t.Errorf("%d workers: %d boards fit in %d more layers when paths take all the memory", workers, w, left)
			}
		}
		if peak < memory*3/4 {
			t.Errorf("%d workers: at most %d bytes held of %d", workers, peak, memory)
		}
	}
}

// TestBeamChoose: choose on several workers, on few candidates and on
// enough to split them in runs, returns the indices one returns, which
// are those of a plain walk of the candidates: of those within
// markLimit's limit the first of each hash, of h below the cut, and of h
// at it the first that fit in the width, in order. Few values of h make
// many ties at the cut, and few hashes many duplicates. A run's scan
// allocates nothing.
func TestBeamChoose(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 41))
	for trial := range 24 {
		n := beamParallelCands + rng.IntN(3*beamParallelCands)
		if trial%6 == 5 {
			n = beamParallelChoose + rng.IntN(beamParallelChoose) // split in runs
		}
		levels := 2 + rng.IntN(6)
		hashes := uint64(n/2 + rng.IntN(2*n))
		cands := make([]beamCand, n)
		for i := range cands {
			cands[i].h = uint16(rng.IntN(levels))
			cands[i].hash = (1 + rng.Uint64N(hashes)) << 32
		}
		width := 1 + rng.IntN(n)
		want := chooseWalk(cands, width)
		buf := make([]int32, 0, n)
		for _, w := range []int{1, 2, 3, 4} {
			s := selectSearch(cands, width, w)
			got, ok := s.selectOn(w)
			if !ok {
				t.Fatal("not selected")
			}
			if !slices.Equal(got, want) {
				t.Fatalf("trial %d, %d candidates, width %d, %d workers: %d chosen, want %d (first difference at %d)",
					trial, n, width, w, len(got), len(want), firstDiff(got, want))
			}
			if trial > 0 {
				continue
			}
			if allocs := testing.AllocsPerRun(3, func() { s.scanRun(0, 1, w, levels, 0, buf) }); allocs != 0 {
				t.Errorf("%d workers: a run's scan allocates %v times", w, allocs)
			}
		}
	}
}

// chooseWalk returns the indices of the candidates a beam of width keeps,
// by a plain walk of them (see TestBeamChoose).
func chooseWalk(cands []beamCand, width int) []int32 {
	seen := map[uint32]bool{}
	var counts, raw []int32
	for _, c := range cands {
		raw = tally(raw, int(c.h))
	}
	limit, _ := cutOf(raw, width)
	var distinct []int32
	for i, c := range cands {
		if int(c.h) > limit+1 || seen[key32(c.hash)] {
			continue
		}
		seen[key32(c.hash)] = true
		distinct = append(distinct, int32(i))
		counts = tally(counts, int(c.h))
	}
	cut, kept := cutOf(counts, width)
	left := width - kept
	var out []int32
	for _, i := range distinct {
		switch h := int(cands[i].h); {
		case h < cut:
		case h == cut && left > 0:
			left--
		default:
			continue
		}
		out = append(out, i)
	}
	return out
}

// firstDiff returns the first index at which a and b differ.
func firstDiff(a, b []int32) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// selectSearch returns a search of width whose layer's candidates are
// cands, scored by one worker, readied for selecting on w.
func selectSearch(cands []beamCand, width, w int) *beamSearch {
	s := &beamSearch{ctx: context.Background(), width: width, cands: cands, expanders: 1}
	s.ensureClasses(1)
	for _, c := range cands {
		s.classes[0].raw = tally(s.classes[0].raw, int(c.h))
	}
	s.ensureClasses(w)
	return s
}

// selectOn marks the distinct candidates on w workers and chooses the
// layer among them, as selectNext does at depth 0.
func (s *beamSearch) selectOn(w int) ([]int32, bool) {
	limit, marked := s.markLimit()
	for _, c := range s.classes[:w] {
		if !c.ready(s.ctx, 0, classRoom(marked, w)) {
			return nil, false
		}
	}
	s.parallel(w, func(k int) { s.classes[k].mark(s, k, w, 0, limit, marked) })
	return s.choose(w)
}

// BenchmarkBeamSelect: the selection of a layer of width 4000 among
// 10,000 candidates, 20,000 among 50,000 and 80,000 among 200,000 (a
// quarter of them duplicates, h over 12 values), its marking and
// choosing and its choosing alone, on one and two workers.
func BenchmarkBeamSelect(b *testing.B) {
	rng := rand.New(rand.NewPCG(7, 7))
	for _, width := range []int{4000, 20000, 80000} {
		cands := make([]beamCand, 5*width/2)
		for i := range cands {
			cands[i].hash = (1 + rng.Uint64N(uint64(len(cands)))) << 32
			cands[i].h = uint16(cands[i].hash>>32) % 12
		}
		for _, w := range []int{1, 2} {
			s := selectSearch(cands, width, w)
			b.Run(fmt.Sprintf("width=%d/workers=%d", width, w), func(b *testing.B) {
				for b.Loop() {
					if _, ok := s.selectOn(w); !ok {
						b.Fatal("not selected")
					}
				}
			})
			b.Run(fmt.Sprintf("choose/width=%d/workers=%d", width, w), func(b *testing.B) {
				if _, ok := s.selectOn(w); !ok {
					b.Fatal("not selected")
				}
				for b.Loop() {
					if _, ok := s.choose(w); !ok {
						b.Fatal("not chosen")
					}
				}
			})
		}
	}
}

// TestBalance: the cut between two workers' parents moves halfway to
// where the last layer's rates would have ended them together, within an
// eighth of the layer of either end, and stays where a worker had nothing
// or took no time.
func TestBalance(t *testing.T) {
	for _, tc := range []struct {
		took []time.Duration
		want float64
	}{
		{[]time.Duration{time.Millisecond, 3 * time.Millisecond}, (0.5 + 0.75) / 2},
		{[]time.Duration{3 * time.Millisecond, time.Millisecond}, (0.5 + 0.25) / 2},
		{[]time.Duration{time.Millisecond, 100 * time.Millisecond}, (0.5 + 0.875) / 2},
		{[]time.Duration{0, time.Millisecond}, 0.5},
	} {
		s := &beamSearch{cuts: []float64{0, 0.5, 1}}
		s.balance([]int{0, 500, 1000}, tc.took)
		if math.Abs(s.cuts[1]-tc.want) > 1e-9 {
			t.Errorf("took %v: cut %v, want %v", tc.took, s.cuts[1], tc.want)
		}
	}
}
