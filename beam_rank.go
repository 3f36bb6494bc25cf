package slide

// hammingBeam ranks boards by its evaluator's h less a part of the
// board's Hamming distance: num*h - sub*misplaced, misplaced counting
// the tiles off their goal cells (the blank not). Of two boards of equal
// h, the one whose distance is spread over more tiles, each nearer its
// goal, is on the whole the nearer to the goal: a tile far from home
// costs more than its Manhattan distance, the blank having to come back
// to it again and again. Measured at fixed widths on random-walk boards
// like the shared samples: ranking by the database and linear
// conflicts, 3/4 of a move a misplaced tile gave paths 1.5 to 2.4%
// shorter on 6 x 6 boards (widths 4000 to 20000) and 4.6% on 7 x 7
// (width 4000), 1/2 and 1 a little less; ranking by linear conflicts
// alone, 1/2 gave 5.3% on 7 x 7, 3/4 2.5% longer.
//
// A board's data is its evaluator's and then its misplaced count, a
// byte. The rank is 0 exactly when the evaluator's h is (a goal), and
// above 0 otherwise while num*h > sub*misplaced, which holds for every
// non-goal board when h is at least Manhattan distance and sub < num.
// Ranks must fit a beamCand's 16 bits: num*h below 65536.
type hammingBeam[E bEval] struct {
	_        [64]byte // see pdbBeam
	in       E
	num, sub int
	blankVal uint8
	at       int // the misplaced count's offset in a board's data
	mis      int // the loaded board's
	_        [64]byte
}

// newHammingBeam returns in ranking boards by num*h - sub*misplaced on
// boards whose blank has the value blankVal.
func newHammingBeam[E bEval](in E, num, sub int, blankVal int) *hammingBeam[E] {
	return &hammingBeam[E]{in: in, num: num, sub: sub, blankVal: uint8(blankVal), at: in.auxLen()}
}

func (e *hammingBeam[E]) auxLen() int { return e.at + 1 }

// rank returns the rank of a board of the evaluator's h with mis tiles
// misplaced.
func (e *hammingBeam[E]) rank(h, mis int) int {
	if h == 0 {
		return 0
	}
	return e.num*h - e.sub*mis
}

func (e *hammingBeam[E]) root(board, aux []uint8) int {
	h := e.in.root(board, aux[:e.at])
	mis := 0
	for c, v := range board {
		if v != e.blankVal && int(v) != c {
			mis++
		}
	}
	aux[e.at] = uint8(mis)
	return e.rank(h, mis)
}

func (e *hammingBeam[E]) load(board, aux []uint8, rank int) {
	e.mis = int(aux[e.at])
	e.in.load(board, aux[:e.at], (rank+e.sub*e.mis)/e.num)
}

// moved returns the change in the misplaced count when the tile v slides
// from cell from to cell to (values are goal cells, see tileSpace).
func moved(v uint8, from, to int) int {
	d := 0
	if int(v) == from {
		d++
	}
	if int(v) == to {
		d--
	}
	return d
}

func (e *hammingBeam[E]) child(v uint8, from, to int) (int, uint32) {
	h, d := e.in.child(v, from, to)
	return e.rank(h, e.mis+moved(v, from, to)), d
}

func (e *hammingBeam[E]) apply(aux []uint8, delta uint32, v uint8, from, to int) {
	e.in.apply(aux[:e.at], delta, v, from, to)
	aux[e.at] = uint8(int(aux[e.at]) + moved(v, from, to))
}
