package slide

import (
	"slices"
	"strconv"
	"strings"

	"github.com/slidekit/slide/internal/input"
	"github.com/slidekit/slide/internal/pdb"
)

// A Database is a pattern database of your own: a goal (distinct labels,
// 2 x 2 to 64 cells) split into groups, a table of n!/(n-k)! entries a k-tile one.
type Database struct {
	goal   Board
	groups string // canonical partition: labels ascending, groups by their least label
}

// ParseDatabase returns goal's [Database] of groups "1 2 3 4/5 6 7 8" (or
// commas); errors wrap [ErrSize], [ErrTile] or [ErrSyntax].
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

// MustParseDatabase is [ParseDatabase] for literals, panicking on an error.
func MustParseDatabase(goal Board, partition string) Database {
	return must(ParseDatabase(goal, partition))
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

// String returns d's partition as [ParseDatabase] reads it.
func (d Database) String() string { return d.groups }

// Entries returns the entries of each group's table, in the order of Groups.
func (d Database) Entries() []int64 {
	var entries []int64
	n := d.goal.Len()
	for _, group := range d.Groups() {
		e := int64(1)
		for i := range len(group) {
			e *= int64(n - i)
		}
		entries = append(entries, e)
	}
	return entries
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

// Heuristic returns the heuristic of d's tables, for boards of d's goal.
func (d Database) Heuristic() Heuristic { return Heuristic{kind: custom, db: d} }

// databaseOfTables returns the Database whose tables are named name (see
// pdb.Spec.String): of the goal 1 2 3 ... around the blank's goal cell.
func databaseOfTables(name string) (Database, error) {
	spec, err := pdb.ParseSpec(name)
	if err != nil {
		return Database{}, err
	}
	n := spec.Rows * spec.Cols
	label := func(c int) int { // the goal's labels grow with the cells
		if c < spec.Blank {
			return c + 1
		}
		return c
	}
	labels := make([]int, n)
	for c := range labels {
		if c != spec.Blank {
			labels[c] = label(c)
		}
	}
	goal, err := NewLabeled(spec.Rows, spec.Cols, labels)
	if err != nil {
		return Database{}, err
	}
	groups := make([][]int, len(spec.Patterns))
	for i, p := range spec.Patterns {
		for _, c := range p {
			groups[i] = append(groups[i], label(int(c)))
		}
	}
	d, err := ParseDatabase(goal, formatGroups(groups))
	if err != nil || d.spec().String() != name {
		return Database{}, errorf("ParseHeuristic", ErrSyntax, "%s is not the name of a database's tables", input.Quote(name))
	}
	return d, nil
}
