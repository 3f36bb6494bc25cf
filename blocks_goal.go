package slide

import "strconv"

// A BlockGoal says which positions solve a puzzle. The zero one is the goal
// piece in the last column; on Klotski's 5 x 4 board, at the bottom middle.
type BlockGoal struct {
	at       bool
	piece    int
	row, col int
	match    func(Blocks) bool
}

// BlockGoalAt returns the goal of piece's upper-left cell at row, col.
func BlockGoalAt(piece, row, col int) BlockGoal {
	return BlockGoal{at: true, piece: piece, row: row, col: col}
}

// BlockGoalFunc returns the goal of the positions match accepts.
func BlockGoalFunc(match func(Blocks) bool) BlockGoal {
	return BlockGoal{match: match}
}

// Reached reports whether b is a goal position.
func (g BlockGoal) Reached(b Blocks) bool {
	g = g.resolve(b)
	switch {
	case g.match != nil:
		return g.match(b)
	case g.at:
		p := b.Piece(g.piece)
		return p.Width > 0 && p.Row == g.row && p.Col == g.col
	}
	p := b.Piece(0)
	return p.Width > 0 && p.Col+p.Width == b.Cols()
}

// Describe says what g asks of b, rows and columns from 1.
func (g BlockGoal) Describe(b Blocks) string {
	switch g = g.resolve(b); {
	case g.match != nil:
		return "a position that matches"
	case g.at:
		return "piece " + string(b.Name(g.piece)) + " at row " + strconv.Itoa(g.row+1) + ", column " + strconv.Itoa(g.col+1)
	}
	return "piece " + string(b.Name(0)) + " in the last column"
}

// resolve returns the goal g means on b: g itself, but for the zero goal
// on Klotski's board, which is the goal piece at the bottom middle.
func (g BlockGoal) resolve(b Blocks) BlockGoal {
	if g.at || g.match != nil {
		return g
	}
	if p := b.Piece(0); b.Rows() == 5 && b.Cols() == 4 && p.Width == 2 && p.Height == 2 {
		return BlockGoalAt(0, 3, 1)
	}
	return g
}
