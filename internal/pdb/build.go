package pdb

import (
	"context"
	"fmt"
	"math/bits"
	"runtime"
	"runtime/debug"
	"sync"
	"sync/atomic"
)

// Progress reports how a build goes: after each breadth-first layer, the
// table being built (its index in the Spec), the depth just completed, and
// how many of the table's entries have a distance so far.
type Progress struct {
	Table   int   // index of the pattern in Spec.Patterns
	Tiles   int   // tiles in the pattern
	Depth   int   // the layer just finished
	Reached int64 // entries with a distance so far
	Entries int64 // entries of the table
	// Set by Shared: the tables of the Spec, and why they are built
	// rather than read from the disk cache ("" when the cache holds no
	// file for them, or is off; else what is wrong with the file there).
	Tables int
	Reason string
}

// unvisited marks an entry without a distance while a table is built; it
// stays on placements that cannot occur.
const unvisited = 0xff

// A tableBuilder builds the tables of one Spec, keeping the set layouts
// (see setLayout) that equal-sized patterns share.
type tableBuilder struct {
	rows, cols, blank int
	workers           int
	progress          func(Progress)
	layouts           map[int]*setLayout
}

func newTableBuilder(rows, cols, blank, workers int, progress func(Progress)) *tableBuilder {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	return &tableBuilder{rows: rows, cols: cols, blank: blank, workers: workers, progress: progress, layouts: map[int]*setLayout{}}
}

// build computes the Table of pattern tiles (goal cells), the index-th of
// its Spec: compact if compact is asked for and every excess allows (see
// Table), else bytes.
//
// It searches breadth-first backwards from the goal over abstract states
// (placement of the pattern tiles, region of the blank): moving a pattern
// tile costs 1, the blank moves freely among the cells the pattern leaves
// empty, so a state keeps only the connected region of empty cells that
// holds the blank. A placement's entry is the least distance over the
// blank's regions: the depth at which the placement is first reached.
//
// The search runs over a setLayout: placements by set of occupied cells,
// then by arrangement. Each (placement, region) has a 2-bit state: unseen
// (0), open at an even depth (1), open at an odd depth (2), closed (3).
// The frontier is never listed: layer d is the set of states open at d's
// parity, found by scanning, and expanding them closes them. Distances are
// kept a byte a placement in the layout's order and moved to dense ranks
// at the end.
//
// Memory: a byte a placement for the distances, twice over while they are
// moved to dense ranks, and 2 bits a region of each placement for the
// states (most sets of empty cells form one region): for the 8 tiles of
// the 15-puzzle, 519 MB + 519 MB at the end, 165 MB of states.
//
// Layers are expanded by parallel workers over chunks of sets. States
// change by atomic OR only (unseen to open, open to closed), and a
// placement's distance is written once, by the worker whose OR found all
// its regions unseen, so any interleaving builds the same table.
func (tb *tableBuilder) build(ctx context.Context, tiles []uint8, index int, compact bool) (*Table, error) {
	k := len(tiles)
	l := tb.layouts[k]
	if l == nil {
		var err error
		if l, err = newSetLayout(ctx, tb.rows, tb.cols, k, tb.workers); err != nil {
			return nil, err
		}
		tb.layouts[k] = l
	}
	rk, err := newRanker(l.g.n, k)
	if err != nil {
		return nil, err
	}
	dist, err := l.search(ctx, tiles, tb.blank, tb.workers, func(depth int, reached int64) {
		if tb.progress != nil {
			tb.progress(Progress{Table: index, Tiles: k, Depth: depth, Reached: reached, Entries: rk.size})
		}
	})
	if err != nil {
		return nil, err
	}
	debug.FreeOSMemory() // return the states before the table is allocated
	return l.toTable(dist, tiles, tb.cols, compact, tb.workers), nil
}

// A search is one breadth-first search over a setLayout.
type search struct {
	l     *setLayout
	state []uint64 // 2 bits a region of each placement, in the layout's words
	dist  []uint8  // a byte a placement, at set*k! + arrangement
	// A bit a state word, and a flag a set: whether they hold states of
	// the frontier (front, sets) or states opened in the layer under way
	// (next, nextSets).
	front, next    []uint64
	sets, nextSets []bool
}

