package slide

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/input"
	"github.com/slidekit/slide/internal/pdb"
	"github.com/slidekit/slide/internal/pdbcache"
	"github.com/slidekit/slide/internal/tiles"
)

// A Heuristic is a lower bound on the single-tile moves from a board to a
// goal: admissible, so the optimal searches stay optimal with any of them;
// a larger bound prunes more. With repeated labels, LinearConflict is
// Manhattan.
type Heuristic uint8

// The heuristics, weakest first. A pattern database (PDB663: groups of 6,
// 6 and 3 tiles) holds for every placement of a group the fewest moves that
// bring its tiles home; its tables are built once and cached (see
// BuildDatabase), and it needs distinct labels and its board size.
const (
	Auto            Heuristic = iota // Solve chooses (see AutoHeuristic); estimates as LinearConflict
	Zero                             // always 0: uniform-cost search
	Hamming                          // tiles off their goal cells
	Manhattan                        // row and column distances to the goal cells (of the label)
	LinearConflict                   // Manhattan plus 2 for each tile that must leave its line to let another pass
	WalkingDistance                  // Takahashi's walking distance, 2 x 2 to 4 x 4
	PDB555                           // 15-puzzle
	PDB663                           // 15-puzzle
	PDB78                            // 15-puzzle
	PDB6666                          // 24-puzzle
	pdbCustom                        // "pdb": the heuristic of WithDatabase
	PDB35                            // 6 x 6, for the near-optimal modes (see NearOptimalDatabase)
	PDB48                            // 7 x 7, for the near-optimal modes
	numHeuristics
)

var heuristicNames = [...]string{"auto", "zero", "hamming", "manhattan", "linear", "wd", "pdb555", "pdb663", "pdb78", "pdb6666", "pdb", "pdb35", "pdb48"}

// Heuristics returns every Heuristic, in the order of their values.
func Heuristics() []Heuristic {
	var hs []Heuristic
	for h := range numHeuristics {
		if h != pdbCustom {
			hs = append(hs, h)
		}
	}
	return hs
}

// IsDatabase reports whether h is a pattern database.
func (h Heuristic) IsDatabase() bool { return h.base() >= PDB555 && h.base() <= PDB48 }

// withWD is the bit of a Heuristic maxed with walking distance.
const withWD Heuristic = 1 << 7

// WithWalkingDistance returns h maxed with walking distance, named h+"+wd".
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

// ParseHeuristic returns the Heuristic named s (also "lc",
// "walking-distance").
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

// Estimate returns h's bound on the moves from b to goal, or ErrMismatch or
// ErrOption; a database's first estimate loads its tables.
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

// Check returns the error Solve would return for h on goal, or nil.
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
		return toError(fn, tiles.CheckWalkingDistance(t.Rows, t.Cols))
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

// MarshalText implements encoding.TextMarshaler: the name String returns.
func (h Heuristic) MarshalText() ([]byte, error) {
	if h.base() >= numHeuristics {
		return nil, errorf("Heuristic.MarshalText", ErrOption, "heuristic %d has no name", h)
	}
	return []byte(h.String()), nil
}

// UnmarshalText implements encoding.TextUnmarshaler with ParseHeuristic.
func (h *Heuristic) UnmarshalText(text []byte) error {
	v, err := ParseHeuristic(string(text))
	if err != nil {
		return renamed(err, "Heuristic.UnmarshalText")
	}
	*h = v
	return nil
}

// AutoHeuristic returns the heuristic Auto stands for in an optimal search
// to goal under opts: the strongest shipped database in memory or on disk,
// else LinearConflict; large tables only on disk are read once linear
// conflicts fail within 2^20 nodes. Auto never builds a database.
func AutoHeuristic(goal Board, opts ...Option) Heuristic {
	o, err := collectOptions("AutoHeuristic", opts)
	if err != nil || !goal.IsPermutation() {
		return LinearConflict
	}
	r, c := goal.Blank()
	req := o.dbRequest(false)
	h, _ := availableDatabase(optimalDatabases, goal.Rows(), goal.Cols(), r*goal.Cols()+c, &req, &o.limits, 0)
	return h
}

