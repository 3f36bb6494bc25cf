package near

import (
	"context"
	"math"
	"unsafe"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/pdb"
	"github.com/slidekit/slide/internal/tiles"
)

// wastar is weighted A* for boards of at most 255 cells with distinct
// labels under single-tile moves: it expands the open board of least
// g + W*h, where g is its moves from the start and h a consistent lower
// bound on its moves to the goal, never reopens a closed board, and so
// returns a solution of at most W times the fewest moves (for W = 1, a
// shortest one). Boards are byte strings of cell values in the
// goal-relative form (a tile's value is its goal cell, the blank's the
// blank's goal cell), kept in one arena and found again through a
// Zobrist-hashed open-addressing table; the open list is a bucket queue
// on g*den + num*h, W being num/den, that pops the newest entry of the
// lowest bucket first.
type wastar struct {
	rows, cols, n int
	blankVal      uint8
	num, den      int64
	ev            bEval    // admissible: a pattern database, or Manhattan distance with linear conflicts
	zob           []uint64 // zob[cell*n+value]

	cells  []uint8 // node i's board is cells[i*n : (i+1)*n]
	aux    []uint8 // node i's heuristic data is aux[i*na : (i+1)*na]
	na     int
	g, h   []int32
	parent []int32
	blank  []int32
	hash   []uint64
	closed []bool

	slots      []int32 // node index + 1, 0 for empty
	buckets    [][]int32
	low        int  // no open node has a lower bucket
	maxBuckets int  // the most buckets, 0 for no bound
	over       bool // a push needed more buckets than maxBuckets, or a charge to mem failed
	// mem is charged for every array the search makes, before it is made,
	// and keeps the arrays it outgrew charged (see engine.ReserveCharged):
	// all it allocates stays within mem.Limit whenever the collector runs.
	mem engine.Budget

	child      []uint8
	expanded   int64
	generated  int64
	maxStored  int   // the most boards the memory bound allows, 0 for no bound
	maxNodes   int64 // the most boards to generate
	maxCost    int   // boards whose g + h passes it are not stored: no solution through them is within it
	ctx        context.Context
	onProgress func() // called every 2^14 expansions, if not nil
}

// newWAStar returns a search over rows x cols boards whose blank's value
// is blankVal, with weight num/den >= 1.
//
// The heuristic keeps its data of each board (a pattern database's
// entries) with the node, so a node's children each take one lookup a
// table (and its reflection), not a lookup of every table.
func newWAStar(rows, cols, blankVal int, num, den int64, ev bEval) *wastar {
	n := rows * cols
	s := &wastar{rows: rows, cols: cols, n: n, blankVal: uint8(blankVal), num: num, den: den, ev: ev,
		zob: make([]uint64, n*n), child: make([]uint8, n), na: ev.auxLen(), maxNodes: math.MaxInt64, maxCost: math.MaxInt,
		mem: engine.Budget{Limit: math.MaxInt64}}
	x := uint64(0x9e3779b97f4a7c15)
	for i := range s.zob {
		x ^= x << 13 // xorshift: a fixed, well-spread sequence
		x ^= x >> 7
		x ^= x << 17
		s.zob[i] = x
	}
	return s
}

// weightFraction returns num/den <= w, the largest with den 64, in lowest
// terms, and 1/1 for w <= 1.
func weightFraction(w float64) (num, den int64) {
	if w <= 1 || math.IsNaN(w) {
		return 1, 1
	}
	if w > 1e6 {
		w = 1e6
	}
	num, den = int64(math.Floor(w*64)), 64
	for num%2 == 0 && den > 1 { // lowest terms: fewer, fuller buckets
		num, den = num/2, den/2
	}
	return num, den
}

func (s *wastar) board(i int32) []uint8 { return s.cells[int(i)*s.n : (int(i)+1)*s.n] }

func (s *wastar) data(i int32) []uint8 { return s.aux[int(i)*s.na : (int(i)+1)*s.na] }

// add stores a board as a new node, with the heuristic data aux, and
// returns its index, or -1, setting over, if the memory bound leaves no
// room for it (or the search's context is done).
func (s *wastar) add(board, aux []uint8, g, h, parent, blank int32, hash uint64) int32 {
	if !s.room() {
		s.over = true
		return -1
	}
	i := int32(len(s.g))
	s.cells = append(s.cells, board...)
	s.aux = append(s.aux, aux...)
	s.g = append(s.g, g)
	s.h = append(s.h, h)
	s.parent = append(s.parent, parent)
	s.blank = append(s.blank, blank)
	s.hash = append(s.hash, hash)
	s.closed = append(s.closed, false)
	if 2*len(s.g) > len(s.slots) {
		if !s.grow() {
			s.over = true
			return -1
		}
	} else {
		s.place(i)
	}
	return i
}

