package slide

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"github.com/slidekit/slide/internal/input"
	"github.com/slidekit/slide/internal/pdb"
	"github.com/slidekit/slide/internal/tiles"
)

// Pattern databases. A PDB heuristic is a set of tables, one per group of
// tiles, of the fewest moves that bring the group home; their sum bounds
// the moves from below because the groups are disjoint. They are built once
// (a fraction of a second for 5-5-5 and 6-6-3, 42 s for 7-8 and 26 s
// for 6-6-6-6 on 2 cores), kept on disk
// under os.UserCacheDir()/slide/pdb (or WithCacheDir's directory) with a
// versioned header and a checksum, and held in memory, shared, for the rest
// of the process or until ReleaseDatabases.
//
// The shipped partitions are for the goal with the blank in the first
// cell. A goal with the blank in another corner of a square board is solved
// on the board rotated to put it there, with the same tables; a goal with
// the blank anywhere else gets tables of its own. A Database names any
// other partition, of any goal.

// DatabaseProgress reports how the build of a pattern database goes, after
// every breadth-first layer of every table.
type DatabaseProgress struct {
	Table, Tables int   // the table being built (from 0) and how many there are
	Tiles         int   // tiles in its pattern
	Depth         int   // the layer just finished
	Reached       int64 // entries with a distance so far
	Entries       int64 // entries of the table
	// Reason says why the tables are being built rather than read from
	// the disk cache: "" when the cache holds no file for them (or is
	// off), otherwise what is wrong with the file there, such as
	// "/home/u/.cache/slide/pdb/4x4-b0-1.2.3.5.6.7-9.10.11.13.14.15-4.8.12.pdb
	// is corrupt: checksum ...".
	Reason string
}

// BuildDatabase makes the pattern database of h ready for boards of its size
// whose goal puts the blank in a corner (h is PDB555, PDB663, PDB78 or
// PDB6666): it reads it from the disk cache, or builds it and writes it
// there, reporting progress if progress is not nil. Solve does the same on
// first use; call BuildDatabase to pay the cost ahead of time.
//
// Of the options it heeds WithCacheDir (which cache, or none) and the
// MaxMemory of WithLimits: a build whose peak memory (see
// Database.BuildBytes) would exceed it fails at once with ErrLimit. It
// returns the context's error if ctx is done first, and ErrOption for
// another heuristic (see Database.Build for pdbCustom). When the tables are
// ready but could not be written to the cache, it returns an error wrapping
// ErrCache that says why: the tables then live in memory only, for this
// process, and the next process builds them again. Already in memory, but
// missing from the cache, they are written there. It also removes the
// temporary files that builds killed while writing the cache left there
// (unlocked, and older than a few seconds).
func BuildDatabase(ctx context.Context, h Heuristic, progress func(DatabaseProgress), opts ...Option) error {
	spec, ok := h.base().partition()
	if !ok {
		if h == pdbCustom {
			return errorf("BuildDatabase", ErrOption, "%v names no tables of its own: build a Database with Database.Build", h)
		}
		return errorf("BuildDatabase", ErrOption, "%v is not a pattern database", h)
	}
	o, err := collectOptions("BuildDatabase", opts)
	if err != nil {
		return err
	}
	return buildDatabase(ctx, "BuildDatabase", spec, o, progress)
}

// buildDatabase opens the database of spec as BuildDatabase and
// Database.Build do.
func buildDatabase(ctx context.Context, fn string, spec pdb.Spec, o options, progress func(DatabaseProgress)) error {
	req := o.dbRequest(true)
	if progress != nil {
		req.Progress = func(p pdb.Progress) {
			progress(DatabaseProgress{Table: p.Table, Tables: p.Tables, Tiles: p.Tiles, Depth: p.Depth,
				Reached: p.Reached, Entries: p.Entries, Reason: p.Reason})
		}
	}
	return toError(fn, pdb.Prepare(ctx, spec, req))
}

// partition returns the shipped partition of a PDB heuristic.
func (h Heuristic) partition() (pdb.Spec, bool) {
	names := map[Heuristic]string{PDB555: "555", PDB663: "663", PDB78: "78", PDB6666: "6666", PDB35: "35", PDB48: "48"}
	name, ok := names[h]
	if !ok {
		return pdb.Spec{}, false
	}
	spec, err := pdb.Named(name)
	return spec, err == nil
}

