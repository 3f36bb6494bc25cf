package blocks

import (
	"encoding/binary"
	"math/bits"
	"slices"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/tiles"
)

// A Space is one sliding-block puzzle as the BFS engine sees it: the
// grid, the movable pieces sorted into groups, the fixed pieces' cells, the
// metric and the goal, shared by all the puzzle's states. It also holds the
// scratch buffers in which a state is expanded, so an engine expands one
// state at a time (as every engine does, on one goroutine).
//
// A state is the key of its movable pieces: one bit field (a slot) per
// piece, the slots of a group side by side, the groups in order. A group is
// a set of identical pieces, which are interchangeable: same width, height
// and Motion, and for Horizontal (Vertical) pieces the same row (column),
// the only one they will ever have. The goal piece, a BlockGoalAt piece,
// and with DistinctPieces every piece, has a group of its own. Within a
// group the fields are in ascending order, which makes the key canonical:
// one key per arrangement of the pieces, identical pieces merged.
//
// A field holds a piece's position relative to the group's (r0, c0): the
// row offset shifted left by cb, ORed with the column offset. A Horizontal
// piece's field is thus its column, a Vertical piece's its row; a piece
// that cannot move has a field of 0 bits. Keys of at most 64 bits are a
// uint64 (State64); longer ones a string (Wide).
//
// Occupancy is a bitboard, bit r*cols+c for the cell in row r, column c:
// one uint64 when the grid has at most 64 cells (narrow), else a slice of
// words. In general (generate), expanding a state decodes its fields into
// scratch slices, lifts each movable piece off the board in turn and tries
// its moves with fits; on narrow grids, with straight or single-cell
// moves, successors64 does the same work in registers.
type Space struct {
	rows, cols int
	metric     Metric
	narrow     bool // at most 64 cells: occupancy in occ0
	groups     []group
	slots      []fieldSlot // each slot's group and field
	bits       uint        // bits of a key
	wideKey    bool        // bits > 64: Wide states
	fixed      []uint64
	full       uint64 // narrow: the cells of the grid
	firstCol   uint64 // narrow: the cells of column 0
	lastCol    uint64 // narrow: the cells of the last column
	goal       goalTest
	start      []Piece

	// Scratch, valid while one state is expanded.
	words       []uint64 // the key being decoded
	codes       []uint32 // its fields, by slot
	rs, cs      []int32  // the row and column of each slot's piece
	occ0        uint64   // narrow occupancy
	occ         []uint64 // wide occupancy
	moves       []step
	cellsOf     [64]uint64 // successors64: the cells of each slot's piece
	keys        []uint64   // the moves of successors64, for Successors
	nextState64 []State64  // the successors Next returns
	nextWide    []Wide
	mark        []uint32 // piece moves: flood-fill visit stamps, by cell
	stamp       uint32
	queue       []int32
	keyBuf      []byte
	wideBuf     []byte        // keyWide's key
	guard       *engine.Guard // Wide: the search's
	arena       *engine.Arena // Wide: the keys
}

// A group is a set of interchangeable pieces: slots first to end-1.
type group struct {
	w, h       int
	motion     Motion
	r0, c0     int  // the origin of field values
	cb         uint // bits of a field's column offset
	bits       uint // bits of a field
	off        uint // bit offset of slot first
	first, end int
	mask       uint32    // 1<<bits - 1
	all        uint64    // the bits of all its fields, from bit 0
	dirs       uint8     // bit d set if the pieces may slide in Direction d
	maxR, maxC uint      // the largest row and column of a piece's corner
	rect       uint64    // narrow: the piece's cells at the upper-left corner
	cells      []uint64  // narrow: its cells at each field value
	edges      [4]uint64 // narrow: its first row, last row, first column, last column
	steps      [4]uint32 // the change of a field when the piece steps tiles.Up, tiles.Down, tiles.Left, tiles.Right (mod 2^32)
	vert       uint64    // all ones if the pieces may move up and down, else 0
	horiz      uint64    // all ones if they may move left and right, else 0
	members    []int     // the pieces in the group, by number
	own        bool      // a group of its own: no other piece may join
}