// search runs the breadth-first search of the pattern tiles (goal cells)
// with the blank's goal cell blank, calling progress after each layer, and
// returns the distances in the layout's order.
//
// Each layer goes set by set, each set taken by one worker: for each move
// of the set, it reads the frontier of the set the move leads to (the
// states open at the layer's parity, in the words marked as holding some)
// and opens in its own set the states that move back to it (moves are
// reversible), marking the words for the next layer. So a worker writes
// only its own sets, which it updates in a scratch copy and stores back a
// word at a time; no two workers write the same word, and any interleaving
// builds the same table. A set closes the states of the layer before when
// it is next taken: until then they are in no marked word.
func (l *setLayout) search(ctx context.Context, tiles []uint8, blank, workers int, progress func(depth int, reached int64)) ([]uint8, error) {
	k := l.k
	sr := &search{l: l, state: make([]uint64, l.words), dist: make([]uint8, int64(len(l.sets))*l.perms)}
	sr.front = make([]uint64, (l.words+63)/64)
	sr.next = make([]uint64, len(sr.front))
	sr.sets = make([]bool, len(l.sets))
	sr.nextSets = make([]bool, len(l.sets))
	adviseHugePages(sr.state)
	adviseHugePages(sr.dist)
	for i := range sr.dist {
		sr.dist[i] = unvisited
	}

	// The goal: pattern tiles home, the blank in its goal cell's region,
	// open at depth 0.
	var occ uint64
	for _, t := range tiles {
		occ |= 1 << t
	}
	var sigma [MaxPattern]uint8
	for i, t := range tiles {
		sigma[i] = uint8(bits.OnesCount64(occ & (1<<t - 1)))
	}
	s0 := l.setID(occ)
	p0 := permRank(sigma[:k], &l.fact)
	bit := p0<<(1+l.wlog[s0]) + int64(2*l.g.regionIndex(l.g.full&^occ, blank))
	w0 := l.wordOff[s0] + bit>>6
	sr.state[w0] |= 1 << (bit & 63)
	sr.front[w0>>6] |= 1 << (w0 & 63)
	sr.sets[s0] = true
	sr.dist[s0*l.perms+p0] = 0
	reached := int64(1)

	var maxWords int64
	for s := range l.sets {
		maxWords = max(maxWords, l.wordOff[s+1]-l.wordOff[s])
	}
	// Chunks of about 2^16 placements.
	chunk := max(1, (1<<16)/l.perms)
	for d := 0; ; d++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if d+1 >= unvisited {
			return nil, fmt.Errorf("pdb: distances exceed %d", unvisited-1)
		}
		var next, found, opened atomic.Int64
		var wg sync.WaitGroup
		for range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				wk := &worker{scratch: make([]uint64, maxWords), pc: permCursor{k: k, fact: &l.fact}}
				n, o := sr.expandSets(wk, d, &next, chunk)
				found.Add(n)
				opened.Add(o)
			}()
		}
		wg.Wait()
		reached += found.Load()
		sr.front, sr.next = sr.next, sr.front
		sr.sets, sr.nextSets = sr.nextSets, sr.sets
		clear(sr.next)
		clear(sr.nextSets)
		if progress != nil {
			progress(d+1, reached)
		}
		if opened.Load() == 0 {
			break
		}
	}
	return sr.dist, nil
}

// fieldsEqual returns the low bits of the 2-bit fields of x equal to code
// (1 or 2).
func fieldsEqual(x, code uint64) uint64 {
	const lows = 0x5555555555555555
	if code == 1 {
		return x &^ (x >> 1) & lows
	}
	return x >> 1 &^ x & lows
}

// A worker holds one goroutine's scratch: the words of the set it updates,
// and an arrangement cursor for layouts without a delta table.
type worker struct {
	scratch []uint64
	pc      permCursor
}

// entryStarts[wlog] has the lowest bit of each entry of 2<<wlog bits set.
var entryStarts = [6]uint64{
	0x5555555555555555, 0x1111111111111111, 0x0101010101010101,
	0x0001000100010001, 0x0000000100000001, 1,
}

