package slide

import (
	"context"
	"sync"
)

// ida16 is IDA* specialized for boards of at most 16 cells with distinct
// labels whose lines are at most maxTableLine long, the 8- and 15-puzzle
// among them, under Manhattan distance with or without linear conflicts.
// It runs on one uint64 (four bits a cell holding the tile's goal cell, as
// packedTile does), updates the heuristic by deltas, never generates the
// move that undoes the previous one, and allocates nothing while it
// searches.
//
// Linear conflicts are kept incrementally: every line (row or column)
// holds a key, the sum over its cells of digit*(L+1)^place, where a cell's
// digit is its tile's goal place in the line + 1 if the tile belongs to the
// line and 0 otherwise; a table maps each key to twice the line's
// conflicts. A vertical move changes the keys (and conflicts) of two rows
// and the key, not the conflicts, of one column; horizontal moves the
// reverse.
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
	lineKeys
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

// maxTableLine is the longest line whose conflicts come from a table
// ((L+1)^L entries: 117,649 for 6). Boards with longer lines go to idaGrid.
const maxTableLine = 6

// maxMDLCTableLine is the longest line whose conflicts mdlcEval reads
// from a table: 8^7 = 2,097,152 entries for 7 (2 MB, made in about 70 ms).
// Scoring 7 x 7 boards' lines instead took a third of the anytime mode's
// time on them.
const maxMDLCTableLine = 7

// conflictTables holds the conflict table of each line length, built on
// first use and never changed afterwards.
var conflictTables struct {
	sync.Mutex
	byLength [maxMDLCTableLine + 1][]uint8
}

func conflictTable(length int) []uint8 {
	conflictTables.Lock()
	defer conflictTables.Unlock()
	t := &conflictTables.byLength[length]
	if *t == nil {
		*t = buildConflictTable(length)
	}
	return *t
}

// buildConflictTable maps every key of a line of the given length to twice
// its conflicts.
func buildConflictTable(length int) []uint8 {
	base := length + 1
	size := 1
	for range length {
		size *= base
	}
	t := make([]uint8, size)
	var lis lisBuffer
	for key := range size {
		lis.reset()
		for k := key; k > 0; k /= base {
			if d := k % base; d > 0 {
				lis.add(d)
			}
		}
		t[key] = uint8(2 * lis.conflicts())
	}
	return t
}

// fitsIDA16 reports whether ida16 takes boards of this shape.
func fitsIDA16(rows, cols int) bool {
	return rows*cols <= 16 && rows <= maxTableLine && cols <= maxTableLine
}

// lineKeys holds what the keys of the lines of a board of at most 16 cells
// are made of (see ida16). Lines 0 ... rows-1 are the rows, then the
// columns.
type lineKeys struct {
	row, col [16]uint8     // the lines of each cell's row and column
	rowPart  [16][16]int32 // rowPart[v][c]: value v's term, at cell c, in the key of c's row
	colPart  [16][16]int32 // colPart[v][c]: the same for c's column
	rowTab   []uint8       // row keys to twice their conflicts
	colTab   []uint8
	rows     int
	cols     int
}

func newLineKeys(rows, cols, blankVal int) lineKeys {
	k := lineKeys{rows: rows, cols: cols, rowTab: conflictTable(cols), colTab: conflictTable(rows)}
	for cell := range rows * cols {
		r, c := cell/cols, cell%cols
		k.row[cell], k.col[cell] = uint8(r), uint8(rows+c)
		for v := range rows * cols {
			if v == blankVal {
				continue
			}
			if v/cols == r { // v belongs to row r, at place v%cols
				k.rowPart[v][cell] = int32(v%cols+1) * pow(cols+1, c)
			}
			if v%cols == c {
				k.colPart[v][cell] = int32(v/cols+1) * pow(rows+1, r)
			}
		}
	}
	return k
}

