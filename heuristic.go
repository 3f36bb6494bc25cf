package slide

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"github.com/slidekit/slide/internal/input"
)

// A Heuristic is a lower bound on the number of single-tile moves from a
// board to a goal. Every Heuristic here is admissible (it never
// overestimates), so the optimal engines stay optimal with any of them;
// a larger bound prunes more. The blank never counts.
type Heuristic uint8

// The heuristics, weakest first.
const (
	// Auto lets Solve choose; as an Estimate it is LinearConflict.
	Auto Heuristic = iota
	// Zero is always 0: the search becomes uniform-cost (breadth-first).
	Zero
	// Hamming counts the tiles on a cell whose goal label differs.
	Hamming
	// Manhattan sums, over the tiles, the row plus column distance to their
	// goal cells. With repeated labels each label's tiles are matched to its
	// goal cells by rows and, separately, by columns, each time in sorted
	// order (the cheapest matching on that axis), which is still a lower
	// bound; where that bound is below the label's tiles on a wrong cell (it
	// can be 0 when tiles sit on each other's rows and columns), the count
	// of those tiles serves instead, so Manhattan is never below Hamming.
	Manhattan
	// LinearConflict adds to Manhattan two moves for each tile that must
	// leave its goal row or column to let others of that line pass: for every
	// line, twice the tiles in their goal line minus the longest run of them
	// already in goal order (Hansson, Mayer and Yung). With repeated labels it
	// equals Manhattan.
	LinearConflict
	// WalkingDistance is Takahashi's walking distance: for each axis, the
	// fewest moves that bring every tile into its goal row (column), counting
	// only the tiles' rows, found by a breadth-first search over the tables of
	// how many tiles of each goal row stand in each row; the two axes add up.
	// It is at least Manhattan distance. Boards of 2 x 2 to 4 x 4 with
	// distinct labels; its tables are made on first use (a fraction of a
	// second) and kept.
	WalkingDistance
	// PDB555, PDB663 and PDB78 are additive pattern databases for the
	// 15-puzzle (4 x 4), with the tiles split into groups of 5, 5 and 5, of
	// 6, 6 and 3, or of 7 and 8; PDB6666 splits the 24-puzzle's tiles into
	// four groups of 6. Each table holds, for every placement of its group,
	// the fewest moves of those tiles that bring them home; disjoint groups
	// add up. The lookup is also made on the board reflected about the main
	// diagonal, and the larger value taken. They need distinct labels, and
	// their tables are built on first use and cached on disk (see
	// BuildDatabase): a fraction of a second for PDB555 and PDB663 (6
	// MB), 42 s and 290 MB for PDB78 (975 MB at the peak of the build),
	// 26 s and 255 MB for PDB6666 (425 MB), on a 2-core machine. Solve runs them with a specialized IDA*.
	PDB555
	PDB663
	PDB78
	PDB6666
	// PDBCustom is the pattern database given by WithDatabase: any goal,
	// any partition of the tiles (see Database). It names no tables of its
	// own: Solve and Check reject it without WithDatabase.
	PDBCustom
	// PDB35 and PDB48 are additive pattern databases for the 35-puzzle
	// (6 x 6: seven groups of 5 tiles) and the 48-puzzle (7 x 7: groups of
	// up to 4 tiles), for the near-optimal modes (WithTimeLimit,
	// WithWeight) on those sizes, built on first use and cached like the
	// others: 12 s and 158 MB for PDB35, 5 s and 28 MB for PDB48. In
	// memory they also keep their tables in the layout the beam searches
	// read (made in half a second on first use): 370 MB and 60 MB in all.
	PDB35
	PDB48
	numHeuristics
)

var heuristicNames = [...]string{"auto", "zero", "hamming", "manhattan", "linear", "wd", "pdb555", "pdb663", "pdb78", "pdb6666", "pdb", "pdb35", "pdb48"}

// Heuristics returns every Heuristic, in the order of their values.
func Heuristics() []Heuristic {
	hs := make([]Heuristic, numHeuristics)
	for i := range hs {
		hs[i] = Heuristic(i)
	}
	return hs
}

// IsDatabase reports whether h is a pattern database (see BuildDatabase
// and Database).
func (h Heuristic) IsDatabase() bool { return h >= PDB555 && h <= PDB48 }

// String returns the heuristic's name as ParseHeuristic accepts it.
func (h Heuristic) String() string {
	if h < numHeuristics {
		return heuristicNames[h]
	}
	return "Heuristic(" + strconv.Itoa(int(h)) + ")"
}