// room makes room for one more node in the node arrays, charged to mem;
// false if a charge fails or the context is done.
func (s *wastar) room() bool {
	ctx, m := s.ctx, &s.mem
	return engine.ReserveCharged(ctx, &s.cells, s.n, m) && engine.ReserveCharged(ctx, &s.aux, s.na, m) &&
		engine.ReserveCharged(ctx, &s.g, 1, m) && engine.ReserveCharged(ctx, &s.h, 1, m) &&
		engine.ReserveCharged(ctx, &s.parent, 1, m) && engine.ReserveCharged(ctx, &s.blank, 1, m) &&
		engine.ReserveCharged(ctx, &s.hash, 1, m) && engine.ReserveCharged(ctx, &s.closed, 1, m)
}

// grow doubles the table of slots, charged to mem, and places every node
// in it; false, the table as it was, if the charge fails.
func (s *wastar) grow() bool {
	size := max(1024, 2*len(s.slots))
	if !s.mem.Charge(int64(size) * 4) {
		return false
	}
	s.slots = make([]int32, size)
	for i := range int32(len(s.g)) {
		s.place(i)
	}
	return true
}

func (s *wastar) place(i int32) {
	mask := uint64(len(s.slots) - 1)
	for k := s.hash[i] & mask; ; k = (k + 1) & mask {
		if s.slots[k] == 0 {
			s.slots[k] = i + 1
			return
		}
	}
}

// find returns the node holding board (of hash h), or -1.
func (s *wastar) find(board []uint8, h uint64) int32 {
	mask := uint64(len(s.slots) - 1)
	for k := h & mask; ; k = (k + 1) & mask {
		j := s.slots[k] - 1
		if j < 0 {
			return -1
		}
		if s.hash[j] == h && string(s.board(j)) == string(board) {
			return j
		}
	}
}

// push queues node i, unless its bucket would pass maxBuckets or the
// queue's growth its memory (charged to mem): then it sets over, which
// stops the search.
func (s *wastar) push(i int32) {
	b := int(int64(s.g[i])*s.den + s.num*int64(s.h[i]))
	if s.maxBuckets > 0 && b >= s.maxBuckets {
		s.over = true
		return
	}
	if b >= len(s.buckets) {
		if !engine.ReserveCharged(s.ctx, &s.buckets, b+1-len(s.buckets), &s.mem) {
			s.over = true
			return
		}
		s.buckets = s.buckets[:b+1] // the new buckets were never used: empty
	}
	if !engine.ReserveCharged(s.ctx, &s.buckets[b], 1, &s.mem) {
		s.over = true
		return
	}
	s.buckets[b] = append(s.buckets[b], i)
	s.low = min(s.low, b)
}

// pop returns the open node of least priority, the newest first, or -1.
func (s *wastar) pop() int32 {
	for s.low < len(s.buckets) {
		q := s.buckets[s.low]
		if len(q) == 0 {
			s.low++
			continue
		}
		i := q[len(q)-1]
		s.buckets[s.low] = q[:len(q)-1]
		if s.closed[i] || int(int64(s.g[i])*s.den+s.num*int64(s.h[i])) != s.low {
			continue // closed, or stale: queued again with a lower g
		}
		return i
	}
	return -1
}

