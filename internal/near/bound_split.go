package near

// A splitBound is an admissible heuristic that splits a database's
// patterns in two: the entries of the picked patterns, plus Manhattan
// distance with linear conflicts among the tiles of the others. Each
// part counts moves of its own tiles alone, so their sum is a lower
// bound; it passes both the database's bound, where linear conflicts
// between tiles of different patterns (which no table sees) outweigh the
// entries given up, and linear conflicts, where the picked patterns'
// entries pass their tiles' distance and conflicts. With refl, it picks
// among the reflected lookup's patterns (see pdbEval): a tile then
// counts in the linear conflicts when its mirror image's pattern is not
// picked. Like both of its parts it is consistent, and a move changes it
// by exactly one.
//
// It keeps the state of the board the bound search stands on (the sum
// of the picked entries, the distance and every line's conflicts), which
// child scores a move against and move and unmove change.
type splitBound struct {
	p      *pdbBeam
	m      *mdlcEval
	refl   bool
	pick   []bool // by pattern
	counts []bool // by value: its tile counts in the linear conflicts
	db, md int
	conf   int   // twice the conflicts, all lines together
	lines  []int // twice each line's conflicts: rows, then columns
}

// A splitStep is a move's change to a splitBound: the picked entries'
// sum, the distance, and the line whose conflicts changed (-1: none)
// with their new count.
type splitStep struct {
	db, md, line, conf int
}

// splitCandidates bounds the patterns whose every subset newSplitBound
// tries (2^splitCandidates subsets at most): beyond, it tries the subsets
// of those of largest excess over Manhattan distance.
const splitCandidates = 12

// newSplitBound returns the split of p's patterns (direct, or reflected
// with refl) that bounds board best, the loaded board of p's last
// estimate, trying every subset of the patterns whose entries pass their
// tiles' Manhattan distance (picking another gains nothing), or nil if
// the best is no better than the database's bound and linear conflicts.
// It costs up to 2^splitCandidates scorings of the board's lines.
func newSplitBound(p *pdbBeam, m *mdlcEval, board []uint8, refl bool) *splitBound {
	k := len(p.tabs)
	vals := p.vals
	group := func(v uint8) int { return int(p.patOf[v]) }
	if refl {
		vals = p.rvals
		group = func(v uint8) int { return int(p.patOf[p.tr[v]]) }
	}
	s := &splitBound{p: p, m: m, refl: refl, pick: make([]bool, k), counts: make([]bool, len(board)),
		lines: make([]int, m.rows+m.cols)}
	md := make([]int, k)
	for c, v := range board {
		if v != m.blankVal {
			md[group(v)] += m.dist(v, c)
		}
	}
	var cands []int
	for g := range k {
		if vals[g] > md[g] {
			cands = append(cands, g)
		}
	}
	// The candidates of largest excess first, the first splitCandidates
	// of them tried.
	for i := 1; i < len(cands); i++ {
		for j := i; j > 0 && vals[cands[j]]-md[cands[j]] > vals[cands[j-1]]-md[cands[j-1]]; j-- {
			cands[j], cands[j-1] = cands[j-1], cands[j]
		}
	}
	cands = cands[:min(len(cands), splitCandidates)]
	best, bestSet := -1, 0
	for set := range 1 << len(cands) {
		for g := range s.pick {
			s.pick[g] = false
		}
		for i, g := range cands {
			s.pick[g] = set>>i&1 != 0
		}
		if h := s.reset(board, group, vals, md); h > best {
			best, bestSet = h, set
		}
	}
	if bestSet == 0 || bestSet == 1<<len(cands)-1 && len(cands) == k {
		return nil // linear conflicts alone, or the database's bound alone
	}
	for g := range s.pick {
		s.pick[g] = false
	}
	for i, g := range cands {
		s.pick[g] = bestSet>>i&1 != 0
	}
	s.reset(board, group, vals, md)
	return s
}

// reset scores board under the split's picked patterns from scratch,
// group naming a value's pattern, vals the patterns' entries and md
// their tiles' Manhattan distances, and returns the bound.
func (s *splitBound) reset(board []uint8, group func(uint8) int, vals, md []int) int {
	s.db, s.md, s.conf = 0, 0, 0
	for g, on := range s.pick {
		if on {
			s.db += vals[g]
		} else {
			s.md += md[g]
		}
	}
	for v := range s.counts {
		s.counts[v] = uint8(v) != s.m.blankVal && !s.pick[group(uint8(v))]
	}
	for l := range s.lines {
		s.lines[l] = s.lineConflicts(board, l)
		s.conf += s.lines[l]
	}
	return s.value()
}

// value returns the bound of the board the search stands on.
func (s *splitBound) value() int { return s.db + s.md + s.conf }

// lineConflicts returns twice the conflicts of line l (rows, then
// columns) of board among the counted tiles.
func (s *splitBound) lineConflicts(board []uint8, l int) int {
	m := s.m
	m.lis.Reset()
	if l < m.rows {
		for c := l * m.cols; c < (l+1)*m.cols; c++ {
			if v := board[c]; s.counts[v] && int(m.row[v]) == l {
				m.lis.Add(int(m.col[v]))
			}
		}
	} else {
		col := l - m.rows
		for c := col; c < len(board); c += m.cols {
			if v := board[c]; s.counts[v] && int(m.col[v]) == col {
				m.lis.Add(int(m.row[v]))
			}
		}
	}
	return 2 * m.lis.Conflicts()
}

// child returns the bound of the child in which the tile v slides from
// cell from into the blank on cell to of board, the database's change
// for the move being delta (see pdbBeam.child), and the step that makes
// it. It changes board for the while.
func (s *splitBound) child(board []uint8, v uint8, from, to int, delta bDelta) (int, splitStep) {
	st := splitStep{db: s.db, md: s.md, line: -1}
	if !s.counts[v] {
		j, x := int(delta&255), int(delta>>8&255)
		old := s.p.vals
		if s.refl {
			j, x, old = int(delta>>16&255), int(delta>>24), s.p.rvals
		}
		st.db += x - old[j]
		return st.db + st.md + s.conf, st
	}
	m := s.m
	st.md += m.dist(v, to) - m.dist(v, from)
	switch {
	case m.col[from] == m.col[to] && (m.row[v] == m.row[from] || m.row[v] == m.row[to]):
		st.line = int(m.row[v])
	case m.row[from] == m.row[to] && (m.col[v] == m.col[from] || m.col[v] == m.col[to]):
		st.line = m.rows + int(m.col[v])
	default:
		return st.db + st.md + s.conf, st
	}
	board[to], board[from] = v, m.blankVal
	st.conf = s.lineConflicts(board, st.line)
	board[to], board[from] = m.blankVal, v
	return st.db + st.md + s.conf - s.lines[st.line] + st.conf, st
}

// move makes st the split's state and returns the step that undoes it.
func (s *splitBound) move(st splitStep) splitStep {
	u := splitStep{db: s.db, md: s.md, line: st.line}
	s.db, s.md = st.db, st.md
	if st.line >= 0 {
		u.conf = s.lines[st.line]
		s.conf += st.conf - u.conf
		s.lines[st.line] = st.conf
	}
	return u
}
