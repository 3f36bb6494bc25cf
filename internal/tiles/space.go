package tiles

import (
	"context"
	"math/bits"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/pdb"
	"github.com/slidekit/slide/internal/pdbcache"
)

// A Space is one puzzle as the searches see it: a goal in goal-relative
// form, a heuristic and a move metric, shared by all its states. Three
// state types of the generic engines use it: Packed for boards of up to 16
// cells, Grid (for IDA*, which stores only its path) and Node (for the
// engines that store every state) for larger ones. The specialised
// searches (Space.AStar16, and the IDA* searches of internal/idastar)
// start from it too. A Space serves one search at a time: its states share
// scratch memory.
//
// In every state, a cell holds a value: the tile's code (see Goal), and
// for the blank the one value no tile uses, blankVal (the blank's goal
// cell when labels are distinct, 0 when they repeat, since class codes
// start at 1).
type Space struct {
	t          *Goal
	heur       Heuristic
	line       bool // a move slides a whole line of tiles
	rows, cols int
	n          int
	blankVal   int
	lineDiv    int // line metric: one move changes Manhattan by at most this
	md         [16][16]uint8
	adj        [16][4]int8 // packed boards: the cells whose tile can slide into each cell, in the order of Dir
	nadj       [16]uint8
	goalPacked uint64
	goalGrid   string
	goalID     uint32        // Node: the goal's number in arena
	arena      *engine.Arena // Node: the boards
	gmoves     []gridMove    // scratch of Grid and Node
	nextPacked []Packed      // the successors Next returns
	nextGrid   []Grid
	nextNode   []Node
	gbuf       []byte
	incr       bool      // single moves update the heuristic by delta
	lines      *LineKeys // packed boards: linear conflicts by delta
	wide       bool      // Grid cells take two bytes (else one)
	scratch    []int32   // codes for from-scratch heuristics
	// database heuristics, from scratch (see Attach)
	Request pdbcache.Request // where the tables may come from
	db      *pdb.DB
	rot     Orientation
	wd      *WalkingTables
	cells   []uint8
}

// A Dir is the way a tile slides into the blank, as the root package's
// Direction (the same values): Up means the tile below the blank moves up.
type Dir uint8

// The four directions.
const (
	Up Dir = iota
	Down
	Left
	Right
)

// Source returns the offset, in rows and columns, from the blank to the
// tile that slides in direction d.
func (d Dir) Source() (dr, dc int) {
	switch d {
	case Up:
		return 1, 0
	case Down:
		return -1, 0
	case Left:
		return 0, 1
	default:
		return 0, -1
	}
}

// NewSpace returns the space of boards with goal t, searched under h, by
// single-tile moves or, with line, line moves.
func NewSpace(t *Goal, h Heuristic, line bool) *Space {
	sp := &Space{t: t, heur: h, line: line, rows: t.Rows, cols: t.Cols, n: t.Rows * t.Cols}
	if t.Distinct {
		sp.blankVal = t.BlankGoal
	}
	sp.lineDiv = 1
	if line {
		sp.lineDiv = max(sp.rows, sp.cols) - 1
	}
	sp.wide = sp.n > 255
	sp.scratch = make([]int32, sp.n)
	vals := sp.Values(t.goalCode)
	if sp.n <= 16 {
		for i, v := range vals {
			sp.goalPacked |= uint64(v) << (4 * i)
		}
		for b := range sp.n {
			for d := Up; d <= Right; d++ {
				dr, dc := d.Source()
				r, c := b/sp.cols+dr, b%sp.cols+dc
				if r >= 0 && c >= 0 && r < sp.rows && c < sp.cols {
					sp.adj[b][sp.nadj[b]] = int8(r*sp.cols + c)
					sp.nadj[b]++
				}
			}
		}
		if t.Distinct {
			for v := range sp.n {
				for c := range sp.n {
					if v != sp.blankVal {
						sp.md[v][c] = uint8(t.Dist(v, c))
					}
				}
			}
		}
		if t.Distinct && FitsLineKeys(sp.rows, sp.cols) && sp.heur.Kind == LinearConflict && !line {
			lk := NewLineKeys(sp.rows, sp.cols, sp.blankVal)
			sp.lines = &lk
		}
	} else {
		sp.goalGrid = string(sp.gridKey(vals))
	}
	sp.incr = sp.incremental()
	return sp
}

// Values maps codes to cell values: the blank becomes BlankValue.
func (sp *Space) Values(code []int32) []int {
	v := make([]int, len(code))
	for i, c := range code {
		if c == BlankCode {
			v[i] = sp.blankVal
		} else {
			v[i] = int(c)
		}
	}
	return v
}

// EstimateCode computes the heuristic of the board of codes code from
// scratch.
func (sp *Space) EstimateCode(code []int32) int {
	vals := sp.Values(code)
	return sp.estimate(func(i int) int { return vals[i] })
}