// availableDatabase returns the first of hs for a rows x cols board whose
// blank belongs on cell blank that is in memory or in the disk cache of
// req (and fits lim's memory, unless lim is nil; and if only on disk, is
// read within within, unless that is 0), and where it is; otherwise
// LinearConflict and pdbcache.Absent.
func availableDatabase(hs []Heuristic, rows, cols, blank int, req *pdbcache.Request, lim *Limits, within time.Duration) (Heuristic, pdbcache.State) {
	for _, h := range hs {
		if _, spec, err := tiles.Orient(h.tiles(), rows, cols, blank); err == nil {
			state := pdbcache.StateOf(spec, req)
			if state == pdbcache.Absent || lim != nil && !databaseFits(h, rows, cols, blank, *lim, req) {
				continue
			}
			if state == pdbcache.OnDisk && within > 0 && readTime(spec) > within {
				continue
			}
			return h, state
		}
	}
	return LinearConflict, pdbcache.Absent
}

// readTime returns about how long reading the tables of spec from the
// disk cache takes, checksum included, at readRate.
func readTime(spec pdb.Spec) time.Duration {
	return time.Duration(float64(spec.TableBytes(true)) / readRate * float64(time.Second))
}

// readRate is the bytes a second of a cached table's reading, taken low
// (docs/PERFORMANCE.md, "Time budgets").
const readRate = 400e6

// The shipped databases Auto may take, strongest first: in an optimal
// search, and besides in the Weighted and Anytime modes.
var (
	optimalDatabases     = []Heuristic{PDB78, PDB663, PDB555, PDB6666}
	nearOptimalDatabases = []Heuristic{PDB35, PDB48}
)

// NearOptimalDatabase returns the database of the near-optimal modes for
// goal.
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

// databaseMemory returns the bytes the database heuristic h (as the
// internal packages take it, a partition of your own included) needs on a
// rows x cols board whose blank belongs on cell blank: its tables, or the
// peak of their build if it must be built (then building is true); and
// what its tables take once built. It returns zeros when h is no database
// or does not fit the board (an error Solve reports later).
func databaseMemory(h tiles.Heuristic, rows, cols, blank int, req *pdbcache.Request) (need, tables int64, building bool) {
	if h.Kind != tiles.Database {
		return 0, 0, false
	}
	_, spec, err := tiles.Orient(h, rows, cols, blank)
	if err != nil {
		return 0, 0, false
	}
	tables, build := spec.Memory()
	if pdbcache.StateOf(spec, req) == pdbcache.Absent {
		return max(tables, build), tables, true
	}
	return tables, tables, false
}

// databaseFits reports whether h's tables fit lim's memory bound.
func databaseFits(h Heuristic, rows, cols, blank int, lim Limits, req *pdbcache.Request) bool {
	need, _, _ := databaseMemory(h.tiles(), rows, cols, blank, req)
	return need <= lim.eng().Memory()
}

// checkDatabaseMemory returns the bytes the tables of the heuristic h
// take on a rows x cols board whose blank belongs on cell blank (0 for no
// database), or an error wrapping ErrLimit if they, or their build, need
// more memory than lim allows.
func checkDatabaseMemory(fn string, h tiles.Heuristic, rows, cols, blank int, lim Limits, req *pdbcache.Request) (int64, error) {
	need, tables, building := databaseMemory(h, rows, cols, blank, req)
	if need <= lim.eng().Memory() {
		return tables, nil
	}
	what := "the tables of %v need %s"
	if building {
		what = "building the tables of %v needs %s"
	}
	return 0, errorf(fn, ErrLimit, what+", more than the memory limit of %s: raise Limits.MaxMemory, or choose another heuristic",
		heuristicOf(h), engine.FormatBytes(need), engine.FormatBytes(lim.eng().Memory()))
}

// Memory returns the bytes a shipped database's tables take, and the peak of
// their build; 0, 0 for another heuristic. Solve refuses a database beyond
// its Limits.MaxMemory.
func (h Heuristic) Memory() (tables, build int64) {
	spec, ok := h.base().partition()
	if !ok {
		return 0, 0
	}
	return spec.Memory()
}
