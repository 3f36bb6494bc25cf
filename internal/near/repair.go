package near

import "github.com/slidekit/slide/internal/tiles"

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
