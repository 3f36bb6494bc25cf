package slide

import (
	"context"
	"math/bits"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/idastar"

	"github.com/slidekit/slide/internal/pdb"
)

// A tileSpace is one puzzle as the generic engines see it: a goal in
// goal-relative form, a heuristic and a move metric, shared read-only by all
// its states. Two state types use it: packedTile for boards of up to 16
// cells and gridTile for larger ones.
//
// In both, a cell holds a value: the tile's code (see target), and for the
// blank the one value no tile uses, blankVal (the blank's goal cell when
// labels are distinct, 0 when they repeat, since class codes start at 1).
type tileSpace struct {
	t          *target
	heur       Heuristic
	line       bool // a move slides a whole line of tiles
	rows, cols int
	n          int
	blankVal   int
	lineDiv    int // line metric: one move changes Manhattan by at most this
	md         [16][16]uint8
	adj        [16][4]int8 // packed boards: the cells whose tile can slide into each cell, by Direction
	nadj       [16]uint8
	goalPacked uint64
	goalGrid   string
	goalID     uint32        // gridNode: the goal's number in arena
	arena      *engine.Arena // gridNode: the boards
	gmoves     []gridMove    // scratch of gridTile and gridNode
	gbuf       []byte
	incr       bool      // single moves update the heuristic by delta
	lines      *lineKeys // packed boards: linear conflicts by delta
	wide       bool      // gridTile cells take two bytes (else one)
	scratch    []int32   // codes for from-scratch heuristics
	// database heuristics, from scratch (see attach)
	custom *pdb.Spec // WithDatabase's tables, else nil for the shipped ones
	dbReq  dbRequest // where the tables may come from
	db     *pdb.DB
	rot    orientation
	wd     *pdb.WalkingDistance
	cells  []uint8
	// watch, if set, watches the specialized IDA* searches (see
	// options.watcher)
	watch func(*idastar.Core)
}

func newTileSpace(t *target, h Heuristic, line bool) *tileSpace {
	sp := &tileSpace{t: t, heur: h, line: line, rows: t.rows, cols: t.cols, n: t.rows * t.cols}
	if sp.heur == Auto {
		sp.heur = LinearConflict
	}
	if t.distinct {
		sp.blankVal = t.blankGoal
	}
	sp.lineDiv = 1
	if line {
		sp.lineDiv = max(sp.rows, sp.cols) - 1
	}
	sp.wide = sp.n > 255
	sp.scratch = make([]int32, sp.n)
	vals := sp.values(t.goalCode)
	if sp.n <= 16 {
		for i, v := range vals {
			sp.goalPacked |= uint64(v) << (4 * i)
		}
		for b := range sp.n {
			for d := Up; d <= Right; d++ {
				dr, dc := d.source()
				r, c := b/sp.cols+dr, b%sp.cols+dc
				if r >= 0 && c >= 0 && r < sp.rows && c < sp.cols {
					sp.adj[b][sp.nadj[b]] = int8(r*sp.cols + c)
					sp.nadj[b]++
				}
			}
		}
		if t.distinct {
			for v := range sp.n {
				for c := range sp.n {
					if v != sp.blankVal {
						sp.md[v][c] = uint8(t.dist(v, c))
					}
				}
			}
		}
		if t.distinct && fitsIDA16(sp.rows, sp.cols) && sp.heur == LinearConflict && !line {
			lk := newLineKeys(sp.rows, sp.cols, sp.blankVal)
			sp.lines = &lk
		}
	} else {
		sp.goalGrid = string(sp.gridKey(vals))
	}
	sp.incr = sp.incremental()
	return sp
}

// values maps codes to cell values: the blank becomes blankVal.
func (sp *tileSpace) values(code []int32) []int {
	v := make([]int, len(code))
	for i, c := range code {
		if c == blankCode {
			v[i] = sp.blankVal
		} else {
			v[i] = int(c)
		}
	}
	return v
}

