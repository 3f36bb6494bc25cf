package slide

import (
	"encoding/binary"

	"github.com/slidekit/slide/internal/engine"
)

// Boards of more than 16 cells. Their cells are held as bytes, one a cell,
// or two (little-endian) beyond 255 cells (wide), the values of tileSpace.
// Two state types hold them: gridTile, whose board is a string of its own,
// for IDA*, which stores only its path; and gridNode, whose board is
// interned in the space's arena, for the engines that store every state
// (A* and BFS): a board is then stored once, however often it is reached,
// generating a state allocates nothing, and a state is a number the
// engines index in their open-addressing tables (gridNodeKey).

// gridKey returns the cells of a board of cell values vals.
func (sp *tileSpace) gridKey(vals []int) []byte {
	w := sp.cellBytes()
	buf := make([]byte, w*len(vals))
	for i, v := range vals {
		sp.setCell(buf, i, v)
	}
	return buf
}

// cellBytes returns the bytes of a cell: 1, or 2 beyond 255 cells.
func (sp *tileSpace) cellBytes() int {
	if sp.wide {
		return 2
	}
	return 1
}

// cell returns the value of cell i of cells.
func (sp *tileSpace) cell(cells []byte, i int) int {
	if sp.wide {
		return int(binary.LittleEndian.Uint16(cells[2*i:]))
	}
	return int(cells[i])
}

// setCell sets the value of cell i of cells.
func (sp *tileSpace) setCell(cells []byte, i, v int) {
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
	d       Direction
	k, from int32
	h       int32
}

// gridMoves appends to dst the moves out of cells (blank on cell blank,
// heuristic h), in the order of packedTile.Successors: for each Direction,
// the single-tile move, or with line moves every count of tiles from 1 up.
func (sp *tileSpace) gridMoves(cells []byte, blank, h int, dst []gridMove) []gridMove {
	br, bc := blank/sp.cols, blank%sp.cols
	for d := Up; d <= Right; d++ {
		dr, dc := d.source()
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
func (sp *tileSpace) applyGrid(dst, cells []byte, blank int, m gridMove) {
	copy(dst, cells)
	dr, dc := m.d.source()
	step := dr*sp.cols + dc
	w := sp.cellBytes()
	for i := 1; i <= int(m.k); i++ { // the tile of cell blank+i*step moves one cell toward the blank
		to, from := (blank+(i-1)*step)*w, (blank+i*step)*w
		copy(dst[to:to+w], cells[from:from+w])
	}
	sp.setCell(dst, int(m.from), sp.blankVal)
}

// gridH returns the heuristic of board cells, just made by move m.
func (sp *tileSpace) gridH(cells []byte, m gridMove) int32 {
	if sp.incr {
		return m.h
	}
	return int32(sp.estimate(func(i int) int { return sp.cell(cells, i) }))
}

// A gridTile is a board of more than 16 cells as a State of its own: its
// cells in a string. IDA* searches it.
type gridTile struct {
	sp    *tileSpace
	key   string
	blank int32
	h     int32
}

func (sp *tileSpace) gridStart(code []int32) gridTile {
	s := gridTile{sp: sp, key: string(sp.gridKey(sp.values(code)))}
	for i, c := range code {
		if c == blankCode {
			s.blank = int32(i)
		}
	}
	s.h = int32(sp.estimate(s.at))
	return s
}

func (s gridTile) at(i int) int {
	if s.sp.wide {
		return int(s.key[2*i]) | int(s.key[2*i+1])<<8
	}
	return int(s.key[i])
}

// Size reports the bytes of the key, for the engines' memory bound.
func (s gridTile) Size() int { return len(s.key) }

// Heuristic implements State.
func (s gridTile) Heuristic() int { return int(s.h) }

// IsGoal implements State.
func (s gridTile) IsGoal() bool { return s.key == s.sp.goalGrid }

// Successors implements State, in the order of packedTile.Successors.
func (s gridTile) Successors(dst []Arc[gridTile, int]) []Arc[gridTile, int] {
	sp := s.sp
	cells := []byte(s.key)
	sp.gmoves = sp.gridMoves(cells, int(s.blank), int(s.h), sp.gmoves[:0])
	if len(sp.gbuf) != len(cells) {
		sp.gbuf = make([]byte, len(cells))
	}
	for _, m := range sp.gmoves {
		sp.applyGrid(sp.gbuf, cells, int(s.blank), m)
		next := gridTile{sp: sp, key: string(sp.gbuf), blank: m.from, h: sp.gridH(sp.gbuf, m)}
		dst = append(dst, Arc[gridTile, int]{next, 1})
	}
	return dst
}

// A gridNode is a board of more than 16 cells as a State whose cells are
// interned in its space's arena: id is their number there.
type gridNode struct {
	sp    *tileSpace
	id    uint32
	blank int32
	h     int32
}

// gridNodeStart returns the state of the board of codes, interning the
// goal and the start in a new arena.
func (sp *tileSpace) gridNodeStart(code []int32) gridNode {
	goal := sp.gridKey(sp.values(sp.t.goalCode))
	sp.arena = engine.NewArena(len(goal))
	sp.goalID, _ = sp.arena.Intern(goal)
	s := gridNode{sp: sp}
	s.id, _ = sp.arena.Intern(sp.gridKey(sp.values(code)))
	for i, c := range code {
		if c == blankCode {
			s.blank = int32(i)
		}
	}
	s.h = int32(sp.estimate(s.at))
	return s
}

func (s gridNode) at(i int) int { return s.sp.cell(s.sp.arena.Get(s.id), i) }

// setGuard implements guarded: the arena's memory is the search's.
func (s gridNode) SetGuard(g *engine.Guard) { s.sp.arena.SetGuard(g) }

// Heuristic implements State.
func (s gridNode) Heuristic() int { return int(s.h) }

// IsGoal implements State.
func (s gridNode) IsGoal() bool { return s.id == s.sp.goalID }

// Successors implements State, in the order of packedTile.Successors. It
// stops early, with fewer moves, when the arena cannot store a board; the
// engines then stop at their guard.
func (s gridNode) Successors(dst []Arc[gridNode, int]) []Arc[gridNode, int] {
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
		dst = append(dst, Arc[gridNode, int]{gridNode{sp: sp, id: id, blank: m.from, h: h}, 1})
	}
	return dst
}

// gridNodeKey is the engines' Key for gridNode: its number.
func gridNodeKey(s gridNode) uint64 { return uint64(s.id) }
