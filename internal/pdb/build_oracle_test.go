package pdb

import (
	"context"
	"fmt"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
)

// The builder the package used before the set layout (build.go), kept as an
// oracle for the tests and the benchmarks: the same breadth-first search
// over (placement, region of the blank), at dense ranks, with a 2-bit state
// for each empty cell. It takes at most 32 empty cells.

// An oldBuilder computes one pattern table by breadth-first search backwards
// from the goal over abstract states (placement of the pattern tiles,
// region of the blank). Moving a pattern tile costs 1; the blank moves
// freely among the cells the pattern leaves empty, so a state keeps only
// the connected region of empty cells that holds the blank. The table
// stores, for each placement, the least distance over the blank's regions:
// the depth at which the placement is first reached.
//
// A placement's empty cells are numbered in increasing order (its slots).
// Every slot has a 2-bit state: unseen (0), open at an even depth (1), open
// at an odd depth (2), closed (3); all slots of a region share it. The
// frontier is never listed: layer d is the set of slots open at d's parity,
// found by scanning, and expanding them closes them.
//
// Memory, for k tiles on n cells: one byte a placement for the distances
// (the table itself) and 2(n-k) bits, rounded up to 8, 16, 32 or 64, for
// the slot states, freed at the end. The 8 tiles of the 15-puzzle take
// 519 MB + 1038 MB.
//
// Layers are expanded by parallel workers over chunks of ranks. Slot states
// change by atomic OR only (unseen to open, open to closed), and a
// placement's distance is written once by the worker whose OR found all
// its slots unseen, so any interleaving builds the same table.
type oldBuilder struct {
	g  grid
	rk ranker

	dist      []uint8
	state     []uint64 // slot states, entryBits each
	entryBits uint     // 8, 16, 32 or 64
	entryLog  uint     // log2 of entries a word
}

// An oldWorker holds one expanding goroutine's placement and the successors of
// the regions it expands, reused from one expansion to the next.
type oldWorker struct {
	mr       moveRanker
	r2       [4 * MaxPattern]int64
	from, to [4 * MaxPattern]uint8
	words    [4 * MaxPattern]uint64
}

// oldBuildTable computes the table of pattern tiles (goal cells) on a rows x
// cols board whose blank's goal cell is blank.
func oldBuildTable(ctx context.Context, rows, cols, blank int, tiles []uint8, workers int, progress func(Progress), index int) ([]uint8, error) {
	g := newGrid(rows, cols)
	rk, err := newRanker(g.n, len(tiles))
	if err != nil {
		return nil, err
	}
	free := g.n - len(tiles)
	if free > 32 {
		return nil, fmt.Errorf("pdb: %d tiles leave %d empty cells: want at most 32", len(tiles), free)
	}
	b := &oldBuilder{g: g, rk: rk, entryBits: 8}
	for int(b.entryBits) < 2*free {
		b.entryBits *= 2
	}
	b.entryLog = uint(bits.TrailingZeros(64 / b.entryBits))
	b.dist = make([]uint8, rk.size)
	b.state = make([]uint64, (rk.size+(1<<b.entryLog)-1)>>b.entryLog)
	adviseHugePages(b.dist)
	adviseHugePages(b.state)
	for i := range b.dist {
		b.dist[i] = unvisited
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}

	// The goal: pattern tiles home, the blank in its goal cell's region,
	// open at depth 0.
	var occ uint64
	for _, t := range tiles {
		occ |= 1 << t
	}
	empty := g.full &^ occ
	r0 := rk.rank(tiles)
	b.dist[r0] = 0
	b.state[r0>>b.entryLog] |= spread(slots(g.region(empty, blank), empty)) << b.shift(r0)
	reached := int64(1)

	// Chunks are whole words of entries, so that the scan reads words.
	chunk := int64(1 << 14)
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
				n, o := b.expandChunks(d, &next, chunk)
				found.Add(n)
				opened.Add(o)
			}()
		}
		wg.Wait()
		reached += found.Load()
		if progress != nil {
			progress(Progress{Table: index, Tiles: rk.k, Depth: d + 1, Reached: reached, Entries: rk.size})
		}
		if opened.Load() == 0 {
			break
		}
	}
	return b.dist, nil
}

// shift returns the bit offset of entry r within its word.
func (b *oldBuilder) shift(r int64) uint {
	return uint(r&(1<<b.entryLog-1)) * b.entryBits
}

