package testsets

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// Boards as labels: row-major, 0 the blank.

// BlankLast returns the usual goal on n cells: tiles 1 ... n-1, then the
// blank.
func BlankLast(n int) []int {
	labels := make([]int, n)
	for i := range n - 1 {
		labels[i] = i + 1
	}
	return labels
}

// RandomWalk makes n random single-tile moves from the board labels of
// rows x cols, never undoing the last, and returns the board reached. Each
// draw picks the direction in which a tile slides into the blank, up,
// down, left or right, as the root package's randomWalk draws, so that
// both make the same walks.
func RandomWalk(rng *rand.Rand, rows, cols int, labels []int, n int) []int {
	b := slices.Clone(labels)
	blank := slices.Index(b, 0)
	source := [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} // the tile below the blank slides up, ...
	prev := -1
	for range n {
		for {
			d := rng.IntN(4)
			if prev >= 0 && d == prev^1 { // the opposite direction
				continue
			}
			r, c := blank/cols+source[d][0], blank%cols+source[d][1]
			if r < 0 || c < 0 || r >= rows || c >= cols {
				continue
			}
			from := r*cols + c
			b[blank], b[from] = b[from], 0
			blank, prev = from, d
			break
		}
	}
	return b
}

// A Walk is a board that a random walk reached from a goal.
type Walk struct {
	Rows, Cols  int
	Goal, Start []int
}

// Walks returns, for each shape (rows, columns), a random goal and each
// boards that random walks of the given moves reach from it, drawn from
// rng in that order.
func Walks(rng *rand.Rand, shapes [][2]int, each, moves int) []Walk {
	var out []Walk
	for _, shape := range shapes {
		rows, cols := shape[0], shape[1]
		goal := rng.Perm(rows * cols)
		for range each {
			out = append(out, Walk{rows, cols, goal, RandomWalk(rng, rows, cols, goal, moves)})
		}
	}
	return out
}

// CheckBlanks checks that blanks, the blank's cell in every board of a
// solution (the start's included), is a path of want single-tile moves
// from the board start to the board goal, of cols columns.
func CheckBlanks(tb testing.TB, cols int, start, goal, blanks []int, want int) {
	tb.Helper()
	if len(blanks) != want+1 {
		tb.Fatalf("%d moves, want %d", len(blanks)-1, want)
	}
	b := slices.Clone(start)
	blank := slices.Index(b, 0)
	if blanks[0] != blank {
		tb.Fatalf("path starts with the blank on %d, the start has it on %d", blanks[0], blank)
	}
	for i, next := range blanks[1:] {
		dr, dc := next/cols-blank/cols, next%cols-blank%cols
		if next < 0 || next >= len(b) || dr*dr+dc*dc != 1 {
			tb.Fatalf("move %d: the blank jumps from %d to %d", i, blank, next)
		}
		b[blank], b[next] = b[next], 0
		blank = next
	}
	if !slices.Equal(b, goal) {
		tb.Fatalf("path ends on %v, not on the goal %v", b, goal)
	}
}
