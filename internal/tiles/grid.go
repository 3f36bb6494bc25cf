package tiles

import (
	"encoding/binary"

	"github.com/slidekit/slide/internal/engine"
)

// Boards of more than 16 cells. Their cells are held as bytes, one a cell,
// or two (little-endian) beyond 255 cells (wide), the values of Space.
// Two state types hold them: Grid, whose board is a string of its own,
// for IDA*, which stores only its path; and Node, whose board is
// interned in the space's arena, for the engines that store every state
// (A* and BFS): a board is then stored once, however often it is reached,
// generating a state allocates nothing, and a state is a number the
// engines index in their open-addressing tables (gridNodeKey).

// gridKey returns the cells of a board of cell values vals.
func (sp *Space) gridKey(vals []int) []byte {
	w := sp.cellBytes()
	buf := make([]byte, w*len(vals))
	for i, v := range vals {
		sp.setCell(buf, i, v)
	}
	return buf
}

// cellBytes returns the bytes of a cell: 1, or 2 beyond 255 cells.
func (sp *Space) cellBytes() int {
	if sp.wide {
		return 2
	}
	return 1
}

// cell returns the value of cell i of cells.
func (sp *Space) cell(cells []byte, i int) int {
	if sp.wide {
		return int(binary.LittleEndian.Uint16(cells[2*i:]))
	}
	return int(cells[i])
}

// setCell sets the value of cell i of cells.
func (sp *Space) setCell(cells []byte, i, v int) {
	if sp.wide {
		binary.LittleEndian.PutUint16(cells[2*i:], uint16(v))
	} else {
		cells[i] = byte(v)
	}
}

// A gridMove is a move out of a board of more than 16 cells: k tiles in
// line with the blank, the farthest on cell from, slide one cell in
// direction d; h is the board's heuristic after it when the space
// updates it by deltas.
type gridMove struct {
	d       Dir
	k, from int32
	h       int32
}

// gridMoves appends to dst the moves out of cells (blank on cell blank,
// heuristic h), in the order of Packed.Successors: for each Direction,
// the single-tile move, or with line moves every count of tiles from 1 up.
func (sp *Space) gridMoves(cells []byte, blank, h int, dst []gridMove) []gridMove {
	br, bc := blank/sp.cols, blank%sp.cols
	for d := Up; d <= Right; d++ {
		dr, dc := d.Source()
		step := dr*sp.cols + dc
		h := h
		for k := 1; ; k++ {
			r, c := br+k*dr, bc+k*dc
			if r < 0 || c < 0 || r >= sp.rows || c >= sp.cols {
				break
			}
			from, to := blank+k*step, blank+(k-1)*step
			if sp.incr {
				h += sp.delta(sp.cell(cells, from), from, to)
			}
			dst = append(dst, gridMove{d: d, k: int32(k), from: int32(from), h: int32(h)})
			if !sp.line {
				break
			}
		}
	}
	return dst
}

// applyGrid writes to dst the board cells after move m; blank is the
// blank's cell in cells. O(cells).
func (sp *Space) applyGrid(dst, cells []byte, blank int, m gridMove) {
	copy(dst, cells)
	dr, dc := m.d.Source()
	step := dr*sp.cols + dc
	w := sp.cellBytes()
	for i := 1; i <= int(m.k); i++ { // the tile of cell blank+i*step moves one cell toward the blank
		to, from := (blank+(i-1)*step)*w, (blank+i*step)*w
		copy(dst[to:to+w], cells[from:from+w])
	}
	sp.setCell(dst, int(m.from), sp.blankVal)
}

// gridH returns the heuristic of board cells, just made by move m.
func (sp *Space) gridH(cells []byte, m gridMove) int32 {
	if sp.incr {
		return m.h
	}
	return int32(sp.estimate(func(i int) int { return sp.cell(cells, i) }))
}

// A Grid is a board of more than 16 cells as a State of its own: its
// cells in a string. IDA* searches it.
type Grid struct {
	sp    *Space
	key   string
	blank int32
	h     int32
}

// GridStart returns the state of the board of codes code, a board of more
// than 16 cells, for IDA*.
func (sp *Space) GridStart(code []int32) Grid {
	s := Grid{sp: sp, key: string(sp.gridKey(sp.Values(code)))}
	for i, c := range code {
		if c == BlankCode {
			s.blank = int32(i)
		}
	}
	s.h = int32(sp.estimate(s.at))
	return s
}

// GridGoal returns the Grid state of the goal.
func (sp *Space) GridGoal() Grid {
	return Grid{sp: sp, key: sp.goalGrid, blank: int32(sp.t.BlankGoal)}
}

