// Package nilsson values boards as "slide hint" does, after the contest
// problem it stands in for: the Manhattan distance to a goal, plus three
// times Nilsson's sequence score (Score), against the standard goal or
// the spiral one (SpiralGoal).
package nilsson

import "github.com/slidekit/slide"

// Value returns hint's value of a board against goal: the Manhattan
// distance, plus three times Nilsson's sequence score (see Score) if
// nilsson is set. The zero Board (the 1 x 1 configuration) is worth 0.
func Value(goal slide.Board, nilsson bool) func(slide.Board) int {
	return func(b slide.Board) int {
		if !b.IsValid() {
			return 0
		}
		v, _ := slide.Manhattan.Estimate(b, goal) // b and goal are permutations of one size
		if nilsson {
			v += 3 * Score(b, goal)
		}
		return v
	}
}

// spiralOrder returns the cells of a rows x cols board (row-major numbers)
// in clockwise spiral order: the top row left to right, down the right
// column, the bottom row right to left, up the left column, then the same
// for the board inside.
func spiralOrder(rows, cols int) []int {
	order := make([]int, 0, rows*cols)
	top, bottom, left, right := 0, rows-1, 0, cols-1
	for top <= bottom && left <= right {
		for c := left; c <= right; c++ {
			order = append(order, top*cols+c)
		}
		for r := top + 1; r <= bottom; r++ {
			order = append(order, r*cols+right)
		}
		if top < bottom {
			for c := right - 1; c >= left; c-- {
				order = append(order, bottom*cols+c)
			}
		}
		if left < right {
			for r := bottom - 1; r > top; r-- {
				order = append(order, r*cols+left)
			}
		}
		top, bottom, left, right = top+1, bottom-1, left+1, right-1
	}
	return order
}

// SpiralGoal returns the goal with the tiles 1, 2, ... in spiral order and
// the blank where the spiral ends: 1 2 3 / 8 _ 4 / 7 6 5 for 3 x 3.
func SpiralGoal(rows, cols int) slide.Board {
	order := spiralOrder(rows, cols)
	tiles := make([]int, len(order))
	for i, cell := range order[:len(order)-1] {
		tiles[cell] = i + 1
	}
	b, _ := slide.New(rows, cols, tiles) // tiles is a permutation
	return b
}

// Score returns Nilsson's sequence score of b against goal. Going
// clockwise around the border, each tile not followed by the tile that
// follows it in goal scores 2 (a tile whose goal cell is inside the board
// has no such successor); each cell inside the border scores 1 unless it
// holds its goal label. On a board of one row or column the border is the
// line, read without wrapping around. For 3 x 3 and the spiral goal this
// is Nilsson's score: 2 for each border tile not followed by its successor
// (1 after 8), and 1 for a tile in the centre.
func Score(b, goal slide.Board) int {
	rows, cols := b.Rows(), b.Cols()
	order := spiralOrder(rows, cols)
	ring := order
	if rows > 2 && cols > 2 {
		ring = order[:2*(rows+cols)-4]
	}
	cyclic := rows > 1 && cols > 1
	tiles, want := b.Tiles(), goal.Tiles()
	place := make([]int, len(tiles)) // each cell's index on the ring, or -1
	for i := range place {
		place[i] = -1
	}
	for i, cell := range ring {
		place[cell] = i
	}
	home := make([]int, len(tiles)) // the goal cell of each label
	for cell, t := range want {
		home[t] = cell
	}
	after := func(i int) (int, bool) { // the ring index after i
		if !cyclic && i == len(ring)-1 {
			return 0, false
		}
		return (i + 1) % len(ring), true
	}
	score := 0
	for i, cell := range ring {
		t := tiles[cell]
		next, ok := after(i)
		if t == 0 || !ok {
			continue
		}
		succ := -1 // the label after t's goal cell, if that is on the ring
		if g := place[home[t]]; g >= 0 {
			if p, ok := after(g); ok {
				succ = want[ring[p]]
			}
		}
		if tiles[ring[next]] != succ {
			score += 2
		}
	}
	for _, cell := range order[len(ring):] {
		if tiles[cell] != want[cell] {
			score++
		}
	}
	return score
}