// A fieldSlot is a slot's place: its group, its index in the group and
// the bit offset of its field.
type fieldSlot struct {
	g   *group
	j   int
	off uint
}

// A step is a move found while expanding a state: the slot's piece
// goes to the position of field value code.
type step struct {
	slot int32
	code uint32
}

// A goalTest is the goal as the states test it.
type goalTest struct {
	g        *group // the group (of one) of the piece the goal is about
	row, col int    // where it must be; row -1 for any row
	match    func([]Piece) bool
}

// NewSpace prepares a search of the puzzle of pieces on a rows x cols
// grid (pieces[0] is the goal piece), whose pieces fit the grid without
// overlapping, under metric, for goal (whose piece and place fit the
// grid); with distinct, no two pieces are taken for interchangeable.
func NewSpace(rows, cols int, pieces []Piece, metric Metric, goal Goal, distinct bool) *Space {
	sp := &Space{rows: rows, cols: cols, metric: metric, start: pieces}
	n := sp.rows * sp.cols
	sp.narrow = n <= 64
	sp.fixed = make([]uint64, (n+63)/64)
	for i, p := range pieces {
		own := distinct || i == 0 || i == goal.Piece
		if p.Motion == Fixed && !own {
			sp.setRect(sp.fixed, p.Row, p.Col, p.Width, p.Height, true)
			continue
		}
		sp.join(p, i, own)
	}
	sp.layout()
	sp.goal = goalTest{g: sp.groupOf(goal.Piece), row: goal.Row, col: goal.Col, match: goal.Match}
	slots := len(sp.slots)
	sp.words = make([]uint64, (sp.bits+63)/64+1)
	sp.codes = make([]uint32, slots)
	sp.rs, sp.cs = make([]int32, slots), make([]int32, slots)
	sp.occ = make([]uint64, len(sp.fixed))
	sp.keyBuf = make([]byte, 8*len(sp.words))
	if sp.metric == PieceMoves {
		sp.mark = make([]uint32, n)
	}
	return sp
}

// join adds piece i to the group of its identical pieces, or to a new
// group, its own if distinct.
func (sp *Space) join(p Piece, i int, distinct bool) {
	g := group{w: p.Width, h: p.Height, motion: p.Motion}
	switch p.Motion {
	case Horizontal:
		g.r0, g.cb = p.Row, uint(bits.Len(uint(sp.cols-p.Width)))
		g.bits = g.cb
	case Vertical:
		g.c0, g.bits = p.Col, uint(bits.Len(uint(sp.rows-p.Height)))
	case Both:
		g.cb = uint(bits.Len(uint(sp.cols - p.Width)))
		g.bits = g.cb + uint(bits.Len(uint(sp.rows-p.Height)))
	default:
		g.r0, g.c0 = p.Row, p.Col
	}
	if !distinct {
		for k := range sp.groups {
			h := &sp.groups[k]
			if !h.own && h.w == g.w && h.h == g.h && h.motion == g.motion && h.r0 == g.r0 && h.c0 == g.c0 {
				h.members = append(h.members, i)
				return
			}
		}
	}
	g.members, g.own = []int{i}, distinct
	g.mask = 1<<g.bits - 1
	g.steps = [4]uint32{^uint32(0) << g.cb, 1 << g.cb, ^uint32(0), 1}
	g.maxR, g.maxC = uint(sp.rows-g.h), uint(sp.cols-g.w)
	for d := tiles.Up; d <= tiles.Right; d++ {
		if g.motion.Allows(d) {
			g.dirs |= 1 << d
		}
	}
	if g.motion.Allows(tiles.Up) {
		g.vert = ^uint64(0)
	}
	if g.motion.Allows(tiles.Left) {
		g.horiz = ^uint64(0)
	}
	sp.groups = append(sp.groups, g)
}

