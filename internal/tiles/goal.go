package tiles

import (
	"slices"

	"github.com/slidekit/slide/internal/engine"
)

// BlankCode marks the blank in a board of codes.
const BlankCode = -1

// A Goal is the goal-relative form of a goal board, which every search
// works in. Tiles are renamed by codes: with distinct labels a tile's code
// is its goal cell, so a tile's distance to its goal is arithmetic on the
// code; with repeated labels the code is the label's rank (1 for the
// smallest label), and classCells lists each code's goal cells. The
// blank's code is BlankCode. A Goal serves one search at a time (its
// estimates keep scratch memory).
type Goal struct {
	Rows, Cols int
	Distinct   bool // the labels are distinct: codes are goal cells
	BlankGoal  int  // the goal cell of the blank
	goalLabels []int
	labels     []int         // the distinct tile labels, ascending
	classOf    map[int]int32 // label to class, unless permLabels
	goalCode   []int32       // code of each goal cell (class codes; BlankCode for the blank)
	classStart []int32       // the goal cells of class c are classCells[classStart[c]:classStart[c+1]]
	classCells []int32
	scratch    [4][]int32 // matchedManhattan's buffers
	permLabels bool
}

// NewGoal returns the goal-relative form of the rows x cols goal whose
// labels, row-major, are labels (0 for the blank, exactly once); perm says
// they are 1 ... rows*cols-1, each once. It keeps labels.
func NewGoal(rows, cols int, labels []int, perm bool) *Goal {
	n := len(labels)
	t := &Goal{Rows: rows, Cols: cols, goalLabels: labels}
	t.BlankGoal = slices.Index(labels, 0)
	if perm {
		t.labels = make([]int, n-1)
		for i := range t.labels {
			t.labels[i] = i + 1
		}
	} else {
		t.labels = slices.Compact(SortLabels(slices.Clone(labels)))[1:] // drop the blank
		t.classOf = make(map[int]int32, len(t.labels))
		for k, label := range t.labels {
			t.classOf[label] = int32(k + 1)
		}
	}
	t.Distinct = len(t.labels) == n-1
	t.permLabels = t.Distinct && t.labels[n-2] == n-1
	t.goalCode = make([]int32, n)
	t.classStart = make([]int32, len(t.labels)+2)
	for i, label := range labels {
		c := t.class(label)
		t.goalCode[i] = int32(c)
		if c != BlankCode {
			t.classStart[c+1]++
		}
	}
	for c := 1; c < len(t.classStart); c++ {
		t.classStart[c] += t.classStart[c-1]
	}
	t.classCells = make([]int32, n-1)
	fill := slices.Clone(t.classStart)
	for i, c := range t.goalCode {
		if c != BlankCode {
			t.classCells[fill[c]] = int32(i)
			fill[c]++
		}
	}
	if t.Distinct { // codes become goal cells
		for i := range t.goalCode {
			if t.goalCode[i] != BlankCode {
				t.goalCode[i] = int32(i)
			}
		}
	}
	return t
}

// NewCellGoal returns the Goal of a rows x cols board with distinct
// labels whose blank belongs on cell blank, in which boards are given by
// their codes: the goal cell of each tile.
func NewCellGoal(rows, cols, blank int) *Goal {
	labels := make([]int, rows*cols)
	for c := range labels {
		switch {
		case c < blank:
			labels[c] = c + 1
		case c > blank:
			labels[c] = c
		}
	}
	return NewGoal(rows, cols, labels, true)
}

// class returns label's rank among the goal's labels (from 1), BlankCode for
// the blank, or 0 if the goal has no such label.
func (t *Goal) class(label int) int {
	if label == 0 {
		return BlankCode
	}
	if t.permLabels {
		if label < len(t.goalCode) {
			return label
		}
		return 0
	}
	return int(t.classOf[label]) // 0 if absent
}

// Encode returns the code of every cell of a board of the goal's size
// whose labels, row-major, are labels, or an error of kind
// engine.Mismatch if its labels are not the goal's.
func (t *Goal) Encode(labels []int) ([]int32, error) {
	n := len(labels)
	code := make([]int32, n)
	count := make([]int32, len(t.classStart))
	blanks := 0
	for i, label := range labels {
		c := t.class(label)
		if c == 0 {
			return nil, engine.Errorf(engine.Mismatch, "start has tile %d, which the goal lacks", label)
		}
		if c == BlankCode {
			if blanks++; blanks > 1 {
				return nil, engine.Errorf(engine.Mismatch, "start has two blanks")
			}
			code[i] = BlankCode
			continue
		}
		if count[c] == t.classStart[c+1]-t.classStart[c] {
			return nil, engine.Errorf(engine.Mismatch, "start has more tiles %d than the goal", label)
		}
		if t.Distinct {
			code[i] = t.classCells[t.classStart[c]]
		} else {
			code[i] = int32(c)
		}
		count[c]++
	}
	return code, nil // equal counts: n cells, one blank each, no class over
}

