package slide

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/slidekit/slide/internal/input"
	"github.com/slidekit/slide/internal/pdb"
	"github.com/slidekit/slide/internal/pdbcache"
	"github.com/slidekit/slide/internal/tiles"
)

// DatabaseProgress reports a database build after every layer of every
// table.
type DatabaseProgress struct {
	Table, Tables int   // the table being built (from 0) of how many
	Tiles, Depth  int   // its tiles, the layer just finished
	Reached       int64 // of its Entries, those reached
	Entries       int64
	Reason        string // "" for no file in the cache, else what is wrong with it
}

// String returns the report as a line, such as "table 2 of 3 (6 tiles),
// depth 12, 1234 of 5765760 entries", with the Reason, if any, first.
func (p DatabaseProgress) String() string {
	s := fmt.Sprintf("table %d of %d (%d tiles), depth %d, %d of %d entries", p.Table+1, p.Tables, p.Tiles, p.Depth, p.Reached, p.Entries)
	if p.Reason != "" {
		s = p.Reason + ": " + s
	}
	return s
}

// BuildDatabase makes the tables of the shipped database h ready for goals
// with the blank in a corner: read from the cache, or built and written
// there. A build beyond WithLimits' MaxMemory fails at once; tables built
// but not written wrap ErrCache, kept for this process only. The tables of
// NearOptimalDatabase are also laid out for the beam searches of the
// Weighted and Anytime modes, which Anytime's budget would not wait for.
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
	err = buildDatabase(ctx, "BuildDatabase", spec, o, progress)
	if slices.Contains(nearOptimalDatabases, h.base()) && (err == nil || errors.Is(err, ErrCache)) {
		if db, _, err := pdbcache.Shared(ctx, spec, o.dbRequest(false)); err == nil {
			db.Sparse()
		}
	}
	return err
}

// buildDatabase opens the database of spec as BuildDatabase and
// Database.Build do.
func buildDatabase(ctx context.Context, fn string, spec pdb.Spec, o options, progress func(DatabaseProgress)) error {
	req := o.dbRequest(true)
	req.Progress = pdbProgress(progress)
	return toError(fn, pdbcache.Prepare(ctx, spec, req))
}

// pdbProgress returns progress as internal/pdb calls it (nil for nil).
func pdbProgress(progress func(DatabaseProgress)) func(pdb.Progress) {
	if progress == nil {
		return nil
	}
	return func(p pdb.Progress) {
		progress(DatabaseProgress{Table: p.Table, Tables: p.Tables, Tiles: p.Tiles, Depth: p.Depth,
			Reached: p.Reached, Entries: p.Entries, Reason: p.Reason})
	}
}

// VerifyDatabase checks the cached tables of the shipped database h (those
// BuildDatabase makes) against their definition, for a cache that others
// may write, such as a volume shared by many jobs: a file edited and given
// a fresh checksum loads, and its wrong bounds make Solve's answers wrong.
// It builds the tables in memory, reporting progress as BuildDatabase
// does, and compares them entry by entry with the files; it needs the
// memory of a build and fails at once beyond WithLimits' MaxMemory. It
// writes nothing. The error wraps ErrCorrupt for tables that differ
// (saying how many entries, and the first) or a damaged file, and ErrCache
// for tables not in the cache.
func VerifyDatabase(ctx context.Context, h Heuristic, progress func(DatabaseProgress), opts ...Option) error {
	spec, ok := h.base().partition()
	if !ok {
		if h == pdbCustom {
			return errorf("VerifyDatabase", ErrOption, "%v names no tables of its own: verify a Database with Database.Verify", h)
		}
		return errorf("VerifyDatabase", ErrOption, "%v is not a pattern database", h)
	}
	o, err := collectOptions("VerifyDatabase", opts)
	if err != nil {
		return err
	}
	return verifyDatabase(ctx, "VerifyDatabase", spec, o, progress)
}

// verifyDatabase checks the cached tables of spec as VerifyDatabase and
// Database.Verify do.
func verifyDatabase(ctx context.Context, fn string, spec pdb.Spec, o options, progress func(DatabaseProgress)) error {
	req := o.dbRequest(false)
	dir := req.CacheDir()
	if dir == "" {
		return errorf(fn, ErrCache, "no cache directory to verify")
	}
	return toError(fn, pdbcache.Verify(ctx, dir, spec, pdb.BuildOptions{Progress: pdbProgress(progress)}, req.MaxMemory))
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

// A Database is a pattern database of your own: a goal (distinct labels, 2 x
// 2 to 64 cells) and a partition of its tiles into groups. Its tables hold,
// for every placement of a group, the fewest moves that bring its tiles
// home; the groups add up to an admissible heuristic, stronger the larger
// they are. A group of k tiles on n cells takes n!/(n-k)! entries.
//
// A Database is a comparable value; the zero Database is not valid.
type Database struct {
	goal   Board
	groups string // canonical partition: labels ascending, groups by their least label
}

// ParseDatabase returns the Database of goal split into the groups of
// partition, as "1 2 3 4 5/6 7 8 9 10/11 12 13 14" for 3 x 5. The groups
// are separated by "/"; the labels of a group, decimal integers, by
// spaces, tabs, line breaks or commas, any number of them in any mix,
// which may also lead or trail a group: "1,2,3/4,5,6,7,8" and
// " 1, 2 3 / 4 5,6 7 8" read as "1 2 3/4 5 6 7 8". A comma never
// separates groups, and a group with no label is an error. The order of
// the groups and of their labels does not matter. Errors wrap ErrSize,
// ErrTile or ErrSyntax and say what is wrong.
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

// MustParseDatabase is ParseDatabase, panicking on an error.
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

// IsValid reports whether d is not the zero Database.
func (d Database) IsValid() bool { return d.goal.IsValid() }

// Goal returns d's goal.
func (d Database) Goal() Board { return d.goal }

// Groups returns d's groups, each sorted, in order of their least label.
func (d Database) Groups() [][]int {
	groups, _ := parseGroups("", d.groups)
	return groups
}

// String returns d's partition as ParseDatabase reads it.
func (d Database) String() string { return d.groups }

// Entries returns the entries of each group's table.
func (d Database) Entries() []int64 {
	if !d.IsValid() {
		return nil
	}
	return d.spec().Entries()
}

// Bytes returns the memory of d's built tables.
func (d Database) Bytes() int64 {
	if !d.IsValid() {
		return 0
	}
	return d.spec().TableBytes(false)
}

// BuildBytes returns the peak memory of d's build, within a few percent.
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

// Build makes d's tables ready as BuildDatabase does.
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

// Verify checks d's cached tables against d as VerifyDatabase does.
func (d Database) Verify(ctx context.Context, progress func(DatabaseProgress), opts ...Option) error {
	if !d.IsValid() {
		return errorf("Database.Verify", ErrOption, "zero Database")
	}
	o, err := collectOptions("Database.Verify", opts)
	if err != nil {
		return err
	}
	return verifyDatabase(ctx, "Database.Verify", d.spec(), o, progress)
}

// Estimate returns d's bound on the moves from b to d's goal.
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