// layout assigns the groups their slots and bit offsets, and the pieces'
// rectangles.
func (sp *Space) layout() {
	slot := 0
	for k := range sp.groups {
		g := &sp.groups[k]
		g.first, g.end, g.off = slot, slot+len(g.members), sp.bits
		slot = g.end
		sp.bits += g.bits * uint(len(g.members))
		g.all = 1<<(g.bits*uint(len(g.members))) - 1
		for j := range g.members {
			sp.slots = append(sp.slots, fieldSlot{g: g, j: j, off: g.off + uint(j)*g.bits})
		}
		if sp.narrow {
			row := uint64(1)<<g.w - 1
			var col uint64
			for r := range g.h {
				g.rect |= row << (r * sp.cols)
				col |= 1 << (r * sp.cols)
			}
			g.edges = [4]uint64{row, row << ((g.h - 1) * sp.cols), col, col << (g.w - 1)}
			g.cells = make([]uint64, 1<<g.bits)
			for code := range g.cells {
				if r, c := g.pos(uint32(code)); r <= sp.rows-g.h && c <= sp.cols-g.w {
					g.cells[code] = g.rect << (r*sp.cols + c)
				}
			}
		}
	}
	sp.wideKey = sp.bits > 64
	if sp.narrow {
		sp.full = 1<<(sp.rows*sp.cols) - 1
		for r := range sp.rows {
			sp.firstCol |= 1 << (r * sp.cols)
		}
		sp.lastCol = sp.firstCol << (sp.cols - 1)
	}
}

// groupOf returns the group of piece i, which must not be a fixed piece
// merged into the occupancy.
func (sp *Space) groupOf(i int) *group {
	for k := range sp.groups {
		if slices.Contains(sp.groups[k].members, i) {
			return &sp.groups[k]
		}
	}
	return nil
}

// code returns the field value of a group's piece at row r, column c.
func (g *group) code(r, c int) uint32 { return uint32(r-g.r0)<<g.cb | uint32(c-g.c0) }

// insert returns key with the field of the group's j-th slot replaced by
// code, which no other field of the group holds, and moved up or down to
// keep the fields in ascending order, the others making room. All shifts
// are below 64 (the key fits a uint64): &63 spares their checks.
func (g *group) insert(key uint64, j int, code uint32) uint64 {
	n, b, off := g.end-g.first, g.bits&63, g.off&63
	// i is the slot where code belongs, found from j: a step or two.
	i := j
	if old := uint32(key>>((off+uint(j)*b)&63)) & g.mask; code > old {
		for i+1 < n && uint32(key>>((off+uint(i+1)*b)&63))&g.mask < code {
			i++
		}
	} else {
		for i > 0 && uint32(key>>((off+uint(i-1)*b)&63))&g.mask > code {
			i--
		}
	}
	if i == j {
		sh := (off + uint(j)*b) & 63
		return key&^(uint64(g.mask)<<sh) | uint64(code)<<sh
	}
	fields := key >> off & g.all
	below := uint64(1)<<(uint(j)*b&63) - 1
	rest := fields&below | fields>>b&^below // n-1 fields, j's gone
	below = uint64(1)<<(uint(i)*b&63) - 1
	fields = rest&below | uint64(code)<<(uint(i)*b&63) | (rest&^below)<<b
	return key&^(g.all<<off) | fields<<off
}

// pos returns the row and column of the position of field value code.
func (g *group) pos(code uint32) (r, c int) {
	return g.r0 + int(code>>g.cb), g.c0 + int(code&(1<<g.cb-1))
}

// field returns the bits [off, off+n) of words, n <= 32.
func field(words []uint64, off, n uint) uint32 {
	w, sh := off/64, off%64
	v := words[w] >> sh
	if sh+n > 64 {
		v |= words[w+1] << (64 - sh)
	}
	return uint32(v & (1<<n - 1))
}

