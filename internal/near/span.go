package near

import (
	"context"
	"math"

	"github.com/slidekit/slide/internal/pdb"
)

// A spanSearch finds a shortest way between two boards A and B of a frame
// (a span of a path, see spanPolish), by IDA* on the whole board under
// the frame's additive database, relabelled: the distance from A to B is
// the distance from A' to the goal, where A' names each tile by the cell
// that B holds it on. A table whose group holds the cell of B's blank has
// no tile for that cell, and one whose tiles at home shut the blank's goal
// cell off from B's blank counts ways that end with the blank elsewhere
// (see goalRegion): their tiles, and the tile B holds on the
// blank's goal cell, which no table holds, count their Manhattan
// distances instead, which add to the tables' entries as the tables add
// to each other (every count is of moves of its own tiles). The bound is
// far tighter than Manhattan distance with linear conflicts, so spans of
// many tens of moves are searched where the polisher's windows (see
// polisher) stop at forty.
//
// A spanSearch owns its scratch: a search allocates nothing but the path
// it returns.
type spanSearch struct {
	rows, cols, n int
	blankVal      uint8 // the database's blank value
	tabs          []*pdb.Table
	adj           [][]int  // each cell's neighbours
	region        [][]bool // per table, the cells of the blank's goal region

	// One search's state: the relabelled board, each label's cell, each
	// label's table (spanMD: counted by Manhattan distance; spanBlank:
	// the blank), the tables' entries, the way so far.
	lab     []uint8
	where   []uint8
	patOf   []int8
	vals    []int
	usable  []bool
	pos     []uint8
	path    []int
	posB    []uint8
	bound   int
	nodes   int64
	limit   int64
	ctx     context.Context
	stopped bool
}

const (
	spanMD    = -1
	spanBlank = -2
)

// newSpanSearch returns the span search of frame f's database.
func newSpanSearch(f *frame) *spanSearch {
	n := f.rows * f.cols
	s := &spanSearch{rows: f.rows, cols: f.cols, n: n, blankVal: uint8(f.blankVal), tabs: f.db.Tables(),
		lab: make([]uint8, n), region: make([][]bool, len(f.db.Tables())), where: make([]uint8, n), patOf: make([]int8, n), posB: make([]uint8, n),
		pos: make([]uint8, pdb.MaxPattern), adj: make([][]int, n)}
	s.vals = make([]int, len(s.tabs))
	s.usable = make([]bool, len(s.tabs))
	for c := range n {
		r, col := c/f.cols, c%f.cols
		for _, nb := range []int{c - f.cols, c - 1, c + 1, c + f.cols} {
			if nb >= 0 && nb < n && (nb/f.cols == r || nb%f.cols == col) {
				s.adj[c] = append(s.adj[c], nb)
			}
		}
	}
	for j, t := range s.tabs {
		s.region[j] = s.goalRegion(t.Tiles())
	}
	return s
}

// goalRegion returns the cells the blank reaches from its goal cell with
// the tiles of a pattern home and no other tile: a table's entries count
// the moves that bring its tiles home with the blank in that region, so
// they bound a way to another board only where that board's blank is in
// it too.
func (s *spanSearch) goalRegion(pattern []uint8) []bool {
	in := make([]bool, s.n)
	wall := make([]bool, s.n)
	for _, u := range pattern {
		wall[u] = true
	}
	in[s.blankVal] = true
	todo := []int{int(s.blankVal)}
	for len(todo) > 0 {
		c := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		for _, nb := range s.adj[c] {
			if !wall[nb] && !in[nb] {
				in[nb] = true
				todo = append(todo, nb)
			}
		}
	}
	return in
}

// md returns the Manhattan distance of label u (its goal cell) on cell c.
func (s *spanSearch) md(u uint8, c int) int {
	return abs(int(u)/s.cols-c/s.cols) + abs(int(u)%s.cols-c%s.cols)
}

// lookup returns table j's entry with its tiles where s.where says.
func (s *spanSearch) lookup(j int) int {
	ts := s.tabs[j].Tiles()
	pos := s.pos[:len(ts)]
	for i, u := range ts {
		pos[i] = s.where[u]
	}
	return s.tabs[j].Lookup(pos)
}

