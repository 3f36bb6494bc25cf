package pdb

// A movePruner is a finite automaton over blank moves that rejects move
// strings with an equivalent string no longer and preferred, so that IDA*
// skips paths that merely repeat others. State -1 rejects.
//
// The basic automaton remembers the last move and rejects its inverse.
type movePruner struct {
	start int32
	trans []int32 // [state][dir] -> state; dir: 0 up, 1 left, 2 right, 3 down
	dirs  [maxSolverCells][4]uint8
}

func newMovePruner(g grid, basic bool) movePruner {
	m := movePruner{start: 4, trans: make([]int32, 5*4)}
	for s := range 5 {
		for d := range 4 {
			m.trans[s*4+d] = int32(d)
			if s < 4 && d == 3-s { // the inverse of the last move
				m.trans[s*4+d] = -1
			}
		}
	}
	for c := range g.n {
		for i, q := range g.adj[c] {
			switch {
			case int(q) == c-g.cols:
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
	return m.trans[int(s)*4+int(m.dirs[blank&(maxSolverCells-1)][i&3])]
}