// search runs from board start (blank on cell blank) and returns the
// blank's cell in every board of the solution, start included, or an
// error: ctx's, a *engine.LimitError (memory at maxStored boards or maxBuckets,
// nodes where the children of a board could pass maxNodes), or
// ErrNotFound (with a maxCost, none found within it).
func (s *wastar) search(ctx context.Context, start []uint8, blank int) ([]int, error) {
	s.ctx = ctx
	s.cells, s.aux, s.g, s.h, s.parent, s.blank, s.hash, s.closed = s.cells[:0], s.aux[:0], s.g[:0], s.h[:0], s.parent[:0], s.blank[:0], s.hash[:0], s.closed[:0]
	clear(s.slots)
	for i := range s.buckets {
		s.buckets[i] = s.buckets[i][:0]
	}
	s.low, s.expanded, s.generated, s.over = 0, 0, 0, false
	if s.maxNodes < 1 {
		return nil, &engine.LimitError{Limit: "nodes", Value: s.maxNodes}
	}
	s.generated = 1 // the start
	var hash uint64
	for c, v := range start {
		hash ^= s.zob[c*s.n+int(v)]
	}
	aux := make([]uint8, s.na) // the root's data, then each child's
	h0 := s.ev.root(start, aux)
	root := s.add(start, aux, 0, int32(h0), -1, int32(blank), hash)
	if root < 0 {
		return nil, s.overError()
	}
	if h0 == 0 {
		return []int{blank}, nil
	}
	s.push(root)
	var stop engine.Stop
	stop.Watch(ctx)
	defer stop.End()
	cols := s.cols
	bv := int(s.blankVal)
	for {
		i := s.pop()
		if s.over {
			return nil, s.overError()
		}
		if i < 0 {
			return nil, engine.ErrNotFound(math.Inf(1))
		}
		s.closed[i] = true
		s.expanded++
		if s.expanded%stopEvery == 0 && stop.Done() {
			return nil, ctx.Err()
		}
		if s.expanded&(1<<14-1) == 0 && s.onProgress != nil {
			s.onProgress()
		}
		if s.maxStored > 0 && len(s.g) >= s.maxStored {
			return nil, &engine.LimitError{Limit: "memory", Value: int64(s.maxStored), Expanded: s.expanded, Generated: s.generated}
		}
		if s.generated > s.maxNodes-4 { // at most 4 children
			return nil, &engine.LimitError{Limit: "nodes", Value: s.maxNodes, Expanded: s.expanded, Generated: s.generated}
		}
		b := int(s.blank[i])
		br, bc := b/cols, b%cols
		parentBlank := -1
		if p := s.parent[i]; p >= 0 {
			parentBlank = int(s.blank[p])
		}
		s.ev.load(s.board(i), s.data(i), int(s.h[i]))
		for _, nb := range [4]int{b - cols, b - 1, b + 1, b + cols} { // blank up, left, right, down
			switch {
			case nb == b-cols && br == 0, nb == b+cols && br == s.rows-1, nb == b-1 && bc == 0, nb == b+1 && bc == cols-1:
				continue
			case nb == parentBlank:
				continue
			}
			s.generated++
			parent := s.board(i)
			copy(s.child, parent)
			v := parent[nb]
			s.child[b], s.child[nb] = v, s.blankVal
			hc := s.hash[i] ^ s.zob[nb*s.n+int(v)] ^ s.zob[b*s.n+int(v)] ^ s.zob[nb*s.n+bv] ^ s.zob[b*s.n+bv]
			g := s.g[i] + 1
			j := s.find(s.child, hc)
			if j >= 0 {
				if s.closed[j] || s.g[j] <= g || int(g+s.h[j]) > s.maxCost {
					continue
				}
				s.g[j], s.parent[j] = g, i
				s.push(j)
				continue
			}
			h, delta := s.ev.child(v, nb, b)
			if int(g)+h > s.maxCost {
				continue
			}
			copy(aux, s.data(i))
			s.ev.apply(s.child, aux, delta, v, nb, b)
			j = s.add(s.child, aux, g, int32(h), i, int32(nb), hc)
			if j < 0 {
				return nil, s.overError()
			}
			if h == 0 {
				return s.path(j), nil
			}
			s.push(j)
		}
	}
}

// overError returns the error of a search that set over: its context's,
// if done, else a *engine.LimitError of its memory (the bytes of mem, or the
// buckets of maxBuckets).
func (s *wastar) overError() error {
	if err := s.ctx.Err(); err != nil {
		return err
	}
	value := int64(s.maxBuckets)
	if s.mem.Over {
		value = s.mem.Limit
	}
	return &engine.LimitError{Limit: "memory", Value: value, Expanded: s.expanded, Generated: s.generated}
}

// path returns the blank's cells from the root to node i.
func (s *wastar) path(i int32) []int {
	var rev []int
	for ; i >= 0; i = s.parent[i] {
		rev = append(rev, int(s.blank[i]))
	}
	for a, b := 0, len(rev)-1; a < b; a, b = a+1, b-1 {
		rev[a], rev[b] = rev[b], rev[a]
	}
	return rev
}

