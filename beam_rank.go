package slide

// rankBeam ranks boards by its evaluator's h less a part of the board's
// Hamming distance, plus a penalty for every two adjacent tiles that sit
// on each other's goal cells: num*h - sub*misplaced + pair*swapped, with
// misplaced counting the tiles off their goal cells (the blank not) and
// swapped those pairs.
//
// Of two boards of equal h, the one whose distance is spread over more
// tiles, each nearer its goal, is on the whole the nearer to the goal: a
// tile far from home costs more than its Manhattan distance, the blank
// having to come back to it again and again. Measured at fixed widths on
// random-walk boards like the shared samples: ranking by the database
// and linear conflicts, 3/4 of a move a misplaced tile gave paths 1.5 to
// 2.4% shorter on 6 x 6 boards (widths 4000 to 20000) and 4.6% on 7 x 7
// (width 4000), 1/2 and 1 a little less; ranking by linear conflicts
// alone, 1/2 gave 5.3% on 7 x 7, 3/4 2.5% longer.
//
// Two adjacent tiles swapped cost tens of moves to set right and count 4
// or less in these heuristics (2 of Manhattan distance, 2 of linear
// conflicts, nothing more when the database has them in different
// patterns): a 7 x 7 beam that reaches a board a few such swaps from the
// goal circles there (see beamStall). Ranking by the database and linear
// conflicts, 2 moves a swapped pair gave paths 2.1 to 2.7% shorter on 7 x
// 7 boards (width 4000) and nothing on 6 x 6 ones, where the database's
// patterns of 5 tiles hold most pairs; ranking by linear conflicts alone,
// 1 and 2 moves 1 and 4% longer.
//
// A board's data is its evaluator's and then the two counts, a byte each.
// The rank is 0 exactly when the evaluator's h is (a goal), and above 0
// otherwise when num*h > sub*misplaced, which holds for every non-goal
// board when h is at least Manhattan distance and sub < num. Ranks must
// fit a beamCand's 16 bits.
type rankBeam[E bEval] struct {
	_              [64]byte // see pdbBeam
	in             E
	num, sub, pair int
	blankVal       uint8
	n              int
	adj            []bool // adj[a*n+b]: cells a and b are adjacent
	at             int    // the counts' offset in a board's data
	// the loaded board's
	board      []uint8
	mis, pairs int
	_          [64]byte
}

// newRankBeam returns in ranking boards of rows x cols cells, whose blank
// has the value blankVal, by num*h - sub*misplaced + pair*swapped.
func newRankBeam[E bEval](in E, rows, cols, blankVal, num, sub, pair int) *rankBeam[E] {
	n := rows * cols
	e := &rankBeam[E]{in: in, num: num, sub: sub, pair: pair, blankVal: uint8(blankVal), n: n, adj: make([]bool, n*n), at: in.auxLen()}
	for a := range n {
		for b := range n {
			e.adj[a*n+b] = abs(a/cols-b/cols)+abs(a%cols-b%cols) == 1
		}
	}
	return e
}

func (e *rankBeam[E]) auxLen() int { return e.at + 2 }

// rank returns the rank of a board of the evaluator's h with mis tiles
// misplaced and pairs pairs swapped.
func (e *rankBeam[E]) rank(h, mis, pairs int) int {
	if h == 0 {
		return 0
	}
	return e.num*h - e.sub*mis + e.pair*pairs
}

func (e *rankBeam[E]) root(board, aux []uint8) int {
	h := e.in.root(board, aux[:e.at])
	mis, pairs := 0, 0
	for c, v := range board {
		if v == e.blankVal || int(v) == c {
			continue
		}
		mis++
		if g := int(v); e.pair != 0 && g > c && e.adj[g*e.n+c] && int(board[g]) == c && board[g] != e.blankVal {
			pairs++
		}
	}
	aux[e.at], aux[e.at+1] = uint8(mis), uint8(pairs)
	return e.rank(h, mis, pairs)
}

func (e *rankBeam[E]) load(board, aux []uint8, rank int) {
	e.board = board
	e.mis, e.pairs = int(aux[e.at]), int(aux[e.at+1])
	e.in.load(board, aux[:e.at], (rank+e.sub*e.mis-e.pair*e.pairs)/e.num)
}

// moved returns the changes in the misplaced count and the swapped pairs
// when the tile v slides from cell from into the blank on cell to
// (values are goal cells, see tileSpace), board being the parent's or
// the child's: they differ on those two cells only. The only pair either
// side can be in is v's with the tile on its goal cell.
func (e *rankBeam[E]) moved(board []uint8, v uint8, from, to int) (mis, pairs int) {
	g := int(v)
	switch g {
	case from:
		return 1, 0
	case to:
		return -1, 0
	}
	if e.pair == 0 {
		return 0, 0 // not counted: the pairs' data stays 0
	}
	if e.adj[g*e.n+from] && int(board[g]) == from {
		pairs--
	}
	if e.adj[g*e.n+to] && int(board[g]) == to {
		pairs++
	}
	return 0, pairs
}

func (e *rankBeam[E]) child(v uint8, from, to int) (int, uint32) {
	h, d := e.in.child(v, from, to)
	mis, pairs := e.moved(e.board, v, from, to)
	return e.rank(h, e.mis+mis, e.pairs+pairs), d
}

func (e *rankBeam[E]) apply(board, aux []uint8, delta uint32, v uint8, from, to int) {
	e.in.apply(board, aux[:e.at], delta, v, from, to)
	mis, pairs := e.moved(board, v, from, to)
	aux[e.at] = uint8(int(aux[e.at]) + mis)
	aux[e.at+1] = uint8(int(aux[e.at+1]) + pairs)
}
