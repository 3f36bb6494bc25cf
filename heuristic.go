package slide

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"github.com/slidekit/slide/internal/input"
	"github.com/slidekit/slide/internal/pdb"
	"github.com/slidekit/slide/internal/solve"
	"github.com/slidekit/slide/internal/tiles"
)

// A Heuristic is an admissible bound on the moves to a goal: a named one,
// a [Database]'s tables, or either with walking distance. The zero is [Auto].
type Heuristic struct {
	kind heuristicKind
	wd   bool     // maxed with walking distance
	db   Database // the tables of kind custom
}

type heuristicKind uint8

const (
	auto heuristicKind = iota
	zero
	hamming
	manhattan
	linearConflict
	walkingDistance
	pdb555
	pdb663
	pdb78
	pdb6666
	pdb35
	pdb48
	pdb48x5
	custom   // a Database's own tables
	numNamed = custom
)

// The named heuristics, weakest first; do not assign to them. A shipped
// database needs distinct labels, its board size and the blank in a corner.
var (
	Auto            = Heuristic{kind: auto}            // the solver chooses (see Solver.Prepare); estimates as LinearConflict
	Zero            = Heuristic{kind: zero}            // always 0: uniform-cost search
	Hamming         = Heuristic{kind: hamming}         // tiles off their goal cells
	Manhattan       = Heuristic{kind: manhattan}       // row and column distances to the goal cells (of the label)
	LinearConflict  = Heuristic{kind: linearConflict}  // Manhattan plus 2 for each tile that must leave its line to let another pass
	WalkingDistance = Heuristic{kind: walkingDistance} // Takahashi's walking distance, 2 x 2 to 4 x 4
	PDB555          = Heuristic{kind: pdb555}          // 15-puzzle
	PDB663          = Heuristic{kind: pdb663}          // 15-puzzle
	PDB78           = Heuristic{kind: pdb78}           // 15-puzzle
	PDB6666         = Heuristic{kind: pdb6666}         // 24-puzzle
	PDB35           = Heuristic{kind: pdb35}           // 6 x 6, for the near-optimal modes
	PDB48           = Heuristic{kind: pdb48}           // 7 x 7, for the near-optimal modes
	PDB48x5         = Heuristic{kind: pdb48x5}         // 7 x 7, for the near-optimal modes: stronger than PDB48, 40 times larger
)

var heuristicNames = [...]string{"auto", "zero", "hamming", "manhattan", "linear", "wd", "pdb555", "pdb663", "pdb78", "pdb6666", "pdb35", "pdb48", "pdb48x5"}

// heuristicAliases are the other names ParseHeuristic reads.
var heuristicAliases = map[string]heuristicKind{"linear-conflict": linearConflict, "lc": linearConflict, "walking-distance": walkingDistance,
	"555": pdb555, "663": pdb663, "78": pdb78, "6666": pdb6666, "35": pdb35, "48": pdb48, "48x5": pdb48x5}

// Heuristics returns the named heuristics, weakest first.
func Heuristics() []Heuristic {
	hs := make([]Heuristic, numNamed)
	for k := range hs {
		hs[k] = Heuristic{kind: heuristicKind(k)}
	}
	return hs
}

// IsDatabase reports whether h searches with pattern-database tables.
func (h Heuristic) IsDatabase() bool { return h.kind >= pdb555 }

// WithWalkingDistance returns h maxed with walking distance, named h+"+wd".
func (h Heuristic) WithWalkingDistance() Heuristic {
	if h.kind != walkingDistance {
		h.wd = true
	}
	return h
}

// ranks reports whether the beams and weighted searches of the Weighted and
// Anytime modes can rank boards by h: Auto, linear conflicts or a
// database, without walking distance.
func (h Heuristic) ranks() bool {
	return !h.wd && (h.kind == auto || h.kind == linearConflict || h.IsDatabase())
}