// ParseHeuristic returns the Heuristic named s: auto, zero, hamming,
// manhattan, linear (also "linear-conflict" and "lc"), wd (also
// "walking-distance"), pdb555, pdb663, pdb78, pdb6666, pdb (PDBCustom),
// pdb35 or pdb48.
func ParseHeuristic(s string) (Heuristic, error) {
	switch s {
	case "linear-conflict", "lc":
		return LinearConflict, nil
	case "walking-distance":
		return WalkingDistance, nil
	}
	for h, name := range heuristicNames {
		if s == name {
			return Heuristic(h), nil
		}
	}
	return 0, errorf("ParseHeuristic", ErrOption, "unknown heuristic %s (want %s)", input.Quote(s), oneOf(heuristicNames[:]))
}

// Estimate returns h's lower bound on the single-tile moves from b to goal.
// It is an error (ErrMismatch) if the boards differ in size or label
// multiset, and ErrOption if h does not fit them. O(R*C) for Hamming and
// Manhattan, O(R*C*log(R+C)) for LinearConflict; each call builds the
// goal-relative form of goal anew, so hot loops should use Solve or the
// engines instead. The first estimate of a database heuristic loads or
// builds its tables (see BuildDatabase).
func (h Heuristic) Estimate(b, goal Board) (int, error) {
	const fn = "Heuristic.Estimate"
	if h >= numHeuristics {
		return 0, errorf(fn, ErrOption, "unknown heuristic %v", h)
	}
	t, err := newTarget(fn, goal)
	if err != nil {
		return 0, err
	}
	code, err := t.encode(fn, b)
	if err != nil {
		return 0, err
	}
	if h <= LinearConflict {
		return t.estimate(h, code), nil
	}
	if h == PDBCustom {
		return 0, errorf("Heuristic.Estimate", ErrOption, "%v names no tables of its own: use Database.Estimate", h)
	}
	if err := h.check("Heuristic.Estimate", t); err != nil {
		return 0, err
	}
	sp := newTileSpace(t, h, false)
	sp.dbReq = (&options{}).dbRequest(true)
	if err := sp.attach(context.Background(), false); err != nil {
		return 0, renamed(err, fn) // the tables' errors speak of Solve
	}
	vals := sp.values(code)
	return sp.estimate(func(i int) int { return vals[i] }), nil
}

// mustEstimate is Estimate for boards known to match goal.
func (h Heuristic) mustEstimate(b, goal Board) int {
	v, err := h.Estimate(b, goal)
	if err != nil {
		return 0
	}
	return v
}

// A target is the goal-relative form of a goal board, which every search
// works in. Tiles are renamed by codes: with distinct labels a tile's code is
// its goal cell, so a tile's distance to its goal is arithmetic on the code;
// with repeated labels the code is the label's rank (1 for the smallest
// label), and cellsOf lists each code's goal cells. The blank's code is
// blankCode in every cell that holds it.
type target struct {
	goal       Board
	rows, cols int
	distinct   bool
	labels     []int         // the distinct tile labels, ascending
	classOf    map[int]int32 // label to class, unless permLabels
	goalCode   []int32       // code of each goal cell (class codes; blankCode for the blank)
	classStart []int32       // the goal cells of class c are classCells[classStart[c]:classStart[c+1]]
	classCells []int32
	scratch    [4][]int32 // matchedManhattan's buffers: a target serves one search
	blankGoal  int        // the goal cell of the blank
	permLabels bool
}

// blankCode marks the blank in encoded boards.
const blankCode = -1

func newTarget(fn string, goal Board) (*target, error) {
	if !goal.IsValid() {
		return nil, errorf(fn, ErrMismatch, "goal is the zero Board")
	}
	n := goal.Len()
	t := &target{goal: goal, rows: goal.Rows(), cols: goal.Cols(), blankGoal: int(goal.blank)}
	if goal.perm {
		t.labels = make([]int, n-1)
		for i := range t.labels {
			t.labels[i] = i + 1
		}
	} else {
		t.labels = slices.Compact(sortLabels(goal.Tiles()))[1:] // drop the blank
		t.classOf = make(map[int]int32, len(t.labels))
		for k, label := range t.labels {
			t.classOf[label] = int32(k + 1)
		}
	}
	t.distinct = len(t.labels) == n-1
	t.permLabels = t.distinct && t.labels[n-2] == n-1
	t.goalCode = make([]int32, n)
	t.classStart = make([]int32, len(t.labels)+2)
	for i := range n {
		c := t.class(goal.tile(i))
		t.goalCode[i] = int32(c)
		if c != blankCode {
			t.classStart[c+1]++
		}
	}
	for c := 1; c < len(t.classStart); c++ {
		t.classStart[c] += t.classStart[c-1]
	}
	t.classCells = make([]int32, n-1)
	fill := slices.Clone(t.classStart)
	for i, c := range t.goalCode {
		if c != blankCode {
			t.classCells[fill[c]] = int32(i)
			fill[c]++
		}
	}
	if t.distinct { // codes become goal cells
		for i := range t.goalCode {
			if t.goalCode[i] != blankCode {
				t.goalCode[i] = int32(i)
			}
		}
	}
	return t, nil
}

