package testsets

import (
	"iter"
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

// RandomWalk makes n random single-tile moves from board, of rows x cols,
// whose blank is the value blank (0 for labels, tiles.BlankCode for
// codes), and returns the board reached. No move undoes the one before but
// at a dead end (an end of a single line), where the undo is the only
// move. Each draw picks the direction in which a tile slides into the
// blank, up, down, left or right, and a dead end takes its undo without a
// draw, as the root package's RandomWalk does, so that both make the same
// walks from the same generator.
func RandomWalk[T comparable](rng *rand.Rand, rows, cols int, board []T, blank T, n int) []T {
	b := slices.Clone(board)
	at := slices.Index(b, blank)
	source := [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} // the tile below the blank slides up, ...
	// from returns the cell whose tile slides in direction d, or -1.
	from := func(d int) int {
		r, c := at/cols+source[d][0], at%cols+source[d][1]
		if r < 0 || c < 0 || r >= rows || c >= cols {
			return -1
		}
		return r*cols + c
	}
	back := -1 // the direction that undoes the last move
	for range n {
		d := back // the only move at a dead end
		for e := range 4 {
			if e != back && from(e) >= 0 {
				d = -1 // another exists: draw one
				break
			}
		}
		for d < 0 {
			if e := rng.IntN(4); e != back && from(e) >= 0 {
				d = e
			}
		}
		f := from(d)
		b[at], b[f] = b[f], blank
		at, back = f, d^1
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
			out = append(out, Walk{rows, cols, goal, RandomWalk(rng, rows, cols, goal, 0, moves)})
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

// Arrangements yields every distinct ordering of labels, in lexicographic
// order from the sorted one. It yields one slice, rearranged in place
// between yields: the caller must not change it, and copies it to keep
// it.
func Arrangements(labels []int) iter.Seq[[]int] {
	return func(yield func([]int) bool) {
		a := slices.Clone(labels)
		slices.Sort(a)
		for yield(a) {
			// the next ordering: swap the last ascent's first with the
			// least greater after it, and reverse the rest
			i := len(a) - 2
			for i >= 0 && a[i] >= a[i+1] {
				i--
			}
			if i < 0 {
				return
			}
			j := len(a) - 1
			for a[j] <= a[i] {
				j--
			}
			a[i], a[j] = a[j], a[i]
			slices.Reverse(a[i+1:])
		}
	}
}
