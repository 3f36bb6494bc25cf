package slide

import (
	"encoding/binary"
	"math/bits"
	"slices"

	"github.com/slidekit/slide/internal/engine"
)

// A blockSpace is one sliding-block puzzle as the BFS engine sees it: the
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
// uint64 (block64); longer ones a string (blockWide).
//
// Occupancy is a bitboard, bit r*cols+c for the cell in row r, column c:
// one uint64 when the grid has at most 64 cells (narrow), else a slice of
// words. In general (generate), expanding a state decodes its fields into
// scratch slices, lifts each movable piece off the board in turn and tries
// its moves with fits; on narrow grids, with straight or single-cell
// moves, successors64 does the same work in registers.
type blockSpace struct {
	rows, cols int
	metric     BlockMetric
	narrow     bool // at most 64 cells: occupancy in occ0
	groups     []blockGroup
	slots      []blockSlot // each slot's group and field
	bits       uint        // bits of a key
	wideKey    bool        // bits > 64: blockWide states
	fixed      []uint64
	full       uint64 // narrow: the cells of the grid
	firstCol   uint64 // narrow: the cells of column 0
	lastCol    uint64 // narrow: the cells of the last column
	goal       blockGoalTest
	start      Blocks

	// Scratch, valid while one state is expanded.
	words   []uint64 // the key being decoded
	codes   []uint32 // its fields, by slot
	rs, cs  []int32  // the row and column of each slot's piece
	occ0    uint64   // narrow occupancy
	occ     []uint64 // wide occupancy
	moves   []blockStep
	cellsOf [64]uint64 // successors64: the cells of each slot's piece
	keys    []uint64   // the moves of successors64, for Successors
	mark    []uint32   // piece moves: flood-fill visit stamps, by cell
	stamp   uint32
	queue   []int32
	keyBuf  []byte
	wideBuf []byte        // keyWide's key
	guard   *engine.Guard // blockWide: the search's
	arena   *engine.Arena // blockWide: the keys
}

// A blockGroup is a set of interchangeable pieces: slots first to end-1.
type blockGroup struct {
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
	steps      [4]uint32 // the change of a field when the piece steps Up, Down, Left, Right (mod 2^32)
	vert       uint64    // all ones if the pieces may move up and down, else 0
	horiz      uint64    // all ones if they may move left and right, else 0
	members    []int     // the pieces in the group, by number in Blocks
	own        bool      // a group of its own: no other piece may join
}

// A blockSlot is a slot's place: its group, its index in the group and
// the bit offset of its field.
type blockSlot struct {
	g   *blockGroup
	j   int
	off uint
}

// A blockStep is a move found while expanding a state: the slot's piece
// goes to the position of field value code.
type blockStep struct {
	slot int32
	code uint32
}

// A blockGoalTest is the goal as the states test it.
type blockGoalTest struct {
	g        *blockGroup // the group (of one) of the piece the goal is about
	row, col int         // where it must be; row -1 for any row
	match    func(Blocks) bool
}

// newBlockSpace prepares b for a search by s.
func newBlockSpace(fn string, b Blocks, s BlockSolver) (*blockSpace, error) {
	if !b.IsValid() || b.NumPieces() == 0 {
		return nil, errorf(fn, ErrPiece, "no puzzle: the zero Blocks")
	}
	if s.Metric >= numBlockMetrics {
		return nil, errorf(fn, ErrOption, "unknown metric %v", s.Metric)
	}
	goalPiece := 0
	if s.Goal.at {
		goalPiece = s.Goal.piece
		if goalPiece < 0 || goalPiece >= b.NumPieces() {
			return nil, errorf(fn, ErrOption, "goal piece %d: the puzzle has pieces 0 to %d", goalPiece, b.NumPieces()-1)
		}
		p := b.Piece(goalPiece)
		if msg := checkPiece(b.Rows(), b.Cols(), Piece{Row: s.Goal.row, Col: s.Goal.col, Width: p.Width, Height: p.Height}); msg != "" {
			return nil, errorf(fn, ErrOption, "goal: piece %d %s", goalPiece, msg)
		}
	}
	sp := &blockSpace{rows: b.Rows(), cols: b.Cols(), metric: s.Metric, start: b}
	n := sp.rows * sp.cols
	sp.narrow = n <= 64
	sp.fixed = make([]uint64, (n+63)/64)
	for i, p := range b.Pieces() {
		distinct := s.DistinctPieces || i == 0 || i == goalPiece
		if p.Motion == Fixed && !distinct {
			sp.setRect(sp.fixed, p.Row, p.Col, p.Width, p.Height, true)
			continue
		}
		sp.join(p, i, distinct)
	}
	sp.layout()
	g := sp.groupOf(goalPiece)
	sp.goal = blockGoalTest{g: g, row: -1, col: sp.cols - g.w, match: s.Goal.match}
	if s.Goal.at {
		sp.goal.row, sp.goal.col = s.Goal.row, s.Goal.col
	}
	slots := len(sp.slots)
	sp.words = make([]uint64, (sp.bits+63)/64+1)
	sp.codes = make([]uint32, slots)
	sp.rs, sp.cs = make([]int32, slots), make([]int32, slots)
	sp.occ = make([]uint64, len(sp.fixed))
	sp.keyBuf = make([]byte, 8*len(sp.words))
	if sp.metric == PieceMoves {
		sp.mark = make([]uint32, n)
	}
	return sp, nil
}

