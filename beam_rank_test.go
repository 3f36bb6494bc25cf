package slide

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestHammingBeam: a hammingBeam's rank of every child, from its parent's
// data, equals the rank from scratch of the child's board, and so does
// the data apply makes; ranks are above 0 except at the goal, on boards
// of several shapes, next to the goal (where a tile's move puts it home
// or takes it away) and shuffled.
func TestHammingBeam(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 7))
	for _, sz := range [][2]int{{3, 5}, {6, 6}, {7, 4}, {7, 7}} {
		rows, cols := sz[0], sz[1]
		n := rows * cols
		blankVal := uint8(rng.IntN(n))
		for _, nw := range [][2]int{{2, 1}, {4, 3}} {
			e := newHammingBeam(&mdlcBeam{mdlcEval: newMDLC(rows, cols, blankVal)}, nw[0], nw[1], int(blankVal))
			scratch := newHammingBeam(&mdlcBeam{mdlcEval: newMDLC(rows, cols, blankVal)}, nw[0], nw[1], int(blankVal))
			for trial := range 40 {
				cells := make([]uint8, n)
				for i := range cells {
					cells[i] = uint8(i)
				}
				if trial%2 == 0 {
					for i, v := range rng.Perm(n) {
						cells[i] = uint8(v)
					}
				} else {
					walkBoard(rng, cells, blankVal, cols, 1+trial/4)
				}
				aux := make([]uint8, e.auxLen())
				rank := e.root(cells, aux)
				if goal := slices.IsSorted(cells); (rank == 0) != goal {
					t.Fatalf("%dx%d: rank %d of a board that is the goal: %v", rows, cols, rank, goal)
				}
				e.load(cells, aux, rank)
				for _, m := range children(cells, blankVal, cols) {
					got, delta := e.child(m.v, m.from, m.to)
					want := make([]uint8, e.auxLen())
					if w := scratch.root(m.board, want); got != w || w < 0 || (w == 0) != slices.IsSorted(m.board) {
						t.Fatalf("%dx%d, %d/%d: tile %d from %d to %d: rank %d, from scratch %d", rows, cols, nw[1], nw[0], m.v, m.from, m.to, got, w)
					}
					made := slices.Clone(aux)
					e.apply(made, delta, m.v, m.from, m.to)
					if !slices.Equal(made, want) {
						t.Fatalf("%dx%d: tile %d from %d to %d: data %v, from scratch %v", rows, cols, m.v, m.from, m.to, made, want)
					}
				}
			}
		}
	}
}

// walkBoard makes k random moves of the blank (value blankVal) on cells.
func walkBoard(rng *rand.Rand, cells []uint8, blankVal uint8, cols, k int) {
	for range k {
		ms := children(cells, blankVal, cols)
		copy(cells, ms[rng.IntN(len(ms))].board)
	}
}
