package near

import (
	"slices"
	"time"

	"github.com/slidekit/slide/internal/tiles"
)

// peelCells is the most cells of a board the anytime mode solves with
// beams on the whole board; larger ones it solves edge by edge (see
// peelSolve). Past 7 x 7, beams on the whole board are trapped more
// often than not, and those that get out make long paths or find no
// goal; edge by edge, their solutions are much shorter (see
// docs/PERFORMANCE.md).
const peelCells = 49

// peelRegion is the widest region, in rows and columns, that peelSolve
// leaves to a beam on the whole board: beams ranking by linear conflicts
// are seldom trapped on boards of up to 6 x 6.
const peelRegion = 6

// peelSolve offers a solution of beams in frame f, on w workers, within
// the time until deadline (none: beams of fixed width, see anytime.width):
// each brings home the tiles of one more outer edge of the unsolved
// region, or two that meet at a corner (see peelCorner), in the fast
// mode's order (see reducer), ranking boards by the Manhattan distance of
// those tiles and of the tiles of the edges before, and on regions at
// least tidyMinSide cells across by the other tiles' distance too (see
// setBeam), and is kept if shorter than the fast mode's way for those
// edges, which is taken otherwise; once at most peelRegion x peelRegion
// cells are left, the fast mode, and a beam ranking by linear conflicts on
// the whole board, finish. On boards past 7 x 7 beams ranking by linear
// conflicts alone are often trapped a few tiles from the goal, where the
// heuristic counts a board as almost solved that is far from it, and find
// nothing; edge by edge, every beam's goal is near.
func (a *anytime) peelSolve(f *frame, w int, deadline time.Time) {
	board := append([]uint8(nil), f.cells...)
	path := []int{f.blank}
	home := make([]bool, len(board)) // by value: the tiles the beams rank
	g := region{0, f.rows, 0, f.cols}
	for g.r1-g.r0 > peelRegion || g.c1-g.c0 > peelRegion {
		if a.done() {
			return // the beams and the fast mode's finish stop at once
		}
		before := g
		lines := g.peelCorner(f.blankVal, f.cols)
		cells := 0
		for _, l := range lines {
			for _, c := range l.cells {
				home[c] = true
			}
			cells += len(l.cells)
		}
		blank := path[len(path)-1]
		// The fast mode's way bounds the beam's; the time left is shared
		// by the cells left to bring home.
		fast := a.reduceEdges(f, board, blank, before, lines)
		if fast == nil {
			return
		}
		var until time.Time // none: beams of fixed width (see anytime.width)
		if !deadline.IsZero() {
			until = a.clock.now().Add(a.clock.until(deadline) * time.Duration(cells) / time.Duration(cells+g.cells()))
		}
		tidy := min(before.r1-before.r0, before.c1-before.c0) >= tidyMinSide
		p, err := a.bringHome(f, w, board, blank, home, tidy, until, len(fast)-2)
		if err != nil {
			p = fast // trapped, out of time, or no shorter
		}
		for k := 1; k < len(p); k++ {
			slideBlank(board, p[k-1], p[k])
		}
		path = append(path, p[1:]...)
	}
	a.offerReduced(f, path, board, g)
	maxDepth := len(a.blanks) - 1 - len(path)
	if maxDepth < 1 {
		return
	}
	b := f.lcBeam(a.beamWidth(), w)
	b.stall, b.maxNodes = beamStall, a.nodesLeft()
	a.fitBeam(b, deadline, 1)
	p, err := b.search(a.ctx, board, path[len(path)-1], maxDepth)
	a.expanded += b.expanded
	a.generated += b.generated
	if err == nil {
		a.offer(f.back(append(path, p[1:]...)), BeamSearch, tiles.Heuristic{Kind: tiles.LinearConflict})
	}
}

// bringHome returns the blank's cells on the way of at most maxDepth
// moves of a beam in frame f, on w workers, from board (blank on cell
// blank) to one with every tile in set home, its width adapting to end by
// deadline; with tidy, the beam ranks by the other tiles' distance too
// (see setBeam). A zero deadline fixes the width (see anytime.width).
func (a *anytime) bringHome(f *frame, w int, board []uint8, blank int, set []bool, tidy bool, deadline time.Time, maxDepth int) ([]int, error) {
	b := f.beamOf(a.beamWidth(), w, func() bEval { return newSetBeam(f, set, tidy) })
	b.stall, b.heur, b.maxNodes = beamStall, tiles.Heuristic{Kind: tiles.Manhattan}, a.nodesLeft()
	b.zob = setZobrist(b.zob, set, f.blankVal)
	a.fitBeam(b, deadline, 1)
	p, err := b.search(a.ctx, board, blank, maxDepth)
	a.expanded += b.expanded
	a.generated += b.generated
	return p, err
}

// A region is the rows r0 to r1-1 and columns c0 to c1-1 of a board.
type region struct{ r0, r1, c0, c1 int }

