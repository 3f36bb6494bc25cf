package slide

import (
	"encoding/binary"
	"math/rand/v2"
	"slices"
)

// RandomBoard returns a board drawn uniformly, by rng.Perm, from those that
// reach goal (of repeated labels, from their distinct arrangements).
func RandomBoard(goal Board, rng *rand.Rand) (Board, error) {
	if err := checkRandom("RandomBoard", goal, rng); err != nil {
		return Board{}, err
	}
	n := goal.Len()
	labels := goal.Tiles()
	sorted := slices.Clone(labels)
	slices.Sort(sorted) // the blank, 0, first
	p := rng.Perm(n)
	if goal.Rows() == 1 || goal.Cols() == 1 {
		// The blank's cell is uniform; the tiles keep goal's order.
		blank := slices.Index(p, 0)
		labels = slices.DeleteFunc(labels, func(l int) bool { return l == 0 })
		labels = slices.Insert(labels, blank, 0)
		return pack(goal, labels, blank), nil
	}
	for i, j := range p {
		labels[i] = sorted[j]
	}
	b := pack(goal, labels, slices.Index(p, 0))
	if ok, err := Solvable(b, goal); err != nil || !ok {
		// Twin pairs the boards that reach goal with those that do not,
		// one to one, so that each that does is drawn twice as often.
		b = b.Twin()
	}
	return b, nil
}

// RandomWalk returns the board k random tile moves from b, never undoing the
// move before but at a dead end, drawn by rng.IntN(4).
func RandomWalk(b Board, k int, rng *rand.Rand) (Board, error) {
	if err := checkRandom("RandomWalk", b, rng); err != nil {
		return Board{}, err
	}
	if k < 0 {
		return Board{}, errorf("RandomWalk", ErrOption, "%d moves: want 0 or more", k)
	}
	return walk(b, k, rng, nil), nil
}

// checkRandom checks the board and generator given to fn.
func checkRandom(fn string, b Board, rng *rand.Rand) error {
	switch {
	case !b.IsValid():
		return errorf(fn, ErrSize, "the board is the zero Board")
	case rng == nil:
		return errorf(fn, ErrOption, "the random generator is nil")
	}
	return nil
}

// pack returns the board of b's size and label set whose labels, row-major,
// are labels, the blank on cell blank.
func pack(b Board, labels []int, blank int) Board {
	buf := make([]byte, 2*len(labels))
	for i, l := range labels {
		binary.LittleEndian.PutUint16(buf[2*i:], uint16(l))
	}
	return Board{rows: b.rows, cols: b.cols, blank: uint16(blank), perm: b.perm, cells: string(buf)}
}

// walk is RandomWalk, calling move (unless nil) with the direction of each
// move. It moves the tiles in one buffer, so that a move costs O(1).
func walk(b Board, k int, rng *rand.Rand, move func(Direction)) Board {
	buf := []byte(b.cells)
	rows, cols, blank := b.Rows(), b.Cols(), int(b.blank)
	const none = Direction(255)
	prev := none
	// to returns the cell whose tile slides in direction d, or -1 if none.
	to := func(d Direction) int {
		dr, dc := d.source()
		r, c := blank/cols+dr, blank%cols+dc
		if r < 0 || c < 0 || r >= rows || c >= cols {
			return -1
		}
		return r*cols + c
	}
	for range k {
		back := none
		if prev != none {
			back = prev.Opposite()
		}
		d := back // the only move at a dead end
		for e := Up; e <= Right; e++ {
			if e != back && to(e) >= 0 {
				d = none // another exists: draw one
				break
			}
		}
		for d == none {
			if e := Direction(rng.IntN(4)); e != back && to(e) >= 0 {
				d = e
			}
		}
		from := to(d)
		copy(buf[2*blank:2*blank+2], buf[2*from:2*from+2])
		buf[2*from], buf[2*from+1] = 0, 0
		blank, prev = from, d
		if move != nil {
			move(d)
		}
	}
	return Board{rows: b.rows, cols: b.cols, blank: uint16(blank), perm: b.perm, cells: string(buf)}
}
