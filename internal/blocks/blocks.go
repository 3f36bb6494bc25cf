package blocks

import "github.com/slidekit/slide/internal/tiles"

// A Piece is a rectangular piece, as the root package's Piece: its
// upper-left cell, its size in cells and the way it may move.
type Piece struct {
	Row, Col      int
	Width, Height int
	Motion        Motion
}

// Motion is the way a piece may move, as the root package's Motion (the
// same values).
type Motion uint8

// The motions.
const (
	Fixed      Motion = iota // never moves
	Horizontal               // left and right
	Vertical                 // up and down
	Both                     // in all four directions
)

// Allows reports whether a piece of motion m may slide in direction d.
func (m Motion) Allows(d tiles.Dir) bool {
	if d == tiles.Up || d == tiles.Down {
		return m == Vertical || m == Both
	}
	return m == Horizontal || m == Both
}

// Offset returns the offset, in rows and columns, of a piece that moves
// one cell in direction d.
func Offset(d tiles.Dir) (dr, dc int) {
	dr, dc = d.Source()
	return -dr, -dc
}

// A Metric is what counts as one move, as the root package's BlockMetric
// (the same values).
type Metric uint8

// The metrics.
const (
	StraightMoves Metric = iota // a slide of any length in one direction
	StepMoves                   // a slide of one cell
	PieceMoves                  // any path of one piece
)

// A Goal is the goal of a search: piece Piece at row Row (any row if
// Row < 0) and column Col, or, if Match is not nil, the positions Match
// accepts.
type Goal struct {
	Piece, Row, Col int
	Match           func([]Piece) bool
}

// Stats count a search's work.
type Stats struct {
	Expanded, Generated int64
}