// expandChunks expands, chunk after chunk, the slots open at depth d's
// parity. It returns how many placements it reached first and how many
// regions it opened.
func (b *oldBuilder) expandChunks(d int, next *atomic.Int64, chunk int64) (found, opened int64) {
	wk := &oldWorker{mr: newMoveRanker(&b.rk)}
	cur := uint64(1 + d&1)
	const lows = 0x5555555555555555
	words := int64(len(b.state))
	per := int64(1) << b.entryLog
	mask := uint64(1)<<b.entryBits - 1
	if b.entryBits == 64 {
		mask = ^uint64(0)
	}
	for {
		lo := next.Add(chunk/per) - chunk/per
		if lo >= words {
			return found, opened
		}
		hi := min(lo+chunk/per, words)
		for w := lo; w < hi; w++ {
			x := atomic.LoadUint64(&b.state[w])
			var f uint64 // low bits of the fields equal to cur
			if cur == 1 {
				f = x &^ (x >> 1) & lows
			} else {
				f = x >> 1 &^ x & lows
			}
			for f != 0 {
				e := uint(bits.TrailingZeros64(f)) / b.entryBits
				fe := f >> (e * b.entryBits) & mask
				f &^= mask << (e * b.entryBits)
				r := w<<b.entryLog + int64(e)
				n, o := b.expand(wk, r, unspread(fe), d)
				found += n
				opened += o
				atomic.OrUint64(&b.state[w], (fe|fe<<1)<<(e*b.entryBits)) // closed
			}
		}
	}
}

// expand generates the successors of placement r with the blank in the
// regions of slot set s, at depth d. It returns how many placements it
// reached first and how many regions it opened.
//
// The successors' ranks are computed first and their state words loaded
// next, all independent loads, so that the processor overlaps their cache
// misses; only then is each one checked and, if new, opened.
func (b *oldBuilder) expand(wk *oldWorker, r int64, s uint64, d int) (found, opened int64) {
	g := &b.g
	mr := &wk.mr
	mr.seek(r)
	pos := mr.pos[:b.rk.k]
	empty := g.full &^ mr.occ()
	cells := cellsOf(s, empty)
	r2, from, to, words := &wk.r2, &wk.from, &wk.to, &wk.words
	m := 0
	for i, p := range pos {
		for t := g.nbr[p] & cells; t != 0; t &= t - 1 {
			q := uint8(bits.TrailingZeros64(t))
			switch q {
			case p + 1: // along the row: only digit i changes, by one
				r2[m] = mr.r + b.rk.w[i]
			case p - 1:
				r2[m] = mr.r - b.rk.w[i]
			default:
				r2[m] = mr.moved(i, p, q)
			}
			from[m], to[m] = p, q
			m++
		}
	}
	for j := range m {
		words[j] = atomic.LoadUint64(&b.state[r2[j]>>b.entryLog])
	}
	code := uint64(1 + (d+1)&1)
	for j := range m {
		// The tile moves from p to q: the blank is on p.
		p, q := from[j], to[j]
		free := empty ^ (1 << p) ^ (1 << q)
		slot := uint(bits.OnesCount64(free & (1<<p - 1)))
		sh := b.shift(r2[j])
		if words[j]>>(sh+2*slot)&3 != 0 {
			continue // seen
		}
		fields := spread(slots(g.region(free, int(p)), free)) * code
		old := atomic.OrUint64(&b.state[r2[j]>>b.entryLog], fields<<sh) >> sh
		if old>>(2*slot)&3 != 0 {
			continue // another oldWorker opened it first
		}
		opened++
		if b.entryBits < 64 {
			old &= 1<<b.entryBits - 1
		}
		if old == 0 {
			b.dist[r2[j]] = uint8(d + 1)
			found++
		}
	}
	return found, opened
}

// spread maps slot set s to the low bits of the 2-bit fields of its slots.
func spread(s uint64) uint64 {
	var f uint64
	for ; s != 0; s &= s - 1 {
		f |= 1 << (2 * bits.TrailingZeros64(s))
	}
	return f
}

// unspread is the inverse of spread.
func unspread(f uint64) uint64 {
	var s uint64
	for ; f != 0; f &= f - 1 {
		s |= 1 << (bits.TrailingZeros64(f) / 2)
	}
	return s
}

// slots maps a set of cells within free to the set of their slots, a cell's
// slot being its index among the cells of free in increasing order.
func slots(cells, free uint64) uint64 {
	var s uint64
	for c := cells; c != 0; c &= c - 1 {
		low := c & -c
		s |= 1 << bits.OnesCount64(free&(low-1))
	}
	return s
}

// cellsOf is the inverse of slots.
func cellsOf(s, free uint64) uint64 {
	var cells uint64
	for i := 0; free != 0; i++ {
		low := free & -free
		if s>>i&1 != 0 {
			cells |= low
		}
		free ^= low
	}
	return cells
}