// Label returns the label of the tile of code c.
func (t *Goal) Label(c int32) int {
	switch {
	case c == BlankCode:
		return 0
	case t.Distinct:
		return t.goalLabels[c]
	}
	return t.labels[c-1]
}

// SortLabels sorts labels (0 to 2^16-1) in place and returns them: a radix
// sort in two passes of a byte, O(len(labels)).
func SortLabels(labels []int) []int {
	buf := make([]int, len(labels))
	for shift := 0; shift < 16; shift += 8 {
		var count [257]int
		for _, l := range labels {
			count[(l>>shift)&255+1]++
		}
		for i := 1; i < len(count); i++ {
			count[i] += count[i-1]
		}
		for _, l := range labels {
			d := (l >> shift) & 255
			buf[count[d]] = l
			count[d]++
		}
		labels, buf = buf, labels
	}
	return labels
}

// Estimate computes the heuristic h (Zero, Hamming, Manhattan, or
// LinearConflict: Manhattan distance plus linear conflicts) of a board of
// codes from scratch, O(R*C) (linear conflicts O(R*C*log(R+C))).
func (t *Goal) Estimate(h Kind, code []int32) int {
	switch h {
	case Zero:
		return 0
	case Hamming:
		return t.hamming(code)
	case Manhattan:
		return t.manhattan(code)
	default:
		return t.manhattan(code) + t.linearConflict(code)
	}
}

func (t *Goal) hamming(code []int32) int {
	h := 0
	for i, c := range code {
		if c != BlankCode && c != t.goalCode[i] {
			h++
		}
	}
	return h
}

func (t *Goal) manhattan(code []int32) int {
	if !t.Distinct {
		return t.matchedManhattan(code)
	}
	h := 0
	for i, c := range code {
		if c != BlankCode {
			h += t.Dist(int(c), i)
		}
	}
	return h
}

