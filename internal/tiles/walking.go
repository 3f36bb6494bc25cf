package tiles

import (
	"context"
	"fmt"
	"math/bits"
	"slices"
	"sync"

	"github.com/slidekit/slide/internal/engine"
)

// WalkingTables are the tables of Ken'ichiro Takahashi's walking distance,
// a lower bound that counts vertical and horizontal moves separately. Along one axis a board is abstracted to
// a table of counts, how many tiles of each goal row (column) stand in each
// row (column), with the blank's row (column); a vertical move swaps the
// blank with one tile of the row above or below, whatever its column.
// Breadth-first search over these tables from the goal's gives the
// fewest vertical moves; the horizontal axis is the same problem on the
// transposed board. The sum of the two is admissible (a move is vertical
// or horizontal, never both) and is often much larger than Manhattan
// distance, as it sees tiles of one goal row queuing in the same column.
//
// Boards are given as bytes, cells[c] naming the tile on cell c by its goal
// cell and the blank by the blank's goal cell (the form of internal/pdb).
// Tables are small for boards up to 4 x 4 (24,964 states an axis for the
// 15-puzzle) and grow steeply beyond: boards whose axis would exceed
// maxWDStates states are refused. WalkingTables are immutable and safe
// for concurrent use.
type WalkingTables struct {
	rows, cols, blank int
	v, h              wdAxis
}

// A wdAxis is the walking distance along one axis: lines of width tiles,
// the blank's goal line, every state's distance and successors.
type wdAxis struct {
	lines, width, goalLine int
	bpc                    uint     // bits a count in a key
	keys                   []uint64 // sorted; a state's id is its key's index
	dist                   []uint8
	next                   []int32 // [id][dir 0 up, 1 down][class] -> id, or -1
}

// maxWDStates bounds the states of one axis (the 15-puzzle's have 24,964;
// a 5 x 5 board's are far more than memory allows at this representation).
const maxWDStates = 1 << 20

// A WalkingState is a board's state, which Move updates as tiles move: its
// vertical and horizontal ids.
type WalkingState struct{ v, h int32 }

// NewWalkingTables builds the walking-distance tables of a rows x cols
// board whose blank's goal cell is blank.
func NewWalkingTables(rows, cols, blank int) (*WalkingTables, error) {
	return newWalkingTables(context.Background(), rows, cols, blank)
}

// newWalkingTables is NewWalkingTables, or ctx's error if ctx ends first
// (see wdPoll).
func newWalkingTables(ctx context.Context, rows, cols, blank int) (*WalkingTables, error) {
	if rows < 2 || cols < 2 || blank < 0 || blank >= rows*cols {
		return nil, fmt.Errorf("walking distance: board %d x %d with blank goal %d", rows, cols, blank)
	}
	w := &WalkingTables{rows: rows, cols: cols, blank: blank}
	var err error
	if w.v, err = newWDAxis(ctx, rows, cols, blank/cols); err != nil {
		return nil, err
	}
	if w.h, err = newWDAxis(ctx, cols, rows, blank%cols); err != nil {
		return nil, err
	}
	return w, nil
}

// wdPoll is how many states of an axis newWDAxis reaches between two
// polls of its context.
const wdPoll = 1 << 12

// wdCounts is an axis state unpacked: count[line][class], the blank's line.
type wdCounts struct {
	count [8][8]uint8
	blank int
}

func newWDAxis(ctx context.Context, lines, width, goalLine int) (wdAxis, error) {
	a := wdAxis{lines: lines, width: width, goalLine: goalLine, bpc: uint(bits.Len(uint(width)))}
	if lines > 8 || width > 8 || uint(lines*(lines-1))*a.bpc+3 > 64 {
		return a, fmt.Errorf("walking distance takes boards of at most 8 lines of 8")
	}
	var goal wdCounts
	for l := range lines {
		goal.count[l][l] = uint8(width)
	}
	goal.count[goalLine][goalLine]--
	goal.blank = goalLine
	// Breadth-first search over keys, then renumber by sorted key.
	ids := map[uint64]int32{a.key(&goal): 0}
	order := []uint64{a.key(&goal)}
	dist := []uint8{0}
	var succ [][2][8]uint64
	for i := 0; i < len(order); i++ {
		if i%wdPoll == 0 {
			engine.Yield() // lets a deadline's timer fire on one thread
			if err := ctx.Err(); err != nil {
				return a, err
			}
		}
		s := a.unkey(order[i])
		var out [2][8]uint64
		for dir, step := range [2]int{-1, 1} {
			to := s.blank + step
			for c := range lines {
				out[dir][c] = ^uint64(0)
				if to < 0 || to >= lines || s.count[to][c] == 0 {
					continue
				}
				t := s
				t.count[to][c]--
				t.count[s.blank][c]++
				t.blank = to
				k := a.key(&t)
				if _, ok := ids[k]; !ok {
					if len(order) == maxWDStates {
						return a, fmt.Errorf("walking distance of %d lines of %d has over %d states an axis", lines, width, maxWDStates)
					}
					ids[k] = int32(len(order))
					order = append(order, k)
					dist = append(dist, dist[i]+1)
				}
				out[dir][c] = k
			}
		}
		succ = append(succ, out)
	}
	a.keys = slices.Clone(order)
	slices.Sort(a.keys)
	a.dist = make([]uint8, len(order))
	a.next = make([]int32, len(order)*2*lines)
	for i, k := range order {
		id := a.id(k)
		a.dist[id] = dist[i]
		for dir := range 2 {
			for c := range lines {
				n := int32(-1)
				if succ[i][dir][c] != ^uint64(0) {
					n = a.id(succ[i][dir][c])
				}
				a.next[(int(id)*2+dir)*lines+c] = n
			}
		}
	}
	return a, nil
}

