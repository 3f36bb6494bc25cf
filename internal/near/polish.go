package near

import (
	"context"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/tiles"
)

// A polisher shortens a solution by re-solving windows of it optimally: for
// a stretch of the path from board S to board E, the cells the blank visits
// on the way form a rectangle; outside it S and E agree, so a shortest way
// from S to E within the rectangle, found by IDA* on the small board the
// rectangle makes, replaces the stretch whenever it is shorter. Windows
// slide along the path, and the passes repeat while they gain.
type polisher struct {
	rows, cols int
	blankVal   int32
	ctx        context.Context
	maxNodes   int64 // per window
	margin     int   // cells added around the rectangle on every side
	solved     int64 // windows searched
	gained     int   // moves saved
}

// polish returns a path no longer than blanks (the blank's cell in every
// board from start, start's included) from the board start, of cell values
// (see wastar), re-solving windows of length window starting every step
// moves. It stops early, returning the best path so far, when ctx is done.
func (p *polisher) polish(start []int32, blanks []int, window, step int) []int {
	board := append([]int32(nil), start...)
	out := append([]int(nil), blanks[0])
	i := 0
	for i+1 < len(blanks) {
		if p.ctx.Err() != nil {
			break
		}
		j := min(i+window, len(blanks)-1)
		if better := p.window(board, blanks[i:j+1]); better != nil && len(better) < j-i+1 {
			// Splice: the new stretch replaces blanks[i..j].
			p.gained += (j - i + 1) - len(better)
			rest := append(append([]int(nil), better...), blanks[j+1:]...)
			blanks = append(blanks[:i:i], rest...)
		}
		// Advance by step moves along the (possibly new) path.
		next := min(i+step, len(blanks)-1)
		for k := i + 1; k <= next; k++ {
			slideBlank(board, blanks[k-1], blanks[k])
			out = append(out, blanks[k])
		}
		i = next
	}
	out = append(out, blanks[i+1:]...)
	return out
}

// slideBlank moves the blank of board from cell b to the neighbouring cell
// to.
func slideBlank[T uint8 | int32](board []T, b, to int) {
	board[b], board[to] = board[to], board[b]
}

// window returns a shortest way, as blank cells from seg[0] to the end, from
// board (whose blank is on seg[0]) to the board the blank path seg leads
// to, within the rectangle seg visits (widened by the margin), if it is
// shorter than seg; nil otherwise.
func (p *polisher) window(board []int32, seg []int) []int {
	if len(seg) < 3 {
		return nil
	}
	r0, r1, c0, c1 := p.rows, -1, p.cols, -1
	for _, c := range seg {
		r0, r1 = min(r0, c/p.cols), max(r1, c/p.cols)
		c0, c1 = min(c0, c%p.cols), max(c1, c%p.cols)
	}
	r0, c0 = max(0, r0-p.margin), max(0, c0-p.margin)
	r1, c1 = min(p.rows-1, r1+p.margin), min(p.cols-1, c1+p.margin)
	h, w := r1-r0+1, c1-c0+1
	if h*w < 4 || h < 2 || w < 2 {
		return nil
	}
	end := append([]int32(nil), board...)
	for k := 1; k < len(seg); k++ {
		slideBlank(end, seg[k-1], seg[k])
	}
	// The rectangle as a board of its own, whose goal is the rectangle of
	// end: a tile's code is its cell in end, the blank's goal its cell there.
	local := func(c int) int { return (c/p.cols-r0)*w + c%p.cols - c0 }
	at := make(map[int32]int32, h*w) // the cell in end of each value
	blankLocal := 0
	for r := r0; r <= r1; r++ {
		for c := c0; c <= c1; c++ {
			v := end[r*p.cols+c]
			at[v] = int32(local(r*p.cols + c))
			if v == p.blankVal {
				blankLocal = local(r*p.cols + c)
			}
		}
	}
	code := make([]int32, 0, h*w)
	for r := r0; r <= r1; r++ {
		for c := c0; c <= c1; c++ {
			if v := board[r*p.cols+c]; v == p.blankVal {
				code = append(code, tiles.BlankCode)
			} else {
				code = append(code, at[v])
			}
		}
	}
	p.solved++
	blanks, err := solveSmall(p.ctx, tiles.NewCellGoal(h, w, blankLocal), code,
		engine.Limits{MaxCost: float64(len(seg) - 2), MaxNodes: p.maxNodes})
	if err != nil {
		return nil // no shorter way within the node budget, or the context is done
	}
	out := make([]int, len(blanks))
	for k, b := range blanks {
		out[k] = (r0+b/w)*p.cols + c0 + b%w
	}
	return out
}
