package near

import (
	"encoding/binary"

	"github.com/slidekit/slide/internal/pdb"
)

// sparseBeam is pdbBeam on tables read in the sparse layout (see
// pdb.Sparse): a board's data is, for every pattern, its entry's excess
// over Manhattan distance (a byte) and its index in the layout (four
// bytes), directly and reflected, and the pattern tiles' Manhattan
// distance (two bytes). A child's lookup is then one multiply-add and one
// table read a direction, where pdbBeam places and ranks the moved tile's
// pattern: the same paths and nodes in less time, so that the anytime
// mode's beams are wider in the same budget.
type sparseBeam struct {
	_       [64]byte // see pdbBeam
	tabs    []pdb.Sparse
	patOf   []int8  // pattern of each value, -1 for the blank
	weight  []int32 // weight of each value in its pattern's index
	dist    []uint8 // dist[v*n+c]: value v's distance from cell c to its goal, 0 outside the patterns
	tr      []uint8 // cell c's mirror image (and value v's)
	n, k    int
	reflect bool
	// the loaded parent's
	aux       []uint8
	md        int
	sum, rsum int // excesses
	_         [64]byte
}

// newSparseBeam returns db's tables as a sparseBeam, or nil if a tile is
// in no pattern or a table has no sparse layout (see pdb.Table.Sparse).
func newSparseBeam(db *pdb.DB) *sparseBeam {
	spec := db.Spec()
	n := spec.Rows * spec.Cols
	e := &sparseBeam{patOf: make([]int8, n), weight: make([]int32, n), dist: manhattanTable(spec.Rows, spec.Cols), tr: spec.Mirror(),
		n: n, k: len(db.Tables()), reflect: spec.Transposable()}
	for v := range e.patOf {
		e.patOf[v] = -1
	}
	for j, t := range db.Tables() {
		for _, v := range t.Tiles() {
			e.patOf[v] = int8(j)
		}
	}
	for v := range n {
		if v != spec.Blank && e.patOf[v] < 0 {
			return nil // the tiles outside the patterns would need their own updates
		}
	}
	var ok bool
	if e.tabs, ok = db.Sparse(); !ok {
		return nil
	}
	for j, t := range db.Tables() {
		for i, v := range t.Tiles() {
			e.weight[v] = int32(e.tabs[j].Weight(i))
		}
	}
	clear(e.dist[spec.Blank*n : (spec.Blank+1)*n]) // the blank counts nothing
	return e
}

// Offsets in a board's data, after the direct and reflected excesses.
func (e *sparseBeam) idxOff() int  { return 2 * e.k }
func (e *sparseBeam) ridxOff() int { return 6 * e.k }
func (e *sparseBeam) mdOff() int   { return 10 * e.k }

func (e *sparseBeam) auxLen() int { return 10*e.k + 2 }

// value returns the loaded board's bound.
func (e *sparseBeam) value() int { return e.md + max(e.sum, e.rsum) }

func (e *sparseBeam) root(board, aux []uint8) int {
	md := 0
	for c, v := range board {
		md += int(e.dist[int(v)*e.n+c])
	}
	binary.LittleEndian.PutUint16(aux[e.mdOff():], uint16(md))
	idx := make([]int64, 2*e.k)
	for c, v := range board {
		if j := e.patOf[v]; j >= 0 {
			idx[j] += int64(c) * int64(e.weight[v])
		}
		if j := e.patOf[e.tr[v]]; e.reflect && j >= 0 {
			idx[e.k+int(j)] += int64(e.tr[c]) * int64(e.weight[e.tr[v]])
		}
	}
	sum, rsum := 0, 0
	for j := range e.k {
		binary.LittleEndian.PutUint32(aux[e.idxOff()+4*j:], uint32(idx[j]))
		binary.LittleEndian.PutUint32(aux[e.ridxOff()+4*j:], uint32(idx[e.k+j]))
		x := e.tabs[j].Excess(idx[j])
		aux[j] = uint8(x)
		sum += x
		if e.reflect {
			y := e.tabs[j].Excess(idx[e.k+j])
			aux[e.k+j] = uint8(y)
			rsum += y
		}
	}
	return md + max(sum, rsum)
}

func (e *sparseBeam) load(_, aux []uint8, _ int) {
	e.aux = aux
	e.md = int(binary.LittleEndian.Uint16(aux[e.mdOff():]))
	e.sum, e.rsum = excessSum(aux[:e.k]), excessSum(aux[e.k:2*e.k])
}

// excessSum returns the sum of the excesses xs, eight at a time: the
// top byte of a word times 0x0101010101010101 is the sum of its bytes
// when no partial sum passes 255, as eight of at most 30 do not.
func excessSum(xs []uint8) int {
	s := 0
	for ; len(xs) >= 8; xs = xs[8:] {
		s += int(binary.LittleEndian.Uint64(xs) * 0x0101010101010101 >> 56)
	}
	for _, x := range xs {
		s += int(x)
	}
	return s
}

func (e *sparseBeam) child(v uint8, from, to int) (int, bDelta) {
	j := int(e.patOf[v])
	md := e.md + int(e.dist[int(v)*e.n+to]) - int(e.dist[int(v)*e.n+from])
	x := int64(binary.LittleEndian.Uint32(e.aux[e.idxOff()+4*j:])) + int64(e.weight[v])*int64(to-from)
	if !e.reflect {
		ex := e.tabs[j].Excess(x)
		return md + e.sum - int(e.aux[j]) + ex, bDelta(j) | bDelta(ex)<<8 | 255<<16
	}
	tv := e.tr[v]
	jr := int(e.patOf[tv])
	y := int64(binary.LittleEndian.Uint32(e.aux[e.ridxOff()+4*jr:])) + int64(e.weight[tv])*(int64(e.tr[to])-int64(e.tr[from]))
	ex, ey := e.tabs[j].Excess(x), e.tabs[jr].Excess(y)
	h := md + max(e.sum-int(e.aux[j])+ex, e.rsum-int(e.aux[e.k+jr])+ey)
	return h, bDelta(j) | bDelta(ex)<<8 | bDelta(jr)<<16 | bDelta(ey)<<24
}

func (e *sparseBeam) apply(_, aux []uint8, delta bDelta, v uint8, from, to int) {
	j := delta & 255
	aux[j] = uint8(delta >> 8)
	o := e.idxOff() + 4*int(j)
	binary.LittleEndian.PutUint32(aux[o:], binary.LittleEndian.Uint32(aux[o:])+uint32(int32(e.weight[v])*int32(to-from)))
	md := int(binary.LittleEndian.Uint16(aux[e.mdOff():])) + int(e.dist[int(v)*e.n+to]) - int(e.dist[int(v)*e.n+from])
	binary.LittleEndian.PutUint16(aux[e.mdOff():], uint16(md))
	if jr := delta >> 16 & 255; jr != 255 {
		tv := e.tr[v]
		aux[e.k+int(jr)] = uint8(delta >> 24)
		o := e.ridxOff() + 4*int(jr)
		binary.LittleEndian.PutUint32(aux[o:], binary.LittleEndian.Uint32(aux[o:])+uint32(int32(e.weight[tv])*(int32(e.tr[to])-int32(e.tr[from]))))
	}
}
