package near

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"slices"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/idastar"
	"github.com/slidekit/slide/internal/tiles"
)

// The fast mode solves a board of any size in time polynomial in its size
// by reduction: it brings home the tiles of one outer edge of the unsolved
// region (a row or a column), locks them, and goes on with the smaller
// region, until a region of at most 3 x 3 cells is left, which it solves
// optimally. A reducer holds the board as it goes; it works in the
// goal-relative form of the other solvers: cells hold codes, a tile's code
// being its goal cell.
type reducer struct {
	rows, cols int
	at         []int32 // code of the tile on each cell; tiles.BlankCode on the blank's
	where      []int32 // cell of each code (tiles only)
	blank      int32
	locked     []bool // cells whose tile is home for good, or parked there
	r0, r1     int    // the unsolved region: rows r0 to r1-1 ...
	c0, c1     int    // ... and columns c0 to c1-1
	emit       func(d tiles.Dir)
	ctx        context.Context
	stop       engine.Stop // watches ctx while solve runs
	steps      int64       // moves made
	lineMoves  int         // runs of moves in one direction: line moves
	lastDir    tiles.Dir
	err        error
	route      router
	pairs      pairTable // bringExact's states, reused
	run        []int32   // for the cells of the edge being filled: the run of free cells it is in, -1 elsewhere
	inward     int32     // the edge's inward offset
	rowOf      []int32   // row and column of each cell
	colOf      []int32
	steerBuf   [2][]int32
	dpBuf      []int32
	// edgeLen and edgeFilled are the cells of the edge being peeled and
	// those filled so far (see progress); searched counts the cells peel
	// scans for the next to fill and the cells and states that the
	// searches for the blank's and a tile's ways expand (see expand),
	// which with the moves make up the reducer's work, against which its
	// tests measure progress.
	edgeLen, edgeFilled int
	searched            int64
}

// newReducer returns a reducer for the board of codes code (see target),
// whose moves go to emit.
func newReducer(ctx context.Context, rows, cols int, code []int32, emit func(tiles.Dir)) *reducer {
	n := rows * cols
	z := &reducer{rows: rows, cols: cols, at: make([]int32, n), where: make([]int32, n), locked: make([]bool, n),
		r1: rows, c1: cols, emit: emit, ctx: ctx, run: make([]int32, n)}
	z.rowOf, z.colOf = make([]int32, n), make([]int32, n)
	for i := range z.run {
		z.run[i] = -1
		z.rowOf[i], z.colOf[i] = int32(i/cols), int32(i%cols)
	}
	copy(z.at, code)
	for c, v := range code {
		if v == tiles.BlankCode {
			z.blank = int32(c)
		} else {
			z.where[v] = int32(c)
		}
	}
	z.route.init(z)
	return z
}

// step moves the blank to the adjacent cell to, sliding that cell's tile
// into the blank's cell.
func (z *reducer) step(to int32) {
	b := z.blank
	v := z.at[to]
	z.at[b], z.at[to] = v, tiles.BlankCode
	z.where[v] = b
	z.blank = to
	d := dirOf(int(b), int(to), z.cols)
	z.emit(d)
	if z.lastDir != d || z.steps == 0 {
		z.lineMoves++
	}
	z.lastDir = d
	if z.steps++; z.steps%(16*stopEvery) == 0 {
		z.poll()
	}
}

// expand counts a cell or state that a search of the reducer expands and
// reports whether the search may go on: false once the context is done,
// which it polls every stopEvery expansions, so that a search through a
// region of 255 x 255 cells stops within milliseconds of a cancellation.
func (z *reducer) expand() bool {
	if z.searched++; z.searched%stopEvery == 0 {
		z.poll()
	}
	return z.err == nil
}

// poll records the context's error in z.err once the context is done.
func (z *reducer) poll() {
	if z.err == nil && z.stop.Done() {
		z.err = z.ctx.Err()
	}
}

// free reports whether cell c is in the unsolved region and not locked.
func (z *reducer) free(c int32) bool {
	r, col := int(z.rowOf[c]), int(z.colOf[c])
	return r >= z.r0 && r < z.r1 && col >= z.c0 && col < z.c1 && !z.locked[c]
}

// blankTo moves the blank to cell to along a shortest path through free
// cells that avoids cell avoid (-1 for none). It reports false if no such
// path exists.
func (z *reducer) blankTo(to, avoid int32) bool {
	if z.blank == to {
		return true
	}
	if z.steer(to, avoid) {
		return true
	}
	path, ok := z.route.find(z.blank, to, avoid)
	if !ok {
		return false
	}
	for i := len(path) - 1; i >= 0; i-- {
		z.step(path[i])
	}
	return true
}

