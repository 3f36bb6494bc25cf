package idastar

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"sync"

	"github.com/slidekit/slide/internal/pdb"
	"github.com/slidekit/slide/internal/tiles"
)

// maxSolverCells is the most cells a Solver takes: cell sets are uint32
// masks in its hot loop.
const maxSolverCells = 32

// maxSolverDepth bounds the solutions a Solver can hold.
const maxSolverDepth = 512

// ErrUnsolvable is returned for a start board of the other parity class.
var ErrUnsolvable = errors.New("idastar: board cannot reach the goal")

// A Result is a solution (shortest, from Solve) and what finding it cost.
type Result struct {
	// Path holds the blank's cell after each move: len(Path) is the
	// solution's length.
	Path []uint8
	// Expanded counts the nodes whose children were generated; Generated
	// counts every child generated plus the root, the goal being detected
	// when generated (Korf's convention, as in the root package).
	Expanded, Generated int64
	// Iterations is the number of depth bounds tried.
	Iterations int
	// Lower is a proven lower bound on the fewest moves (SolveWeighted's;
	// Solve leaves it 0, its solutions being shortest).
	Lower int
}

// SolverOptions choose the heuristic of a Solver. The heuristic is the
// largest of the bounds enabled, so it stays admissible.
type SolverOptions struct {
	// Reflect adds the DB's lookup on the board reflected about the main
	// diagonal (ignored unless the Spec is Transposable).
	Reflect bool
	// WD, if not nil, adds walking distance (built for the same board and
	// blank goal).
	WD *tiles.WalkingTables
	// NoMovePruning keeps only the rule of never undoing the last move,
	// instead of the automaton of forbidden move strings (for comparison).
	NoMovePruning bool
	// Dense keeps every table at its dense ranks instead of the sparse
	// layout the solver uses for tables of at most 2^25 entries (see
	// pdb.Table.SparseLayout; for comparison and to save memory).
	Dense bool
	// Workers is the number of goroutines a search runs on (see
	// Parallel); 0 or 1 is one, on the caller's goroutine.
	Workers int
}

// A pattern is a pdb.Table as the solver's hot loop reads it. An entry is
// data[r>>shift] >> ((r&odd)*4) & mask, shifted left by scale: bytes with
// shift, odd, scale 0 and mask 255, or compact entries (twice 4 bits, the
// Manhattan distance being kept apart) with 1, 1, 1 and 15.
type pattern struct {
	k                 int
	tiles             [pdb.MaxPattern]uint8
	w                 [pdb.MaxPattern]int64
	data              []uint8
	shift, odd, scale uint
	mask              uint8
	sparse            bool // indices are the sparse layout's, w its weights
}

// entry returns the table's entry (bytes) or excess (compact) of rank r.
func (p *pattern) entry(r int64) int {
	return int(p.data[r>>p.shift]>>((uint(r)&p.odd)*4)&p.mask) << p.scale
}

// rank returns the rank of the pattern's tiles at cells where[tile].
func (p *pattern) rank(where *[maxSolverCells]uint8) int64 {
	var used uint32
	var r int64
	for i := range p.k {
		c := where[p.tiles[i]&(maxSolverCells-1)] & (maxSolverCells - 1)
		if p.sparse {
			r += int64(c) * p.w[i]
			continue
		}
		r += int64(int(c)-bits.OnesCount32(used&(1<<c-1))) * p.w[i]
		used |= 1 << c
	}
	return r
}

