package idastar

import (
	"context"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/tiles"
)

// ida16 is IDA* specialized for boards of at most 16 cells with distinct
// labels whose lines are at most 6 long (see tiles.FitsLineKeys), the 8-
// and 15-puzzle among them, under Manhattan distance with or without
// linear conflicts. It runs on one uint64 (four bits a cell holding the
// tile's goal cell, as tiles.Packed does), updates the heuristic by
// deltas, never generates the move that undoes the previous one, and
// allocates nothing while it searches. Linear conflicts are kept by the
// keys of every line (see tiles.LineKeys).
//
// Blank moves are tried in the order up, left, right, down, the goal is
// detected when generated, and Generated counts every child generated plus
// the root: the conventions of Korf's 1985 IDA* experiments, so node counts
// compare with published ones.
type ida16 struct {
	rows, n  int
	blankVal uint64
	lc       bool
	md       [16][16]uint8
	adj      [16][4]uint8 // blank moves in the order up, left, right, down
	nadj     [16]uint8
	vertical [16][4]bool // adj[c][i] is above or below c
	tiles.LineKeys
	key [32]int32 // of every line

	board uint64
	path  [maxIDA16Depth]int8 // blank cell after each move
	idaCore
	out []node16 // the frontier being recorded (see record)
}

// maxIDA16Depth bounds solution lengths ida16 can hold; the longest
// optimal solution of a board of 16 cells with lines of at most 6 is 80
// moves (4 x 4).
const maxIDA16Depth = 256

func newIDA16(sp *tiles.Space, lc bool) *ida16 {
	rows, cols := sp.Rows(), sp.Cols()
	s := &ida16{rows: rows, n: rows * cols, blankVal: uint64(sp.BlankValue()), lc: lc, md: sp.Manhattan()}
	for c := range s.n {
		adj, n := neighbours(rows, cols, c)
		for i, nb := range adj[:n] {
			s.vertical[c][i] = int(nb)%cols == c%cols
		}
		s.adj[c], s.nadj[c] = adj, uint8(n)
	}
	s.LineKeys = tiles.NewLineKeys(rows, cols, sp.BlankValue())
	return s
}

func (s *ida16) at(cell int) int { return int(s.board>>(4*cell)) & 15 }

// solve searches from the packed board with its blank; it returns the
// number of moves, leaving the blank's cells in path, or -1 with s.Err set.
func (s *ida16) solve(ctx context.Context, board uint64, blank int, lim engine.Bounds) int {
	h := s.setBoard(board, blank)
	return s.run(ctx, h, maxIDA16Depth-1, lim, func() bool { return s.dfs(0, h, blank, -1) })
}

// setBoard loads the packed board with its blank, computes every line's
// key, and returns the heuristic.
func (s *ida16) setBoard(board uint64, blank int) int {
	s.board = board
	h := 0
	clear(s.key[:])
	for c := range s.n {
		if c == blank {
			continue
		}
		v := s.at(c)
		h += int(s.md[v][c])
		s.key[s.Row[c]] += s.RowPart[v][c]
		s.key[s.Col[c]] += s.ColPart[v][c]
	}
	if s.lc {
		for line := range s.n/s.rows + s.rows {
			if line < s.rows {
				h += int(s.RowTab[s.key[line]])
			} else {
				h += int(s.ColTab[s.key[line]])
			}
		}
	}
	return h
}

// dfs expands the node at depth g with heuristic h and blank at cell
// blank, reached by a move from prev (-1 at the root).
func (s *ida16) dfs(g, h, blank, prev int) bool {
	s.Expanded++
	blank &= 15
	for i := range int(s.nadj[blank]) {
		nb := int(s.adj[blank][i&3])
		if nb == prev {
			continue
		}
		if !s.Generate() {
			return false
		}
		v := s.at(nb) // the tile slides from nb to blank
		hn := h + int(s.md[v][blank]) - int(s.md[v][nb])
		// Only v's goal line along the move can change its conflicts (see
		// tiles.LineKeys); the key of the line across the move changes
		// when v belongs to it, its conflicts do not.
		var a, c uint8 // the goal line along the move, the line across
		var ka, kc int32
		if s.lc {
			if s.vertical[blank][i&3] {
				a, c = s.Row[v], s.Col[nb]
				ka, kc = s.key[a], s.key[c]
				s.key[a] += s.RowPart[v][blank] - s.RowPart[v][nb]
				s.key[c] += s.ColPart[v][blank] - s.ColPart[v][nb]
				hn += int(s.RowTab[s.key[a]]) - int(s.RowTab[ka])
			} else {
				a, c = s.Col[v], s.Row[nb]
				ka, kc = s.key[a], s.key[c]
				s.key[a] += s.ColPart[v][blank] - s.ColPart[v][nb]
				s.key[c] += s.RowPart[v][blank] - s.RowPart[v][nb]
				hn += int(s.ColTab[s.key[a]]) - int(s.ColTab[ka])
			}
		}
		s.path[g] = int8(nb)
		if hn == 0 {
			s.Found = g + 1
			return true
		}
		if f := g + 1 + hn; f > s.Bound {
			s.Next = min(s.Next, f)
		} else {
			flip := (uint64(v)^s.blankVal)<<(4*uint(nb)) ^ (uint64(v)^s.blankVal)<<(4*uint(blank))
			s.board ^= flip
			if g+1 == s.Split {
				s.record(g+1, nb, blank)
			} else if s.dfs(g+1, hn, nb, blank) {
				return true
			}
			if s.Err != nil {
				return false
			}
			s.board ^= flip
		}
		if s.lc {
			s.key[a], s.key[c] = ka, kc
		}
	}
	return false
}