// A Database is a pattern database of your own: a goal board and a
// partition of its tiles into groups, named by their labels. Its tables
// hold, for every placement of a group's tiles, the fewest moves of those
// tiles that bring them home while the blank and the other tiles move
// freely; the groups are disjoint, so the tables' entries add up to a
// lower bound on the moves to the goal (an admissible heuristic, and the
// stronger the larger the groups).
//
// A Database is a small immutable value, comparable with == (two values
// with the same goal and the same groups are equal, whatever the order in
// which the groups and their labels were written); the zero Database is
// not valid (IsValid reports false). ParseDatabase makes one and checks
// it; Build makes its tables ready; WithDatabase makes Solve search with
// them.
//
// Costs: a group of k tiles on a board of n cells has a table of
// n!/(n-k)! entries, a byte each (half a byte once built when the
// distances allow, see Bytes), and building it takes that byte, about 3
// bits an entry of search states and the table being filled (see
// BuildBytes). Groups of 5 on a 3 x 5 board take 360,360 entries each and
// build in a fraction of a second; groups of 5 on 6 x 6 take 45 million
// entries each: seven of them built in 11.7 s on a 2-core machine, 285 MB
// at the peak (BuildBytes: 308 MB), into 158 MB
// of compact tables. Boards of up to 32 cells are
// solved by the pattern-database IDA* that PDB663 uses; larger boards by
// the generic engines (IDA* by default), which recompute the estimate of
// every board from scratch: correct, but orders of magnitude slower.
type Database struct {
	goal   Board
	groups string // canonical partition: labels ascending, groups by their least label
}

// ParseDatabase returns the Database of goal whose tiles are split into
// the groups of partition: groups separated by "/", labels within a group
// by spaces (or commas), as in "1 2 3 4 5/6 7 8 9 10/11 12 13 14" for a
// 3 x 5 board. It checks everything that does not take memory, and names
// the problem: a goal that is not a board of 2 x 2 to 64 cells with
// distinct labels (ErrSize, ErrTile), text that is not a list of groups
// (ErrSyntax), a label in two groups or in none, a label the goal lacks,
// the blank (0) in a group (ErrTile), and a group that the builder cannot
// take (ErrSize): more than 24 tiles, as many tiles as cells, more than
// 2^33 entries. Whether the build fits in memory is checked when it starts
// (see Build).
func ParseDatabase(goal Board, partition string) (Database, error) {
	const fn = "ParseDatabase"
	if !goal.IsValid() {
		return Database{}, errorf(fn, ErrSize, "goal is the zero Board")
	}
	rows, cols := goal.Rows(), goal.Cols()
	n := rows * cols
	if rows < 2 || cols < 2 || n > 64 {
		return Database{}, errorf(fn, ErrSize, "pattern databases take boards of at least 2 x 2 and at most 64 cells, not %d x %d", rows, cols)
	}
	cellOf := map[int]int{} // goal cell of each label
	for c, label := range goal.Tiles() {
		if label == 0 {
			continue
		}
		if _, dup := cellOf[label]; dup {
			return Database{}, errorf(fn, ErrTile, "goal has label %d twice: pattern databases need distinct labels", label)
		}
		cellOf[label] = c
	}
	groups, err := parseGroups(fn, partition)
	if err != nil {
		return Database{}, err
	}
	inGroup := map[int]int{}
	for g, group := range groups {
		for _, label := range group {
			switch prev, seen := inGroup[label]; {
			case label == 0:
				return Database{}, errorf(fn, ErrTile, "group %d holds the blank (0): groups hold tiles only", g+1)
			case seen && prev == g:
				return Database{}, errorf(fn, ErrTile, "group %d holds label %d twice", g+1, label)
			case seen:
				return Database{}, errorf(fn, ErrTile, "label %d is in groups %d and %d: groups must not overlap", label, prev+1, g+1)
			}
			if _, ok := cellOf[label]; !ok {
				return Database{}, errorf(fn, ErrTile, "label %d is not on the %d x %d goal", label, rows, cols)
			}
			inGroup[label] = g
		}
	}
	var missing []int
	for label := range cellOf {
		if _, ok := inGroup[label]; !ok {
			missing = append(missing, label)
		}
	}
	if len(missing) > 0 {
		slices.Sort(missing)
		return Database{}, errorf(fn, ErrTile, "%s in no group: the groups must cover every tile", labelList(missing))
	}
	for g, group := range groups {
		if err := checkGroupSize(fn, n, g, group); err != nil {
			return Database{}, err
		}
	}
	for _, group := range groups {
		slices.Sort(group)
	}
	slices.SortFunc(groups, func(a, b []int) int { return a[0] - b[0] })
	d := Database{goal: goal, groups: formatGroups(groups)}
	if err := d.spec().CheckBuild(); err != nil {
		return Database{}, errorf(fn, ErrSize, "%s", specMessage(err, groups))
	}
	return d, nil
}