// A Solver finds optimal solutions by IDA* under a DB's additive heuristic
// (maxed with its reflection and walking distance as chosen), for boards of
// at most 32 cells: the 15- and 24-puzzles and smaller. It works on the
// goal-relative form: cells[c] is the goal cell of the tile on cell c, the
// blank's value being its goal cell, Spec.Blank.
//
// The board is an array of a byte a cell, the tiles' cells are kept for
// every tile and for the reflected board, and each move updates the entry
// of the one pattern (and reflected pattern) the moved tile belongs to:
// one rank update and one table read. Tables of at most 2^25 entries are
// read in the sparse layout (see pdb.Table.SparseLayout), where the update
// is one multiply-add; larger ones at dense ranks, where a move across rows
// also looks at the pattern's tiles it passes. The reflected and
// walking-distance bounds are computed only for children the direct
// lookup does not prune. Blank moves are tried up, left, right, down; move
// pruning never undoes the last move and, unless disabled, rejects the
// move strings of a small automaton (see movePruner).
//
// A Solver owns its scratch memory and allocates nothing while it
// searches; it is not safe for concurrent use (make one per goroutine;
// they may share the DB). With Workers above 1 it searches on that many
// goroutines, each with a copy of the Solver's scratch (see
// Parallel): the same solution, node counts that may differ in
// the last iteration.
type Solver struct {
	rows, cols, n int
	blank         uint8
	adj           [maxSolverCells][4]uint8
	nadj          [maxSolverCells]uint8
	pats          []pattern
	patOf         [maxSolverCells]int8
	idxIn         [maxSolverCells]uint8 // index of each tile in its pattern
	moves         [maxSolverCells][4]moveRank
	reflect       bool
	tr            [maxSolverCells]uint8                // the transposition, or the identity without reflection
	ident         [maxSolverCells]uint8                // the identity
	md            [maxSolverCells][maxSolverCells]int8 // Manhattan distances for compact tables, else 0
	wd            *tiles.WalkingTables
	prune         movePruner

	at            [maxSolverCells]uint8 // tile on each cell
	where, rwhere [maxSolverCells]uint8 // cell of each tile, directly and reflected (roots only)
	rank, rrank   [maxPatterns]int64    // each pattern's rank, directly and reflected
	hp, hr        [maxPatterns]int      // each pattern's entry, directly and reflected
	wdState       tiles.WalkingState

	md0  int // the root's Manhattan distance (compact tables)
	path [maxSolverDepth]uint8
	Core

	workers int
	par     *Parallel[solverNode] // made on the first search on several workers
	db      *pdb.DB               // the DB whose pool Release returns the Solver to
	opt     SolverOptions
	out     []solverNode // the frontier being recorded (see record)
}

// maxPatterns is the most patterns a Solver takes.
const maxPatterns = 16

// The most a Solver takes: boards of MaxSolverCells cells, DBs of
// MaxSolverPatterns patterns.
const (
	MaxSolverCells    = maxSolverCells
	MaxSolverPatterns = maxPatterns
)

// A moveRank tells how a blank move changes the ranks of the moved tile's
// pattern, directly and reflected. Tile i of a pattern moving from cell p
// to q (numbered in the board's row-major order, or the reflected board's)
// changes the rank by
//
//	w[i]*(q-p) + sign(q-p) * sum over the pattern's tiles on cells strictly
//	between p and q of (w[j] for a later tile j, -w[i] for an earlier one)
//
// (see pdb.Table.Weights): a move along a row has no cell between, a move
// across rows has the rest of the row between. delta is q-p; between holds
// the board's cells strictly between (for the reflected order: the cells
// whose mirror images are).
type moveRank struct {
	delta, rdelta     int64
	between, rbetween uint32
}

// rankDelta returns the rank of pattern pat after its tile of index i moves
// as mv says (delta, between), with at the board before the move and tmap
// the renaming of tiles (identity, or the transposition).
func (s *Solver) rankDelta(r int64, pat *pattern, j int8, i uint8, delta int64, between uint32, tmap *[maxSolverCells]uint8) int64 {
	wi := pat.w[i&(pdb.MaxPattern-1)]
	r += wi * delta
	if between == 0 || pat.sparse {
		return r
	}
	sign := int64(1)
	if delta < 0 {
		sign = -1
	}
	for m := between; m != 0; m &= m - 1 {
		u := tmap[s.at[bits.TrailingZeros32(m)]&(maxSolverCells-1)] & (maxSolverCells - 1)
		if s.patOf[u] != j {
			continue
		}
		if x := s.idxIn[u]; x > i {
			r += sign * pat.w[x&(pdb.MaxPattern-1)]
		} else {
			r -= sign * wi
		}
	}
	return r
}