// class returns label's rank among the goal's labels (from 1), blankCode for
// the blank, or 0 if the goal has no such label.
func (t *target) class(label int) int {
	if label == 0 {
		return blankCode
	}
	if t.permLabels {
		if label < len(t.goalCode) {
			return label
		}
		return 0
	}
	return int(t.classOf[label]) // 0 if absent
}

// sortLabels sorts labels (0 ... MaxLabel) in place and returns them: a
// radix sort in two passes of a byte, O(len(labels)).
func sortLabels(labels []int) []int {
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

// encode returns the code of every cell of b, checking that b matches the
// goal in size and labels.
func (t *target) encode(fn string, b Board) ([]int32, error) {
	if !b.IsValid() {
		return nil, errorf(fn, ErrMismatch, "start is the zero Board")
	}
	if b.rows != t.goal.rows || b.cols != t.goal.cols {
		return nil, errorf(fn, ErrMismatch, "start is %d x %d, goal is %d x %d", b.Rows(), b.Cols(), t.rows, t.cols)
	}
	n := b.Len()
	code := make([]int32, n)
	count := make([]int32, len(t.classStart))
	for i := range n {
		label := b.tile(i)
		c := t.class(label)
		if c == 0 {
			return nil, errorf(fn, ErrMismatch, "start has tile %d, which the goal lacks", label)
		}
		if c == blankCode {
			code[i] = blankCode
			continue
		}
		if count[c] == t.classStart[c+1]-t.classStart[c] {
			return nil, errorf(fn, ErrMismatch, "start has more tiles %d than the goal", label)
		}
		if t.distinct {
			code[i] = t.classCells[t.classStart[c]]
		} else {
			code[i] = int32(c)
		}
		count[c]++
	}
	return code, nil // equal counts: n cells, one blank each, no class over
}

// estimate computes h for an encoded board from scratch.
func (t *target) estimate(h Heuristic, code []int32) int {
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

func (t *target) hamming(code []int32) int {
	h := 0
	for i, c := range code {
		if c != blankCode && c != t.goalCode[i] {
			h++
		}
	}
	return h
}

func (t *target) manhattan(code []int32) int {
	if !t.distinct {
		return t.matchedManhattan(code)
	}
	h := 0
	for i, c := range code {
		if c != blankCode {
			h += t.dist(int(c), i)
		}
	}
	return h
}

// dist is the taxicab distance between cells a and b.
func (t *target) dist(a, b int) int {
	return abs(a/t.cols-b/t.cols) + abs(a%t.cols-b%t.cols)
}

// oneOf lists names as "a, b or c".
func oneOf(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
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
func (t *target) matchedManhattan(code []int32) int {
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
			v := int32(i / t.cols)
			if axis == 1 {
				i = (k%t.rows)*t.cols + k/t.rows
				v = int32(i % t.cols)
			}
			if c := code[i]; c != blankCode {
				have[start[c]+fill[c]] = v
				fill[c]++
				if axis == 0 && t.goalCode[i] != c {
					bound[2*c+1]++ // a tile that must move
				}
			}
			if c := t.goalCode[i]; c != blankCode {
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
func (t *target) linearConflict(code []int32) int {
	if !t.distinct {
		return 0
	}
	var lis lisBuffer
	h := 0
	for r := range t.rows {
		lis.reset()
		for c := range t.cols {
			if g := code[r*t.cols+c]; g != blankCode && int(g)/t.cols == r {
				lis.add(int(g) % t.cols)
			}
		}
		h += 2 * lis.conflicts()
	}
	for c := range t.cols {
		lis.reset()
		for r := range t.rows {
			if g := code[r*t.cols+c]; g != blankCode && int(g)%t.cols == c {
				lis.add(int(g) / t.cols)
			}
		}
		h += 2 * lis.conflicts()
	}
	return h
}

// A lisBuffer finds the longest strictly increasing subsequence of the values
// added since reset, by patience sorting: tails[k] is the smallest last value
// of an increasing run of length k+1.
type lisBuffer struct {
	tails []int
	n     int // values added
}

func (l *lisBuffer) reset() { l.tails, l.n = l.tails[:0], 0 }

func (l *lisBuffer) add(v int) {
	l.n++
	k, _ := slices.BinarySearch(l.tails, v)
	if k == len(l.tails) {
		l.tails = append(l.tails, v)
	} else {
		l.tails[k] = v
	}
}

// conflicts returns the values added less the longest increasing run.
func (l *lisBuffer) conflicts() int { return l.n - len(l.tails) }
