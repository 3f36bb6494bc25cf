package near

import (
	"context"
	"math"
	"slices"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/tiles"
)

// solveRegion offers, for a board of more cells than a frame takes (see
// maxFrameCells), the best solution's way (the fast mode's) to the first
// board whose tiles outside a region of at most maxFrameCells cells are
// home, the region the fast mode leaves, finished by the anytime mode on
// that region alone (edge by edge, see peelSolve) within the time left.
// The region's part is the last and densest of the fast mode's way (about
// 2 r^3 of its moves on an r x r region), so shortening it shortens the
// whole.
func (a *anytime) solveRegion() {
	g := region{0, a.t.Rows, 0, a.t.Cols}
	for g.cells() > maxFrameCells {
		g.peel(a.t.BlankGoal, a.t.Cols)
	}
	board := slices.Clone(a.code)
	blanks := homeOutside(a.ctx, board, a.blanks, a.t.Cols, g)
	if blanks == nil {
		return
	}
	t, code, cells, err := regionCode(board, a.t.BlankGoal, a.t.Cols, g)
	if err != nil {
		return
	}
	cfg := a.cfg
	cfg.Heuristic, cfg.Optimal = tiles.Heuristic{Kind: tiles.LinearConflict}, nil
	cfg.Progress = a.regionProgress(len(blanks) - 1)
	cfg.OnImprove = nil // the region's answers are not the board's: a.offer hands on the board's
	cfg.Limits.Cost = 0 // the whole answer's bound: see Anytime
	if left := a.nodesLeft(); left < math.MaxInt64 {
		if left == 0 {
			return
		}
		cfg.Limits.Nodes = left
	}
	sub := newAnytime(a.ctx, t, code, cfg)
	sub.end = a.end // a clock that is not the wall clock sets no deadline on ctx
	err = sub.run()
	a.expanded += sub.expanded
	a.generated += sub.generated
	if err != nil || sub.blanks == nil {
		return
	}
	if len(blanks)+len(sub.blanks)-1 >= len(a.blanks) {
		return
	}
	// Shorter than the best, which it shares its first moves with: made
	// in the best's array: a copy of a way of tens of millions of moves
	// would eat into the time left.
	way := a.blanks[:len(blanks)]
	for _, c := range sub.blanks[1:] {
		way = append(way, cells[c])
	}
	a.offer(way, BeamSearch, sub.best.Heuristic)
}

// homeOutside plays the way blanks (the blank's cells) on board, a board
// of codes (see target) of cols columns, up to the first board whose
// tiles outside region g are home, and returns that part of the way, or
// nil if no board on it is such or ctx is done first.
func homeOutside(ctx context.Context, board []int32, blanks []int, cols int, g region) []int {
	inside := func(c int) bool { return g.r0 <= c/cols && c/cols < g.r1 && g.c0 <= c%cols && c%cols < g.c1 }
	away := 0 // cells outside g without their tile
	for c, v := range board {
		if !inside(c) && int(v) != c {
			away++
		}
	}
	for i, b := range blanks {
		if i&(1<<20-1) == 0 && ctx.Err() != nil {
			return nil
		}
		if i > 0 {
			p := blanks[i-1] // the tile on b slides to p
			for _, c := range []int{p, b} {
				if !inside(c) && int(board[c]) != c {
					away--
				}
			}
			board[p], board[b] = board[b], tiles.BlankCode
			for _, c := range []int{p, b} {
				if !inside(c) && int(board[c]) != c {
					away++
				}
			}
		}
		if away == 0 { // and so the blank is in g
			return blanks[: i+1 : i+1]
		}
	}
	return nil
}

// regionProgress returns the progress function of the anytime mode on a
// region that the first moves of the way bring the board to: it reports
// the whole board's best length, lower bound and nodes, or nil if the
// board's solve reports nothing.
func (a *anytime) regionProgress(moves int) func(bound int, generated int64, best, lower int) {
	report := a.cfg.Progress
	if report == nil {
		return nil
	}
	return func(bound int, generated int64, best, _ int) {
		whole := len(a.blanks) - 1
		if best > 0 {
			whole = min(whole, moves+best)
		}
		report(bound, a.generated+generated, whole, a.lower)
	}
}

// regionCode returns region g of a board of codes (see tiles.Goal), every
// tile outside g home, as a board of its own: its goal (the blank's goal
// cell kept, see tiles.NewCellGoal), its codes, and the board's cell of
// each of the region's cells, row-major. The fast mode finishes its last
// cells so too (see reducer.finish).
func regionCode(code []int32, blankGoal, cols int, g region) (t *tiles.Goal, local []int32, cells []int, err error) {
	rows, width := g.r1-g.r0, g.c1-g.c0
	at := func(c int) int { // the region's cell of the board's cell c, or -1
		r, col := c/cols-g.r0, c%cols-g.c0
		if r < 0 || r >= rows || col < 0 || col >= width {
			return -1
		}
		return r*width + col
	}
	home := at(blankGoal)
	if home < 0 {
		return nil, nil, nil, engine.Errorf(engine.Mismatch, "the blank's goal cell %d is outside the region", blankGoal)
	}
	local = make([]int32, rows*width)
	for k := range local {
		c := (g.r0+k/width)*cols + g.c0 + k%width
		cells = append(cells, c)
		local[k] = tiles.BlankCode
		if v := code[c]; v != tiles.BlankCode {
			if at(int(v)) < 0 {
				return nil, nil, nil, engine.Errorf(engine.Mismatch, "tile of goal cell %d is on cell %d, in the region", v, c)
			}
			local[k] = int32(at(int(v)))
		}
	}
	return tiles.NewCellGoal(rows, width, home), local, cells, nil
}