// NewSolver returns a Solver for db, whose patterns must cover every tile.
func NewSolver(db *pdb.DB, opt SolverOptions) (*Solver, error) {
	sp := db.Spec()
	n := sp.Rows * sp.Cols
	if n > maxSolverCells || len(db.Tables()) > maxPatterns {
		return nil, fmt.Errorf("idastar: solver takes at most %d cells and %d patterns", maxSolverCells, maxPatterns)
	}
	s := &Solver{rows: sp.Rows, cols: sp.Cols, n: n, blank: uint8(sp.Blank), wd: opt.WD, workers: opt.Workers}
	for c := range n {
		var k int
		s.adj[c], k = neighbours(sp.Rows, sp.Cols, c)
		s.nadj[c] = uint8(k)
	}
	for i := range s.patOf {
		s.patOf[i] = -1
	}
	for j, t := range db.Tables() {
		p := pattern{k: len(t.Tiles()), data: t.Data(), mask: 255}
		if t.Compact() {
			p.shift, p.odd, p.scale, p.mask = 1, 1, 1, 15
			for v := range n {
				for c := range n {
					if v != sp.Blank {
						s.md[v][c] = int8(abs(v/sp.Cols-c/sp.Cols) + abs(v%sp.Cols-c%sp.Cols))
					}
				}
			}
		}
		copy(p.tiles[:], t.Tiles())
		p.w = t.Weights()
		if !opt.Dense { // the sparse layout is made on first use
			if w, data, ok := t.SparseLayout(); ok {
				p.data, p.w, p.sparse = data, w, true
			}
		}
		s.pats = append(s.pats, p)
		for i, v := range t.Tiles() {
			s.patOf[v] = int8(j)
			s.idxIn[v] = uint8(i)
		}
	}
	for v := range n {
		if v != sp.Blank && s.patOf[v] < 0 {
			return nil, fmt.Errorf("idastar: tile %d is in no pattern: a Solver needs a partition of all tiles", v)
		}
	}
	s.reflect = opt.Reflect && sp.Transposable()
	for c := range s.tr {
		s.tr[c], s.ident[c] = uint8(c), uint8(c)
	}
	if s.reflect {
		copy(s.tr[:], sp.Mirror())
	}
	for b := range n {
		for i, p := range s.adj[b][:s.nadj[b]] {
			// The tile on p slides to the blank's cell b.
			mv := &s.moves[b][i]
			mv.delta = int64(b) - int64(p)
			mv.rdelta = int64(s.tr[b]) - int64(s.tr[p])
			for c := range n {
				if between(c, int(p), b) {
					mv.between |= 1 << c
				}
				if between(int(s.tr[c]), int(s.tr[p]), int(s.tr[b])) {
					mv.rbetween |= 1 << c
				}
			}
		}
	}
	if s.wd != nil {
		if rows, cols, blank := s.wd.Board(); rows != sp.Rows || cols != sp.Cols || blank != sp.Blank {
			return nil, fmt.Errorf("idastar: walking distance is for %dx%d blank %d, DB for %dx%d blank %d",
				rows, cols, blank, sp.Rows, sp.Cols, sp.Blank)
		}
	}
	s.prune = newMovePruner(sp.Rows, sp.Cols, opt.NoMovePruning)
	return s, nil
}

// ReuseSolver returns a Solver for db with options opt: one that an
// earlier search handed back with Release, if one is idle, else a new one.
// A Solver on several workers keeps its workers' copies of its scratch
// memory and its frontier from search to search, which saves short
// searches the making of them.
func ReuseSolver(db *pdb.DB, opt SolverOptions) (*Solver, error) {
	if pool, ok := db.Searchers().Load(opt); ok {
		if s, ok := pool.(*sync.Pool).Get().(*Solver); ok {
			return s, nil
		}
	}
	s, err := NewSolver(db, opt)
	if err != nil {
		return nil, err
	}
	s.db, s.opt = db, opt
	return s, nil
}

// Release hands a Solver from ReuseSolver back to its DB, for a later
// ReuseSolver; the caller must not use it again. It does nothing for a
// Solver from NewSolver.
func (s *Solver) Release() {
	if s.db == nil {
		return
	}
	pool, _ := s.db.Searchers().LoadOrStore(s.opt, new(sync.Pool))
	pool.(*sync.Pool).Put(s)
}

// between reports whether x lies strictly between a and b.
func between(x, a, b int) bool { return min(a, b) < x && x < max(a, b) }

