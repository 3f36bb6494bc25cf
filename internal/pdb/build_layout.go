package pdb

import (
	"context"
	"fmt"
	"math/bits"
	"sync"
	"sync/atomic"
)

// A setLayout is the order in which the builder keeps the placements of k
// tiles on a board: by the set of cells they occupy (sets in colex order,
// that is in increasing order of their masks), then by the arrangement of
// the tiles on those cells (see permRank). Every placement of a set shares
// the set's empty cells, so what the search needs about them is computed
// once a set rather than once a placement:
//
//   - the connected regions of the empty cells, numbered by their lowest
//     cell. A placement's state holds 2 bits a region, so a set's entries
//     are 2, 4, 8, 16, 32 or 64 bits wide (one region, as for most sets, to
//     17-32 regions); sets start on a word.
//   - the set's moves: a tile on cell p slides into an empty neighbour q.
//     The move leads to the set S-p+q whatever the arrangement, the blank
//     lands in the same region of it, and the tile keeps its place among
//     the set's cells in increasing order unless the move jumps over other
//     tiles (a move across rows), when it takes the place o2 instead of o.
//
// The layout depends on the board and k only, not on which tiles nor on
// the blank's goal, so the tables of equal-sized patterns of a Spec share
// it.
type setLayout struct {
	g     grid
	k     int
	perms int64             // k!, the arrangements of a set
	fact  [MaxPattern]int64 // fact[t] = (k-1-t)!, the weight of tile t's digit in permRank
	binom [maxCells + 1][MaxPattern + 1]int64

	jumps   permJumps // how the moves that jump over tiles change arrangements
	zeros   []int32   // k! zeros: the delta of the moves that keep every place
	sets    []uint64  // the cells of each set, in colex order
	wlog    []uint8   // a set's entries are 2<<wlog bits wide
	wordOff []int64   // the state words of set s: [wordOff[s], wordOff[s+1])
	moveOff []uint32  // the moves of set s: moves[moveOff[s]:moveOff[s+1]]
	moves   []setMove
	words   int64 // state words in all
}

// A setMove is one move of a set's tiles: the target set's number and first
// state word, and in info (see the setMove* shifts) the width of the target
// set's entries (wlog), the blank's region in the target set (the cell
// the tile left), the region of the source set the blank must be in (the
// cell the tile enters), and the tile's place among the set's cells before
// (o) and after (o2) the move.
type setMove struct {
	word uint32
	set  uint32
	info uint32
}

const (
	moveWlog  = 0  // 3 bits
	moveTo    = 3  // 5 bits: region of the target set
	moveFrom  = 8  // 5 bits: region of the source set
	moveOrder = 13 // 5 bits: o
	moveOrd2  = 18 // 5 bits: o2
)

// maxRegions is the most regions a placement's empty cells may form: their
// states fill a 64-bit word.
const maxRegions = 32

// maxLayoutWords bounds the state words, numbered by uint32 in setMove.
const maxLayoutWords = 1<<32 - 1

