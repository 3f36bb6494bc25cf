package idastar

//go:generate go run make_prune.go -len 12

// A movePruner is a finite automaton over blank moves that rejects move
// strings with an equivalent string that is no longer and comes first, so
// that IDA* skips paths that merely repeat others (see make_prune.go for
// the construction and why optimality is kept). State -1 rejects.
//
// The basic automaton only remembers the last move and rejects its
// inverse: its node counts compare with the root package's, and with
// published IDA* experiments.
type movePruner struct {
	start int32
	trans []int16 // [state][dir] -> state; dir: 0 up, 1 left, 2 right, 3 down
	dirs  [maxSolverCells][4]uint8
}

// basicTrans is the automaton that rejects the inverse of the last move:
// state d+1 follows a move in direction d, state 0 is the start.
var basicTrans = [...]int16{
	1, 2, 3, 4, // start
	1, 2, 3, -1, // after up: not down
	1, 2, -1, 4, // after left: not right
	1, -1, 3, 4, // after right: not left
	-1, 2, 3, 4, // after down: not up
}

// newMovePruner returns the automaton for a rows x cols board: the basic
// one, or the automaton of make_prune.go.
func newMovePruner(rows, cols int, basic bool) movePruner {
	m := movePruner{trans: pruneTrans[:]}
	if basic {
		m.trans = basicTrans[:]
	}
	for c := range rows * cols {
		adj, n := neighbours(rows, cols, c)
		for i, q := range adj[:n] {
			switch {
			case int(q) == c-cols:
				m.dirs[c][i] = 0
			case int(q) == c-1:
				m.dirs[c][i] = 1
			case int(q) == c+1:
				m.dirs[c][i] = 2
			default:
				m.dirs[c][i] = 3
			}
		}
	}
	return m
}

// next returns the state after the blank on cell blank takes its i-th
// move, or -1 if the automaton rejects it.
func (m *movePruner) next(s int32, blank, i int) int32 {
	return int32(m.trans[int(s)*4+int(m.dirs[blank&(maxSolverCells-1)][i&3])])
}
