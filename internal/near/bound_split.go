package near

import "slices"

// A splitBound is an admissible heuristic that splits a database's
// patterns in two: the entries of the picked patterns, plus Manhattan
// distance with linear conflicts among the tiles of the others. Each
// part counts moves of its own tiles alone, so their sum is a lower
// bound; it passes both the database's bound, where linear conflicts
// between tiles of different patterns (which no table sees) outweigh the
// entries given up, and linear conflicts, where the picked patterns'
// entries pass their tiles' distance and conflicts. It may pick among
// the reflected lookup's patterns too (see pdbEval), whose entries count
// the moves of the mirror images of their tiles, so long as no tile is in
// two patterns picked: a tile counts in the linear conflicts when neither
// its pattern nor its mirror image's is picked. Like both of its parts
// it is consistent, and a move changes it by exactly one.
//
// It keeps the state of the board the bound search stands on (the sum
// of the picked entries, the distance and every line's conflicts), which
// child scores a move against and move and unmove change.
type splitBound struct {
	p      *pdbBeam
	m      *mdlcEval
	pick   []bool // by pattern: the direct lookup's, then the reflected one's
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

// The sides of the database a split picks its patterns from.
const (
	splitDirect    = 1 // the direct lookup's
	splitReflected = 2 // the reflected lookup's
	splitMixed     = splitDirect | splitReflected
)

// newSplitBound returns the split of p's patterns, picked from the
// sides named (see splitDirect), that bounds board best, the loaded
// board of p's last estimate, trying every subset of the patterns whose
// entries pass their tiles' Manhattan distance (picking another gains
// nothing) that holds no tile twice, or nil if the best is no better
// than the database's bound and linear conflicts. It costs up to
// 2^splitCandidates scorings of the board's lines.
func newSplitBound(p *pdbBeam, m *mdlcEval, board []uint8, sides int) *splitBound {
	k := len(p.tabs)
	if !p.reflect {
		sides &^= splitReflected
	}
	s := &splitBound{p: p, m: m, pick: make([]bool, 2*k), counts: make([]bool, len(board)),
		lines: make([]int, m.rows+m.cols)}
	vals := s.entries()
	md := make([]int, 2*k)
	clash := make([][]bool, 2*k) // two patterns that share a tile
	for g := range clash {
		clash[g] = make([]bool, 2*k)
	}
	for c, v := range board {
		if v != m.blankVal {
			d, r := s.direct(v), s.reflected(v)
			md[d] += m.dist(v, c)
			if p.reflect {
				md[r] += m.dist(v, c)
				clash[d][r], clash[r][d] = true, true
			}
		}
	}
	var cands []int
	for g := range 2 * k {
		side := splitDirect
		if g >= k {
			side = splitReflected
		}
		if sides&side != 0 && vals[g] > md[g] {
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
	clashes := make([]int, len(cands)) // by candidate, the candidates it shares a tile with
	for i, g := range cands {
		for j, h := range cands {
			if clash[g][h] {
				clashes[i] |= 1 << j
			}
		}
	}
	set := func(set int) {
		for g := range s.pick {
			s.pick[g] = false
		}
		for i, g := range cands {
			s.pick[g] = set>>i&1 != 0
		}
	}
	best, bestSet := -1, 0
next:
	for try := range 1 << len(cands) {
		for i := range cands {
			if try>>i&1 != 0 && try&clashes[i] != 0 {
				continue next
			}
		}
		set(try)
		if h := s.reset(board); h > best {
			best, bestSet = h, try
		}
	}
	set(bestSet)
	if direct, reflected := s.picked(); direct+reflected == 0 || direct+reflected == k && direct*reflected == 0 {
		return nil // linear conflicts alone, or the database's bound alone
	}
	s.reset(board)
	return s
}

// entries returns the entries of the board p stands on by pattern, as
// pick orders them.
func (s *splitBound) entries() []int {
	return append(slices.Clone(s.p.vals), s.p.rvals...)
}

// direct and reflected return the pattern of the tile v in the direct
// and the reflected lookup, as pick orders them.
func (s *splitBound) direct(v uint8) int    { return int(s.p.patOf[v]) }
func (s *splitBound) reflected(v uint8) int { return len(s.p.tabs) + int(s.p.patOf[s.p.tr[v]]) }

// picked returns how many patterns the split picks of each side.
func (s *splitBound) picked() (direct, reflected int) {
	k := len(s.p.tabs)
	for g, on := range s.pick {
		switch {
		case on && g < k:
			direct++
		case on:
			reflected++
		}
	}
	return direct, reflected
}

// reset scores board under the split's picked patterns from scratch,
// from p's entries of it, and returns the bound.
func (s *splitBound) reset(board []uint8) int {
	vals := s.entries()
	s.db, s.md, s.conf = 0, 0, 0
	for g, on := range s.pick {
		if on {
			s.db += vals[g]
		}
	}
	for c, v := range board {
		s.counts[v] = v != s.m.blankVal && !s.pick[s.direct(v)] && !(s.p.reflect && s.pick[s.reflected(v)])
		if s.counts[v] {
			s.md += s.m.dist(v, c)
		}
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
		// The tile is in one picked pattern, direct or reflected.
		if j := int(delta & 255); s.pick[j] {
			st.db += int(delta>>8&255) - s.p.vals[j]
		} else {
			jr := int(delta >> 16 & 255)
			st.db += int(delta>>24) - s.p.rvals[jr]
		}
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
