package near

import (
	"context"
	"slices"

	"github.com/slidekit/slide/internal/tiles"
)

// Tidy returns the path blanks (the blank's cell in every board, the
// start's included, on a board of cols columns) with every move followed
// by its undo taken out, repeatedly, as a stack does: what is left holds
// no such pair. With line moves, two moves in a row along one row or
// column become one, or none where they cancel. It works in place, in
// time linear in the path, and returns a path no longer than blanks
// between the same two boards.
func Tidy(blanks []int, cols int, line bool) []int {
	if len(blanks) < 3 {
		return blanks
	}
	out := blanks[:1]
	for _, c := range blanks[1:] {
		n := len(out)
		if n >= 2 && (out[n-2] == c || line && inLine(out[n-2], out[n-1], c, cols)) {
			out = out[:n-1]
			n--
		}
		if out[n-1] != c {
			out = append(out, c)
		}
	}
	return out
}

// inLine reports whether the cells a, b and c of a board of cols columns
// lie in one row or one column.
func inLine(a, b, c, cols int) bool {
	return a/cols == b/cols && b/cols == c/cols || a%cols == b%cols && b%cols == c%cols
}

// maxHeld is the most moves a canceller holds back.
const maxHeld = 1 << 12

// A canceller hands moves on to emit less every move followed by its
// undo, repeatedly, as Tidy does, holding back at most maxHeld moves: past
// those it hands on the older half, so that a stream of any length takes
// bounded memory and its moves still come as they are made. A pair of
// moves is missed only where the moves between them pass maxHeld, which a
// reducer never makes.
type canceller struct {
	held []tiles.Dir
	emit func(tiles.Dir)
}

// add takes the next move.
func (c *canceller) add(d tiles.Dir) {
	if n := len(c.held); n > 0 && c.held[n-1] == d^1 { // d^1 undoes d
		c.held = c.held[:n-1]
		return
	}
	if len(c.held) == maxHeld {
		for _, m := range c.held[:maxHeld/2] {
			c.emit(m)
		}
		c.held = c.held[:copy(c.held, c.held[maxHeld/2:])]
	}
	c.held = append(c.held, d)
}

// flush hands on the moves held.
func (c *canceller) flush() {
	for _, m := range c.held {
		c.emit(m)
	}
	c.held = c.held[:0]
}

// repair takes out of the best solution every move followed by its undo
// (see Tidy), then polishes it (see polish).
func (a *anytime) repair() error {
	a.offer(Tidy(a.blanks, a.t.Cols, a.cfg.Line), a.best.Method, a.best.Heuristic)
	return a.polish()
}

// polishCells is the most cells of a board whose Fast answers are
// polished before they are handed on (see polishFast): past it, windows
// along answers of about 2 n^3 moves take longer than the reduction that
// made them.
const polishCells = 100

// fastWindows are the windows, in moves, by which polishFast re-solves a
// Fast answer: short ones, each solved within a few thousand boards.
var fastWindows = [...]int{8, 12, 16}

// fastPolishNodes is the most boards polishFast's searches generate a
// move of the answer it polishes.
const fastPolishNodes = 512

// polishFast returns the moves dirs (single tiles) from the board of
// codes code (goal t), the blank on cell blank, shortened (see
// polisher.shorten) within min(fastPolishNodes a move, budget) boards
// generated, which it returns. Every window replaced is a shortest way
// between its two boards, so the moves lead to the same board, and none
// are added.
func polishFast(ctx context.Context, t *tiles.Goal, code []int32, blank int, dirs []tiles.Dir, budget int64) ([]tiles.Dir, int64) {
	blanks := make([]int, 1, len(dirs)+1)
	blanks[0] = blank
	for _, d := range dirs {
		dr, dc := d.Source()
		blank += dr*t.Cols + dc
		blanks = append(blanks, blank)
	}
	vals := cellValues(t, code)
	p := &polisher{rows: t.Rows, cols: t.Cols, blankVal: int32(t.BlankGoal), ctx: ctx, maxNodes: 200_000,
		budget: min(budget, int64(len(dirs))*fastPolishNodes)}
	blanks = p.shorten(vals, blanks)
	if p.gained == 0 {
		return dirs, p.work.Generated
	}
	dirs = dirs[:0]
	for k := 1; k < len(blanks); k++ {
		dirs = append(dirs, dirOf(blanks[k-1], blanks[k], t.Cols))
	}
	return dirs, p.work.Generated
}

// dirOf returns the direction of the tile that slides when the blank of a
// board of cols columns moves from cell from to the neighbouring cell to.
func dirOf(from, to, cols int) tiles.Dir {
	switch to - from {
	case cols:
		return tiles.Up // the tile below slides up
	case -cols:
		return tiles.Down
	case 1:
		return tiles.Left
	}
	return tiles.Right
}

// shorten returns blanks, a path from the board of cell values vals, with
// every window of fastWindows moves, from every board of the path,
// re-solved by shortSearch within the rectangle the blank visits and
// replaced where shorter, each window size repeated while it gains, as
// long as ctx and p's budget allow. Windows of a few moves are cheap to
// solve, and a path that passes them holds no stretch of up to 16 moves
// that a shortest way within its rectangle would shorten.
func (p *polisher) shorten(vals []int32, blanks []int) []int {
	short := p.short
	p.short = &shortSearch{}
	for _, w := range fastWindows {
		for p.ctx.Err() == nil && p.work.Generated < p.budget {
			before := len(blanks)
			if blanks = p.polish(vals, blanks, w, 1); len(blanks) == before {
				break
			}
		}
	}
	p.short = short
	return blanks
}

// cellValues returns the board of codes code (goal t) as the polisher
// takes it: the blank as the value of its goal cell.
func cellValues(t *tiles.Goal, code []int32) []int32 {
	vals := slices.Clone(code)
	if b := slices.Index(code, tiles.BlankCode); b >= 0 {
		vals[b] = int32(t.BlankGoal)
	}
	return vals
}

// shortens reports whether the polisher shortens answers on boards of goal
// t: distinct labels, single-tile moves (a shorter way of tile moves may
// take more line moves), and at least two rows and columns.
func shortens(t *tiles.Goal, line bool) bool {
	return t.Rows >= 2 && t.Cols >= 2 && t.Distinct && !line
}

// shortened returns ans, an answer for the board of codes code (goal t),
// with its path shortened (see polisher.shorten) within what cfg's node
// limit leaves after ans's work, which the shortening's adds to. An
// answer it shortened to the end (neither ctx nor the limit stopped it)
// is marked so, and passes unchanged the next time: the weighted mode
// shortens its answers where it weighs them and again where it returns
// them.
func shortened(ctx context.Context, t *tiles.Goal, code []int32, ans Answer, cfg Config) Answer {
	if ans.shortened || len(ans.Blanks)-1 <= ans.Lower || !shortens(t, cfg.Line) {
		return ans
	}
	p := &polisher{rows: t.Rows, cols: t.Cols, blankVal: int32(t.BlankGoal), ctx: ctx, maxNodes: 200_000,
		budget: cfg.Limits.NodesLeft(ans.Generated)}
	ans.Blanks = p.shorten(cellValues(t, code), ans.Blanks)
	ans.Expanded += p.work.Expanded
	ans.Generated += p.work.Generated
	ans.shortened = ctx.Err() == nil && p.work.Generated < p.budget
	return ans
}