// decode unpacks sp.words into codes, rs and cs.
func (sp *Space) decode() {
	for k := range sp.groups {
		g := &sp.groups[k]
		off := g.off
		for s := g.first; s < g.end; s++ {
			code := field(sp.words, off, g.bits)
			sp.codes[s] = code
			r, c := g.pos(code)
			sp.rs[s], sp.cs[s] = int32(r), int32(c)
			off += g.bits
		}
	}
}

// Pack64 returns the key of codes, when it fits in a uint64.
func (sp *Space) Pack64(codes []uint32) uint64 {
	var key uint64
	for k := range sp.groups {
		g := &sp.groups[k]
		for s := g.first; s < g.end; s++ {
			key |= uint64(codes[s]) << (g.off + uint(s-g.first)*g.bits)
		}
	}
	return key
}

// packWide returns the key of codes as (bits+7)/8 bytes, little-endian,
// in sp's scratch: valid until the next call.
func (sp *Space) packWide(codes []uint32) []byte {
	clear(sp.words)
	for k := range sp.groups {
		g := &sp.groups[k]
		for s := g.first; s < g.end; s++ {
			off := g.off + uint(s-g.first)*g.bits
			v := uint64(codes[s])
			sp.words[off/64] |= v << (off % 64)
			if off%64+g.bits > 64 {
				sp.words[off/64+1] |= v >> (64 - off%64)
			}
		}
	}
	for i, w := range sp.words {
		binary.LittleEndian.PutUint64(sp.keyBuf[8*i:], w)
	}
	return sp.keyBuf[:(sp.bits+7)/8]
}

// unpackWide loads a packWide key into sp.words.
func (sp *Space) unpackWide(key []byte) {
	clear(sp.keyBuf)
	copy(sp.keyBuf, key)
	for i := range sp.words {
		sp.words[i] = binary.LittleEndian.Uint64(sp.keyBuf[8*i:])
	}
}

// sortedCodes returns canonical codes (fields ascending within each group)
// for pieces at the rows and columns of rs and cs, by slot.
func (sp *Space) sortedCodes(rs, cs []int32) []uint32 {
	codes := make([]uint32, len(rs))
	for k := range sp.groups {
		g := &sp.groups[k]
		for s := g.first; s < g.end; s++ {
			c := g.code(int(rs[s]), int(cs[s]))
			j := s
			for ; j > g.first && codes[j-1] > c; j-- {
				codes[j] = codes[j-1]
			}
			codes[j] = c
		}
	}
	return codes
}

// StartCodes returns the canonical codes of the start.
func (sp *Space) StartCodes() []uint32 {
	rs, cs := make([]int32, len(sp.slots)), make([]int32, len(sp.slots))
	for k := range sp.groups {
		g := &sp.groups[k]
		for j, i := range g.members {
			p := sp.start[i]
			rs[g.first+j], cs[g.first+j] = int32(p.Row), int32(p.Col)
		}
	}
	return sp.sortedCodes(rs, cs)
}

// key64 returns the key after move m of the state of key.
func (sp *Space) key64(key uint64, m step) uint64 {
	sl := &sp.slots[m.slot]
	if g := sl.g; g.end-g.first > 1 {
		return g.insert(key, sl.j, m.code)
	}
	return key&^(uint64(sl.g.mask)<<sl.off) | uint64(m.code)<<sl.off
}

