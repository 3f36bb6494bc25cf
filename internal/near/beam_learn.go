package near

import (
	"encoding/binary"

	"github.com/slidekit/slide/internal/learn"
)

// learnBeam ranks boards by a learned model (see learn.Model): a linear
// sum of the database's bound, Manhattan distance plus linear conflicts,
// the short cycles of tiles (see rankBeam) and a learned weight of every
// value on every cell, which takes the place of the misplaced tiles'
// count and of the blank's place. A board's data is its database's and
// then the cell sum (4 bytes), Manhattan distance plus linear conflicts
// (2 bytes) and the cycles (a byte); a child's rank costs what sumBeam's
// does, two reads of the model's cells and the cycles' count. A goal
// ranks 0, any other board at least 1.
type learnBeam[P dbBeam] struct {
	_      [64]byte // see pdbBeam
	p      P
	m      *mdlcBeam
	model  *learn.Model
	counts tileCounts
	at     int // the offset of the model's data in a board's
	// the loaded board's
	board         []uint8
	cells, cycles int
	_             [64]byte
}

func newLearnBeam[P dbBeam](p P, m *mdlcBeam, model *learn.Model, blankVal int) *learnBeam[P] {
	return &learnBeam[P]{p: p, m: m, model: model, counts: tileCounts{blankVal: uint8(blankVal), withCycles: true}, at: p.auxLen()}
}

func (e *learnBeam[P]) auxLen() int { return e.at + 7 }

func (e *learnBeam[P]) root(board, aux []uint8) int {
	db := e.p.root(board, aux)
	lc := e.m.root(board, aux)
	_, cycles := e.counts.count(board)
	cells := e.model.CellSum(board)
	e.store(aux, cells, lc, cycles)
	if db == 0 {
		return 0
	}
	return e.model.Combine(cells, db, lc, cycles)
}

// store writes the model's data into a board's data.
func (e *learnBeam[P]) store(aux []uint8, cells, lc, cycles int) {
	binary.LittleEndian.PutUint32(aux[e.at:], uint32(int32(cells)))
	binary.LittleEndian.PutUint16(aux[e.at+4:], uint16(lc))
	aux[e.at+6] = uint8(cycles)
}

func (e *learnBeam[P]) load(board, aux []uint8, _ int) {
	e.p.load(board, aux, 0)
	e.cells = int(int32(binary.LittleEndian.Uint32(aux[e.at:])))
	e.m.load(board, aux, int(binary.LittleEndian.Uint16(aux[e.at+4:])))
	e.cycles = int(aux[e.at+6])
	e.board = board
}

func (e *learnBeam[P]) child(v uint8, from, to int) (int, uint32) {
	db, d := e.p.child(v, from, to)
	if db == 0 {
		return 0, d
	}
	lc, _ := e.m.child(v, from, to)
	_, cycles := e.counts.moved(e.board, v, from, to)
	cells := e.cells + e.model.Move(v, e.counts.blankVal, from, to)
	return e.model.Combine(cells, db, lc, e.cycles+cycles), d
}

// apply makes the child's data: the database's by its change, the rest
// by scoring the move on the parent's board, put back for the while.
func (e *learnBeam[P]) apply(board, aux []uint8, delta uint32, v uint8, from, to int) {
	e.p.apply(board, aux, delta, v, from, to)
	cells := int(int32(binary.LittleEndian.Uint32(aux[e.at:]))) + e.model.Move(v, e.counts.blankVal, from, to)
	_, cycles := e.counts.moved(board, v, from, to)
	board[to], board[from] = e.counts.blankVal, v // the parent's
	savedBoard, savedH := e.m.board, e.m.h
	e.m.load(board, nil, int(binary.LittleEndian.Uint16(aux[e.at+4:])))
	lc, _ := e.m.child(v, from, to)
	e.m.board, e.m.h = savedBoard, savedH
	board[to], board[from] = v, e.counts.blankVal
	e.store(aux, cells, lc, int(aux[e.at+6])+cycles)
}
