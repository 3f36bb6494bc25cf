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

func (e *learnBeam[P]) child(v uint8, from, to int) (int, bDelta) {
	db, d := e.p.child(v, from, to)
	if db == 0 {
		return 0, d // a goal, whose lc and cycles are 0
	}
	lc, _ := e.m.child(v, from, to)
	_, cycles := e.counts.moved(e.board, v, from, to)
	cycles += e.cycles
	cells := e.cells + e.model.Move(v, e.counts.blankVal, from, to)
	return e.model.Combine(cells, db, lc, cycles), d | bDelta(uint16(lc))<<32 | bDelta(uint8(cycles))<<48
}

// apply makes the child's data: the database's by its change, the
// linear conflicts and the cycles from what child put in the change's
// high bits, and the cell sum by the move's.
func (e *learnBeam[P]) apply(board, aux []uint8, delta bDelta, v uint8, from, to int) {
	e.p.apply(board, aux, delta&(1<<32-1), v, from, to)
	cells := int(int32(binary.LittleEndian.Uint32(aux[e.at:]))) + e.model.Move(v, e.counts.blankVal, from, to)
	e.store(aux, cells, int(uint16(delta>>32)), int(uint8(delta>>48)))
}
