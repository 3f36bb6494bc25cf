package tiles

import (
	"context"
	"runtime"
	"slices"
	"sync"

	"github.com/slidekit/slide/internal/engine"
)

// maxTableLine is the longest line whose conflicts come from a table
// ((L+1)^L entries: 117,649 for 6), in LineKeys.
const maxTableLine = 6

// MaxConflictLine is the longest line ConflictTable takes: 8^7 =
// 2,097,152 entries for 7 (2 MB).
const MaxConflictLine = 7

// conflictTables holds the conflict table of each line length, built on
// first use and never changed afterwards.
var conflictTables [MaxConflictLine + 1]engine.Lazy[[]uint8]

// ConflictTable returns the table of lines of the given length, at most
// MaxConflictLine: twice the conflicts of the line of each key (see
// LineKeys), built on first use and shared.
func ConflictTable(length int) []uint8 {
	t, _ := ConflictTableContext(context.Background(), length)
	return t
}

// ConflictTableContext is ConflictTable, or ctx's error if ctx ends before
// the table is built (2^21 entries for 7 cells): a build that ctx stops
// is dropped, and a later call builds the table anew (see engine.Lazy).
func ConflictTableContext(ctx context.Context, length int) ([]uint8, error) {
	return conflictTables[length].Get(ctx, func(ctx context.Context) ([]uint8, error) {
		return buildConflictTable(ctx, length)
	})
}

// buildConflictTable maps every key of a line of the given length to twice
// its conflicts, or returns ctx's error if ctx ends first: a walk over the
// keys' digits, place 0 first, keeping the longest increasing runs of the
// tiles so far as patience sorting does (the least last tile of a run of
// each length), one step a digit. Tables of at least conflictParallel
// entries, which take milliseconds (every anytime solve of a board with
// lines of 7 cells waits for one), are walked on up to GOMAXPROCS
// goroutines, each taking the keys of its share of the digits at place
// conflictSplit: runs of (length+1)^conflictSplit keys, whole cache lines,
// so that no two goroutines write to one. Each walk polls ctx every
// conflictPoll keys.
func buildConflictTable(ctx context.Context, length int) ([]uint8, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	t := make([]uint8, pow(length+1, length))
	workers := 1
	if len(t) >= conflictParallel && length-1 > conflictSplit {
		workers = min(runtime.GOMAXPROCS(0), length+1)
	}
	place := PlaceValues(length)
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b := conflictBuild{ctx: ctx, length: length, place: place, t: t, left: conflictPoll, workers: workers, worker: w}
			if length > 0 {
				b.walk(0, 0, 0, 0)
			}
			errs[w] = b.err
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return t, nil
}

// conflictParallel is the fewest entries of a conflict table built on
// several goroutines, and conflictSplit the place whose digits they share.
const (
	conflictParallel = 1 << 20
	conflictSplit    = 2
)

// conflictPoll is how many keys buildConflictTable fills between two polls
// of its context.
const conflictPoll = 1 << 16

// A conflictBuild is the walk of buildConflictTable.
type conflictBuild struct {
	ctx    context.Context
	err    error // ctx's, once a poll has seen it
	left   int   // keys before the next poll
	length int
	place  []int // the place values of the digits
	t      []uint8
	tails  [MaxConflictLine]int // tails[k]: the least last tile of an increasing run of k+1 tiles so far
	// The walk takes, of the digits at place conflictSplit, those equal
	// to worker modulo workers.
	workers, worker int
}

// walk fills the entries of the keys whose digits below place i add up
// to key, n of them tiles of the line, runs the length of the longest
// increasing run of those.
func (b *conflictBuild) walk(i, key, n, runs int) {
	if i == b.length-1 {
		b.last(key, n, runs)
		return
	}
	if b.mine(i, 0) {
		b.walk(i+1, key, n, runs) // no tile of the line on place i
	}
	for d := 1; d <= b.length && b.err == nil; d++ {
		if !b.mine(i, d) {
			continue
		}
		k, _ := slices.BinarySearch(b.tails[:runs], d)
		old := b.tails[k]
		b.tails[k] = d
		b.walk(i+1, key+d*b.place[i], n+1, max(runs, k+1))
		b.tails[k] = old
	}
}

// mine reports whether the walk takes digit d at place i.
func (b *conflictBuild) mine(i, d int) bool {
	return b.workers <= 1 || i != conflictSplit || d%b.workers == b.worker
}