// Blank returns the blank's cell.
func (s Grid) Blank() int { return int(s.blank) }

func (s Grid) at(i int) int {
	if s.sp.wide {
		return int(s.key[2*i]) | int(s.key[2*i+1])<<8
	}
	return int(s.key[i])
}

// Size reports the bytes of the key, for the engines' memory bound.
func (s Grid) Size() int { return len(s.key) }

// Heuristic implements State.
func (s Grid) Heuristic() int { return int(s.h) }

// IsGoal implements State.
func (s Grid) IsGoal() bool { return s.key == s.sp.goalGrid }

// Successors appends to dst the states one move from s, in the order of
// Packed.Successors.
func (s Grid) Successors(dst []Grid) []Grid {
	sp := s.sp
	cells := []byte(s.key)
	sp.gmoves = sp.gridMoves(cells, int(s.blank), int(s.h), sp.gmoves[:0])
	if len(sp.gbuf) != len(cells) {
		sp.gbuf = make([]byte, len(cells))
	}
	for _, m := range sp.gmoves {
		sp.applyGrid(sp.gbuf, cells, int(s.blank), m)
		next := Grid{sp: sp, key: string(sp.gbuf), blank: m.from, h: sp.gridH(sp.gbuf, m)}
		dst = append(dst, next)
	}
	return dst
}

// Next returns Successors in a slice of s's space that the next call of
// Next on a state of the space overwrites.
func (s Grid) Next() []Grid {
	s.sp.nextGrid = s.Successors(s.sp.nextGrid[:0])
	return s.sp.nextGrid
}

// A Node is a board of more than 16 cells as a State whose cells are
// interned in its space's arena: id is their number there.
type Node struct {
	sp    *Space
	id    uint32
	blank int32
	h     int32
}

// NodeStart returns the state of the board of codes code, a board of
// more than 16 cells, interning the goal and the start in a new arena.
func (sp *Space) NodeStart(code []int32) Node {
	goal := sp.gridKey(sp.Values(sp.t.goalCode))
	sp.arena = engine.NewArena(len(goal))
	sp.goalID, _ = sp.arena.Intern(goal)
	s := Node{sp: sp}
	s.id, _ = sp.arena.Intern(sp.gridKey(sp.Values(code)))
	for i, c := range code {
		if c == BlankCode {
			s.blank = int32(i)
		}
	}
	s.h = int32(sp.estimate(s.At))
	return s
}

// NodeGoal returns the Node state of the goal, once NodeStart has made
// the arena.
func (sp *Space) NodeGoal() Node {
	goal := Node{sp: sp, id: sp.goalID, blank: int32(sp.t.BlankGoal)}
	goal.h = int32(sp.estimate(goal.At))
	return goal
}

// At returns the value of cell i.
func (s Node) At(i int) int { return s.sp.cell(s.sp.arena.Get(s.id), i) }

// Blank returns the blank's cell.
func (s Node) Blank() int { return int(s.blank) }

// SetGuard implements engine.Guarded: the arena's memory is the search's.
func (s Node) SetGuard(g *engine.Guard) { s.sp.arena.SetGuard(g) }

// Heuristic implements State.
func (s Node) Heuristic() int { return int(s.h) }

// IsGoal implements State.
func (s Node) IsGoal() bool { return s.id == s.sp.goalID }

// Successors appends to dst the states one move from s, in the order of
// Packed.Successors. It stops early, with fewer moves, when the arena
// cannot store a board; the engines then stop at their guard.
func (s Node) Successors(dst []Node) []Node {
	sp := s.sp
	cells := sp.arena.Get(s.id)
	sp.gmoves = sp.gridMoves(cells, int(s.blank), int(s.h), sp.gmoves[:0])
	if len(sp.gbuf) != len(cells) {
		sp.gbuf = make([]byte, len(cells))
	}
	for _, m := range sp.gmoves {
		sp.applyGrid(sp.gbuf, cells, int(s.blank), m)
		h := sp.gridH(sp.gbuf, m)
		id, ok := sp.arena.Intern(sp.gbuf)
		if !ok {
			break
		}
		dst = append(dst, Node{sp: sp, id: id, blank: m.from, h: h})
	}
	return dst
}

// Next returns Successors in a slice of s's space that the next call of
// Next on a state of the space overwrites.
func (s Node) Next() []Node {
	s.sp.nextNode = s.Successors(s.sp.nextNode[:0])
	return s.sp.nextNode
}

// NodeKey is the engines' Key for Node: its number.
func NodeKey(s Node) uint64 { return uint64(s.id) }