// estimate computes the heuristic of a board given by its cell values,
// from scratch; with distinct labels deltas keep it current instead.
func (sp *Space) estimate(val func(i int) int) int {
	for i := range sp.n {
		v := val(i)
		if v == sp.blankVal {
			sp.scratch[i] = BlankCode
		} else {
			sp.scratch[i] = int32(v)
		}
	}
	var h int
	switch {
	case sp.heur.Kind == Database:
		for c := range sp.n {
			if sp.rot == nil {
				sp.cells[c] = uint8(val(c))
			} else {
				sp.cells[sp.rot[c]] = sp.rot[val(c)]
			}
		}
		h, _ = sp.db.Estimate(sp.cells, true) // cells are valid
	case sp.heur.Kind == WalkingDistance || sp.line && sp.heur.Kind == LinearConflict:
		// conflicts are not bounded per line move
		h = sp.t.Estimate(Manhattan, sp.scratch)
	default:
		h = sp.t.Estimate(sp.heur.Kind, sp.scratch)
	}
	if sp.wd != nil {
		for c := range sp.n {
			sp.cells[c] = uint8(val(c))
		}
		w, _ := sp.wd.Estimate(sp.cells)
		h = max(h, w)
	}
	return (h + sp.lineDiv - 1) / sp.lineDiv
}

// Attach makes the tables of a database or walking-distance heuristic
// ready (building them if need be) for from-scratch estimates, and adds
// walking distance by max when wd is set. It fails with an error of kind
// engine.Option for a board they do not fit.
func (sp *Space) Attach(ctx context.Context, wd bool) error {
	if sp.heur.Kind != Database && sp.heur.Kind != WalkingDistance && !wd {
		return nil
	}
	if !sp.t.Distinct {
		return engine.Errorf(engine.Option, "%s needs distinct labels", sp.heur.Name)
	}
	sp.cells = make([]uint8, sp.n)
	sp.incr, sp.lines = false, nil
	if sp.heur.Kind == Database {
		var err error
		if sp.rot, sp.db, err = sp.Tables(ctx); err != nil {
			return err
		}
	}
	if sp.heur.Kind == WalkingDistance || wd {
		var err error
		if sp.wd, err = SharedWalkingTables(ctx, sp.rows, sp.cols, sp.blankVal); err != nil {
			return err
		}
	}
	return nil
}

// incremental reports whether a single-tile move's heuristic change can
// be computed from the move alone (see delta).
func (sp *Space) incremental() bool {
	switch {
	case sp.line:
		return false
	case sp.heur.Kind == Zero || sp.heur.Kind == Hamming:
		return true
	case sp.heur.Kind == LinearConflict:
		return sp.lines != nil
	}
	return sp.heur.Kind == Manhattan && sp.t.Distinct
}

// delta returns the change of an incremental heuristic when the tile of
// value v slides from cell from to cell to; linear conflicts come from
// packedDelta.
func (sp *Space) delta(v, from, to int) int {
	switch sp.heur.Kind {
	case Zero:
		return 0
	case Hamming:
		miss := func(cell int) int {
			if int(sp.t.goalCode[cell]) != v {
				return 1
			}
			return 0
		}
		return miss(to) - miss(from)
	}
	if sp.n <= 16 {
		return int(sp.md[v][to]) - int(sp.md[v][from])
	}
	return sp.t.Dist(v, to) - sp.t.Dist(v, from)
}

// A Packed is a board of at most 16 cells as a State: four bits a cell,
// cell i in bits 4i to 4i+3, holding its value. blank and h are derived from
// key and kept to save work.
type Packed struct {
	sp    *Space
	key   uint64
	blank uint8
	h     uint16
}

// PackedStart returns the state of the board of codes code, a board of at
// most 16 cells.
func (sp *Space) PackedStart(code []int32) Packed {
	s := Packed{sp: sp}
	for i, v := range sp.Values(code) {
		s.key |= uint64(v) << (4 * i)
		if code[i] == BlankCode {
			s.blank = uint8(i)
		}
	}
	s.h = uint16(sp.estimate(s.At))
	return s
}

// PackedGoal returns the state of the goal, a board of at most 16 cells.
func (sp *Space) PackedGoal() Packed {
	return Packed{sp: sp, key: sp.goalPacked, blank: uint8(sp.t.BlankGoal)}
}

// At returns the value of cell i.
func (s Packed) At(i int) int { return int(s.key>>(4*i)) & 15 }

// Blank returns the blank's cell.
func (s Packed) Blank() int { return int(s.blank) }

// Heuristic implements State.
func (s Packed) Heuristic() int { return int(s.h) }

// IsGoal implements State.
func (s Packed) IsGoal() bool { return s.key == s.sp.goalPacked }