// estimate computes the heuristic of a board given by its cell values,
// from scratch; with distinct labels deltas keep it current instead.
func (sp *tileSpace) estimate(val func(i int) int) int {
	for i := range sp.n {
		v := val(i)
		if v == sp.blankVal {
			sp.scratch[i] = blankCode
		} else {
			sp.scratch[i] = int32(v)
		}
	}
	var h int
	switch {
	case sp.heur.IsDatabase():
		for c := range sp.n {
			if sp.rot == nil {
				sp.cells[c] = uint8(val(c))
			} else {
				sp.cells[sp.rot[c]] = sp.rot[val(c)]
			}
		}
		h, _ = sp.db.Estimate(sp.cells, true) // cells are valid
	case sp.heur == WalkingDistance || sp.line && sp.heur == LinearConflict:
		// conflicts are not bounded per line move
		h = sp.t.estimate(Manhattan, sp.scratch)
	default:
		h = sp.t.estimate(sp.heur, sp.scratch)
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

// attach makes the tables of a database or walking-distance heuristic
// ready (building them if need be) for from-scratch estimates, and adds
// walking distance by max when wd is set. It fails with ErrOption for a
// board they do not fit.
func (sp *tileSpace) attach(ctx context.Context, wd bool) error {
	if !sp.heur.IsDatabase() && sp.heur != WalkingDistance && !wd {
		return nil
	}
	if !sp.t.distinct {
		return errorf("Solve", ErrOption, "%v needs distinct labels", sp.heur)
	}
	sp.cells = make([]uint8, sp.n)
	sp.incr, sp.lines = false, nil
	if sp.heur.IsDatabase() {
		var err error
		if sp.rot, sp.db, err = sp.openTables(ctx); err != nil {
			return err
		}
	}
	if sp.heur == WalkingDistance || wd {
		var err error
		if sp.wd, err = walkingDistance(sp.rows, sp.cols, sp.blankVal); err != nil {
			return err
		}
	}
	return nil
}

// incremental reports whether a single-tile move's heuristic change can
// be computed from the move alone (see delta).
func (sp *tileSpace) incremental() bool {
	switch {
	case sp.line:
		return false
	case sp.heur == Zero || sp.heur == Hamming:
		return true
	case sp.heur == LinearConflict:
		return sp.lines != nil
	}
	return sp.heur == Manhattan && sp.t.distinct
}

// delta returns the change of an incremental heuristic when the tile of
// value v slides from cell from to cell to; linear conflicts come from
// packedDelta.
func (sp *tileSpace) delta(v, from, to int) int {
	switch sp.heur {
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
	return sp.t.dist(v, to) - sp.t.dist(v, from)
}

// A packedTile is a board of at most 16 cells as a State: four bits a cell,
// cell i in bits 4i to 4i+3, holding its value. blank and h are derived from
// key and kept to save work.
type packedTile struct {
	sp    *tileSpace
	key   uint64
	blank uint8
	h     uint16
}

func (sp *tileSpace) packedStart(code []int32) packedTile {
	s := packedTile{sp: sp}
	for i, v := range sp.values(code) {
		s.key |= uint64(v) << (4 * i)
		if code[i] == blankCode {
			s.blank = uint8(i)
		}
	}
	s.h = uint16(sp.estimate(s.at))
	return s
}

func (s packedTile) at(i int) int { return int(s.key>>(4*i)) & 15 }

// Heuristic implements State.
func (s packedTile) Heuristic() int { return int(s.h) }

// IsGoal implements State.
func (s packedTile) IsGoal() bool { return s.key == s.sp.goalPacked }

// Successors implements State: for each Direction in order, the single-tile
// move, or with line moves every count of tiles from 1 up.
func (s packedTile) Successors(dst []Arc[packedTile, int]) []Arc[packedTile, int] {
	sp := s.sp
	if sp.line {
		return s.lineSuccessors(dst)
	}
	b := int(s.blank)
	bv := uint64(sp.blankVal)
	for _, from := range sp.adj[b][:sp.nadj[b]] {
		v := int(s.key>>(4*uint(from))) & 15
		flip := (uint64(v)^bv)<<(4*uint(from)) ^ (uint64(v)^bv)<<(4*uint(b))
		next := packedTile{sp: sp, key: s.key ^ flip, blank: uint8(from)}
		if sp.incr {
			h := int(s.h) + sp.delta(v, int(from), b)
			if sp.lines != nil {
				h += sp.lines.moveDelta(s.key, v, int(from), b)
			}
			next.h = uint16(h)
		} else {
			next.h = uint16(sp.estimate(next.at))
		}
		dst = append(dst, Arc[packedTile, int]{next, 1})
	}
	return dst
}

// lineSuccessors is Successors for line moves.
func (s packedTile) lineSuccessors(dst []Arc[packedTile, int]) []Arc[packedTile, int] {
	sp := s.sp
	var keys [32]uint64
	var blanks [32]int8
	for i, key := range keys[:sp.packedMoves(s.key, int(s.blank), &keys, &blanks)] {
		next := packedTile{sp: sp, key: key, blank: uint8(blanks[i])}
		next.h = uint16(sp.estimate(next.at))
		dst = append(dst, Arc[packedTile, int]{next, 1})
	}
	return dst
}

// packedKey is the engines' Key for packedTile: its packed cells.
func packedKey(s packedTile) uint64 { return s.key }

// board decodes cell values (see tileSpace) into a Board with the goal's
// labels.
func (sp *tileSpace) board(val func(i int) int) Board {
	labels := make([]int, sp.n)
	for i := range labels {
		v := val(i)
		switch {
		case v == sp.blankVal:
			labels[i] = 0
		case sp.t.distinct:
			labels[i] = sp.t.goal.tile(v)
		default:
			labels[i] = sp.t.labels[v-1]
		}
	}
	b, _ := NewLabeled(sp.rows, sp.cols, labels)
	return b
}

// blankOf returns the cell of the blank in a packed key of this space:
// the lowest nibble equal to blankVal, found by the classic zero-nibble
// test on key XOR blankVal-in-every-cell (exact for the lowest zero).
func (sp *tileSpace) blankOf(key uint64) int {
	const ones, highs = 0x1111111111111111, 0x8888888888888888
	x := key ^ uint64(sp.blankVal)*ones
	z := (x - ones) &^ x & highs
	return bits.TrailingZeros64(z) / 4
}

// packedMoves writes to dst the keys one move from key (blank at cell
// blank), and to blanks their blank cells, in the order of
// packedTile.Successors, and returns how many.
func (sp *tileSpace) packedMoves(key uint64, blank int, dst *[32]uint64, blanks *[32]int8) int {
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
		dr, dc := d.source()
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
