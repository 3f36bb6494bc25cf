package slide

import (
	"context"
	"strconv"
	"strings"

	"github.com/slidekit/slide/internal/engine"
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

// How Auto uses pattern databases. Auto never builds one: it takes the
// strongest shipped database for the board that is already in memory or,
// checked cheaply (header and size), in the disk cache. Making a table
// ready from disk can cost far more than a small problem: measured on the
// project's 2-core machine with the file in the page cache, 14 ms for
// 5-5-5, 100 ms for 6-6-3 (most of it laying the table out for the
// solver), about 0.5 s for the 290 MB of 7-8. So when tables of more than
// autoSmallTables bytes are only on disk, Auto first runs IDA* with linear
// conflicts within autoBudget generated nodes (12 ms on the 15-puzzle,
// 120 ms on the 24-puzzle), and loads the tables only if that is not
// enough. Tables in memory are used at once. Measured with 6-6-3 on disk
// and released before every call: 25 random walks of 5 to 45 moves took
// 1.5 ms in all against 2.6 s when every call loads the tables; the
// first 25 of Korf's instances 3.0 s against 3.4-3.5 s (4 of them solved
// within the budget, the 21 others paying it).

// AutoHeuristic returns the heuristic Auto stands for in an optimal
// search for boards with this goal: the strongest shipped pattern
// database for their size that is in memory or in the disk cache (of
// WithCacheDir's directory; the MaxMemory of WithLimits rules out tables
// too large), else LinearConflict. Auto never builds a database; call
// BuildDatabase with the answer to read the tables from the cache ahead of
// time, so that the first search does not pay for it. Boards with
// repeated labels and options it cannot take get LinearConflict.
func AutoHeuristic(goal Board, opts ...Option) Heuristic {
	o, err := collectOptions("AutoHeuristic", opts)
	if err != nil || !goal.IsPermutation() {
		return LinearConflict
	}
	r, c := goal.Blank()
	req := o.dbRequest(false)
	h, _ := availableDatabase(optimalDatabases, goal.Rows(), goal.Cols(), r*goal.Cols()+c, &req, &o.limits)
	return h
}

// availableDatabase returns the strongest pattern database for a rows x
// cols board whose blank belongs on cell blank that is in memory or in the
// disk cache of req, and where it is; otherwise LinearConflict and
// dbAbsent.
func availableDatabase(hs []Heuristic, rows, cols, blank int, req *pdb.Request, lim *Limits) (Heuristic, pdb.State) {
	for _, h := range hs {
		if _, spec, err := tiles.Orient(h.tiles(), rows, cols, blank); err == nil {
			if state := pdb.StateOf(spec, req); state != pdb.Absent && (lim == nil || databaseFits(h, rows, cols, blank, *lim, req)) {
				return h, state
			}
		}
	}
	return LinearConflict, pdb.Absent
}

// The shipped databases Auto may take, strongest first: in an optimal
// search, and besides in the Weighted and Anytime modes.
var (
	optimalDatabases     = []Heuristic{PDB78, PDB663, PDB555, PDB6666}
	nearOptimalDatabases = []Heuristic{PDB35, PDB48}
)

// NearOptimalDatabase returns the pattern database made for the Weighted
// and Anytime modes on boards with this goal: PDB35 on 6 x 6 boards and
// PDB48 on 7 x 7 ones whose goal has the blank in a corner; false for
// other goals. Those modes use it under Auto when its tables are in
// memory or in the disk cache (build them with BuildDatabase), and the
// tables of the optimal search where they fit the board (see
// AutoHeuristic).
func NearOptimalDatabase(goal Board) (Heuristic, bool) {
	r, c := goal.Blank()
	corner := (r == 0 || r == goal.Rows()-1) && (c == 0 || c == goal.Cols()-1)
	for _, h := range nearOptimalDatabases {
		if spec, _ := h.partition(); corner && goal.IsPermutation() && goal.Rows() == spec.Rows && goal.Cols() == spec.Cols {
			return h, true
		}
	}
	return Auto, false
}

// The memory of pattern databases. Their tables count against a search's
// Limits.MaxMemory like the rest of what it holds: Solve refuses a
// database heuristic whose tables (or their build, when they are neither
// in memory nor on disk) need more, before reading or building anything,
// and Auto passes over the databases that do not fit.

// databaseMemory returns the bytes the database heuristic h needs on a
// rows x cols board whose blank belongs on cell blank: its tables, or the
// peak of their build if it must be built (then building is true). It
// returns 0 when h does not fit the board (an error Solve reports later).
func databaseMemory(h Heuristic, rows, cols, blank int, req *pdb.Request) (need int64, building bool) {
	_, spec, err := tiles.Orient(h.tiles(), rows, cols, blank)
	if err != nil {
		return 0, false
	}
	tables, build := spec.Memory()
	if pdb.StateOf(spec, req) == pdb.Absent {
		return max(tables, build), true
	}
	return tables, false
}

// databaseFits reports whether h's tables fit lim's memory bound.
func databaseFits(h Heuristic, rows, cols, blank int, lim Limits, req *pdb.Request) bool {
	need, _ := databaseMemory(h, rows, cols, blank, req)
	return need <= lim.eng().Memory()
}

// checkDatabaseMemory returns an error wrapping ErrLimit if the database
// heuristic h needs more memory than lim allows.
func checkDatabaseMemory(fn string, h Heuristic, rows, cols, blank int, lim Limits, req *pdb.Request) error {
	if !h.IsDatabase() || h == pdbCustom {
		return nil
	}
	if need, building := databaseMemory(h, rows, cols, blank, req); need > lim.eng().Memory() {
		what := "the tables of %v need %s"
		if building {
			what = "building the tables of %v needs %s"
		}
		return errorf(fn, ErrLimit, what+", more than the memory limit of %s: raise Limits.MaxMemory, or choose another heuristic",
			h, engine.FormatBytes(need), engine.FormatBytes(lim.eng().Memory()))
	}
	return nil
}

// Memory returns the bytes the tables of a shipped database heuristic
// take in memory once loaded, and the most their build holds at once (the
// tables built so far and the scratch of the one being built), for a board
// of its size; 0, 0 for a heuristic that is not a shipped database (see
// Database.Bytes for one of your own). Solve refuses a
// database whose tables, or whose build when they are neither in memory
// nor on disk, need more than its Limits.MaxMemory.
func (h Heuristic) Memory() (tables, build int64) {
	spec, ok := h.base().partition()
	if !ok {
		return 0, 0
	}
	return spec.Memory()
}
