package near

import (
	"context"
	"math"
	"runtime"
	"time"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/learn"
	"github.com/slidekit/slide/internal/pdb"
	"github.com/slidekit/slide/internal/pdbcache"
	"github.com/slidekit/slide/internal/tiles"
)

// A frame is where the weighted and beam searches work: the board's cell
// values (goal-relative, see tiles.Space) as bytes, turned by a database's
// orientation when it has one, with the heuristic to use.
type frame struct {
	rows, cols int
	rot        tiles.Orientation // nil: the board as it is
	blankVal   int
	cells      []uint8 // the start
	blank      int     // the start's blank cell
	db         *pdb.DB // nil: Manhattan distance and linear conflicts
	sparse     bool    // the beams read db's sparse layout (see sparseBeam)
	heur       tiles.Heuristic
	model      *learn.Model // the beams' learned ranking, nil for rankBeam's
	gate       *idleGate    // the bound search's beside the beams (see idleGate), nil: none
}

// newFrame returns the frame of the board of codes code, for a board with
// distinct labels of at most maxFrameCells cells, under cfg's heuristic:
// a database, whose tables it opens as cfg.Request allows (a shipped
// partition turned to fit the goal), or linear conflicts.
func newFrame(ctx context.Context, t *tiles.Goal, code []int32, cfg *Config) (*frame, error) {
	f := &frame{rows: t.Rows, cols: t.Cols, blankVal: t.BlankGoal, heur: tiles.Heuristic{Kind: tiles.LinearConflict}}
	vals := make([]int, len(code))
	for i, c := range code {
		if c == tiles.BlankCode {
			vals[i] = t.BlankGoal
			f.blank = i
		} else {
			vals[i] = int(c)
		}
	}
	if h := cfg.Heuristic; h.Kind == tiles.Database {
		spec := h.Spec
		if !h.Custom {
			var err error
			if f.rot, spec, err = tiles.Orient(h, t.Rows, t.Cols, t.BlankGoal); err != nil {
				return nil, err
			}
		}
		f.heur = h
		var err error
		if f.db, _, err = pdbcache.Shared(ctx, spec, cfg.Request); err != nil {
			return nil, err
		}
		f.blankVal = spec.Blank
		f.model = rankingFor(cfg.Ranking, spec)
		if layout := f.db.SparseBytes(); !cfg.dense && (f.db.SparseMade() || sparseWanted(ctx, spec) && sparseFits(layout, cfg.Limits)) {
			// The beams' layout, made before they start; a making that
			// ctx stops is made again by a later call. It is held beside
			// the tables, out of the memory the searches may hold.
			if err := f.db.MakeSparse(ctx); err != nil {
				return nil, err
			}
			f.sparse = true
			if cfg.Limits.Memory > 0 {
				cfg.Limits.Memory = max(1, cfg.Limits.Memory-layout)
			}
		}
		if f.rot != nil {
			f.blank = int(f.rot[f.blank])
		}
	}
	f.cells = f.rot.Apply(vals)
	// The conflict tables of newMDLC, made before any time budget starts.
	for _, line := range []int{f.rows, f.cols} {
		if line <= tiles.MaxConflictLine {
			if _, err := tiles.ConflictTableContext(ctx, line); err != nil {
				return nil, err
			}
		}
	}
	return f, nil
}

// sparseShare is the most of the time left (1/sparseShare) that a frame
// spends making its database's sparse layout (one made for an earlier
// board is used in any case): the beams read it about a fifth faster a
// board, so it pays where it takes a small share of their time, and
// sparseEntryTime the CPU time the layout takes an entry (docs/PERFORMANCE.md,
// "Time budgets").
const (
	sparseShare     = 8
	sparseEntryTime = 8 * time.Nanosecond
)

// sparseWanted reports whether the beams under ctx read the sparse layout
// of the tables of spec: without a deadline, or where making it pays
// (see sparsePays).
func sparseWanted(ctx context.Context, spec pdb.Spec) bool {
	d, ok := ctx.Deadline()
	return !ok || sparsePays(spec, time.Until(d), runtime.GOMAXPROCS(0))
}

// sparseFits reports whether the sparse layout, of bytes bytes, takes at
// most half the memory lim leaves the searches.
func sparseFits(bytes int64, lim engine.Bounds) bool {
	return bytes <= lim.MemoryLimit()/2
}

// sparsePays reports whether making the sparse layout of the tables of
// spec on cores cores takes at most a sparseShare of the time left: its
// entries (n^k a table of k tiles on n cells) at sparseEntryTime each.
func sparsePays(spec pdb.Spec, left time.Duration, cores int) bool {
	n := float64(spec.Rows * spec.Cols)
	var entries float64
	for _, p := range spec.Patterns {
		entries += math.Pow(n, float64(len(p)))
	}
	return entries*float64(sparseEntryTime)/float64(max(1, cores)) <= float64(left/sparseShare)
}

// wEval returns the frame's admissible heuristic, for weighted A*.
func (f *frame) wEval() bEval {
	if f.db != nil {
		return &pdbBeam{pdbEval: *newPDBEval(f.db)}
	}
	return &mdlcBeam{mdlcEval: newMDLC(f.rows, f.cols, uint8(f.blankVal))}
}