// lineKey returns the key of line l of a packed board.
func (k *lineKeys) lineKey(board uint64, l int) int32 {
	var key int32
	if l < k.rows {
		for cell := l * k.cols; cell < (l+1)*k.cols; cell++ {
			key += k.rowPart[board>>(4*cell)&15][cell&15]
		}
		return key
	}
	for cell := l - k.rows; cell < k.rows*k.cols; cell += k.cols {
		key += k.colPart[board>>(4*cell)&15][cell&15]
	}
	return key
}

// moveDelta returns the change in twice the conflicts when the tile of
// value v slides from cell from to the blank at cell to of board. Only the
// tile's goal line along the move can change: a vertical move takes the
// tile out of a row or into one, and rows count only their own tiles.
func (k *lineKeys) moveDelta(board uint64, v, from, to int) int {
	if from%k.cols == to%k.cols { // vertical
		switch goal := k.row[v]; goal {
		case k.row[from]:
			key := k.lineKey(board, int(goal))
			return int(k.rowTab[key-k.rowPart[v][from]]) - int(k.rowTab[key])
		case k.row[to]:
			key := k.lineKey(board, int(goal))
			return int(k.rowTab[key+k.rowPart[v][to]]) - int(k.rowTab[key])
		}
		return 0
	}
	switch goal := k.col[v]; goal {
	case k.col[from]:
		key := k.lineKey(board, int(goal))
		return int(k.colTab[key-k.colPart[v][from]]) - int(k.colTab[key])
	case k.col[to]:
		key := k.lineKey(board, int(goal))
		return int(k.colTab[key+k.colPart[v][to]]) - int(k.colTab[key])
	}
	return 0
}

func newIDA16(sp *tileSpace, lc bool) *ida16 {
	rows, cols := sp.rows, sp.cols
	s := &ida16{rows: rows, n: sp.n, blankVal: uint64(sp.blankVal), lc: lc, md: sp.md}
	for c := range s.n {
		r, cc := c/cols, c%cols
		for _, nb := range [4][2]int{{r - 1, cc}, {r, cc - 1}, {r, cc + 1}, {r + 1, cc}} {
			if nb[0] >= 0 && nb[0] < rows && nb[1] >= 0 && nb[1] < cols {
				s.adj[c][s.nadj[c]] = uint8(nb[0]*cols + nb[1])
				s.vertical[c][s.nadj[c]] = nb[1] == cc
				s.nadj[c]++
			}
		}
	}
	s.lineKeys = newLineKeys(rows, cols, sp.blankVal)
	return s
}

// pow returns b^e for small numbers.
func pow(b, e int) int32 {
	p := int32(1)
	for range e {
		p *= int32(b)
	}
	return p
}

func (s *ida16) at(cell int) int { return int(s.board>>(4*cell)) & 15 }

// solve searches from the packed board with its blank; it returns the
// number of moves, leaving the blank's cells in path, or -1 with s.Err set.
func (s *ida16) solve(ctx context.Context, board uint64, blank int, lim Limits) int {
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
		s.key[s.row[c]] += s.rowPart[v][c]
		s.key[s.col[c]] += s.colPart[v][c]
	}
	if s.lc {
		for line := range s.n/s.rows + s.rows {
			if line < s.rows {
				h += int(s.rowTab[s.key[line]])
			} else {
				h += int(s.colTab[s.key[line]])
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
		// lineKeys.moveDelta); the key of the line across the move changes
		// when v belongs to it, its conflicts do not.
		var a, c uint8 // the goal line along the move, the line across
		var ka, kc int32
		if s.lc {
			if s.vertical[blank][i&3] {
				a, c = s.row[v], s.col[nb]
				ka, kc = s.key[a], s.key[c]
				s.key[a] += s.rowPart[v][blank] - s.rowPart[v][nb]
				s.key[c] += s.colPart[v][blank] - s.colPart[v][nb]
				hn += int(s.rowTab[s.key[a]]) - int(s.rowTab[ka])
			} else {
				a, c = s.col[v], s.row[nb]
				ka, kc = s.key[a], s.key[c]
				s.key[a] += s.colPart[v][blank] - s.colPart[v][nb]
				s.key[c] += s.rowPart[v][blank] - s.rowPart[v][nb]
				hn += int(s.colTab[s.key[a]]) - int(s.colTab[ka])
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