// checkGroupSize returns the ErrSize error of a group g that the builder
// cannot take on a board of n cells, or nil.
func checkGroupSize(fn string, n, g int, group []int) error {
	k := len(group)
	name := "group " + strconv.Itoa(g+1) + " (" + labelRange(group) + ")"
	switch {
	case k > maxGroup:
		return errorf(fn, ErrSize, "%s has %d tiles: the builder takes at most %d a group", name, k, maxGroup)
	}
	entries := 1.0
	for i := range k {
		entries *= float64(n - i)
	}
	if entries > maxEntries {
		return errorf(fn, ErrSize, "%s has %d tiles on %d cells: a table of %.3g entries, over the builder's limit of 2^33", name, k, n, entries)
	}
	return nil
}

// The builder's bounds (see internal/pdb): tiles in a group, entries of a
// table.
const (
	maxGroup   = 24
	maxEntries = 1 << 33
)

// MustParseDatabase is like ParseDatabase but panics on an error. It is
// meant for tests and package-level variables whose text is known to be
// good.
func MustParseDatabase(goal Board, partition string) Database {
	d, err := ParseDatabase(goal, partition)
	if err != nil {
		panic(err)
	}
	return d
}

// parseGroups reads the groups of a partition's text.
func parseGroups(fn, s string) ([][]int, error) {
	if strings.TrimSpace(s) == "" {
		return nil, errorf(fn, ErrSyntax, "empty partition: want groups of labels separated by /, such as \"1 2 3/4 5 6/7 8\"")
	}
	var groups [][]int
	for i, text := range strings.Split(s, "/") {
		fields := strings.FieldsFunc(text, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == '\n' || r == '\r' })
		if len(fields) == 0 {
			return nil, errorf(fn, ErrSyntax, "group %d is empty", i+1)
		}
		group := make([]int, len(fields))
		for j, f := range fields {
			v, err := strconv.Atoi(f)
			if err != nil || v < 0 || v > MaxLabel {
				return nil, errorf(fn, ErrSyntax, "group %d: %s is not a tile label", i+1, input.Quote(f))
			}
			group[j] = v
		}
		groups = append(groups, group)
	}
	return groups, nil
}

// labelList writes labels for a message: "label 5", "labels 5, 6 and 9",
// at most ten of them.
func labelList(labels []int) string {
	var names []string
	for i, l := range labels {
		if i == 10 {
			names = append(names, strconv.Itoa(len(labels)-10)+" more")
			break
		}
		names = append(names, strconv.Itoa(l))
	}
	if len(labels) == 1 {
		return "label " + names[0] + " is"
	}
	return "labels " + strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1] + " are"
}

// formatGroups writes groups in the text form of ParseDatabase.
func formatGroups(groups [][]int) string {
	var sb strings.Builder
	for g, group := range groups {
		if g > 0 {
			sb.WriteByte('/')
		}
		for i, label := range group {
			if i > 0 {
				sb.WriteByte(' ')
			}
			sb.WriteString(strconv.Itoa(label))
		}
	}
	return sb.String()
}

// specMessage rewords an error of pdb.Spec.CheckBuild, which names
// patterns by index, for a partition given by labels.
func specMessage(err error, groups [][]int) string {
	msg := strings.ReplaceAll(err.Error(), "pdb: ", "")
	msg = strings.ReplaceAll(msg, "invalid spec: ", "")
	for i := len(groups) - 1; i >= 0; i-- {
		msg = strings.ReplaceAll(msg, "pattern "+strconv.Itoa(i)+" ", "group "+strconv.Itoa(i+1)+" ("+labelRange(groups[i])+") ")
		msg = strings.ReplaceAll(msg, "pattern "+strconv.Itoa(i)+":", "group "+strconv.Itoa(i+1)+" ("+labelRange(groups[i])+"):")
	}
	return msg
}

// labelRange names a group by its first labels.
func labelRange(group []int) string {
	if len(group) <= 3 {
		return formatGroups([][]int{group})
	}
	return formatGroups([][]int{group[:3]}) + " ..."
}