// with returns h maxed with walking distance if wd.
func (h Heuristic) with(wd bool) Heuristic {
	if wd {
		return h.WithWalkingDistance()
	}
	return h
}

// base returns h without walking distance maxed in.
func (h Heuristic) base() Heuristic { h.wd = false; return h }

// String returns h's name; a [Database]'s names its tables: "3x3-b8-0.1.2.3".
func (h Heuristic) String() string {
	name := ""
	switch {
	case h.kind == custom:
		name = h.db.spec().String()
	case h.kind < numNamed:
		name = heuristicNames[h.kind]
	default:
		name = "Heuristic(" + strconv.Itoa(int(h.kind)) + ")"
	}
	if h.wd {
		name += "+wd"
	}
	return name
}

// ParseHeuristic returns the [Heuristic] String names s (also "lc", "555"...);
// a Database's tables name those of the goal 1 2 3 ... around the blank.
func ParseHeuristic(s string) (Heuristic, error) {
	const fn = "ParseHeuristic"
	name, wd := strings.CutSuffix(s, "+wd")
	h, ok := namedHeuristic(name)
	if !ok {
		d, err := databaseOfTables(name)
		if err != nil {
			return Heuristic{}, errorf(fn, ErrSyntax, "unknown heuristic %s (want %s, or the name of a database's tables)", input.Quote(s), oneOf(heuristicNames[:]))
		}
		h = d.Heuristic()
	}
	if wd {
		h = h.WithWalkingDistance()
	}
	return h, nil
}

// namedHeuristic returns the named heuristic of name, or an alias of it.
func namedHeuristic(name string) (Heuristic, bool) {
	if k := slices.Index(heuristicNames[:], name); k >= 0 {
		return Heuristic{kind: heuristicKind(k)}, true
	}
	k, ok := heuristicAliases[name]
	return Heuristic{kind: k}, ok
}

// MarshalText implements [encoding.TextMarshaler]: the name String returns.
func (h Heuristic) MarshalText() ([]byte, error) {
	if h.kind > custom {
		return nil, errorf("Heuristic.MarshalText", ErrSyntax, "heuristic %d has no name", h.kind)
	}
	return []byte(h.String()), nil
}

// UnmarshalText implements [encoding.TextUnmarshaler] with [ParseHeuristic].
func (h *Heuristic) UnmarshalText(text []byte) error {
	v, err := ParseHeuristic(string(text))
	if err != nil {
		return renamed(err, "Heuristic.UnmarshalText")
	}
	*h = v
	return nil
}

