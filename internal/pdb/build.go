package pdb

import (
	"context"
	"fmt"
	"math/bits"
	"runtime"
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
}

// unvisited marks an entry without a distance while a table is built.
const unvisited = 0xff

// A builder computes one pattern table by breadth-first search backwards
// from the goal over abstract states (placement of the pattern tiles, region
// of the blank). Moving a pattern tile costs 1; the blank moves freely
// among the cells the pattern leaves empty, so a state keeps only the
// connected region of empty cells that holds the blank. The table stores,
// for each placement, the least distance over the blank's regions, which
// is the additive lower bound (only pattern tiles' moves count).
//
// Memory: one byte a placement for the distances (the table itself) and one
// mask a placement of the empty-cell slots already reached (8, 16, 32 or 64
// bits, the least that holds the n-k empty cells; freed at the end). The
// frontier is never stored: layer d is the set of placements whose
// distance is d, found by scanning, with the slots reached (all at depth
// d). A region of a placement first reached later than the placement's
// first region ("late", rare) is kept in a small map with its own depth.
//
// Layers are expanded by parallel workers over chunks of ranks; entries
// are written with atomic operations, so any interleaving gives the same
// table.
type builder struct {
	g     grid
	rk    ranker
	tiles []uint8

	dist      []uint32 // four distances a word, little-endian
	seen      []uint64 // slot masks, slotBits each
	slotBits  uint     // 8, 16, 32 or 64
	slotShift uint     // log2 of masks a word
	reached   atomic.Int64

	mu       sync.Mutex
	late     map[int64]uint64 // placement -> slots of late regions
	lateNext []lateRegion     // late regions of the next layer
}

type lateRegion struct {
	rank  int64
	slots uint64
}

// buildTable computes the table of pattern tiles (goal cells) on a rows x
// cols board whose blank's goal cell is blank.
func buildTable(ctx context.Context, rows, cols, blank int, tiles []uint8, workers int, progress func(Progress), index int) ([]uint32, error) {
	g := newGrid(rows, cols)
	rk, err := newRanker(g.n, len(tiles))
	if err != nil {
		return nil, err
	}
	b := &builder{g: g, rk: rk, tiles: tiles, late: map[int64]uint64{}}
	free := g.n - len(tiles)
	b.slotBits = 8
	for int(b.slotBits) < free {
		b.slotBits *= 2
	}
	b.slotShift = uint(bits.TrailingZeros(64 / b.slotBits))
	b.dist = make([]uint32, (rk.size+3)/4)
	b.seen = make([]uint64, (rk.size+(1<<b.slotShift)-1)>>b.slotShift)
	for i := range b.dist {
		b.dist[i] = ^uint32(0)
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}

	// The goal: pattern tiles home, the blank in its goal cell's region.
	var occ uint64
	for _, t := range tiles {
		occ |= 1 << t
	}
	empty := g.full &^ occ
	r0 := rk.rank(tiles)
	b.setDist(r0, 0)
	b.seen[r0>>b.slotShift] |= slots(g.region(empty, blank), empty) << b.slotPos(r0)
	b.reached.Store(1)

	const chunk = 1 << 14
	var lateCur []lateRegion
	for d := 0; ; d++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if d+1 >= unvisited {
			return nil, fmt.Errorf("pdb: distances exceed %d", unvisited-1)
		}
		before := b.reached.Load()
		var next atomic.Int64
		var wg sync.WaitGroup
		for range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var pos [maxPattern]uint8
				var n int64
				defer func() { b.reached.Add(n) }()
				pat := uint32(d) * 0x01010101
				for {
					lo := next.Add(chunk) - chunk
					if lo >= rk.size {
						break
					}
					hi := min(lo+chunk, rk.size)
					for w := lo / 4; w < (hi+3)/4; w++ {
						x := atomic.LoadUint32(&b.dist[w]) ^ pat
						if (x-0x01010101)&^x&0x80808080 == 0 {
							continue // no byte equals d
						}
						for j := range int64(4) {
							r := 4*w + j
							if r < hi && x>>(8*j)&0xff == 0 {
								n += b.expand(r, b.seenAt(r), d, pos[:rk.k])
							}
						}
					}
				}
			}()
		}
		wg.Wait()
		// The late regions of depth d, shared out the same way.
		var lateNext atomic.Int64
		for range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var pos [maxPattern]uint8
				var n int64
				defer func() { b.reached.Add(n) }()
				for {
					i := lateNext.Add(1) - 1
					if i >= int64(len(lateCur)) {
						return
					}
					n += b.expand(lateCur[i].rank, lateCur[i].slots, d, pos[:rk.k])
				}
			}()
		}
		wg.Wait()
		lateCur, b.lateNext = b.lateNext, nil
		reached := b.reached.Load()
		if progress != nil {
			progress(Progress{Table: index, Tiles: rk.k, Depth: d + 1, Reached: reached, Entries: rk.size})
		}
		if reached == before && len(lateCur) == 0 {
			break
		}
	}
	b.seen = nil
	return b.dist, nil
}