// prepare relabels board a by board b (frame values) and returns the
// relabelled board's bound and its blank's cell.
func (s *spanSearch) prepare(a, b []uint8) (h, blank int) {
	for c, v := range b {
		s.posB[v] = uint8(c)
	}
	q := s.posB[s.blankVal]
	for c, v := range a {
		u := s.posB[v]
		s.lab[c], s.where[u] = u, uint8(c)
		if v == s.blankVal {
			blank = c
		}
	}
	for u := range s.patOf {
		s.patOf[u] = spanMD
	}
	for j, t := range s.tabs {
		s.usable[j] = s.region[j][q]
		for _, u := range t.Tiles() {
			if u == q {
				s.usable[j] = false
			}
		}
		if s.usable[j] {
			for _, u := range t.Tiles() {
				s.patOf[u] = int8(j)
			}
			s.vals[j] = s.lookup(j)
			h += s.vals[j]
		}
	}
	s.patOf[q] = spanBlank
	for u, p := range s.patOf {
		if p == spanMD {
			h += s.md(uint8(u), int(s.where[u]))
		}
	}
	return h, blank
}

// search returns a shortest way from board a to board b (frame values),
// as the blank's cells from a's to b's, if one of at most maxLen moves
// exists and IDA* finds it within maxNodes boards generated (counted in
// s.nodes across calls); else nil. Every way from a to b has the parity
// of maxLen's when maxLen is a known way's length.
func (s *spanSearch) search(ctx context.Context, a, b []uint8, maxLen int, maxNodes int64) []int {
	h, blank := s.prepare(a, b)
	s.ctx, s.stopped, s.limit = ctx, false, s.nodes+min(maxNodes, math.MaxInt64-s.nodes)
	bound := h
	if (bound-maxLen)&1 != 0 {
		bound++
	}
	for ; bound <= maxLen && !s.stopped; bound += 2 {
		s.bound = bound
		s.path = append(s.path[:0], blank)
		if s.dfs(blank, -1, 0, h) {
			return append([]int(nil), s.path...)
		}
	}
	return nil
}

// dfs searches on from the blank's cell b (reached from prev), g moves
// and h the bound of the board: true when it reaches the goal within
// s.bound, s.path then holding the way.
func (s *spanSearch) dfs(b, prev, g, h int) bool {
	if h == 0 {
		return true
	}
	s.nodes++
	if s.nodes&4095 == 0 && s.ctx.Err() != nil || s.nodes > s.limit {
		s.stopped = true
		return false
	}
	for _, nb := range s.adj[b] {
		if nb == prev {
			continue
		}
		u := s.lab[nb]
		j := int(s.patOf[u])
		s.where[u] = uint8(b)
		var h2, old int
		if j >= 0 {
			old = s.vals[j]
			s.vals[j] = s.lookup(j)
			h2 = h - old + s.vals[j]
		} else {
			h2 = h - s.md(u, nb) + s.md(u, b)
		}
		if g+1+h2 <= s.bound {
			s.lab[b], s.lab[nb] = u, s.lab[b]
			s.path = append(s.path, nb)
			if s.dfs(nb, b, g+1, h2) {
				return true
			}
			s.path = s.path[:len(s.path)-1]
			s.lab[nb], s.lab[b] = u, s.lab[nb]
		}
		s.where[u] = uint8(nb)
		if j >= 0 {
			s.vals[j] = old
		}
		if s.stopped {
			return false
		}
	}
	return false
}

// polish returns path (the blank's cells in frame boards from start) with
// spans of window moves, one every step moves, replaced by shortest ways
// (see search) where shorter, each span searching at most perSpan boards
// and all at most budget (counted in s.nodes). It stops early when ctx is
// done. The path returned leads to the same board and is never longer.
func (s *spanSearch) polish(ctx context.Context, start []uint8, path []int, window, step int, perSpan, budget int64) []int {
	path = append([]int(nil), path...)
	board := append([]uint8(nil), start...)
	end := make([]uint8, len(board))
	limit := s.nodes + min(budget, math.MaxInt64-s.nodes)
	for i := 0; i+2 < len(path) && ctx.Err() == nil && s.nodes < limit; {
		k := min(len(path)-1, i+window)
		copy(end, board)
		for m := i + 1; m <= k; m++ {
			slideBlank(end, path[m-1], path[m])
		}
		last := k == len(path)-1
		if way := s.search(ctx, board, end, k-i-2, min(perSpan, limit-s.nodes)); way != nil {
			path = append(append(path[:i:i], way...), path[k+1:]...)
		}
		if last {
			break
		}
		for m := i + 1; m <= min(i+step, len(path)-1); m++ {
			slideBlank(board, path[m-1], path[m])
		}
		i += step
	}
	return path
}
