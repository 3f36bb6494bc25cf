package near

import (
	"math/bits"
	"sort"
)

// A beam keeps, for every layer, how each of its boards was reached, so
// that the path to the goal can be traced back at the end: these steps
// are most of what a wide beam holds over hundreds of layers, so they are
// kept in a few bits a board.
//
// A layer's boards are in the order of their parents, and a parent's
// children in the order of the blank's move (see expandRange, choose): so
// the layer's steps are, for each board of the layer before (a parent),
// the set of the ways the blank moved to make the children kept, 4 bits
// (bit way: 0 to 3, up, left, right, down), 16 parents a word. Board i of
// the layer is then the child, of the parent whose sets before it hold
// fewer than i+1 children and with it at least i+1, of the way of its
// (i - those before)th bit. The children of the parents before every
// block of stepBlock parents are counted, so that finding a board's
// parent reads one block.

// stepBlock is how many parents a block of a layer's steps holds (a
// multiple of 16): its count of the children before it takes 32 bits, an
// eighth of a bit a parent.
const stepBlock = 256

// A stepLayer is one layer's steps (see above): sets[p/16]>>(4*(p%16))&15
// is the set of ways of parent p's children kept, before[b] the children
// of the parents before block b, boards the layer's boards.
type stepLayer struct {
	sets   []uint64
	before []uint32
	boards int
}

// stepWords and stepBlocks return the words and blocks of the steps of a
// layer made from the given parents.
func stepWords(parents int) int  { return (parents + 15) / 16 }
func stepBlocks(parents int) int { return (parents + stepBlock - 1) / stepBlock }

// stepBytes returns the bytes of the steps of a layer made from the given
// parents.
func stepBytes(parents int) int64 { return 8*int64(stepWords(parents)) + 4*int64(stepBlocks(parents)) }

// bytes returns the bytes the layer's steps hold.
func (l *stepLayer) bytes() int64 { return capBytes(l.sets) + capBytes(l.before) }

// count fills in the counts of the blocks from the sets, and the layer's
// boards.
func (l *stepLayer) count() {
	n := 0
	for w, x := range l.sets {
		if w%(stepBlock/16) == 0 {
			l.before[w/(stepBlock/16)] = uint32(n)
		}
		n += bits.OnesCount64(x)
	}
	l.boards = n
}

// parent returns board i's parent, its index in the layer before, and the
// way the blank moved from it (0 to 3: up, left, right, down); i is less
// than l.boards.
func (l *stepLayer) parent(i int) (int, int) {
	b := sort.Search(len(l.before), func(b int) bool { return int(l.before[b]) > i }) - 1
	left := i - int(l.before[b])
	for w := b * (stepBlock / 16); ; w++ {
		x := l.sets[w]
		if k := bits.OnesCount64(x); left >= k {
			left -= k
			continue
		}
		for p := 16 * w; ; p, x = p+1, x>>4 {
			set := x & 15
			if k := bits.OnesCount64(set); left >= k {
				left -= k
				continue
			}
			for range left {
				set &= set - 1 // the lowest bits before the board's
			}
			return p, bits.TrailingZeros64(set)
		}
	}
}

// wayOf returns the way the blank moves from cell b to its neighbour nb
// on a board of cols columns: 0 to 3, up, left, right, down.
func wayOf(b, nb, cols int) int {
	switch nb - b {
	case -cols:
		return 0
	case -1:
		return 1
	case 1:
		return 2
	}
	return 3
}