// last is walk for the last place, whose digits end the keys.
func (b *conflictBuild) last(key, n, runs int) {
	p := b.place[b.length-1]
	b.t[key] = uint8(2 * (n - runs))
	for d := 1; d <= b.length; d++ {
		k, _ := slices.BinarySearch(b.tails[:runs], d)
		b.t[key+d*p] = uint8(2 * (n + 1 - max(runs, k+1)))
	}
	if b.left -= b.length + 1; b.left <= 0 {
		engine.Yield() // lets a deadline's timer fire on one thread
		b.left, b.err = conflictPoll, b.ctx.Err()
	}
}

// FitsLineKeys reports whether LineKeys take boards of this shape: at most
// 16 cells, lines of at most maxTableLine.
func FitsLineKeys(rows, cols int) bool {
	return rows*cols <= 16 && rows <= maxTableLine && cols <= maxTableLine
}

// LineKeys hold what the keys of the lines of a board of at most 16 cells
// are made of, for linear conflicts kept by deltas. Lines 0 ... rows-1 are
// the rows, then the columns. Every line (row or column) has a key, the
// sum over its cells of digit*(L+1)^place, where a cell's digit is its
// tile's goal place in the line + 1 if the tile belongs to the line and 0
// otherwise; a table maps each key to twice the line's conflicts. A
// vertical move changes the keys (and conflicts) of two rows and the key,
// not the conflicts, of one column; horizontal moves the reverse.
type LineKeys struct {
	Row, Col [16]uint8     // the lines of each cell's row and column
	RowPart  [16][16]int32 // RowPart[v][c]: value v's term, at cell c, in the key of c's row
	ColPart  [16][16]int32 // ColPart[v][c]: the same for c's column
	RowTab   []uint8       // row keys to twice their conflicts
	ColTab   []uint8
	rows     int
	cols     int
}

// NewLineKeys returns the LineKeys of a rows x cols board (see
// FitsLineKeys) whose blank has the value blankVal.
func NewLineKeys(rows, cols, blankVal int) LineKeys {
	k := LineKeys{rows: rows, cols: cols, RowTab: ConflictTable(cols), ColTab: ConflictTable(rows)}
	for cell := range rows * cols {
		r, c := cell/cols, cell%cols
		k.Row[cell], k.Col[cell] = uint8(r), uint8(rows+c)
		for v := range rows * cols {
			if v == blankVal {
				continue
			}
			if v/cols == r { // v belongs to row r, at place v%cols
				k.RowPart[v][cell] = int32(v%cols+1) * pow(cols+1, c)
			}
			if v%cols == c {
				k.ColPart[v][cell] = int32(v/cols+1) * pow(rows+1, r)
			}
		}
	}
	return k
}

// lineKey returns the key of line l of a packed board.
func (k *LineKeys) lineKey(board uint64, l int) int32 {
	var key int32
	if l < k.rows {
		for cell := l * k.cols; cell < (l+1)*k.cols; cell++ {
			key += k.RowPart[board>>(4*cell)&15][cell&15]
		}
		return key
	}
	for cell := l - k.rows; cell < k.rows*k.cols; cell += k.cols {
		key += k.ColPart[board>>(4*cell)&15][cell&15]
	}
	return key
}

// moveDelta returns the change in twice the conflicts when the tile of
// value v slides from cell from to the blank at cell to of board. Only the
// tile's goal line along the move can change: a vertical move takes the
// tile out of a row or into one, and rows count only their own tiles.
func (k *LineKeys) moveDelta(board uint64, v, from, to int) int {
	if from%k.cols == to%k.cols { // vertical
		switch goal := k.Row[v]; goal {
		case k.Row[from]:
			key := k.lineKey(board, int(goal))
			return int(k.RowTab[key-k.RowPart[v][from]]) - int(k.RowTab[key])
		case k.Row[to]:
			key := k.lineKey(board, int(goal))
			return int(k.RowTab[key+k.RowPart[v][to]]) - int(k.RowTab[key])
		}
		return 0
	}
	switch goal := k.Col[v]; goal {
	case k.Col[from]:
		key := k.lineKey(board, int(goal))
		return int(k.ColTab[key-k.ColPart[v][from]]) - int(k.ColTab[key])
	case k.Col[to]:
		key := k.lineKey(board, int(goal))
		return int(k.ColTab[key+k.ColPart[v][to]]) - int(k.ColTab[key])
	}
	return 0
}

// pow returns b^e for small numbers.
func pow(b, e int) int32 {
	p := int32(1)
	for range e {
		p *= int32(b)
	}
	return p
}

// PlaceValues returns the place values of the digits of the key of a line
// of the given length: (length+1)^i for digit i.
func PlaceValues(length int) []int {
	p := make([]int, length)
	for i := range p {
		p[i] = int(pow(length+1, i))
	}
	return p
}
