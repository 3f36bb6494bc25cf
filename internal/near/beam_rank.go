package near

// rankBeam ranks boards by its evaluator's h less a part of the board's
// Hamming distance, plus a penalty for every short cycle of tiles:
// num*h - sub*misplaced + cycle*cycles, with misplaced counting the tiles
// off their goal cells (the blank not), and cycles the cycles of 2 to
// maxCycle tiles, each on the goal cell of the next, without the blank
// (two adjacent tiles swapped, a 2 x 2 block turned).
//
// Of two boards of equal h, the one whose distance is spread over more
// tiles, each nearer its goal, is on the whole the nearer to the goal: a
// tile far from home costs more than its Manhattan distance, the blank
// having to come back to it again and again. At the same width, counting
// the misplaced tiles so gives shorter paths on 6 x 6 and 7 x 7 boards;
// the parts used (see frame.bEval and frame.lcEval) are those that gave
// the shortest (see docs/PERFORMANCE.md).
//
// A short cycle of nearby tiles costs tens of moves to set right (the
// blank must come in and go round it) and counts a few moves in these
// heuristics (two adjacent tiles swapped: 2 of Manhattan distance, 2 of
// linear conflicts, nothing more when the database has them in different
// patterns): a 7 x 7 beam that reaches a board a few such cycles from the
// goal circles there (see beamStall). A penalty of 2 moves a cycle of up
// to maxCycle tiles keeps such beams out of these traps, and so makes
// their paths shorter: a smaller penalty, or shorter cycles only, leaves
// beams trapped, and a larger one, or longer cycles, ranks worse. On
// 6 x 6 boards, where the database's patterns of 5 tiles hold more of the
// tiles near each other, it gains nothing.
//
// A board's data is its evaluator's and then the two counts, a byte each.
// The rank is 0 exactly when the evaluator's h is (a goal), and above 0
// otherwise when num*h > sub*misplaced, which holds for every non-goal
// board when h is at least Manhattan distance and sub < num, or at least
// twice it (a database's bound plus linear conflicts) and sub < 2*num.
// Ranks must fit a beamCand's 16 bits.
type rankBeam[E bEval] struct {
	_               [64]byte // see pdbBeam
	in              E
	num, sub, cycle int
	tileCounts
	at int // the counts' offset in a board's data
	// the loaded board's
	board       []uint8
	mis, cycles int
	_           [64]byte
}

// maxCycle is the most tiles of a cycle rankBeam counts.
const maxCycle = 4

// newRankBeam returns in ranking boards whose blank has the value
// blankVal by num*h - sub*misplaced + cycle*cycles.
func newRankBeam[E bEval](in E, blankVal, num, sub, cycle int) *rankBeam[E] {
	return &rankBeam[E]{in: in, num: num, sub: sub, cycle: cycle, tileCounts: tileCounts{blankVal: uint8(blankVal), withCycles: cycle != 0}, at: in.auxLen()}
}

func (e *rankBeam[E]) auxLen() int { return e.at + 2 }

// rank returns the rank of a board of the evaluator's h with mis tiles
// misplaced and cycles short cycles.
func (e *rankBeam[E]) rank(h, mis, cycles int) int {
	if h == 0 {
		return 0
	}
	return e.num*h - e.sub*mis + e.cycle*cycles
}

func (e *rankBeam[E]) root(board, aux []uint8) int {
	h := e.in.root(board, aux[:e.at])
	mis, cycles := e.count(board)
	aux[e.at], aux[e.at+1] = uint8(mis), uint8(cycles)
	return e.rank(h, mis, cycles)
}

// tileCounts counts a board's misplaced tiles and, withCycles, its short
// cycles (see rankBeam), from scratch and move by move.
type tileCounts struct {
	blankVal   uint8
	withCycles bool
}

// count returns board's misplaced tiles and short cycles.
func (e *tileCounts) count(board []uint8) (mis, cycles int) {
	for c, v := range board {
		if v == e.blankVal || int(v) == c {
			continue
		}
		mis++
		if e.withCycles && e.leastOfCycle(board, c) {
			cycles++
		}
	}
	return mis, cycles
}

// leastOfCycle reports whether the tile on cell c is in a short cycle of
// board (see rankBeam) of which c is the least cell.
func (e *tileCounts) leastOfCycle(board []uint8, c int) bool {
	x := int(board[c])
	for range maxCycle - 1 {
		if x == c {
			return true
		}
		if x < c || board[x] == e.blankVal {
			return false
		}
		x = int(board[x])
	}
	return x == c
}

func (e *rankBeam[E]) load(board, aux []uint8, rank int) {
	e.board = board
	e.mis, e.cycles = int(aux[e.at]), int(aux[e.at+1])
	e.in.load(board, aux[:e.at], (rank+e.sub*e.mis-e.cycle*e.cycles)/e.num)
}

// moved returns the changes in the misplaced count and the short cycles
// when the tile v slides from cell from into the blank on cell to
// (values are goal cells, see tileSpace), board being the parent's or
// the child's: they differ on those two cells only. The only cycles the
// move changes are v's.
func (e *tileCounts) moved(board []uint8, v uint8, from, to int) (mis, cycles int) {
	switch int(v) {
	case from:
		return 1, 0
	case to:
		return -1, 0
	}
	if !e.withCycles {
		return 0, 0 // not counted: the cycles' data stays 0
	}
	if e.inCycle(board, to, v, from) {
		cycles++
	}
	if e.inCycle(board, from, v, to) {
		cycles--
	}
	return 0, cycles
}

// inCycle reports whether the tile v, not on its goal cell, is in a short
// cycle (see rankBeam) of board with v on cell at and the blank on cell
// blank.
func (e *tileCounts) inCycle(board []uint8, at int, v uint8, blank int) bool {
	x := int(v) // the next cell of the cycle; board is read on no other than at and blank
	for range maxCycle - 1 {
		if x == blank {
			return false
		}
		if x = int(board[x]); x == at {
			return true
		}
	}
	return false
}

// child returns the child's rank, and with the evaluator's change its
// counts in the high bits, which apply stores.
func (e *rankBeam[E]) child(v uint8, from, to int) (int, bDelta) {
	h, d := e.in.child(v, from, to)
	mis, cycles := e.moved(e.board, v, from, to)
	mis, cycles = e.mis+mis, e.cycles+cycles
	return e.rank(h, mis, cycles), d | bDelta(uint8(mis))<<32 | bDelta(uint8(cycles))<<40
}

func (e *rankBeam[E]) apply(board, aux []uint8, delta bDelta, v uint8, from, to int) {
	e.in.apply(board, aux[:e.at], delta&(1<<32-1), v, from, to)
	aux[e.at], aux[e.at+1] = uint8(delta>>32), uint8(delta>>40)
}