// keyWide returns the key after move m of the state of key, just
// decoded, in sp's scratch (valid until the next call): key with the
// fields of m's group rewritten from the moving piece's slot to the slot
// where its new field belongs, so that they stay in ascending order.
// O(key bytes + the fields between the two slots).
func (sp *Space) keyWide(key []byte, m step) []byte {
	n := len(key)
	if len(sp.wideBuf) < n+8 {
		sp.wideBuf = make([]byte, n+8) // 8 bytes of room for setField
	}
	buf := sp.wideBuf
	copy(buf, key)
	g := sp.slots[m.slot].g
	fields := sp.codes[g.first:g.end]
	j := int(m.slot) - g.first
	i, _ := slices.BinarySearch(fields, m.code) // fields below the new one
	if fields[j] < m.code {
		i-- // the moving piece's own field is not below it any more
	}
	put := func(slot int, code uint32) { setField(buf, g.off+uint(slot)*g.bits, g.bits, code) }
	switch {
	case i > j:
		for k := j; k < i; k++ {
			put(k, fields[k+1])
		}
	case i < j:
		for k := j; k > i; k-- {
			put(k, fields[k-1])
		}
	}
	put(i, m.code)
	return buf[:n]
}

// setField writes the n bits of v (n <= 32) at bit off of buf, which must
// have 8 bytes from byte off/8 on.
func setField(buf []byte, off, n uint, v uint32) {
	at, sh := off/8, off%8
	w := binary.LittleEndian.Uint64(buf[at:])
	mask := (uint64(1)<<n - 1) << sh
	binary.LittleEndian.PutUint64(buf[at:], w&^mask|uint64(v)<<sh)
}

// Kind tells which search takes the space: one over Wide states when its
// keys take more than 64 bits, else BFS64 on grids of at most 64 cells
// under straight or step moves, else one over State64 states.
func (sp *Space) Kind() Kind {
	switch {
	case sp.wideKey:
		return WideStates
	case sp.narrow && sp.metric != PieceMoves:
		return NarrowBFS
	}
	return States64
}

// A Kind is the search a space takes (see Space.Kind).
type Kind uint8

// The kinds of search.
const (
	States64 Kind = iota
	NarrowBFS
	WideStates
)

// State64 returns the state of key, a key of at most 64 bits.
func (sp *Space) State64(key uint64) State64 { return State64{sp, key} }

// Move returns the move between two positions of a path, a and b, given
// by their fields: the pieces that may have made it (the members of the
// group whose field changed, interchangeable), from where to where (the
// upper-left cell of the piece before and after), or ok false if a and b
// are not one piece's move apart.
func (sp *Space) Move(a, b []uint32) (members []int, r0, c0, r1, c1 int, ok bool) {
	g, from, to := sp.changed(a, b)
	if g == nil {
		return nil, 0, 0, 0, 0, false
	}
	r0, c0 = g.pos(from)
	r1, c1 = g.pos(to)
	return g.members, r0, c0, r1, c1, true
}

// changed returns the group whose fields differ between a and b, the
// field only a has and the field only b has; nil if the two are not one
// piece's move apart.
func (sp *Space) changed(a, b []uint32) (g *group, from, to uint32) {
	for k := range sp.groups {
		h := &sp.groups[k]
		x, y := a[h.first:h.end], b[h.first:h.end]
		var gone, come []uint32
		for len(x) > 0 || len(y) > 0 { // merge two ascending lists
			switch {
			case len(y) == 0 || len(x) > 0 && x[0] < y[0]:
				gone, x = append(gone, x[0]), x[1:]
			case len(x) == 0 || y[0] < x[0]:
				come, y = append(come, y[0]), y[1:]
			default:
				x, y = x[1:], y[1:]
			}
		}
		if len(gone) == 0 && len(come) == 0 {
			continue
		}
		if g != nil || len(gone) != 1 || len(come) != 1 {
			return nil, 0, 0
		}
		g, from, to = h, gone[0], come[0]
	}
	return g, from, to
}

// Force makes the space use its forms for large puzzles on any puzzle:
// the occupancy in a slice of words (wideGrid), and keys as byte strings
// (wideKey). Tests check each form so on small puzzles.
func (sp *Space) Force(wideGrid, wideKey bool) {
	if wideGrid {
		sp.narrow = false
	}
	if wideKey {
		sp.wideKey = true
	}
}
