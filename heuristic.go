package slide

import (
	"context"
	"strconv"
	"strings"

	"github.com/slidekit/slide/internal/input"
	"github.com/slidekit/slide/internal/pdb"
	"github.com/slidekit/slide/internal/tiles"
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
	// pdbCustom is the pattern database given by WithDatabase: any goal,
	// any partition of the tiles (see Database). It names no tables of its
	// own: Solve and Check reject it without WithDatabase.
	pdbCustom
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
// and Database), maxed with walking distance or not.
func (h Heuristic) IsDatabase() bool { return h.base() >= PDB555 && h.base() <= PDB48 }

// withWD is the bit of a Heuristic maxed with walking distance.
const withWD Heuristic = 1 << 7

// WithWalkingDistance returns the heuristic that takes, at every board,
// the larger of h and walking distance (see WalkingDistance): a stronger
// bound on boards of 2 x 2 to 4 x 4 with distinct labels, at some cost a
// node. Its name is h's followed by "+wd".
func (h Heuristic) WithWalkingDistance() Heuristic {
	if h == WalkingDistance {
		return h
	}
	return h | withWD
}

// base returns h without walking distance maxed in.
func (h Heuristic) base() Heuristic { return h &^ withWD }

// hasWD reports whether h has walking distance maxed in.
func (h Heuristic) hasWD() bool { return h&withWD != 0 }

// String returns the heuristic's name as ParseHeuristic accepts it.
func (h Heuristic) String() string {
	switch {
	case h.base() >= numHeuristics:
		return "Heuristic(" + strconv.Itoa(int(h)) + ")"
	case h.hasWD():
		return heuristicNames[h.base()] + "+wd"
	}
	return heuristicNames[h]
}

// ParseHeuristic returns the Heuristic named s: auto, zero, hamming,
// manhattan, linear (also "linear-conflict" and "lc"), wd (also
// "walking-distance"), pdb555, pdb663, pdb78, pdb6666, pdb35 or pdb48,
// any of them followed by "+wd" (see WithWalkingDistance); or pdb, the
// heuristic Solution reports for WithDatabase.
func ParseHeuristic(s string) (Heuristic, error) {
	if name, ok := strings.CutSuffix(s, "+wd"); ok {
		h, err := ParseHeuristic(name)
		if err != nil {
			return 0, err
		}
		return h.WithWalkingDistance(), nil
	}
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
	base := h.base()
	if base >= numHeuristics {
		return 0, errorf(fn, ErrOption, "unknown heuristic %v", h)
	}
	t, err := newTarget(fn, goal)
	if err != nil {
		return 0, err
	}
	code, err := encode(fn, t, b)
	if err != nil {
		return 0, err
	}
	if base <= LinearConflict && !h.hasWD() {
		return t.Estimate(base.kind(), code), nil
	}
	if base == pdbCustom {
		return 0, errorf(fn, ErrOption, "%v names no tables of its own: use Database.Estimate", h)
	}
	if err := h.check(fn, t); err != nil {
		return 0, err
	}
	sp := tiles.NewSpace(t, base.tiles(), false)
	sp.Request = (&options{}).dbRequest(true)
	if err := sp.Attach(context.Background(), h.hasWD()); err != nil {
		return 0, toError(fn, err)
	}
	return sp.EstimateCode(code), nil
}

// mustEstimate is Estimate for boards known to match goal.
func (h Heuristic) mustEstimate(b, goal Board) int {
	v, err := h.Estimate(b, goal)
	if err != nil {
		return 0
	}
	return v
}

// Check returns nil if h can estimate the moves to goal, and otherwise
// the error (ErrOption) Solve would return for it, without building
// anything: a database for another board size, walking distance beyond
// 4 x 4, repeated labels where the tables need distinct ones, or pdbCustom
// (which needs WithDatabase). O(R*C).
func (h Heuristic) Check(goal Board) error {
	t, err := newTarget("Heuristic.Check", goal)
	if err != nil {
		return err
	}
	if h.base() == pdbCustom {
		return errorf("Heuristic.Check", ErrOption, "%v needs a Database (see WithDatabase)", h)
	}
	return h.check("Heuristic.Check", t)
}

// check is Check for a goal in goal-relative form.
func (h Heuristic) check(fn string, t *tiles.Goal) error {
	if h.hasWD() {
		if err := h.base().check(fn, t); err != nil {
			return err
		}
		return WalkingDistance.check(fn, t)
	}
	switch {
	case h >= numHeuristics:
		return errorf(fn, ErrOption, "unknown heuristic %d", h)
	case h == pdbCustom:
		return errorf(fn, ErrOption, "%v needs WithDatabase", h)
	case h != WalkingDistance && !h.IsDatabase():
		return nil
	case !t.Distinct:
		return errorf(fn, ErrOption, "%v needs distinct labels", h)
	case h == WalkingDistance:
		return toError(fn, pdb.CheckWalkingDistance(t.Rows, t.Cols))
	}
	spec, _ := h.partition() // shipped databases are square
	if t.Rows != spec.Rows || t.Cols != spec.Cols {
		return errorf(fn, ErrOption, "%v is for %d x %d boards, not %d x %d", h, spec.Rows, spec.Cols, t.Rows, t.Cols)
	}
	return nil
}

// oneOf lists names as "a, b or c".
func oneOf(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// kind returns the family of a heuristic that is not a database.
func (h Heuristic) kind() tiles.Kind {
	switch h {
	case Zero:
		return tiles.Zero
	case Hamming:
		return tiles.Hamming
	case Manhattan:
		return tiles.Manhattan
	case WalkingDistance:
		return tiles.WalkingDistance
	case Auto, LinearConflict:
		return tiles.LinearConflict
	}
	return tiles.Database
}

// tiles returns h as the searches take it: for a shipped database, its
// partition (see Heuristic.partition).
func (h Heuristic) tiles() tiles.Heuristic {
	th := tiles.Heuristic{Kind: h.kind(), Name: h.String()}
	if th.Kind == tiles.Database {
		th.Spec, _ = h.partition()
	}
	return th
}

// newTarget returns the goal-relative form of goal (see tiles.Goal).
func newTarget(fn string, goal Board) (*tiles.Goal, error) {
	if !goal.IsValid() {
		return nil, errorf(fn, ErrMismatch, "goal is the zero Board")
	}
	return tiles.NewGoal(goal.Rows(), goal.Cols(), goal.Tiles(), goal.perm), nil
}

// encode returns the code of every cell of b (see tiles.Goal), checking
// that b matches the goal t in size and labels.
func encode(fn string, t *tiles.Goal, b Board) ([]int32, error) {
	if !b.IsValid() {
		return nil, errorf(fn, ErrMismatch, "start is the zero Board")
	}
	if b.Rows() != t.Rows || b.Cols() != t.Cols {
		return nil, errorf(fn, ErrMismatch, "start is %d x %d, goal is %d x %d", b.Rows(), b.Cols(), t.Rows, t.Cols)
	}
	code, err := t.Encode(b.Tiles())
	return code, toError(fn, err)
}

// AppendText implements encoding.TextAppender: the name String returns.
func (h Heuristic) AppendText(dst []byte) ([]byte, error) {
	if h.base() >= numHeuristics {
		return dst, errorf("Heuristic.MarshalText", ErrOption, "heuristic %d has no name", h)
	}
	return append(dst, h.String()...), nil
}

// MarshalText implements encoding.TextMarshaler: the name String returns.
func (h Heuristic) MarshalText() ([]byte, error) { return h.AppendText(nil) }

// UnmarshalText implements encoding.TextUnmarshaler: any name
// ParseHeuristic accepts.
func (h *Heuristic) UnmarshalText(text []byte) error {
	v, err := ParseHeuristic(string(text))
	if err != nil {
		return renamed(err, "Heuristic.UnmarshalText")
	}
	*h = v
	return nil
}