func (b *builder) distAt(r int64) uint32 {
	return atomic.LoadUint32(&b.dist[r>>2]) >> (8 * (r & 3)) & 0xff
}

// setDist lowers entry r from unvisited to d.
func (b *builder) setDist(r int64, d int) {
	atomic.AndUint32(&b.dist[r>>2], ^(uint32(unvisited^d) << (8 * (r & 3))))
}

func (b *builder) slotPos(r int64) uint {
	return uint(r&(1<<b.slotShift-1)) * b.slotBits
}

func (b *builder) seenAt(r int64) uint64 {
	m := atomic.LoadUint64(&b.seen[r>>b.slotShift]) >> b.slotPos(r)
	if b.slotBits < 64 {
		m &= 1<<b.slotBits - 1
	}
	return m
}

// expand generates the successors of placement r with the blank in the
// regions of slot set s, all at depth d, and returns how many placements
// it reached first.
func (b *builder) expand(r int64, s uint64, d int, pos []uint8) int64 {
	var n int64
	g := &b.g
	occ := b.rk.unrank(r, pos)
	empty := g.full &^ occ
	cells := cellsOf(s, empty)
	for i, p := range pos {
		if g.nbr[p]&cells == 0 {
			continue
		}
		for _, q := range g.adj[p] {
			if cells>>q&1 == 0 {
				continue
			}
			pos[i] = q
			r2 := b.rk.rank(pos)
			pos[i] = p
			if b.visit(r2, empty^(1<<p)^(1<<q), int(p), d+1) {
				n++
			}
		}
	}
	return n
}

// visit records placement r2 with the blank on cell p of the empty cells
// free, reached at depth nd, unless that region was reached before. It
// reports whether r2 itself is new.
func (b *builder) visit(r2 int64, free uint64, p, nd int) bool {
	slot := uint(bits.OnesCount64(free & (1<<p - 1)))
	if b.seenAt(r2)>>slot&1 != 0 {
		return false
	}
	if dv := b.distAt(r2); dv != unvisited && int(dv) < nd {
		// A new region of a placement reached at an earlier layer.
		b.mu.Lock()
		if b.late[r2]>>slot&1 == 0 {
			sl := slots(b.g.region(free, p), free)
			b.late[r2] |= sl
			b.lateNext = append(b.lateNext, lateRegion{r2, sl})
		}
		b.mu.Unlock()
		return false
	}
	sl := slots(b.g.region(free, p), free)
	old := atomic.OrUint64(&b.seen[r2>>b.slotShift], sl<<b.slotPos(r2)) >> b.slotPos(r2)
	if b.slotBits < 64 {
		old &= 1<<b.slotBits - 1
	}
	if old != 0 {
		return false // r2 was reached before, in this layer
	}
	b.setDist(r2, nd)
	return true
}
