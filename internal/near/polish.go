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
	budget     int64 // for all windows together: math.MaxInt64 for none
	work       tiles.Stats
	margin     int // cells added around the rectangle on every side
	// short, if not nil, solves the windows in place of the optimal
	// search of internal/idastar: for windows of a few moves.
	short  *shortSearch
	solved int64 // windows searched
	gained int   // moves saved
	// A window's rectangle at its start and end, the cell in the end of
	// every value, and the rectangle's codes: kept from window to window.
	start, end, code, at []int32
}

// polish returns a path no longer than blanks (the blank's cell in every
// board from start, start's included) from the board start, of cell values
// (see wastar), re-solving windows of length window starting every step
// moves. It stops early, returning the best path so far, when ctx is done
// or the windows have generated the budget's nodes (counted in work).
func (p *polisher) polish(start []int32, blanks []int, window, step int) []int {
	board := append([]int32(nil), start...)
	gained := p.gained
	out := make([]int, 1, len(blanks))
	out[0] = blanks[0]
	// The path still to walk is ahead (a stretch re-solved, at most a
	// window long), then blanks[next:]: a stretch replaced costs its own
	// length, not a copy of the rest of the path.
	var ahead []int
	next := 1
	seg := make([]int, 0, window+1)
	for p.ctx.Err() == nil && p.work.Generated < p.budget {
		seg = append(seg[:0], out[len(out)-1])
		seg = append(seg, ahead[:min(len(ahead), window)]...)
		if more := window + 1 - len(seg); more > 0 {
			seg = append(seg, blanks[next:min(len(blanks), next+more)]...)
		}
		if len(seg) == 1 {
			break
		}
		if better := p.window(board, seg); better != nil && len(better) < len(seg) {
			p.gained += len(seg) - len(better)
			fromAhead := min(len(ahead), len(seg)-1)
			next += len(seg) - 1 - fromAhead
			ahead = append(append([]int(nil), better[1:]...), ahead[fromAhead:]...)
		}
		for range step { // advance by step moves along the (possibly new) path
			var c int
			switch {
			case len(ahead) > 0:
				c, ahead = ahead[0], ahead[1:]
			case next < len(blanks):
				c, next = blanks[next], next+1
			default:
				if p.gained == gained {
					return blanks
				}
				return out
			}
			slideBlank(board, out[len(out)-1], c)
			out = append(out, c)
		}
	}
	if p.gained == gained {
		return blanks // nothing replaced: no copy of a long rest
	}
	out = append(out, ahead...)
	return append(out, blanks[next:]...)
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
	// The rectangle of board, and of the board seg leads to, as boards of
	// their own: the latter is the goal, a tile's code its cell there.
	local := func(c int) int { return (c/p.cols-r0)*w + c%p.cols - c0 }
	p.start = p.start[:0]
	for r := r0; r <= r1; r++ {
		p.start = append(p.start, board[r*p.cols+c0:r*p.cols+c1+1]...)
	}
	p.end = append(p.end[:0], p.start...)
	for k := 1; k < len(seg); k++ {
		slideBlank(p.end, local(seg[k-1]), local(seg[k]))
	}
	if len(p.at) < p.rows*p.cols {
		p.at = make([]int32, p.rows*p.cols)
	}
	blankLocal := 0
	for c, v := range p.end {
		p.at[v] = int32(c)
		if v == p.blankVal {
			blankLocal = c
		}
	}
	code := p.code[:0]
	for _, v := range p.start {
		if v == p.blankVal {
			code = append(code, tiles.BlankCode)
		} else {
			code = append(code, p.at[v])
		}
	}
	p.code = code
	p.solved++
	nodes := min(p.maxNodes, p.budget-p.work.Generated)
	var blanks []int
	if p.short != nil {
		var made int64
		blanks, made = p.short.solve(code, h, w, len(seg)-2, nodes)
		p.work.Expanded += made
		p.work.Generated += made
	} else {
		var err error
		if blanks, err = solveSmall(p.ctx, tiles.NewCellGoal(h, w, blankLocal), code, engine.Bounds{Cost: float64(len(seg) - 2), Nodes: nodes}, &p.work); err != nil {
			blanks = nil
		}
	}
	if blanks == nil {
		return nil // no shorter way within the node budget, or the context is done
	}
	out := make([]int, len(blanks))
	for k, b := range blanks {
		out[k] = (r0+b/w)*p.cols + c0 + b%w
	}
	return out
}