// newSetLayout computes the layout of k tiles on a rows x cols board with
// workers goroutines. Cost: a few flood fills per set and per move of a set,
// C(n,k) sets of about 3k moves each; memory 12 bytes a move. It returns
// ctx's error soon after ctx is done (C(36,5) sets take a second or more).
func newSetLayout(ctx context.Context, rows, cols, k, workers int) (*setLayout, error) {
	g := newGrid(rows, cols)
	if _, err := newRanker(g.n, k); err != nil {
		return nil, err
	}
	l := &setLayout{g: g, k: k}
	for c := 0; c <= maxCells; c++ {
		l.binom[c][0] = 1
		for j := 1; j <= min(c, MaxPattern); j++ {
			l.binom[c][j] = l.binom[c-1][j-1]
			if j < c {
				l.binom[c][j] += l.binom[c-1][j]
			}
		}
	}
	l.perms = 1
	for t := k - 1; t >= 0; t-- {
		l.fact[t] = l.perms
		l.perms *= int64(k - t)
	}
	nsets := l.binom[g.n][k]
	l.sets = make([]uint64, nsets)
	x := uint64(1)<<k - 1
	for s := range l.sets {
		l.sets[s] = x
		if s+1 < len(l.sets) {
			c := x & -x
			r := x + c
			x = (r^x)>>2/c | r // next set of k bits (Gosper)
		}
	}

	// Pass 1: regions and moves of each set; then the offsets.
	l.wlog = make([]uint8, nsets)
	l.wordOff = make([]int64, nsets+1)
	l.moveOff = make([]uint32, nsets+1)
	nmoves := make([]uint32, nsets)
	var tooMany atomic.Int64
	tooMany.Store(-1)
	parallelRange(nsets, workers, 1024, func(lo, hi int) {
		if ctx.Err() != nil {
			return
		}
		var regs [maxCells]uint64
		for s := lo; s < hi; s++ {
			occ := l.sets[s]
			free := g.full &^ occ
			nr := g.regions(free, &regs)
			if nr > maxRegions {
				tooMany.Store(int64(s))
				return
			}
			l.wlog[s] = uint8(bits.Len(uint(nr - 1)))
			m := 0
			for t := occ; t != 0; t &= t - 1 {
				m += bits.OnesCount64(g.nbr[bits.TrailingZeros64(t)] & free)
			}
			nmoves[s] = uint32(m)
		}
	})
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if s := tooMany.Load(); s >= 0 {
		return nil, fmt.Errorf("pdb: %d tiles on a %d x %d board can split the empty cells into more than %d regions", k, rows, cols, maxRegions)
	}
	var mtotal int64
	for s := range nsets {
		bitsPer := l.perms << (1 + l.wlog[s])
		l.wordOff[s+1] = l.wordOff[s] + (bitsPer+63)/64
		mtotal += int64(nmoves[s])
		if mtotal > 1<<32-1 {
			return nil, fmt.Errorf("pdb: %d tiles on a %d x %d board have too many moves to tabulate", k, rows, cols)
		}
		l.moveOff[s+1] = uint32(mtotal)
	}
	l.words = l.wordOff[nsets]
	if l.words > maxLayoutWords {
		return nil, fmt.Errorf("pdb: %d tiles on a %d x %d board need %d state words: want at most %d", k, rows, cols, l.words, int64(maxLayoutWords))
	}

	l.jumps = newPermJumps(k, g.cols-1, &l.fact, l.perms, workers, jumpsAuto)
	l.zeros = make([]int32, l.perms)

	// Pass 2: the moves.
	l.moves = make([]setMove, mtotal)
	parallelRange(nsets, workers, 1024, func(lo, hi int) {
		if ctx.Err() != nil {
			return
		}
		var regs [maxCells]uint64
		for s := lo; s < hi; s++ {
			occ := l.sets[s]
			free := g.full &^ occ
			nr := g.regions(free, &regs)
			out := l.moves[l.moveOff[s]:l.moveOff[s+1]]
			m := 0
			o := 0
			for t := occ; t != 0; t &= t - 1 {
				p := bits.TrailingZeros64(t)
				for u := g.nbr[p] & free; u != 0; u &= u - 1 {
					q := bits.TrailingZeros64(u)
					from := 0
					for from < nr && regs[from]>>q&1 == 0 {
						from++
					}
					occ2 := occ ^ 1<<p ^ 1<<q
					s2 := l.setID(occ2)
					to := g.regionIndex(g.full&^occ2, p)
					o2 := bits.OnesCount64(occ2 & (1<<q - 1))
					out[m] = setMove{
						word: uint32(l.wordOff[s2]),
						set:  uint32(s2),
						info: uint32(l.wlog[s2])<<moveWlog | uint32(to)<<moveTo | uint32(from)<<moveFrom |
							uint32(o)<<moveOrder | uint32(o2)<<moveOrd2,
					}
					m++
				}
				o++
			}
		}
	})
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return l, nil
}

// setID returns the colex rank of the k-cell set occ: the number of sets
// whose mask is smaller. O(k).
func (l *setLayout) setID(occ uint64) int64 {
	var id int64
	j := 1
	for x := occ; x != 0; x &= x - 1 {
		id += l.binom[bits.TrailingZeros64(x)][j]
		j++
	}
	return id
}

// regions writes the connected regions of free into out, ordered by their
// lowest cell, and returns how many there are.
func (g *grid) regions(free uint64, out *[maxCells]uint64) int {
	n := 0
	for rest := free; rest != 0; n++ {
		out[n] = g.region(free, bits.TrailingZeros64(rest))
		rest &^= out[n]
	}
	return n
}

// regionIndex returns the number of the region of free that holds cell c,
// regions being numbered by their lowest cell.
func (g *grid) regionIndex(free uint64, c int) int {
	low := g.region(free, c) & -g.region(free, c)
	i := 0
	for rest := free & (low - 1); rest != 0; i++ {
		rest &^= g.region(free, bits.TrailingZeros64(rest))
	}
	return i
}

// parallelRange calls f on consecutive chunks of [0, n) from workers
// goroutines and waits for them.
func parallelRange(n int64, workers int, chunk int64, f func(lo, hi int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range max(workers, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				lo := next.Add(chunk) - chunk
				if lo >= n {
					return
				}
				f(int(lo), int(min(lo+chunk, n)))
			}
		}()
	}
	wg.Wait()
}
