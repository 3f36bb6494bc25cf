package idastar

import (
	"context"
	"math"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/tiles"
)

// idaGrid is IDA* for boards of any size with distinct labels, under
// Manhattan distance with or without linear conflicts. It keeps one mutable
// board of cell values (codes: a tile's goal cell; blankVal for the blank),
// updates Manhattan by deltas and re-scores only the two lines a move
// changes, so a node costs O(R + C) and the search's memory is the board
// plus the path: a 127 x 127 board a dozen moves from its goal takes
// milliseconds and about 100 KB. Conventions as in ida16.
type idaGrid struct {
	rows, cols, n int
	t             *tiles.Goal
	blankVal      int32
	lc            bool
	board         []int32
	lis           tiles.LIS
	path          []int32
	maxDepth      int   // the path's length the memory limit allows
	memory        int64 // that limit, in bytes
	idaCore

	root      []int32    // on several workers: the start's cell values
	rootBlank int        // and its blank's cell
	out       []nodeGrid // the frontier being recorded (see record)
}

// maxIDAGridDepth is idaGrid's depth bound: none but the memory limit's.
const maxIDAGridDepth = math.MaxInt - 1

// gridCheckEvery is how often, in generated nodes, idaGrid takes
// Generate's rare path besides Generate's own (see checkEvery): a node
// re-scores the conflicts of two lines, and on a 255 x 255 board 2^16
// nodes took 100 ms and more, which a cancellation waited for.
const gridCheckEvery = 1 << 10

// gridFrameBytes is what a level of idaGrid's recursion costs: its stack
// frame and its path entry, generously.
const gridFrameBytes = 256

func newIDAGrid(sp *tiles.Space, lc bool) *idaGrid {
	rows, cols := sp.Rows(), sp.Cols()
	return &idaGrid{rows: rows, cols: cols, n: rows * cols, t: sp.Goal(), blankVal: int32(sp.BlankValue()), lc: lc}
}

// rowConflicts returns twice the conflicts of row r.
func (s *idaGrid) rowConflicts(r int) int {
	s.lis.Reset()
	for i := r * s.cols; i < (r+1)*s.cols; i++ {
		if v := int(s.board[i]); v != int(s.blankVal) && v/s.cols == r {
			s.lis.Add(v % s.cols)
		}
	}
	return 2 * s.lis.Conflicts()
}

func (s *idaGrid) colConflicts(c int) int {
	s.lis.Reset()
	for i := c; i < s.n; i += s.cols {
		if v := int(s.board[i]); v != int(s.blankVal) && v%s.cols == c {
			s.lis.Add(v / s.cols)
		}
	}
	return 2 * s.lis.Conflicts()
}

// solve searches from board (cell values, which it takes over) with the
// blank at cell blank; it returns the number of moves, the blank's cells
// in path, or -1 with s.Err set.
func (s *idaGrid) solve(ctx context.Context, board []int32, blank int, lim engine.Bounds) int {
	h := s.setBoard(board, blank, lim)
	return s.run(ctx, h, maxIDAGridDepth, lim, func() bool { return s.dfs(0, h, blank, -1) })
}

// setBoard takes over board (cell values) with the blank at cell blank,
// sets the depth the memory limit allows, and returns the heuristic.
func (s *idaGrid) setBoard(board []int32, blank int, lim engine.Bounds) int {
	s.board = board
	s.maxDepth, s.memory = lim.DepthLimit(gridFrameBytes), lim.MemoryLimit()
	h := 0
	for c, v := range board {
		if c != blank {
			h += s.t.Dist(int(v), c)
		}
	}
	if s.lc {
		for r := range s.rows {
			h += s.rowConflicts(r)
		}
		for c := range s.cols {
			h += s.colConflicts(c)
		}
	}
	return h
}

func (s *idaGrid) dfs(g, h, blank, prev int) bool {
	s.Expanded++
	r, c := blank/s.cols, blank%s.cols
	for _, d := range [4][2]int{{-1, 0}, {0, -1}, {0, 1}, {1, 0}} { // blank up, left, right, down
		nr, nc := r+d[0], c+d[1]
		if nr < 0 || nc < 0 || nr >= s.rows || nc >= s.cols {
			continue
		}
		nb := nr*s.cols + nc
		if nb == prev {
			continue
		}
		if !s.Generate() || s.Gen%gridCheckEvery == 0 && !s.check() {
			return false
		}
		v := int(s.board[nb])
		hn := h + s.t.Dist(v, blank) - s.t.Dist(v, nb)
		vertical := d[1] == 0
		if s.lc {
			if vertical {
				hn -= s.rowConflicts(r) + s.rowConflicts(nr)
			} else {
				hn -= s.colConflicts(c) + s.colConflicts(nc)
			}
		}
		s.board[blank], s.board[nb] = int32(v), s.blankVal
		if s.lc {
			if vertical {
				hn += s.rowConflicts(r) + s.rowConflicts(nr)
			} else {
				hn += s.colConflicts(c) + s.colConflicts(nc)
			}
		}
		if g == len(s.path) {
			if g >= s.maxDepth {
				s.Err = &engine.LimitError{Limit: "memory", Value: s.memory, Expanded: s.Expanded, Generated: s.Gen}
				return false
			}
			s.path = append(s.path, 0)
		}
		s.path[g] = int32(nb)
		if hn == 0 {
			s.Found = g + 1
			return true
		}
		if f := g + 1 + hn; f > s.Bound {
			s.Next = min(s.Next, f)
		} else if g+1 == s.Split {
			s.record(g+1, hn, nb, blank)
		} else if s.dfs(g+1, hn, nb, blank) {
			return true
		} else if s.Err != nil {
			return false
		}
		s.board[blank], s.board[nb] = s.blankVal, int32(v)
	}
	return false
}