func (g region) cells() int { return (g.r1 - g.r0) * (g.c1 - g.c0) }

// peel takes from g the outer line that the fast mode brings home next
// (reducer.solve takes its lines here), on a board of cols columns whose
// blank's goal cell is blankGoal, and returns its cells and the offset
// from them into the region: a column if g is at least as wide as high,
// else a row, on the side away from the blank's goal.
func (g *region) peel(blankGoal, cols int) (edge []int, inward int) {
	if g.c1-g.c0 >= g.r1-g.r0 {
		c, inward := g.c0, 1
		if blankGoal%cols == g.c0 {
			g.c1--
			c, inward = g.c1, -1
		} else {
			g.c0++
		}
		for r := g.r0; r < g.r1; r++ {
			edge = append(edge, r*cols+c)
		}
		return edge, inward
	}
	r, inward := g.r0, cols
	if blankGoal/cols == g.r0 {
		g.r1--
		r, inward = g.r1, -cols
	} else {
		g.r0++
	}
	for c := g.c0; c < g.c1; c++ {
		edge = append(edge, r*cols+c)
	}
	return edge, inward
}

// cornerCells is the most cells of two lines that peelCorner takes at
// once. One beam for both lines of a corner finds a shorter way than two
// beams one after the other where the two are short; larger corners make
// longer paths, as do parallel lines taken together (see
// docs/PERFORMANCE.md).
const cornerCells = 19

// peelCorner takes from g the outer line that the fast mode brings home
// next (see peel) and, while g stays wider or higher than peelRegion, the
// line after it too if that one runs across it, meeting it at a corner,
// and the two hold at most cornerCells cells; it returns them as edges of
// the fast mode (see reducer.peel), in that order.
func (g *region) peelCorner(blankGoal, cols int) []edge {
	first := g.peelEdge(blankGoal, cols)
	if g.r1-g.r0 <= peelRegion && g.c1-g.c0 <= peelRegion {
		return []edge{first}
	}
	rest := *g
	second := rest.peelEdge(blankGoal, cols)
	across := (first.inward == 1 || first.inward == -1) != (second.inward == 1 || second.inward == -1)
	if !across || len(first.cells)+len(second.cells) > cornerCells {
		return []edge{first}
	}
	*g = rest
	return []edge{first, second}
}

// peelEdge is peel, its line as an edge of the fast mode.
func (g *region) peelEdge(blankGoal, cols int) edge {
	cells, inward := g.peel(blankGoal, cols)
	l := edge{inward: int32(inward)}
	for _, c := range cells {
		l.cells = append(l.cells, int32(c))
	}
	return l
}

// offerReduced offers the way path (blank cells in frame f) to board,
// whose tiles outside region g are home, finished by the fast mode.
func (a *anytime) offerReduced(f *frame, path []int, board []uint8, g region) {
	out := slices.Clone(path)
	z := a.reducerIn(f, board, g, &out)
	err := z.solve(int32(f.blankVal))
	a.generated += int64(len(out) - len(path))
	if err == nil {
		a.offer(f.back(out), BeamSearch, tiles.Heuristic{Kind: tiles.Manhattan})
	}
}

// reduceEdges returns the blank's cells, from blank, on the fast mode's
// way from board, whose tiles outside region g are home, to one with the
// tiles of lines home too (outer lines of g, in the order they are taken
// from it), or nil if the context is done or the node limit reached.
func (a *anytime) reduceEdges(f *frame, board []uint8, blank int, g region, lines []edge) []int {
	out := []int{blank}
	z := a.reducerIn(f, board, g, &out)
	defer func() { a.generated += int64(len(out) - 1) }()
	for _, l := range lines {
		if z.peel(l) != nil || z.err == errMoveCap {
			return nil
		}
	}
	return out
}

// reducerIn returns a reducer (see newReducer) on board, a frame's cell
// values, with region g left to solve, that appends the blank's cell after
// every move to *out, as many as the node limit leaves: past them its err
// is errMoveCap. A move that undoes the last one it appended takes that
// one out instead, as the fast mode's canceller does.
func (a *anytime) reducerIn(f *frame, board []uint8, g region, out *[]int) *reducer {
	code := make([]int32, len(board))
	for c, v := range board {
		code[c] = int32(v)
		if int(v) == f.blankVal {
			code[c] = tiles.BlankCode
		}
	}
	b := (*out)[len(*out)-1]
	first, room := len(*out), a.nodesLeft()
	var z *reducer
	z = newReducer(a.ctx, f.rows, f.cols, code, func(d tiles.Dir) {
		if int64(len(*out)-first) >= room {
			z.err = errMoveCap
			return
		}
		dr, dc := d.Source()
		b += dr*f.cols + dc
		if n := len(*out); n > first && (*out)[n-2] == b {
			*out = (*out)[:n-1] // the move undoes the last (see canceller)
			return
		}
		*out = append(*out, b)
	})
	z.r0, z.r1, z.c0, z.c1 = g.r0, g.r1, g.c0, g.c1
	return z
}