// bEval returns the frame's heuristic for beam search: the database's
// bound plus Manhattan distance with linear conflicts, which together
// rank boards better than either, less 3/4 of a move a misplaced tile; on
// boards of more than 36 cells, less a move a misplaced tile and plus 2
// moves a short cycle of tiles (see rankBeam). The cycles keep beams off
// the traps of boards past 6 x 6, where a whole move a misplaced tile
// then ranks best; 6 x 6 boards are seldom trapped and do without them.
// The weights are chosen by measurement (see docs/PERFORMANCE.md). It
// reads the tables in the sparse layout when they have one (see
// sparseBeam). Where a learned ranking ships for the board's shape and
// database (see learn.For), or cfg.Ranking names one, it ranks by that
// instead (see learnBeam). Without a database, it is lcEval.
func (f *frame) bEval() bEval {
	if f.db == nil {
		return f.lcEval()
	}
	if f.model != nil {
		return f.learnEval()
	}
	sub, cycle := 3, 0
	if f.rows*f.cols > 36 {
		sub, cycle = 4, 8
	}
	m := &mdlcBeam{mdlcEval: newMDLC(f.rows, f.cols, uint8(f.blankVal))}
	if sp := f.sparseBeam(); sp != nil {
		return newRankBeam(&sumBeam[*sparseBeam]{p: sp, m: m}, f.blankVal, 4, sub, cycle)
	}
	return newRankBeam(&sumBeam[*pdbBeam]{p: newPDBBeam(f.db, true), m: m}, f.blankVal, 4, sub, cycle)
}

// learnEval returns the frame's learned ranking (see learnBeam), reading
// the tables in the sparse layout when they have one.
func (f *frame) learnEval() bEval {
	m := &mdlcBeam{mdlcEval: newMDLC(f.rows, f.cols, uint8(f.blankVal))}
	if sp := f.sparseBeam(); sp != nil {
		return newLearnBeam(sp, m, f.model, f.blankVal)
	}
	return newLearnBeam(newPDBBeam(f.db, true), m, f.model, f.blankVal)
}

// rankingFor returns the learned ranking of boards under the database of
// spec: the one asked for if it was trained for it, else the shipped
// one if any (see learn.For); nil for none, or if learn.Handmade is asked
// for.
func rankingFor(asked *learn.Model, spec pdb.Spec) *learn.Model {
	if asked == learn.Handmade {
		return nil
	}
	if asked != nil && asked.Fits(spec.Rows, spec.Cols, spec.String()) {
		return asked
	}
	return learn.For(spec.Rows, spec.Cols, spec.String())
}

// sparseBeam returns the database's tables as a sparseBeam when the frame
// made their sparse layout, or nil.
func (f *frame) sparseBeam() *sparseBeam {
	if !f.sparse {
		return nil
	}
	return newSparseBeam(f.db)
}

// lcEval returns Manhattan distance with linear conflicts, less 1/2 a
// move a misplaced tile (see rankBeam), for beam search.
func (f *frame) lcEval() bEval {
	return newRankBeam(&mdlcBeam{mdlcEval: newMDLC(f.rows, f.cols, uint8(f.blankVal))}, f.blankVal, 2, 1, 0)
}

// beam returns a beam search of the given width in the frame, on the
// given number of workers.
func (f *frame) beam(width, workers int) *beamSearch { return f.beamOf(width, workers, f.bEval) }

// lcBeam is beam ranking boards by linear conflicts alone.
func (f *frame) lcBeam(width, workers int) *beamSearch {
	bs := f.beamOf(width, workers, f.lcEval)
	bs.heur = tiles.Heuristic{Kind: tiles.LinearConflict}
	return bs
}

// beamOf is beam ranking boards by eval's evaluators (one a worker),
// labelled with the frame's heuristic.
func (f *frame) beamOf(width, workers int, eval func() bEval) *beamSearch {
	bs := newBeamSearch(f.rows, f.cols, f.blankVal, width, eval())
	bs.heur, bs.gate = f.heur, f.gate
	for range workers {
		if workers > 1 {
			bs.evs = append(bs.evs, eval())
		}
	}
	return bs
}

// estimate returns the frame's admissible heuristic of the start.
func (f *frame) estimate() int {
	ev := f.wEval()
	return ev.root(f.cells, make([]uint8, ev.auxLen()))
}

// back maps a path of blank cells in the frame back to the board.
func (f *frame) back(path []int) []int {
	if f.rot == nil {
		return path
	}
	out := make([]int, len(path))
	for i, c := range path {
		out[i] = f.rot.Back(c)
	}
	return out
}

// A dbBeam is a database's bound as a bEval; value returns the loaded
// board's.
type dbBeam interface {
	bEval
	value() int
}

// sumBeam ranks boards by a database's bound plus Manhattan distance with
// linear conflicts; a board is a goal when the database's bound is 0.
type sumBeam[P dbBeam] struct {
	p P
	m *mdlcBeam
}

func (e *sumBeam[P]) auxLen() int { return e.p.auxLen() }
func (e *sumBeam[P]) root(board, aux []uint8) int {
	return e.p.root(board, aux) + e.m.root(board, aux)
}
func (e *sumBeam[P]) load(board, aux []uint8, h int) {
	e.p.load(board, aux, 0)
	e.m.load(board, aux, h-e.p.value())
}
func (e *sumBeam[P]) child(v uint8, from, to int) (int, bDelta) {
	h1, d := e.p.child(v, from, to)
	if h1 == 0 {
		return 0, d
	}
	h2, _ := e.m.child(v, from, to)
	return h1 + h2, d
}

func (e *sumBeam[P]) apply(board, aux []uint8, d bDelta, v uint8, from, to int) {
	e.p.apply(board, aux, d, v, from, to)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