// Dist is the taxicab distance between cells a and b.
func (t *Goal) Dist(a, b int) int {
	return abs(a/t.Cols-b/t.Cols) + abs(a%t.Cols-b%t.Cols)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// matchedManhattan is Manhattan for repeated labels. For each class (the
// tiles of one label) it takes the larger of two lower bounds on the moves
// of its tiles: the rows of its tiles and of its goal cells, both listed in
// row-major order and so sorted, paired in order (the cheapest pairing on
// that axis), plus the same for columns in column-major order; and the
// number of its tiles on a cell of another label, each of which must move.
// Classes move disjoint tiles, so the sum over classes is a lower bound
// too. O(R*C).
func (t *Goal) matchedManhattan(code []int32) int {
	n := len(code)
	start := t.classStart // the slots of each class
	classes := len(start) - 1
	if t.scratch[0] == nil {
		t.scratch = [4][]int32{make([]int32, n), make([]int32, n), make([]int32, 2*classes), make([]int32, 2*classes)}
	}
	// axis values of the tiles and of the goal cells, grouped by class;
	// fill counts per class, then bound holds each class's two bounds
	have, want := t.scratch[0], t.scratch[1]
	fill, bound := t.scratch[2][:classes], t.scratch[3][:2*classes]
	fillGoal := t.scratch[2][classes:]
	clear(bound)
	for axis := range 2 {
		clear(fill)
		clear(fillGoal)
		for k := range n {
			i := k // row-major for rows, column-major for columns
			v := int32(i / t.Cols)
			if axis == 1 {
				i = (k%t.Rows)*t.Cols + k/t.Rows
				v = int32(i % t.Cols)
			}
			if c := code[i]; c != BlankCode {
				have[start[c]+fill[c]] = v
				fill[c]++
				if axis == 0 && t.goalCode[i] != c {
					bound[2*c+1]++ // a tile that must move
				}
			}
			if c := t.goalCode[i]; c != BlankCode {
				want[start[c]+fillGoal[c]] = v
				fillGoal[c]++
			}
		}
		for c := 1; c < classes; c++ {
			for j := start[c]; j < start[c+1]; j++ {
				bound[2*c] += int32(abs(int(have[j] - want[j])))
			}
		}
	}
	h := 0
	for c := 1; c < classes; c++ {
		h += int(max(bound[2*c], bound[2*c+1]))
	}
	return h
}

// linearConflict returns the linear-conflict addition for distinct labels:
// for every row and column, twice the number of its tiles that belong to
// it, less the longest run of them already in goal order.
func (t *Goal) linearConflict(code []int32) int {
	if !t.Distinct {
		return 0
	}
	// The runs live on the stack up to lines of len(buf) tiles: an estimate
	// from scratch is made for every board some searches generate.
	var buf [64]int
	lis := NewLIS(buf[:])
	if n := max(t.Rows, t.Cols); n > len(buf) {
		lis = NewLIS(make([]int, n))
	}
	h := 0
	for r := range t.Rows {
		lis.Reset()
		for c := range t.Cols {
			if g := code[r*t.Cols+c]; g != BlankCode && int(g)/t.Cols == r {
				lis.Put(int(g) % t.Cols)
			}
		}
		h += 2 * lis.Conflicts()
	}
	for c := range t.Cols {
		lis.Reset()
		for r := range t.Rows {
			if g := code[r*t.Cols+c]; g != BlankCode && int(g)%t.Cols == c {
				lis.Put(int(g) / t.Cols)
			}
		}
		h += 2 * lis.Conflicts()
	}
	return h
}

// A LIS finds the longest strictly increasing subsequence of the values
// added since reset, by patience sorting: tails[k] is the smallest last value
// of an increasing run of length k+1.
type LIS struct {
	tails []int
	n     int // values added
}

// NewLIS returns a LIS that works in buf's memory, which needs room for
// the values of the longest run.
func NewLIS(buf []int) LIS { return LIS{tails: buf[:0]} }

// Reset empties l.
func (l *LIS) Reset() { l.tails, l.n = l.tails[:0], 0 }

// Add adds v.
func (l *LIS) Add(v int) {
	l.n++
	k, _ := slices.BinarySearch(l.tails, v)
	if k == len(l.tails) {
		l.tails = append(l.tails, v)
	} else {
		l.tails[k] = v
	}
}

// Put is Add for a LIS made by NewLIS, whose buffer has room for every
// run: it never grows the buffer, so that one on the caller's stack stays
// there (Add's append would move it to the heap).
func (l *LIS) Put(v int) {
	l.n++
	k, _ := slices.BinarySearch(l.tails, v)
	if k == len(l.tails) {
		l.tails = l.tails[:k+1]
	}
	l.tails[k] = v
}

// Conflicts returns the values added less the longest increasing run.
func (l *LIS) Conflicts() int { return l.n - len(l.tails) }

// Solvable reports whether the goal can be reached from a board of codes:
// on a board of one line, when the tiles are in the goal's order; with
// repeated labels, always; otherwise when the permutation carrying the
// board to the goal, blank included, has the parity of the blank's
// taxicab distance to its goal cell. O(R*C).
func (t *Goal) Solvable(code []int32) bool {
	if t.Rows == 1 || t.Cols == 1 {
		j := 0 // next goal cell to compare
		for _, c := range code {
			if c == BlankCode {
				continue
			}
			for t.goalCode[j] == BlankCode {
				j++
			}
			if t.Distinct && c != int32(j) || !t.Distinct && c != t.goalCode[j] {
				return false
			}
			j++
		}
		return true
	}
	if !t.Distinct {
		return true
	}
	blank := 0
	to := make([]int32, len(code)) // cell i's content belongs at to[i]
	for i, c := range code {
		if c == BlankCode {
			blank = i
			to[i] = int32(t.BlankGoal)
		} else {
			to[i] = c
		}
	}
	return permParity(to) == t.Dist(blank, t.BlankGoal)%2
}

// permParity returns 0 for an even permutation and 1 for an odd one, by
// counting cycles: a permutation of n elements with k cycles is a product of
// n-k transpositions. It overwrites p. O(len(p)).
func permParity(p []int32) int {
	cycles := 0
	for i := range p {
		if p[i] < 0 {
			continue
		}
		cycles++
		for j := int32(i); p[j] >= 0; {
			next := p[j]
			p[j] = -1
			j = next
		}
	}
	return (len(p) - cycles) % 2
}

// LowerBound returns the admissible estimate of the moves from the board
// of codes code to the goal: Manhattan distance plus linear conflicts
// (Manhattan alone for repeated labels or line moves, divided by the
// longest line less one for line moves).
func (t *Goal) LowerBound(code []int32, line bool) int {
	h := Manhattan
	if t.Distinct && !line {
		h = LinearConflict
	}
	v := t.Estimate(h, code)
	if line {
		div := max(t.Rows, t.Cols) - 1
		v = (v + div - 1) / div
	}
	return v
}

// Assign returns, for a board with repeated labels, codes that name every
// tile by a goal cell of its label (so that the tiles become distinct):
// each label's tiles in row-major order get its goal cells in row-major
// order, and if that arrangement is of the wrong parity (see Goal.Solvable),
// the first label with two tiles swaps its first two cells.
func (t *Goal) Assign(code []int32) []int32 {
	out := make([]int32, len(code))
	next := slices.Clone(t.classStart)
	for i, c := range code {
		if c == BlankCode {
			out[i] = BlankCode
			continue
		}
		out[i] = t.classCells[next[c]]
		next[c]++
	}
	distinct := *t
	distinct.Distinct = true
	if !distinct.Solvable(out) {
		for c := 1; c+1 < len(t.classStart); c++ {
			if t.classStart[c+1]-t.classStart[c] < 2 {
				continue
			}
			a, b := t.classCells[t.classStart[c]], t.classCells[t.classStart[c]+1]
			for i := range out {
				switch out[i] {
				case a:
					out[i] = b
				case b:
					out[i] = a
				}
			}
			break
		}
	}
	return out
}

// Dist returns the taxicab distance between cells a and b of a board of
// cols columns.
func Dist(a, b, cols int) int {
	return abs(a/cols-b/cols) + abs(a%cols-b%cols)
}