// setBeam ranks boards for a beam search by the Manhattan distance of the
// tiles of a set (see peelSolve), times setWeight, plus the blank's
// distance to the nearest of them away from home, which tells apart the
// many boards the moves of other tiles leave at the same distance, and,
// if tidy, plus the Manhattan distance of the other tiles (but the
// blank's), so that of two ways to bring the set home the beam keeps the
// one that leaves the rest of the board nearer its goal; a board is a goal
// when the set's tiles are all home.
type setBeam struct {
	_     [64]byte // see pdbBeam
	rows  []uint8  // of each cell
	cols  []uint8
	in    []bool // by value
	blank uint8
	tidy  bool
	md    int     // the loaded board's distance
	rest  int     // and its other tiles'
	away  []int32 // the cells of its set tiles away from home
	_     [64]byte
}

// setWeight is what a move of a set tile toward home gains in setBeam
// over one of the blank toward the nearest such tile. Too small a weight
// lets the set tiles near home hold a beam while the others are far away
// (on a long thin board, tens of rows), so that it is trapped at any
// width; this one keeps beams moving and costs nothing on square boards.
const setWeight = 4

// tidyMinSide is the fewest rows and columns of the region left (its
// edge included) for which peelSolve's beams rank by the other tiles'
// distance too (see setBeam): of two ways to bring an edge home, the beam
// then keeps the one that leaves the rest of the board in better order,
// which shortens the solutions of square boards and of most others;
// long thin boards gain nothing from it, and regions narrower than this
// would lose.
const tidyMinSide = 4

func newSetBeam(f *frame, in []bool, tidy bool) *setBeam {
	e := &setBeam{rows: make([]uint8, len(in)), cols: make([]uint8, len(in)), in: in, blank: uint8(f.blankVal), tidy: tidy}
	for c := range in {
		e.rows[c], e.cols[c] = uint8(c/f.cols), uint8(c%f.cols)
	}
	return e
}

// dist is the taxicab distance between cells a and b.
func (e *setBeam) dist(a, b int) int {
	return abs(int(e.rows[a])-int(e.rows[b])) + abs(int(e.cols[a])-int(e.cols[b]))
}

func (e *setBeam) auxLen() int { return 0 }

func (e *setBeam) root(board, _ []uint8) int {
	e.load(board, nil, 0)
	if len(e.away) == 0 {
		return 0
	}
	b := slices.Index(board, e.blank)
	near := len(board)
	for _, c := range e.away {
		near = min(near, e.dist(b, int(c))-1)
	}
	return e.rank(e.md, near, e.rest)
}

// rank returns the rank of a board of set distance md, the blank near
// cells from the nearest set tile away from home, and other tiles'
// distance rest.
func (e *setBeam) rank(md, near, rest int) int {
	if !e.tidy {
		rest = 0
	}
	return setWeight*md + near + rest
}

func (e *setBeam) load(board, _ []uint8, _ int) {
	e.md, e.rest, e.away = 0, 0, e.away[:0]
	for c, v := range board {
		switch {
		case v == e.blank:
		case !e.in[v]:
			e.rest += e.dist(int(v), c)
		case int(v) != c:
			e.md += e.dist(int(v), c)
			e.away = append(e.away, int32(c))
		}
	}
}

// child: the blank moves to from.
func (e *setBeam) child(v uint8, from, to int) (int, bDelta) {
	md, rest := e.md, e.rest
	if e.in[v] {
		md += e.dist(int(v), to) - e.dist(int(v), from)
	} else {
		rest += e.dist(int(v), to) - e.dist(int(v), from)
	}
	near, any := len(e.rows), false
	for _, c := range e.away {
		if int(c) == from { // v, now on to
			if int(v) == to {
				continue
			}
			c = int32(to)
		}
		near, any = min(near, e.dist(from, int(c))-1), true
	}
	if e.in[v] && int(v) != to && e.dist(int(v), from) == 0 { // v leaves home
		near, any = min(near, e.dist(from, to)-1), true
	}
	if !any {
		return 0, 0
	}
	return e.rank(md, near, rest), 0
}

func (e *setBeam) apply(_, _ []uint8, _ bDelta, _ uint8, _, _ int) {}

// setZobrist returns the words of zob (see zobrist) of the blank and of
// the tiles in set, 0 for other tiles: boards that differ only in where
// those are hash alike, and a beam (see beamSearch) keeps one of them. The
// moves of the other tiles make many boards of the same rank, which would
// crowd out the few ways that take a tile home past others already home.
func setZobrist(zob []uint64, set []bool, blankVal int) []uint64 {
	n := len(set)
	out := slices.Clone(zob)
	for c := range n {
		for v := range n {
			if v != blankVal && !set[v] {
				out[c*n+v] = 0
			}
		}
	}
	return out
}
