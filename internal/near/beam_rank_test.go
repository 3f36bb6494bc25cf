package near

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestRankBeam: a rankBeam counts a board's misplaced tiles and short
// cycles as a plain walk of its cycles does; its rank of every child,
// from its parent's data, equals the rank from scratch of the child's
// board, and so does the data apply makes; ranks are above 0 except at
// the goal. On boards of several shapes, shuffled, next to the goal
// (where a tile's move puts it home or takes it away), and with adjacent
// tiles swapped and 2 x 2 blocks turned (where a move makes or breaks a
// short cycle, counted unless its penalty is 0).
func TestRankBeam(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 7))
	for _, sz := range [][2]int{{3, 5}, {6, 6}, {7, 4}, {7, 7}} {
		rows, cols := sz[0], sz[1]
		n := rows * cols
		blankVal := uint8(rng.IntN(n))
		for _, w := range [][3]int{{2, 1, 0}, {4, 3, 8}, {1, 0, 1}} {
			mk := func() *rankBeam[*mdlcBeam] {
				return newRankBeam(&mdlcBeam{mdlcEval: newMDLC(rows, cols, blankVal)}, int(blankVal), w[0], w[1], w[2])
			}
			e, scratch := mk(), mk()
			cycles := 0
			for trial := range 60 {
				cells := make([]uint8, n)
				for i := range cells {
					cells[i] = uint8(i)
				}
				switch trial % 3 {
				case 0:
					for i, v := range rng.Perm(n) {
						cells[i] = uint8(v)
					}
				case 1:
					walkBoard(rng, cells, blankVal, cols, 1+trial/6)
				case 2:
					walkBoard(rng, cells, blankVal, cols, trial/6)
					swapAdjacent(rng, cells, blankVal, cols, trial%4)
					turnBlocks(rng, cells, blankVal, cols, 1+trial%3)
				}
				aux := make([]uint8, e.auxLen())
				rank := e.root(cells, aux)
				if mis, short := countCycles(cells, blankVal); int(aux[e.at]) != mis || w[2] != 0 && int(aux[e.at+1]) != short {
					t.Fatalf("%dx%d: %d misplaced and %d short cycles, want %d and %d", rows, cols, aux[e.at], aux[e.at+1], mis, short)
				}
				cycles += int(aux[e.at+1])
				if goal := slices.IsSorted(cells); (rank == 0) != goal {
					t.Fatalf("%dx%d: rank %d of a board that is the goal: %v", rows, cols, rank, goal)
				}
				e.load(cells, aux, rank)
				for _, m := range children(cells, blankVal, cols) {
					got, delta := e.child(m.v, m.from, m.to)
					want := make([]uint8, e.auxLen())
					if r := scratch.root(m.board, want); got != r || r < 0 || (r == 0) != slices.IsSorted(m.board) {
						t.Fatalf("%dx%d, %v: tile %d from %d to %d: rank %d, from scratch %d", rows, cols, w, m.v, m.from, m.to, got, r)
					}
					made := slices.Clone(aux)
					e.apply(m.board, made, delta, m.v, m.from, m.to)
					if !slices.Equal(made, want) {
						t.Fatalf("%dx%d, %v: tile %d from %d to %d: data %v, from scratch %v", rows, cols, w, m.v, m.from, m.to, made, want)
					}
				}
			}
			if cycles == 0 && w[2] != 0 {
				t.Errorf("%dx%d: no board had a short cycle", rows, cols)
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

// swapAdjacent swaps k random pairs of adjacent tiles (not the blank).
func swapAdjacent(rng *rand.Rand, cells []uint8, blankVal uint8, cols, k int) {
	for k > 0 {
		a := rng.IntN(len(cells))
		b := a + 1
		if rng.IntN(2) == 0 {
			b = a + cols
		}
		if b >= len(cells) || b == a+1 && b%cols == 0 || cells[a] == blankVal || cells[b] == blankVal {
			continue
		}
		cells[a], cells[b] = cells[b], cells[a]
		k--
	}
}

// turnBlocks turns k random 2 x 2 blocks of cells a quarter (with the
// blank or without).
func turnBlocks(rng *rand.Rand, cells []uint8, blankVal uint8, cols, k int) {
	rows := len(cells) / cols
	for range k {
		a := rng.IntN(rows-1)*cols + rng.IntN(cols-1)
		c := [4]int{a, a + 1, a + cols + 1, a + cols}
		cells[c[0]], cells[c[1]], cells[c[2]], cells[c[3]] = cells[c[3]], cells[c[0]], cells[c[1]], cells[c[2]]
	}
}

// countCycles returns the tiles off their goal cells and the cycles of 2
// to maxCycle cells without the blank, marking the cells of every cycle
// it walks.
func countCycles(cells []uint8, blankVal uint8) (mis, short int) {
	seen := make([]bool, len(cells))
	for c, v := range cells {
		if v != blankVal && int(v) != c {
			mis++
		}
		if seen[c] {
			continue
		}
		n, blank := 0, false
		for x := c; !seen[x]; x = int(cells[x]) {
			seen[x] = true
			blank = blank || cells[x] == blankVal
			n++
		}
		if !blank && n >= 2 && n <= maxCycle {
			short++
		}
	}
	return mis, short
}