// Estimate returns h's bound on the moves from b to goal.
func (h Heuristic) Estimate(b, goal Board) (int, error) {
	const fn = "Heuristic.Estimate"
	t, err := newTarget(fn, goal)
	if err != nil {
		return 0, err
	}
	code, err := encode(fn, t, b)
	if err != nil {
		return 0, err
	}
	if err := h.check(fn, t, goal); err != nil {
		return 0, err
	}
	if h.kind <= linearConflict && !h.wd {
		return t.Estimate(h.tilesKind(), code), nil
	}
	sp := tiles.NewSpace(t, h.base().tiles(), false)
	sp.Request = Cache{}.request(true, Limits{})
	if err := sp.Attach(context.Background(), h.wd); err != nil {
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

// check returns the ErrOption error of h on goal (t in goal-relative
// form), or nil.
func (h Heuristic) check(fn string, t *tiles.Goal, goal Board) error {
	if h.wd {
		if err := h.base().check(fn, t, goal); err != nil {
			return err
		}
		return WalkingDistance.check(fn, t, goal)
	}
	switch {
	case h.kind > custom:
		return errorf(fn, ErrOption, "unknown heuristic %d", h.kind)
	case h.kind == custom && !h.db.IsValid():
		return errorf(fn, ErrOption, "the heuristic of the zero Database")
	case h.kind == custom && h.db.goal != goal:
		return errorf(fn, ErrOption, "%v is the Database of another goal: the goal must be the Database's", h)
	case h.kind != walkingDistance && !h.IsDatabase():
		return nil
	case !t.Distinct:
		return errorf(fn, ErrOption, "%v needs distinct labels", h)
	case h.kind == walkingDistance:
		return toError(fn, tiles.CheckWalkingDistance(t.Rows, t.Cols))
	}
	spec, _ := h.partition()
	if t.Rows != spec.Rows || t.Cols != spec.Cols {
		return errorf(fn, ErrOption, "%v is for %d x %d boards, not %d x %d", h, spec.Rows, spec.Cols, t.Rows, t.Cols)
	}
	return nil
}

// tilesKind returns the family of h's base in internal/tiles.
func (h Heuristic) tilesKind() tiles.Kind {
	switch h.kind {
	case zero:
		return tiles.Zero
	case hamming:
		return tiles.Hamming
	case manhattan:
		return tiles.Manhattan
	case walkingDistance:
		return tiles.WalkingDistance
	case auto, linearConflict:
		return tiles.LinearConflict
	}
	return tiles.Database
}

// tiles returns h's base as the searches take it: for a database, its
// partition (see Heuristic.partition).
func (h Heuristic) tiles() tiles.Heuristic {
	th := tiles.Heuristic{Kind: h.tilesKind(), Name: h.base().String(), Custom: h.kind == custom}
	if th.Kind == tiles.Database {
		th.Spec, _ = h.partition()
	}
	return th
}

// partition returns the tables of a database heuristic: the shipped
// partition, for the goal with the blank on cell 0, or a Database's own.
func (h Heuristic) partition() (pdb.Spec, bool) {
	if h.kind == custom {
		return h.db.spec(), h.db.IsValid()
	}
	if !h.IsDatabase() || h.kind > custom {
		return pdb.Spec{}, false
	}
	spec, err := pdb.Named(strings.TrimPrefix(heuristicNames[h.kind], "pdb"))
	return spec, err == nil
}

// Memory returns the bytes of a database's tables: held, building, on disk.
func (h Heuristic) Memory() (tables, build, disk int64) {
	spec, ok := h.partition()
	if !ok {
		return 0, 0, 0
	}
	tables, build = spec.Memory()
	return tables, build, spec.TableBytes(true)
}

// NearOptimalDatabase returns the database Weighted and Anytime rank goal
// by, unless [StrongerDatabase]'s is cached; Prepare builds it for Weighted.
func NearOptimalDatabase(goal Board) (Heuristic, bool) {
	return databaseFor(solve.NearOptimal(), goal)
}

// StrongerDatabase returns the database, built only by [Cache.Build], that m
// ranks and bounds by instead of [NearOptimalDatabase]'s when cached and it
// fits: [PDB48x5] on 7 x 7 under [Weighted], and [Anytime] with time to read
// it from disk (or its pages in memory, read in by a solve passing it over).
func StrongerDatabase(goal Board, m Mode) (Heuristic, bool) {
	h, ok := databaseFor(solve.Stronger(), goal)
	spec, _ := h.partition()
	switch {
	case !ok, m.kind != weighted && m.kind != anytime:
		return Auto, false
	case m.kind == anytime && m.budget > 0 && m.budget/2 < solve.ReadTime(spec):
		return Auto, false
	}
	return h, true
}

// databaseFor returns the first of the shipped databases hs for goal's
// board, whose blank must belong in a corner.
func databaseFor(hs []tiles.Heuristic, goal Board) (Heuristic, bool) {
	r, c := goal.Blank()
	corner := (r == 0 || r == goal.Rows()-1) && (c == 0 || c == goal.Cols()-1)
	for _, th := range hs {
		if spec := th.Spec; corner && goal.IsPermutation() && goal.Rows() == spec.Rows && goal.Cols() == spec.Cols {
			h, _ := namedHeuristic(th.Name)
			return h, true
		}
	}
	return Auto, false
}