// expandSets updates, chunk of sets after chunk, the states that the
// frontier of depth d reaches. It returns how many placements it reached
// first and how many states it opened.
func (sr *search) expandSets(wk *worker, d int, next *atomic.Int64, chunk int64) (found, opened int64) {
	nsets := int64(len(sr.l.sets))
	for {
		lo := next.Add(chunk) - chunk
		if lo >= nsets {
			return found, opened
		}
		for s := lo; s < min(lo+chunk, nsets); s++ {
			n, o := sr.expandInto(wk, s, d)
			found += n
			opened += o
		}
	}
}

// frontierWord returns the bits of front for the state words of bitmap word
// i that lie in [lo, hi).
func (sr *search) frontierWord(i, lo, hi int64) uint64 {
	m := sr.front[i]
	if i == lo>>6 {
		m &= ^uint64(0) << (lo & 63)
	}
	if i == (hi-1)>>6 {
		m &= ^uint64(0) >> (63 - (hi-1)&63)
	}
	return m
}

// expandInto opens the states of set u reached at depth d+1 from the
// frontier. It returns how many placements it reached first and how many
// states it opened.
//
// It goes move by move, each move of u over the frontier of the set t the
// move leads to: a move that keeps every tile's place (along a row, or
// across rows with no tile between) keeps the arrangement, so that
// between sets of equal entry width it takes whole words of states at
// once; the others map each arrangement of t to one of u by the delta
// table.
func (sr *search) expandInto(wk *worker, u int64, d int) (found, opened int64) {
	l := sr.l
	moves := l.moves[l.moveOff[u]:l.moveOff[u+1]]
	fed := false
	for _, mv := range moves {
		t := int64(mv.set)
		if sr.sets[t] {
			fed = true
			break
		}
	}
	if !fed {
		return 0, 0
	}
	cur := uint64(1 + d&1)
	code := uint64(1 + (d+1)&1)
	u0, u1 := l.wordOff[u], l.wordOff[u+1]
	sc := wk.scratch[:u1-u0]
	for i := range sc {
		x := atomic.LoadUint64(&sr.state[u0+int64(i)])
		p := fieldsEqual(x, code) // open since the layer before: closed now
		sc[i] = x | p | p<<1
	}
	wl := uint(l.wlog[u])
	ud0 := u * l.perms
	udist := sr.dist[ud0 : ud0+l.perms]
	for _, mv := range moves {
		info := mv.info
		// The move of u's tile from place o to o2 leads to set t; back, t's
		// states in region field to lead to u's in region field from.
		from := 2 * uint(info>>moveFrom&31)
		to := 2 * uint(info>>moveTo&31)
		t := int64(mv.set)
		if !sr.sets[t] {
			continue
		}
		o, o2 := int(info>>moveOrder&31), int(info>>moveOrd2&31)
		t0, t1 := l.wordOff[t], l.wordOff[t+1]
		wlt := uint(info & 7)
		tstarts := entryStarts[wlt]
		// Back from t: t's tile moves from place o2 to o.
		delta := l.zeros // the moves that keep every place
		if o != o2 {
			delta = nil
			if pj := &l.jumps; pj.direct != nil {
				c := int64(pj.code[o2][o])
				delta = pj.direct[c*l.perms : (c+1)*l.perms]
			}
		}
		for fi := t0 >> 6; fi <= (t1-1)>>6; fi++ {
			for m := sr.frontierWord(fi, t0, t1); m != 0; m &= m - 1 {
				w := fi<<6 + int64(bits.TrailingZeros64(m))
				g := fieldsEqual(atomic.LoadUint64(&sr.state[w]), cur) >> to & tstarts
				if g == 0 {
					continue
				}
				i := w - t0
				if o == o2 && wlt == wl {
					// Word for word.
					n, o := sr.openWord(sc, i, g<<from, wl, code, ud0, d)
					found += n
					opened += o
					continue
				}
				if delta == nil {
					n, o := sr.mapSlow(wk, g, i, wlt, wl, from, o2, o, code, ud0, d)
					found += n
					opened += o
					continue
				}
				n, o := openMapped(sc, udist, delta, g, i<<(5-wlt), wlt, wl, from, code, uint8(d+1))
				found += n
				opened += o
			}
		}
	}
	// Store the changed words; mark those with states opened, a word of
	// marks at a time (the first and last may be shared with other sets).
	var marks uint64
	for i, x := range sc {
		w := u0 + int64(i)
		if p := &sr.state[w]; x != atomic.LoadUint64(p) {
			atomic.StoreUint64(p, x)
			if fieldsEqual(x, code) != 0 {
				marks |= 1 << (w & 63)
			}
		}
		if w&63 == 63 || i == len(sc)-1 {
			if marks != 0 {
				atomic.OrUint64(&sr.next[w>>6], marks)
				sr.nextSets[u] = true
				marks = 0
			}
		}
	}
	return found, opened
}