// near returns an estimate of the moves the blank needs to reach cell q
// without passing through cell p, a neighbour of q: the taxicab distance,
// plus 2 when p lies straight between the blank and q.
func (z *reducer) near(q, p int32) int {
	cols := int32(z.cols)
	br, bc := z.blank/cols, z.blank%cols
	qr, qc := q/cols, q%cols
	pr, pc := p/cols, p%cols
	d := int(abs32(br-qr) + abs32(bc-qc))
	if (br == qr && pr == qr && (pc-bc)*(pc-qc) < 0) || (bc == qc && pc == qc && (pr-br)*(pr-qr) < 0) {
		d += 2
	}
	return d
}

func abs32(x int32) int32 {
	if x < 0 {
		return -x
	}
	return x
}

// bring moves the tile of code v to cell t through free cells, one step
// at a time: each step picks, of the (at most two) neighbours of the tile
// that are closer to t, the one the blank reaches more cheaply, brings the
// blank there around the tile, and slides the tile into it. The tile's
// own cell need not be free. It reports false if it gets stuck.
func (z *reducer) bring(v int32, t int32) bool {
	cols := int32(z.cols)
	tr, tc := t/cols, t%cols
	for p := z.where[v]; p != t; p = z.where[v] {
		if z.err != nil {
			return false
		}
		pr, pc := p/cols, p%cols
		var cand [2]int32
		n := 0
		if pr != tr {
			q := p + cols
			if tr < pr {
				q = p - cols
			}
			if z.enterable(q, t) {
				cand[n] = q
				n++
			}
		}
		if pc != tc {
			q := p + 1
			if tc < pc {
				q = p - 1
			}
			if z.enterable(q, t) {
				cand[n] = q
				n++
			}
		}
		if n == 0 && z.run[p] >= 0 && z.free(p+z.inward) {
			// On the edge, cut off from t: step inward first.
			cand[n] = p + z.inward
			n++
		}
		if n == 2 && z.near(cand[1], p) < z.near(cand[0], p) {
			cand[0], cand[1] = cand[1], cand[0]
		}
		moved := false
		for _, q := range cand[:n] {
			if z.blankTo(q, p) {
				z.step(p)
				moved = true
				break
			}
		}
		if !moved {
			return z.bringExact(v, t)
		}
	}
	return true
}

// enterable reports whether a tile on its way to cell t may step onto
// cell q: q must be free, and a cell of the edge being filled only if it
// is in t's run of free cells there.
func (z *reducer) enterable(q, t int32) bool {
	return z.free(q) && (z.run[q] < 0 || z.run[q] == z.run[t])
}

// An edge is an outer row or column of the region, its cells in order, and
// the offset from an edge cell to the next cell inward.
type edge struct {
	cells  []int32
	inward int32
}

// peel brings home every tile of edge l and removes the edge from the
// region. The edge's cells are filled in the order that looks cheapest
// (the blank's way to the tile plus the tile's way home, see cost), but
// never so as to leave a single cell between two filled ones: a tile can
// enter a cell only with the blank waiting there, which needs a free
// neighbour along the edge. A run of two free cells is filled as a pair
// (see pair).
func (z *reducer) peel(l edge) error {
	k := len(l.cells)
	done := make([]bool, k)
	z.inward = l.inward
	z.edgeLen, z.edgeFilled = k, 0
	defer func() {
		for _, c := range l.cells {
			z.run[c] = -1
		}
		z.edgeLen = 0
	}()
	for left := k; left > 0; {
		// A scan of the edge's cells makes no move and expands nothing: on
		// a board near the goal, whose tiles are mostly home, the scans
		// are most of the work, and each looks at the context.
		z.searched += int64(k)
		if z.poll(); z.err != nil {
			return z.err
		}
		z.markRuns(l.cells, done)
		best, bestCost, pairFirst := -1, int(^uint(0)>>1), false
		for i := 0; i < k; {
			if done[i] {
				i++
				continue
			}
			j := i // the run of free cells i ... j-1
			for j < k && !done[j] {
				j++
			}
			if j-i == 2 {
				for _, first := range []bool{true, false} {
					a, b := l.cells[i], l.cells[i+1]
					if !first {
						a, b = b, a
					}
					if c := z.cost(b); c < bestCost {
						best, bestCost, pairFirst = i, c, first
					}
				}
			}
			for x := i; x < j && j-i >= 3; x++ {
				if x-i == 1 || j-x == 2 { // would leave a single free cell
					continue
				}
				c := z.cost(l.cells[x])
				if x > i && x < j-1 {
					c += splitCost
				}
				if c < bestCost {
					best, bestCost = x, c
				}
			}
			i = j
		}
		c := l.cells[best]
		if best+1 < k && !done[best+1] && (best == 0 || done[best-1]) && (best+2 == k || done[best+2]) {
			// a run of two
			a, b := c, l.cells[best+1]
			if !pairFirst {
				a, b = b, a
			}
			if err := z.pair(a, b, l.inward); err != nil {
				return err
			}
			done[best], done[best+1] = true, true
			left -= 2
			z.edgeFilled = k - left
			continue
		}
		if !z.bring(c, c) {
			return z.stuck("bring tile home to cell %d", c)
		}
		z.locked[c] = true
		done[best] = true
		left--
		z.edgeFilled = k - left
	}
	switch cols := int32(z.cols); l.inward {
	case 1:
		z.c0++
	case -1:
		z.c1--
	case cols:
		z.r0++
	default:
		z.r1--
	}
	return nil
}