// mdlcEval is Manhattan distance plus linear conflicts on boards of any
// shape, from scratch (see mdlcBeam for the search's use).
type mdlcEval struct {
	rows, cols int
	blankVal   uint8
	h          int // the loaded board's (see mdlcBeam)
	lis        tiles.LIS
	row, col   []uint8 // of each cell (and goal cell: a tile's value)
	// With lines of at most tiles.MaxConflictLine cells, the conflicts of a line
	// come from conflictTable by its key: the digit of each cell, the
	// first the lowest, is 0 or, for a tile of the line, 1 + its goal's
	// place along it (rowPow, colPow: the place values of the digits).
	rowTab, colTab []uint8
	rowPow, colPow []int
	// With the tables, rowDig[v*n+c] is the digit of the value v on
	// cell c in its row's key (0 for the blank, and for a tile of
	// another row), colDig in its column's: the keys are read without
	// branches. md[v*n+c] is v's Manhattan distance from cell c.
	n              int
	rowDig, colDig []uint8
	md             []uint8
}

// rowKey returns the conflict-table key of row r of cells.
func (e *mdlcEval) rowKey(cells []uint8, r int) int {
	key, base := 0, r*e.cols
	for i, v := range cells[base : base+e.cols] {
		key += int(e.rowDig[int(v)*e.n+base+i]) * e.rowPow[i]
	}
	return key
}

// colKey returns the conflict-table key of column col of cells.
func (e *mdlcEval) colKey(cells []uint8, col int) int {
	key := 0
	for i := range e.rows {
		c := i*e.cols + col
		key += int(e.colDig[int(cells[c])*e.n+c]) * e.colPow[i]
	}
	return key
}

// newMDLC returns the evaluator for rows x cols boards whose blank's value
// is blankVal.
func newMDLC(rows, cols int, blankVal uint8) mdlcEval {
	e := mdlcEval{rows: rows, cols: cols, blankVal: blankVal, row: make([]uint8, rows*cols), col: make([]uint8, rows*cols),
		lis: tiles.NewLIS(padded[int](max(rows, cols)))}
	if cols <= tiles.MaxConflictLine {
		e.rowTab, e.rowPow = tiles.ConflictTable(cols), tiles.PlaceValues(cols)
	}
	if rows <= tiles.MaxConflictLine {
		e.colTab, e.colPow = tiles.ConflictTable(rows), tiles.PlaceValues(rows)
	}
	for c := range e.row {
		e.row[c], e.col[c] = uint8(c/cols), uint8(c%cols)
	}
	n := rows * cols
	e.n, e.md = n, manhattanTable(rows, cols)
	if e.rowTab != nil {
		e.rowDig = make([]uint8, n*n)
	}
	if e.colTab != nil {
		e.colDig = make([]uint8, n*n)
	}
	for v := range n {
		for c := range n {
			if v == int(blankVal) {
				continue
			}
			if e.rowDig != nil && e.row[v] == e.row[c] {
				e.rowDig[v*n+c] = e.col[v] + 1
			}
			if e.colDig != nil && e.col[v] == e.col[c] {
				e.colDig[v*n+c] = e.row[v] + 1
			}
		}
	}
	return e
}

func (e *mdlcEval) dist(v uint8, c int) int { return int(e.md[int(v)*e.n+c]) }

func (e *mdlcEval) estimate(cells []uint8) int {
	h := 0
	for c, v := range cells {
		if v != e.blankVal {
			h += e.dist(v, c)
		}
	}
	for r := range e.rows {
		h += e.rowConflicts(cells, r)
	}
	for c := range e.cols {
		h += e.colConflicts(cells, c)
	}
	return h
}

// rowConflicts returns twice the conflicts of row r.
func (e *mdlcEval) rowConflicts(cells []uint8, r int) int {
	e.lis.Reset()
	for c := r * e.cols; c < (r+1)*e.cols; c++ {
		if v := cells[c]; v != e.blankVal && int(e.row[v]) == r {
			e.lis.Add(int(e.col[v]))
		}
	}
	return 2 * e.lis.Conflicts()
}

func (e *mdlcEval) colConflicts(cells []uint8, col int) int {
	e.lis.Reset()
	for c := col; c < len(cells); c += e.cols {
		if v := cells[c]; v != e.blankVal && int(e.col[v]) == col {
			e.lis.Add(int(e.row[v]))
		}
	}
	return 2 * e.lis.Conflicts()
}