// join adds piece i to the group of its identical pieces, or to a new
// group, its own if distinct.
func (sp *blockSpace) join(p Piece, i int, distinct bool) {
	g := blockGroup{w: p.Width, h: p.Height, motion: p.Motion}
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
	for d := Up; d <= Right; d++ {
		if g.motion.allows(d) {
			g.dirs |= 1 << d
		}
	}
	if g.motion.allows(Up) {
		g.vert = ^uint64(0)
	}
	if g.motion.allows(Left) {
		g.horiz = ^uint64(0)
	}
	sp.groups = append(sp.groups, g)
}

// layout assigns the groups their slots and bit offsets, and the pieces'
// rectangles.
func (sp *blockSpace) layout() {
	slot := 0
	for k := range sp.groups {
		g := &sp.groups[k]
		g.first, g.end, g.off = slot, slot+len(g.members), sp.bits
		slot = g.end
		sp.bits += g.bits * uint(len(g.members))
		g.all = 1<<(g.bits*uint(len(g.members))) - 1
		for j := range g.members {
			sp.slots = append(sp.slots, blockSlot{g: g, j: j, off: g.off + uint(j)*g.bits})
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
func (sp *blockSpace) groupOf(i int) *blockGroup {
	for k := range sp.groups {
		if slices.Contains(sp.groups[k].members, i) {
			return &sp.groups[k]
		}
	}
	return nil
}

// code returns the field value of a group's piece at row r, column c.
func (g *blockGroup) code(r, c int) uint32 { return uint32(r-g.r0)<<g.cb | uint32(c-g.c0) }

// insert returns key with the field of the group's j-th slot replaced by
// code, which no other field of the group holds, and moved up or down to
// keep the fields in ascending order, the others making room. All shifts
// are below 64 (the key fits a uint64): &63 spares their checks.
func (g *blockGroup) insert(key uint64, j int, code uint32) uint64 {
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
func (g *blockGroup) pos(code uint32) (r, c int) {
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
func (sp *blockSpace) decode() {
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

// pack64 returns the key of codes, when it fits in a uint64.
func (sp *blockSpace) pack64(codes []uint32) uint64 {
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
func (sp *blockSpace) packWide(codes []uint32) []byte {
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
func (sp *blockSpace) unpackWide(key []byte) {
	clear(sp.keyBuf)
	copy(sp.keyBuf, key)
	for i := range sp.words {
		sp.words[i] = binary.LittleEndian.Uint64(sp.keyBuf[8*i:])
	}
}

// sortedCodes returns canonical codes (fields ascending within each group)
// for pieces at the rows and columns of rs and cs, by slot.
func (sp *blockSpace) sortedCodes(rs, cs []int32) []uint32 {
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

// startCodes returns the canonical codes of the start.
func (sp *blockSpace) startCodes() []uint32 {
	rs, cs := make([]int32, len(sp.slots)), make([]int32, len(sp.slots))
	for k := range sp.groups {
		g := &sp.groups[k]
		for j, i := range g.members {
			p := sp.start.Piece(i)
			rs[g.first+j], cs[g.first+j] = int32(p.Row), int32(p.Col)
		}
	}
	return sp.sortedCodes(rs, cs)
}

// key64 returns the key after move m of the state of key.
func (sp *blockSpace) key64(key uint64, m blockStep) uint64 {
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
func (sp *blockSpace) keyWide(key []byte, m blockStep) []byte {
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