// markRuns numbers the runs of free cells of an edge in z.run.
func (z *reducer) markRuns(cells []int32, done []bool) {
	id := int32(0)
	for i, c := range cells {
		switch {
		case done[i]:
			z.run[c] = -1
		case i > 0 && !done[i-1]:
			z.run[c] = id
		default:
			id++
			z.run[c] = id
		}
	}
}

// splitCost is what cost adds for filling a cell inside a run of free
// cells, which splits the run and so makes one more pair to fill: about
// the extra moves of a pair.
const splitCost = 6

// cost ranks the tiles that may go home next: the blank's taxicab way to
// the tile of code v. The tile's own way home (about 5 moves a step where
// it goes straight, 3 where it alternates directions) must be paid
// whichever tile goes first, and ranking by it too makes longer
// solutions.
func (z *reducer) cost(v int32) int {
	p := z.where[v]
	return int(abs32(z.rowOf[p]-z.rowOf[z.blank]) + abs32(z.colOf[p]-z.colOf[z.blank]))
}

// pair brings home the tiles of the neighbouring cells a and b of an edge
// whose other neighbours along the edge are filled (or off the board),
// with inward the offset to the next cell inward: tile b is parked on cell
// a, tile a inward of it, the blank goes to b through the cell inward of
// b, and both tiles slide home.
func (z *reducer) pair(a, b, inward int32) error {
	if z.at[a] == a && z.at[b] == b {
		z.locked[a], z.locked[b] = true, true
		return nil
	}
	for try := 0; ; try++ {
		if try == 4 {
			return z.stuck("place the tiles of cells %d, %d", a, b)
		}
		if !z.bring(b, a) {
			return z.stuck("park tile %d on cell %d", b, a)
		}
		z.locked[a] = true
		if !z.pocketed(a, b, inward) && z.bring(a, a+inward) {
			break
		}
		// Tile a is trapped on b's cell, or in the pocket the parked tile
		// makes there: free it and take it two cells inward of b before
		// parking again.
		z.locked[a] = false
		if !z.bring(a, b+2*inward) {
			return z.stuck("free tile %d from cell %d", a, z.where[a])
		}
	}
	z.locked[a+inward] = true
	if !z.blankTo(b, -1) {
		return z.stuck("bring the blank to cell %d", b)
	}
	z.step(a)
	z.step(a + inward)
	z.locked[a+inward] = false
	z.locked[a], z.locked[b] = true, true
	return nil
}

// pocketed reports whether tile a, while pair parks tile b on cell a, is
// shut in b's cell, which has no free neighbour but the cell inward of
// it: on b's cell, or inward of it with the blank on b's cell. Moves then
// only swap the tile and the blank between those two cells, and bring's
// search for a way out would look through the whole region before
// failing.
func (z *reducer) pocketed(a, b, inward int32) bool {
	p := z.where[a]
	return p == b || p == b+inward && z.blank == b
}

// stuck returns the error of a reduction that cannot go on: the context's
// error, or an internal error that tests look for.
func (z *reducer) stuck(format string, args ...any) error {
	if z.err != nil {
		return z.err
	}
	return fmt.Errorf("slide: fast mode cannot %s", fmt.Sprintf(format, args...))
}