// mapSlow opens, for the move of u's tile from place o to o2, the states
// of set u that the frontier states g of word i of the move's set t lead
// to, ranking each arrangement with the worker's cursor: expandInto for
// layouts without a delta table. It returns how many placements it reached
// first and how many states it opened.
func (sr *search) mapSlow(wk *worker, g uint64, i int64, wlt, wl, from uint, o, o2 int, code uint64, ud0 int64, d int) (found, opened int64) {
	for ; g != 0; g &= g - 1 {
		pt := i<<(5-wlt) + int64(uint(bits.TrailingZeros64(g))>>(wlt+1))
		wk.pc.seek(pt)
		pu := permMoved(pt, &wk.pc.tau, o, o2, &sr.l.fact)
		bit := pu << (1 + wl)
		sh := uint(bit&63) + from
		x := wk.scratch[bit>>6]
		if x>>sh&3 != 0 {
			continue // seen
		}
		wk.scratch[bit>>6] = x | code<<sh
		opened++
		if sr.dist[ud0+pu] == unvisited {
			sr.dist[ud0+pu] = uint8(d + 1)
			found++
		}
	}
	return found, opened
}

// openWord opens the unseen states among those of scratch word j of set u
// whose fields' low bits are set in g (2<<wl-bit entries), at depth d+1
// (code). It returns how many placements it reached first and how many
// states it opened.
func (sr *search) openWord(sc []uint64, j int64, g uint64, wl uint, code uint64, ud0 int64, d int) (found, opened int64) {
	x := sc[j]
	newly := g &^ (x | x>>1)
	if newly == 0 {
		return 0, 0
	}
	sc[j] = x | newly*code
	opened = int64(bits.OnesCount64(newly))
	for ; newly != 0; newly &= newly - 1 {
		e := uint(bits.TrailingZeros64(newly)) >> (wl + 1)
		if wl > 0 && x>>(e<<(wl+1))&(1<<(2<<wl)-1) != 0 {
			continue // the placement was reached before
		}
		sr.dist[ud0+j<<(5-wl)+int64(e)] = uint8(d + 1)
		found++
	}
	return found, opened
}

// openMapped opens the unseen states of set u (scratch words sc,
// distances dist) that the frontier states g of a word of set t lead to:
// t's entry base+e (2<<wlt bits, low bit e<<(wlt+1) of g) is u's entry
// base+e+delta[base+e] (2<<wl bits), in the field at bit from of the entry;
// code marks them, at depth depth. It returns how many placements it reached first and how many states it
// opened.
func openMapped(sc []uint64, dist []uint8, delta []int32, g uint64, base int64, wlt, wl, from uint, code uint64, depth uint8) (found, opened int64) {
	// Shift counts masked to 6 bits compile to single shifts.
	es, ws := (wlt+1)&63, (wl+1)&63
	entry := ^uint64(0) >> (64 - 2<<wl) // an entry's bits
	for ; g != 0; g &= g - 1 {
		pt := base + int64(uint(bits.TrailingZeros64(g))>>es)
		pu := pt + int64(delta[pt])
		bit := uint64(pu) << ws
		x := sc[bit>>6]
		f := x >> ((bit + uint64(from)) & 63)
		unseen := ^(f | f>>1) & 1
		sc[bit>>6] = x | unseen*code<<((bit+uint64(from))&63)
		opened += int64(unseen)
		if x>>(bit&63)&entry == 0 { // first reached
			dist[pu] = depth
			found++
		}
	}
	return found, opened
}