// pdbEval is an additive pattern database for wastar, maxed with its
// lookup on the board reflected about the main diagonal when the goal
// allows it (see pdb.Spec.Transposable).
type pdbEval struct {
	tabs    []*pdb.Table
	patOf   []int8 // pattern of each value, -1 for the blank
	idx     []uint8
	n       int
	blank   uint8
	reflect bool
	tr      []uint8 // cell c's mirror image
	// the parent's
	where, rwhere []uint8 // cell of each value, directly and reflected
	vals, rvals   []int
	sum, rsum     int
	pos, rpos     []uint8
}

// padded returns a slice of n zeros alone on its cache lines: the
// evaluators of a beam's workers write their scratch for every board, and
// slices of two workers sharing a line slowed both (false sharing).
func padded[T any](n int) []T {
	var x T
	pad := max(1, 64/int(unsafe.Sizeof(x)))
	return make([]T, n+2*pad)[pad : pad+n : pad+n]
}

func newPDBEval(db *pdb.DB) *pdbEval {
	spec := db.Spec()
	n := spec.Rows * spec.Cols
	k := len(db.Tables())
	e := &pdbEval{tabs: db.Tables(), patOf: make([]int8, n), idx: make([]uint8, n), n: n, blank: uint8(spec.Blank),
		reflect: spec.Transposable(), tr: spec.Mirror(), where: padded[uint8](n), rwhere: padded[uint8](n),
		vals: padded[int](k), rvals: padded[int](k), pos: padded[uint8](n), rpos: padded[uint8](n)}
	for v := range e.patOf {
		e.patOf[v] = -1
	}
	for j, t := range e.tabs {
		for i, v := range t.Tiles() {
			e.patOf[v], e.idx[v] = int8(j), uint8(i)
		}
	}
	return e
}

// lookup returns table j's entry with its tiles where where says, but
// tile v (if in the pattern) on cell at.
func (e *pdbEval) lookup(j int, where []uint8, v, at uint8) int {
	return e.tabs[j].Lookup(e.place(e.pos, j, where, v, at))
}

// place writes into pos and returns table j's placement with its tiles
// where where says, but tile v (if in the pattern) on cell at.
func (e *pdbEval) place(pos []uint8, j int, where []uint8, v, at uint8) []uint8 {
	tiles := e.tabs[j].Tiles()
	pos = pos[:len(tiles)]
	for i, u := range tiles {
		pos[i] = where[u]
		if u == v {
			pos[i] = at
		}
	}
	return pos
}

// estimate returns the bound of a board from scratch, leaving its entries
// in vals and rvals.
func (e *pdbEval) estimate(cells []uint8) int {
	for c, v := range cells {
		e.where[v] = uint8(c)
		e.rwhere[e.tr[v]] = e.tr[c]
	}
	e.sum, e.rsum = 0, 0
	for j := range e.tabs {
		e.vals[j] = e.lookup(j, e.where, 255, 0)
		e.sum += e.vals[j]
		if e.reflect {
			e.rvals[j] = e.lookup(j, e.rwhere, 255, 0)
			e.rsum += e.rvals[j]
		}
	}
	return max(e.sum, e.rsum)
}

// weightedNodes returns the most boards weighted A* may store under lim's
// memory bound when a board takes bytes of cells and heuristic data: with its
// bookkeeping (moves, bound, parent, blank, hash, flag, slots and queue
// entries) about 60 bytes more, two and a half times over while the
// arrays grow (the new arrays a quarter larger than the old, which are
// held until they are copied).
func weightedNodes(lim engine.Bounds, bytes int) int {
	return int(min(math.MaxInt32, lim.MemoryLimit()/int64(5*(bytes+60)/2)))
}

// weightedBuckets returns the most buckets weighted A*'s queue may hold
// under lim: a sixteenth of the memory bound, a slice header each. A
// bucket is a priority g*den + num*h, so a large weight spreads the nodes
// over many buckets.
func weightedBuckets(lim engine.Bounds) int {
	return int(min(math.MaxInt32, lim.MemoryLimit()/16/int64(unsafe.Sizeof([]int32(nil)))))
}

// manhattanTable returns the moves between every two cells of a rows x
// cols board, at [a*rows*cols+b]: a value's distance from a cell to its
// goal cell, the value itself, where values are goal cells.
func manhattanTable(rows, cols int) []uint8 {
	n := rows * cols
	t := make([]uint8, n*n)
	for a := range n {
		for b := range n {
			t[a*n+b] = uint8(abs(a/cols-b/cols) + abs(a%cols-b%cols))
		}
	}
	return t
}