// solve reduces the board until at most 3 x 3 cells are left, keeping the
// blank's goal cell blankGoal in the region, and finishes optimally.
func (z *reducer) solve(blankGoal int32) error {
	z.stop.Watch(z.ctx)
	defer z.stop.End()
	if z.rows == 1 || z.cols == 1 {
		// Solvable boards of one line differ only in the blank's cell.
		if !z.blankTo(blankGoal, -1) {
			return z.stuck("bring the blank home")
		}
		return z.err
	}
	for {
		g := region{z.r0, z.r1, z.c0, z.c1}
		if g.r1-g.r0 <= 3 && g.c1-g.c0 <= 3 {
			break
		}
		if err := z.peel(g.peelEdge(int(blankGoal), z.cols)); err != nil {
			return err
		}
	}
	return z.finish(blankGoal)
}

// finish solves the region left, of at most 3 x 3 cells, optimally.
func (z *reducer) finish(blankGoal int32) error {
	h, w := z.r1-z.r0, z.c1-z.c0
	goal, code, cells, err := regionCode(z.at, int(blankGoal), z.cols, region{z.r0, z.r1, z.c0, z.c1})
	if err != nil {
		return z.stuck("finish: %v", err)
	}
	blanks, err := solveSmall(z.ctx, goal, code, engine.Bounds{}, nil)
	if err != nil {
		if z.ctx.Err() != nil {
			return z.ctx.Err()
		}
		return z.stuck("finish the last %d x %d cells: %v", h, w, err)
	}
	for _, b := range blanks[1:] {
		z.step(int32(cells[b]))
	}
	return z.err
}

// Fast solves the board of codes code (goal t) by reduction (see
// reducer), in time polynomial in its size and memory for the board only,
// handing every move to emit at most maxHeld moves after it is made, less
// every move followed by its undo (see canceller): the direction and the
// tiles that slide, 1 or, with line, the length of a run of moves in one
// direction. Random n x n boards take about 2 n^3 moves. On boards of at
// most polishCells cells it hands the moves on once the answer is made
// and polished (see polishFast), its searches within polish boards
// generated less the moves made (each a board), and returns the boards
// generated beyond the moves handed on: the searches' and the moves that
// polishing took out. It fails only when ctx is done.
func Fast(ctx context.Context, t *tiles.Goal, code []int32, line bool, polish int64, emit func(d tiles.Dir, n int)) (int64, error) {
	return fast(ctx, t, code, line, polish, emit, nil)
}

// fast is Fast; if done is not nil, it is set to the share of the work
// done when it returns: 1 once solved, else the reducer's progress.
func fast(ctx context.Context, t *tiles.Goal, code []int32, line bool, polish int64, emit func(d tiles.Dir, n int), done *float64) (int64, error) {
	if !t.Distinct {
		code = t.Assign(code)
	}
	var pending tiles.Dir
	runs := 0 // line moves: the tile moves of the run in direction pending
	// The reducer's moves pass a canceller, which takes out every move
	// followed by its undo, before the runs of line moves are made.
	cn := canceller{held: make([]tiles.Dir, 0, min(maxHeld, FastMoves(t.Rows, t.Cols)))}
	out := func(d tiles.Dir) {
		switch {
		case !line:
			emit(d, 1)
		case runs > 0 && pending == d:
			runs++
		default:
			if runs > 0 {
				emit(pending, runs)
			}
			pending, runs = d, 1
		}
	}
	cn.emit = out
	var made []tiles.Dir // the moves to polish
	polish = max(0, polish)
	if t.Rows*t.Cols > polishCells || !shortens(t, line) {
		polish = 0
	}
	if polish > 0 {
		made = make([]tiles.Dir, 0, FastMoves(t.Rows, t.Cols))
		cn.emit = func(d tiles.Dir) { made = append(made, d) }
	}
	z := newReducer(ctx, t.Rows, t.Cols, code, cn.add)
	err := z.solve(int32(t.BlankGoal))
	cn.flush()
	var polished int64
	if polish > 0 {
		if err == nil {
			moves := len(made)
			made, polished = polishFast(ctx, t, code, slices.Index(code, tiles.BlankCode), made, polish-int64(moves))
			polished += int64(moves - len(made)) // the moves taken out were made
		}
		for _, d := range made {
			out(d)
		}
	}
	if runs > 0 {
		emit(pending, runs)
	}
	if done != nil {
		*done = 1
		if err != nil {
			*done = z.progress()
		}
	}
	return polished, err
}