// Successors appends to dst the states one move from s, each move of cost
// 1: for each direction in order, the single-tile move, or with line
// moves every count of tiles from 1 up.
func (s Packed) Successors(dst []Packed) []Packed {
	sp := s.sp
	if sp.line {
		return s.lineSuccessors(dst)
	}
	b := int(s.blank)
	bv := uint64(sp.blankVal)
	for _, from := range sp.adj[b][:sp.nadj[b]] {
		v := int(s.key>>(4*uint(from))) & 15
		flip := (uint64(v)^bv)<<(4*uint(from)) ^ (uint64(v)^bv)<<(4*uint(b))
		next := Packed{sp: sp, key: s.key ^ flip, blank: uint8(from)}
		if sp.incr {
			h := int(s.h) + sp.delta(v, int(from), b)
			if sp.lines != nil {
				h += sp.lines.moveDelta(s.key, v, int(from), b)
			}
			next.h = uint16(h)
		} else {
			next.h = uint16(sp.estimate(next.At))
		}
		dst = append(dst, next)
	}
	return dst
}

// Next returns Successors in a slice of s's space that the next call of
// Next on a state of the space overwrites.
func (s Packed) Next() []Packed {
	s.sp.nextPacked = s.Successors(s.sp.nextPacked[:0])
	return s.sp.nextPacked
}

// lineSuccessors is Successors for line moves.
func (s Packed) lineSuccessors(dst []Packed) []Packed {
	sp := s.sp
	var keys [32]uint64
	var blanks [32]int8
	for i, key := range keys[:sp.packedMoves(s.key, int(s.blank), &keys, &blanks)] {
		next := Packed{sp: sp, key: key, blank: uint8(blanks[i])}
		next.h = uint16(sp.estimate(next.At))
		dst = append(dst, next)
	}
	return dst
}

// PackedKey is the engines' Key for Packed: its packed cells.
func PackedKey(s Packed) uint64 { return s.key }

// Labels returns the labels of the board of cell values val (see Space),
// row-major, 0 for the blank.
func (sp *Space) Labels(val func(i int) int) []int {
	labels := make([]int, sp.n)
	for i := range labels {
		if v := val(i); v == sp.blankVal {
			labels[i] = 0
		} else {
			labels[i] = sp.t.Label(int32(v))
		}
	}
	return labels
}

// blankOf returns the cell of the blank in a packed key of this space:
// the lowest nibble equal to blankVal, found by the classic zero-nibble
// test on key XOR blankVal-in-every-cell (exact for the lowest zero).
func (sp *Space) blankOf(key uint64) int {
	const ones, highs = 0x1111111111111111, 0x8888888888888888
	x := key ^ uint64(sp.blankVal)*ones
	z := (x - ones) &^ x & highs
	return bits.TrailingZeros64(z) / 4
}

// packedMoves writes to dst the keys one move from key (blank at cell
// blank), and to blanks their blank cells, in the order of
// Packed.Successors, and returns how many.
func (sp *Space) packedMoves(key uint64, blank int, dst *[32]uint64, blanks *[32]int8) int {
	if !sp.line {
		bv := uint64(sp.blankVal)
		for i, from := range sp.adj[blank][:sp.nadj[blank]] {
			v := (key >> (4 * uint(from))) & 15
			dst[i] = key ^ (v^bv)<<(4*uint(from)) ^ (v^bv)<<(4*uint(blank))
			blanks[i] = from
		}
		return int(sp.nadj[blank])
	}
	n := 0
	br, bc := blank/sp.cols, blank%sp.cols
	bv := uint64(sp.blankVal)
	for d := Up; d <= Right; d++ {
		dr, dc := d.Source()
		step := dr*sp.cols + dc
		next := key
		for k := 1; ; k++ {
			r, c := br+k*dr, bc+k*dc
			if r < 0 || c < 0 || r >= sp.rows || c >= sp.cols {
				break
			}
			from, to := blank+k*step, blank+(k-1)*step
			v := (next >> (4 * from)) & 15
			next = next&^(15<<(4*from)|15<<(4*to)) | v<<(4*to) | bv<<(4*from)
			dst[n], blanks[n] = next, int8(from)
			n++
			if !sp.line {
				break
			}
		}
	}
	return n
}

// Rows returns the rows of the space's boards.
func (sp *Space) Rows() int { return sp.rows }

// Cols returns the columns of the space's boards.
func (sp *Space) Cols() int { return sp.cols }

// Goal returns the space's goal.
func (sp *Space) Goal() *Goal { return sp.t }

// Heuristic returns the heuristic the space's states are searched under.
func (sp *Space) Heuristic() Heuristic { return sp.heur }

// BlankValue returns the value that stands for the blank in the space's
// cells (see Space).
func (sp *Space) BlankValue() int { return sp.blankVal }

// Manhattan returns, on a board of at most 16 cells with distinct labels,
// the Manhattan distance of each tile from each cell: md[v][c] for the
// tile of value v on cell c (0 for the blank).
func (sp *Space) Manhattan() (md [16][16]uint8) { return sp.md }