// neighbours returns the cells next to cell c of a rows x cols board, in
// the order of the blank's moves (up, left, right, down), and their
// number.
func neighbours(rows, cols, c int) (adj [4]uint8, n int) {
	add := func(ok bool, cell int) {
		if ok {
			adj[n] = uint8(cell)
			n++
		}
	}
	r, col := c/cols, c%cols
	add(r > 0, c-cols)
	add(col > 0, c-1)
	add(col < cols-1, c+1)
	add(r < rows-1, c+cols)
	return adj, n
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Estimate returns the solver's heuristic for cells (goal-relative form).
func (s *Solver) Estimate(cells []uint8) (int, error) {
	if _, err := s.load(cells); err != nil {
		return 0, err
	}
	return s.rootH(), nil
}

// load sets the board and returns the blank's cell.
func (s *Solver) load(cells []uint8) (int, error) {
	if len(cells) != s.n {
		return 0, fmt.Errorf("idastar: board of %d cells, want %d", len(cells), s.n)
	}
	var seen uint64
	blank := -1
	for c, v := range cells {
		if int(v) >= s.n || seen>>v&1 != 0 {
			return 0, fmt.Errorf("idastar: cell %d holds %d: want each of 0 to %d once", c, v, s.n-1)
		}
		seen |= 1 << v
		s.at[c] = v
		if v == s.blank {
			blank = c
		}
	}
	return blank, nil
}

// entries finds every tile's cell for the board in s.at, and computes
// every pattern's rank and entry. It returns the direct and reflected
// sums of the entries (from the Manhattan distance with compact tables).
func (s *Solver) entries() (h, hr int) {
	for c := range s.n {
		s.where[s.at[c]&(maxSolverCells-1)] = uint8(c)
	}
	if s.reflect {
		for v := range s.n {
			s.rwhere[s.tr[v]&(maxSolverCells-1)] = s.tr[s.where[v]&(maxSolverCells-1)]
		}
	}
	// With compact tables both sums start from the Manhattan distance,
	// which is the same for the reflected board.
	md := 0
	for c := range s.n {
		md += int(s.md[s.at[c]][c])
	}
	s.md0 = md
	h, hr = md, md
	for j := range s.pats {
		s.rank[j] = s.pats[j].rank(&s.where)
		s.hp[j] = s.pats[j].entry(s.rank[j])
		h += s.hp[j]
		if s.reflect {
			s.rrank[j] = s.pats[j].rank(&s.rwhere)
			s.hr[j] = s.pats[j].entry(s.rrank[j])
			hr += s.hr[j]
		}
	}
	return h, hr
}

// rootH computes every pattern's entries for the loaded board and returns
// the heuristic.
func (s *Solver) rootH() int {
	h, hr := s.entries()
	if s.wd != nil {
		s.wdState = s.wd.Start(s.at[:s.n])
		h = max(h, s.wd.Value(s.wdState))
	}
	return max(h, hr)
}

// solvable reports whether the loaded board with its blank on cell blank
// reaches the goal: a move swaps the blank with a tile (one transposition)
// and moves it one cell, so the permutation's parity must equal that of
// the blank's distance to its goal cell.
func (s *Solver) solvable(blank int) bool {
	var seen uint64
	cycles := 0
	for c := range s.n {
		if seen>>c&1 != 0 {
			continue
		}
		cycles++
		for x := c; seen>>x&1 == 0; x = int(s.at[x]) {
			seen |= 1 << x
		}
	}
	permOdd := (s.n-cycles)&1 == 1
	b := int(s.blank)
	dist := abs(blank/s.cols-b/s.cols) + abs(blank%s.cols-b%s.cols)
	return permOdd == (dist&1 == 1)
}

// A Limit bounds a search: Nodes the nodes generated, Depth the moves of
// the solutions considered (0: no bound on either).
type Limit struct {
	Nodes int64
	Depth int
	// OnCheck, if set, watches the search (see Core.OnCheck).
	OnCheck func(*Core)
}

// Solve returns an optimal solution for cells (goal-relative form), or an
// error: a malformed or unsolvable board, ctx's error, ErrNodeLimit once
// more than lim.Nodes nodes are generated (by all workers together), or
// ErrNotFound when no solution has at most lim.Depth moves.
func (s *Solver) Solve(ctx context.Context, cells []uint8, lim Limit) (Result, error) {
	blank, err := s.load(cells)
	if err != nil {
		return Result{}, err
	}
	if !s.solvable(blank) {
		return Result{}, ErrUnsolvable
	}
	s.OnCheck = lim.OnCheck
	s.Reset(ctx, lim.Nodes)
	depth := maxSolverDepth - 1
	if lim.Depth > 0 && lim.Depth < depth {
		depth = lim.Depth
	}
	h := s.rootH()
	res := Result{}
	if h == 0 {
		res.Generated = 1
		return res, nil
	}
	if h > depth {
		return res, ErrNotFound
	}
	if s.workers > 1 {
		return s.solveParallel(ctx, blank, h, depth, lim.Nodes)
	}
	err = s.Run(h, depth, func() bool { return s.dfs(0, s.md0+s.sumP(), s.md0+s.sumR(), blank, s.prune.start) })
	res = Result{Expanded: s.Expanded, Generated: s.Gen, Iterations: s.Iterations}
	if err != nil {
		return res, err
	}
	res.Path = append([]uint8(nil), s.path[:s.Found]...)
	return res, nil
}

func (s *Solver) sumP() int {
	h := 0
	for j := range s.pats {
		h += s.hp[j]
	}
	return h
}

func (s *Solver) sumR() int {
	h := 0
	for j := range s.pats {
		h += s.hr[j]
	}
	return h
}

// dfs expands the node at depth g whose direct and reflected sums are h
// and hr, blank on cell blank, reached through automaton state ps.
//
// It first ranks every child's pattern and loads the table entries, which
// are independent loads that the processor overlaps (the tables do not
// fit in cache), and only then evaluates the children in order.
func (s *Solver) dfs(g, h, hr, blank int, ps int32) bool {
	s.Expanded++
	blank &= maxSolverCells - 1
	var (
		ranks [4]int64
		ents  [4]int
		next  [4]int32
	)
	n := int(s.nadj[blank]) & 3
	if n == 0 {
		n = 4
	}
	for i := range n {
		next[i] = s.prune.next(ps, blank, i)
		if next[i] < 0 {
			continue
		}
		v := s.at[s.adj[blank][i]&(maxSolverCells-1)] & (maxSolverCells - 1)
		mv := &s.moves[blank][i]
		j := s.patOf[v]
		p := &s.pats[j&(maxPatterns-1)]
		ranks[i] = s.rankDelta(s.rank[j&(maxPatterns-1)], p, j, s.idxIn[v], mv.delta, mv.between, &s.ident)
		ents[i] = p.entry(ranks[i])
	}
	for i := range n {
		ps2 := next[i]
		if ps2 < 0 {
			continue
		}
		nb := int(s.adj[blank][i]) & (maxSolverCells - 1)
		if !s.Generate() {
			return false
		}
		v := s.at[nb] & (maxSolverCells - 1) // the tile slides from nb to blank
		jm := int(s.patOf[v]) & (maxPatterns - 1)
		e := ents[i]
		dmd := int(s.md[v][blank]) - int(s.md[v][nb])
		hn := h + dmd - s.hp[jm] + e
		if hn == 0 { // every tile home: the goal
			s.path[g] = uint8(nb)
			s.Found = g + 1
			return true
		}
		f := g + 1 + hn
		if f > s.Bound {
			s.Next = min(s.Next, f)
			continue
		}
		var jrm, er, hrn int
		var rr int64
		if s.reflect {
			mv := &s.moves[blank][i]
			tv := s.tr[v] & (maxSolverCells - 1)
			jr := s.patOf[tv]
			jrm = int(jr) & (maxPatterns - 1)
			pr := &s.pats[jrm]
			rr = s.rankDelta(s.rrank[jrm], pr, jr, s.idxIn[tv], mv.rdelta, mv.rbetween, &s.tr)
			er = pr.entry(rr)
			hrn = hr + dmd - s.hr[jrm] + er
			if fr := g + 1 + hrn; fr > s.Bound {
				s.Next = min(s.Next, fr)
				continue
			}
		}
		var wdOld tiles.WalkingState
		if s.wd != nil {
			wdOld = s.wdState
			s.wdState = s.wd.Move(s.wdState, v, nb, blank)
			if fw := g + 1 + s.wd.Value(s.wdState); fw > s.Bound {
				s.Next = min(s.Next, fw)
				s.wdState = wdOld
				continue
			}
		}
		s.path[g] = uint8(nb)
		s.at[blank], s.at[nb] = uint8(v), s.blank
		oldP, oldRank := s.hp[jm], s.rank[jm]
		s.hp[jm], s.rank[jm] = e, ranks[i]
		var oldR int
		var oldRR int64
		if s.reflect {
			oldR, oldRR = s.hr[jrm], s.rrank[jrm]
			s.hr[jrm], s.rrank[jrm] = er, rr
		}
		if g+1 == s.Split {
			s.record(g+1, nb, ps2)
		} else if s.dfs(g+1, hn, hrn, nb, ps2) {
			return true
		}
		s.at[blank], s.at[nb] = s.blank, uint8(v)
		s.hp[jm], s.rank[jm] = oldP, oldRank
		if s.reflect {
			s.hr[jrm], s.rrank[jrm] = oldR, oldRR
		}
		if s.wd != nil {
			s.wdState = wdOld
		}
		if s.Err != nil {
			return false
		}
	}
	return false
}