// IsValid reports whether d is a Database, that is, not the zero value.
func (d Database) IsValid() bool { return d.goal.IsValid() }

// Goal returns the goal board d's tables are for.
func (d Database) Goal() Board { return d.goal }

// Groups returns d's groups of labels: each sorted, the groups ordered by
// their least label. The slices are the caller's.
func (d Database) Groups() [][]int {
	groups, _ := parseGroups("", d.groups)
	return groups
}

// String returns d's partition in the text form ParseDatabase reads, in
// its canonical order: "1 2 3 4 5/6 7 8 9 10/11 12 13 14".
func (d Database) String() string { return d.groups }

// Entries returns the number of entries of each group's table, in the
// order of Groups.
func (d Database) Entries() []int64 {
	if !d.IsValid() {
		return nil
	}
	return d.spec().Entries()
}

// Bytes returns the memory d's tables take once built: a byte an entry,
// or half of that when every table's distances exceed the tiles'
// Manhattan distance by at most 30 (the usual case, which only the build
// can tell).
func (d Database) Bytes() int64 {
	if !d.IsValid() {
		return 0
	}
	return d.spec().TableBytes(false)
}

// BuildBytes returns the peak memory of building d's tables, within a few
// percent (see the type's documentation). Build and Solve refuse to start
// a build whose peak exceeds their memory bound (Limits.MaxMemory, 2 GiB
// by default).
func (d Database) BuildBytes() int64 {
	if !d.IsValid() {
		return 0
	}
	return d.spec().BuildBytes()
}

// spec returns d in the goal-relative form of internal/pdb: a tile is
// named by its goal cell, groups become patterns ordered by goal cell.
func (d Database) spec() pdb.Spec {
	goal := d.goal
	cellOf := map[int]uint8{}
	for c, label := range goal.Tiles() {
		cellOf[label] = uint8(c)
	}
	spec := pdb.Spec{Rows: goal.Rows(), Cols: goal.Cols(), Blank: int(goal.blank)}
	for _, group := range d.Groups() {
		p := make([]uint8, len(group))
		for i, label := range group {
			p[i] = cellOf[label]
		}
		slices.Sort(p)
		spec.Patterns = append(spec.Patterns, p)
	}
	slices.SortFunc(spec.Patterns, func(a, b []uint8) int { return int(a[0]) - int(b[0]) })
	return spec
}

// Build makes d's tables ready: it reads them from the disk cache, where
// they are named after the goal and the groups, or builds them and writes
// them there, reporting progress if progress is not nil. Solve with
// WithDatabase(d) does the same on first use; Build pays the cost ahead of
// time and reports it. It heeds, and errs, as BuildDatabase does:
// WithCacheDir and the MaxMemory of WithLimits apply, ctx stops the
// build, and a cache that cannot be written gives an error wrapping
// ErrCache once the tables are ready in memory.
func (d Database) Build(ctx context.Context, progress func(DatabaseProgress), opts ...Option) error {
	if !d.IsValid() {
		return errorf("Database.Build", ErrOption, "zero Database")
	}
	o, err := collectOptions("Database.Build", opts)
	if err != nil {
		return err
	}
	return buildDatabase(ctx, "Database.Build", d.spec(), o, progress)
}

// Estimate returns d's lower bound on the moves from b to d's goal: the
// sum of its tables' entries, maxed with the same sum on the board
// reflected about the main diagonal when the goal is square and its blank
// on the diagonal. The first call loads or builds the tables (see Build);
// later ones cost O(R*C). It is an error (ErrMismatch) if b does not have
// the goal's size and labels.
func (d Database) Estimate(b Board) (int, error) {
	if !d.IsValid() {
		return 0, errorf("Database.Estimate", ErrOption, "zero Database")
	}
	t, err := newTarget("Database.Estimate", d.goal)
	if err != nil {
		return 0, err
	}
	code, err := encode("Database.Estimate", t, b)
	if err != nil {
		return 0, err
	}
	sp := tiles.NewSpace(t, tiles.Heuristic{Kind: tiles.Database, Name: pdbCustom.String(), Spec: d.spec(), Custom: true}, false)
	sp.Request = (&options{}).dbRequest(true)
	if err := sp.Attach(context.Background(), false); err != nil {
		return 0, toError("Database.Estimate", err)
	}
	return sp.EstimateCode(code), nil
}