// key packs a state: the counts of all classes but the last (fixed by the
// line's size), then the blank's line.
func (a *wdAxis) key(s *wdCounts) uint64 {
	k := uint64(s.blank)
	for l := range a.lines {
		for c := range a.lines - 1 {
			k = k<<a.bpc | uint64(s.count[l][c])
		}
	}
	return k
}

func (a *wdAxis) unkey(k uint64) wdCounts {
	var s wdCounts
	for l := a.lines - 1; l >= 0; l-- {
		for c := a.lines - 2; c >= 0; c-- {
			s.count[l][c] = uint8(k & (1<<a.bpc - 1))
			k >>= a.bpc
		}
	}
	s.blank = int(k)
	for l := range a.lines {
		left := a.width
		if l == s.blank {
			left--
		}
		for c := range a.lines - 1 {
			left -= int(s.count[l][c])
		}
		s.count[l][a.lines-1] = uint8(left)
	}
	return s
}

func (a *wdAxis) id(k uint64) int32 {
	i, ok := slices.BinarySearch(a.keys, k)
	if !ok {
		return -1
	}
	return int32(i)
}

// Board returns the board the tables are for: its size and the blank's
// goal cell.
func (w *WalkingTables) Board() (rows, cols, blank int) { return w.rows, w.cols, w.blank }

// States returns the number of states of the vertical and horizontal axes.
func (w *WalkingTables) States() (vertical, horizontal int) { return len(w.v.keys), len(w.h.keys) }

// Start returns the state of the board cells (see WalkingTables).
func (w *WalkingTables) Start(cells []uint8) WalkingState {
	var sv, sh wdCounts
	for c, v := range cells {
		r, col := c/w.cols, c%w.cols
		if int(v) == w.blank {
			sv.blank, sh.blank = r, col
			continue
		}
		sv.count[r][int(v)/w.cols]++
		sh.count[col][int(v)%w.cols]++
	}
	return WalkingState{w.v.id(w.v.key(&sv)), w.h.id(w.h.key(&sh))}
}

// Value returns the walking distance of state s.
func (w *WalkingTables) Value(s WalkingState) int {
	return int(w.v.dist[s.v]) + int(w.h.dist[s.h])
}

// Estimate returns the walking distance of cells (see WalkingTables).
func (w *WalkingTables) Estimate(cells []uint8) (int, error) {
	n := w.rows * w.cols
	if len(cells) != n {
		return 0, fmt.Errorf("board of %d cells, want %d", len(cells), n)
	}
	var seen uint64
	for c, v := range cells {
		if int(v) >= n || seen>>v&1 != 0 {
			return 0, fmt.Errorf("cell %d holds %d: want each of 0 to %d once", c, v, n-1)
		}
		seen |= 1 << v
	}
	return w.Value(w.Start(cells)), nil
}

// Move returns the state after tile v slides from cell from to the blank
// on cell to.
func (w *WalkingTables) Move(s WalkingState, v uint8, from, to int) WalkingState {
	if from%w.cols == to%w.cols { // vertical: the blank goes to from's row
		dir := 1
		if from < to {
			dir = 0 // up
		}
		s.v = w.v.next[(int(s.v)*2+dir)*w.rows+int(v)/w.cols]
		return s
	}
	dir := 1
	if from < to {
		dir = 0 // left
	}
	s.h = w.h.next[(int(s.h)*2+dir)*w.cols+int(v)%w.cols]
	return s
}

// walkingDistances holds the walking-distance tables, made on first use,
// by board size and blank goal.
var walkingDistances struct {
	sync.Mutex
	byKey map[[3]int]*engine.Lazy[*WalkingTables]
}

// CheckWalkingDistance returns an error of kind engine.Option for walking
// distance on a rows x cols board outside its range, or nil.
func CheckWalkingDistance(rows, cols int) error {
	if rows < 2 || cols < 2 || rows > 4 || cols > 4 {
		return engine.Errorf(engine.Option, "walking distance takes boards of 2 x 2 to 4 x 4, not %d x %d", rows, cols)
	}
	return nil
}

// SharedWalkingTables returns the walking-distance tables of a rows x cols
// board whose blank belongs on cell blank, made on first use and kept for
// the process; or ctx's error if ctx ends before they are made, a making
// that a later call then does anew (see engine.Lazy).
func SharedWalkingTables(ctx context.Context, rows, cols, blank int) (*WalkingTables, error) {
	if err := CheckWalkingDistance(rows, cols); err != nil {
		return nil, err
	}
	key := [3]int{rows, cols, blank}
	walkingDistances.Lock()
	l, ok := walkingDistances.byKey[key]
	if !ok {
		if walkingDistances.byKey == nil {
			walkingDistances.byKey = map[[3]int]*engine.Lazy[*WalkingTables]{}
		}
		l = new(engine.Lazy[*WalkingTables])
		walkingDistances.byKey[key] = l
	}
	walkingDistances.Unlock()
	w, err := l.Get(ctx, func(ctx context.Context) (*WalkingTables, error) { return newWalkingTables(ctx, rows, cols, blank) })
	if err != nil && !engine.IsContext(err) {
		return nil, engine.Errorf(engine.Option, "walking distance on %d x %d boards: %v", rows, cols, err)
	}
	return w, err
}