// progress returns about the share of its work on the board the reducer
// has done, counting a region's work as the moves of a random board that
// size (see FastMoves): the regions it has peeled, and of the edge under
// way the share of its cells filled. The fast mode's time follows it
// within a few times over board sizes and distances from the goal
// (TestFastProgress); its moves do not, as boards near the goal take few
// moves for much searching.
func (z *reducer) progress() float64 {
	rr, rc := z.r1-z.r0, z.c1-z.c0
	left := float64(FastMoves(rr, rc))
	if z.edgeLen > 0 {
		next := FastMoves(rr-1, rc) // a row peeled
		if z.inward == 1 || z.inward == -1 {
			next = FastMoves(rr, rc-1)
		}
		left -= (left - float64(next)) * float64(z.edgeFilled) / float64(z.edgeLen)
	}
	total := float64(FastMoves(z.rows, z.cols))
	return max(0, total-left) / total
}

// FastMoves returns about how many moves Fast makes on a random rows x
// cols board (a little more on most): rows*cols*(rows+cols).
func FastMoves(rows, cols int) int { return rows * cols * (rows + cols) }

// FastHeuristic is the bound Fast's answers are labelled with: linear
// conflicts, or Manhattan distance for repeated labels.
func FastHeuristic(t *tiles.Goal) tiles.Heuristic {
	if !t.Distinct {
		return tiles.Heuristic{Kind: tiles.Manhattan}
	}
	return tiles.Heuristic{Kind: tiles.LinearConflict}
}

// answerMoveBytes is what a move of an answer takes while the caller
// holds it: its blank's cell here, and the root package's Move (a
// direction and a count of tiles) made from it.
const answerMoveBytes = 8 + 16

// errMoveCap is fastBlanks's error for an answer of more moves than its
// caller allows.
var errMoveCap = errors.New("the fast mode's answer passes the moves allowed")

// fastBlanks returns the blank's cell in every board of Fast's answer, the
// start's included, and an error of kind engine.Limit if the answer would
// take more than memory bytes (at answerMoveBytes a move; 0 for no
// bound), or errMoveCap if it has more than maxMoves moves. On an error,
// the cells are those of the moves made so far (at most maxMoves): the
// boards that count as generated. If done is not nil, it is set to the
// share of the work done (see fast).
func fastBlanks(ctx context.Context, t *tiles.Goal, code []int32, line bool, memory, maxMoves int64, done *float64) ([]int, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	// The cells take 8 bytes of a move's answerMoveBytes: their share of
	// the bound. Room for as many moves as a random board takes is made at
	// once, more only while the share allows.
	budget := engine.Budget{Limit: math.MaxInt64}
	if memory > 0 {
		budget.Limit = memory / answerMoveBytes * 8
	}
	room := max(1, min(int64(1+FastMoves(t.Rows, t.Cols)), budget.Limit/8))
	budget.Charge(room * 8)
	b := slices.Index(code, tiles.BlankCode)
	blanks, err := engine.Make[int](ctx, int(room)) // returns at once when ctx is done
	if err != nil {
		return []int{b}, err
	}
	blanks = append(blanks, b)
	capped := false
	_, err = fast(ctx, t, code, line, 0, func(d tiles.Dir, n int) {
		if int64(len(blanks)) > maxMoves {
			capped = true
		}
		if len(blanks) == cap(blanks) && !budget.Over && !capped {
			var ok bool
			if blanks, ok = engine.GrowChargedCtx(ctx, blanks, &budget); !ok {
				cancel() // over the budget, or cancelled
				return
			}
		}
		if budget.Over || capped {
			cancel()
			return
		}
		dr, dc := d.Source()
		b += n * (dr*t.Cols + dc)
		blanks = append(blanks, b)
	}, done)
	switch {
	case budget.Over:
		return blanks, engine.Errorf(engine.Limit, "the answer passes the memory limit of %s after %d moves",
			engine.FormatBytes(memory), len(blanks)-1)
	case capped:
		return blanks, errMoveCap
	}
	return blanks, err
}

// solveSmall solves the board of codes code (goal t, distinct labels) by
// IDA* with linear conflicts on every core, within lim, and returns the
// blank's cell in every board of the solution; it adds its work to st if
// st is not nil.
func solveSmall(ctx context.Context, t *tiles.Goal, code []int32, lim engine.Bounds, st *tiles.Stats) ([]int, error) {
	sp := tiles.NewSpace(t, tiles.Heuristic{Kind: tiles.LinearConflict}, false)
	var one tiles.Stats
	blanks, err := idastar.IDA(ctx, sp, code, lim, runtime.GOMAXPROCS(0), nil, &one)
	if st != nil {
		st.Expanded += one.Expanded
		st.Generated += one.Generated
	}
	return blanks, err
}
