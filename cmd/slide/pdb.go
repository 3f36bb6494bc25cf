package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/input"
	"github.com/slidekit/slide/internal/pdb"
	"github.com/slidekit/slide/internal/pdbcache"
)

const pdbAbout = `Pdb build builds a pattern database ahead of time and keeps it in the cache
under the user's cache directory, where solve and bench find it. A
database already cached is only checked, and rebuilt if it is damaged. The
build shows its progress on standard error. Pdb exits with status 1 if the
tables could not be written to the cache.

NAME is one of the shipped databases: pdb555, pdb663 or pdb78 for the
15-puzzle, pdb6666 for the 24-puzzle, pdb35 and pdb48 for -w and -time on
6x6 and 7x7 boards (the "pdb" may be left out); seconds for most, under a
minute for pdb78 and pdb6666.

With -partition, the database is one of your own: the board size (-size,
or the size of the -goal board), the goal (-goal FILE, in the form solve
reads; the standard goal 1 2 3 ... with the blank last by default) and a
partition of the tiles into groups by label, groups separated by "/":

	slide pdb build -size 3x5 -partition "1 2 3 4 5/6 7 8 9 10/11 12 13 14"

Every tile must be in exactly one group. A group of k tiles on a board of
n cells has a table of n!/(n-k)! entries; a build that would take more
memory than -max-memory allows is refused before it starts. Solve and
bench use such a database with the same -partition (and -goal).

Pdb verify checks cached tables against their definition: a checksum
proves only that a file is what its writer wrote, so a cache that others
may write (a volume shared by many jobs) is worth verifying once before it
is mounted read-only. Verify rebuilds each database in memory (as much
time and memory as pdb build) and compares it entry by entry with the
cached file, writing nothing. It takes the NAMEs or the -partition that
pdb build takes; with neither, every database in the cache that it can
name (the shipped ones, and those of a -partition), and it says which
files it skips. It prints a line a database: OK, MISMATCH with how many
entries differ and the first, or missing, and exits with status 1 unless
every one is OK. Delete a file that does not match (pdb clean NAME); pdb
build makes it again.

Pdb list shows the cache directory and every table file in it: the
database (its NAME, or for tables of your own the file's name: board,
blank cell and groups by goal cell), the board, the size on disk, the file
and whether its header and size are right (a quick check, not verify's).

Pdb clean removes the cached tables of the NAMEs or the -partition that
pdb build takes, or with neither every table file in the cache (and the
temporary files of builds that were killed), leaving other files alone.
It prints each file removed and the space freed, and exits with status 1
if a database named is not in the cache.`

// pdbSynopsis is the usage line of the pdb subcommand.
const pdbSynopsis = `build NAME
       slide pdb build [-max-memory SIZE] [-size RxC] -partition "1 2 3/4 5 6/..." [-goal FILE]
       slide pdb verify [-max-memory SIZE] [NAME...]
       slide pdb verify [-max-memory SIZE] [-size RxC] -partition "1 2 3/4 5 6/..." [-goal FILE]
       slide pdb list
       slide pdb clean [NAME...]
       slide pdb clean [-size RxC] -partition "1 2 3/4 5 6/..." [-goal FILE]`

// runPDB is the pdb subcommand: "slide pdb build NAME", "slide pdb build
// -size RxC -partition GROUPS [-goal FILE]", "slide pdb verify" and
// "slide pdb clean" with NAMEs, a -partition or neither, and "slide pdb
// list".
func runPDB(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("pdb", pdbSynopsis, pdbAbout)
	var size, partition, goalFile string
	fs.StringVar(&size, "size", "", "the board size of a -partition database, `RxC` (or N for N x N)")
	fs.StringVar(&partition, "partition", "", "the database of these `groups` of tile labels, as \"1 2 3/4 5 6/...\"")
	fs.StringVar(&goalFile, "goal", "", "read the goal board of a -partition database from `FILE`")
	mem := addMemoryFlag(fs)
	var verb string
	if len(args) > 0 && slices.Contains([]string{"build", "verify", "list", "clean"}, args[0]) {
		verb, args = args[0], args[1:]
	} else if status, ok := parseFlags(fs, args, stdout, stderr); !ok {
		return status // -h, or a bad flag before "build"
	} else {
		return usageError(stderr, "pdb", "want \"build NAME\", \"verify [NAME...]\", \"list\" or \"clean [NAME...]\"")
	}
	if status, ok := parseFlags(fs, args, stdout, stderr); !ok {
		return status
	}
	if verb == "list" {
		if fs.NArg() != 0 || partition != "" || size != "" || goalFile != "" {
			return usageError(stderr, "pdb", "list takes no arguments")
		}
		return runList(stdout, stderr)
	}
	opts := []slide.Option{slide.WithLimits(mem.limits())}
	if partition == "" && (size != "" || goalFile != "") {
		return usageError(stderr, "pdb", "-size and -goal describe a -partition database")
	}
	if partition != "" && fs.NArg() != 0 {
		return usageError(stderr, "pdb", "NAME and -partition exclude each other")
	}
	var d slide.Database
	if partition != "" {
		goal, status := partitionGoal(size, goalFile, stdin, stderr)
		if status != exitOK {
			return status
		}
		var err error
		if d, err = slide.ParseDatabase(goal, partition); err != nil {
			return usageError(stderr, "pdb", "-partition: %s", message(err))
		}
	}
	switch verb {
	case "verify":
		return runVerify(fs.Args(), d, opts, stdout, stderr)
	case "clean":
		return runClean(fs.Args(), d, stdout, stderr)
	}
	if partition != "" {
		return finishBuild(stderr, buildCustom(d, stderr, func(p func(slide.DatabaseProgress)) error {
			return d.Build(context.Background(), p, opts...)
		}))
	}
	if fs.NArg() != 1 {
		return usageError(stderr, "pdb", "want \"build NAME\", got %d arguments (flags go before NAME)", fs.NArg())
	}
	h, status := shippedDatabase(fs.Arg(0), stderr)
	if status != exitOK {
		return status
	}
	return finishBuild(stderr, buildShipped(h, stderr, func(p func(slide.DatabaseProgress)) error {
		return slide.BuildDatabase(context.Background(), h, p, opts...)
	}))
}

// shippedDatabase returns the shipped database named by arg, "pdb555" or
// "555", or the exit status of a usage error.
func shippedDatabase(arg string, stderr io.Writer) (slide.Heuristic, int) {
	name := arg
	if !strings.HasPrefix(name, "pdb") {
		name = "pdb" + name
	}
	h, err := slide.ParseHeuristic(name)
	if err != nil || !h.IsDatabase() || name == "pdb" || strings.HasSuffix(name, "+wd") {
		return 0, usageError(stderr, "pdb", "%s is not a pattern database (want pdb555, pdb663, pdb78, pdb6666, pdb35 or pdb48, or -partition)", input.Quote(arg))
	}
	return h, exitOK
}

// partitionGoal returns the goal of a -partition database: the -goal
// board, or the standard goal of -size.
func partitionGoal(size, goalFile string, stdin io.Reader, stderr io.Writer) (slide.Board, int) {
	var rows, cols int
	if size != "" {
		var err error
		if rows, cols, err = parseBoardSize(size); err != nil {
			return slide.Board{}, usageError(stderr, "pdb", "-size: %v", err)
		}
	}
	if goalFile == "" {
		if size == "" {
			return slide.Board{}, usageError(stderr, "pdb", "-partition needs -size or -goal")
		}
		return slide.Goal(rows, cols), exitOK
	}
	goal, err := readBoard(goalFile, stdin)
	if err != nil {
		return slide.Board{}, failure(stderr, "pdb", "%v", err)
	}
	if size != "" && (goal.Rows() != rows || goal.Cols() != cols) {
		return slide.Board{}, usageError(stderr, "pdb", "-size is %d x %d but the -goal board is %d x %d", rows, cols, goal.Rows(), goal.Cols())
	}
	return goal, exitOK
}

// parseBoardSize reads a board size: "RxC" or "N" for N x N.
func parseBoardSize(s string) (rows, cols int, err error) {
	r, c, found := strings.Cut(strings.ToLower(s), "x")
	rows, err1 := strconv.Atoi(r)
	cols, err2 := rows, error(nil)
	if found {
		cols, err2 = strconv.Atoi(c)
	}
	if err1 != nil || err2 != nil || rows < 2 || cols < 2 || rows > 255 || cols > 255 {
		return 0, 0, fmt.Errorf("%s is not a board size: want RxC, such as 3x5, with R and C from 2 to 255", input.Quote(s))
	}
	return rows, cols, nil
}

// databaseName names a custom database in messages: its size and groups.
func databaseName(d slide.Database) string {
	g := d.Goal()
	return fmt.Sprintf("the %dx%d database %q", g.Rows(), g.Cols(), d.String())
}

// buildTables makes a pattern database ready by calling build, showing on
// stderr its progress (see buildProgress) and, before a first build, what
// it builds, how big (disk: its tables on disk; peak: the memory of the
// build) and where. It returns the error of build; an error wrapping
// slide.ErrCache means that the tables are ready but in memory only.
func buildTables(name string, disk, peak int64, stderr io.Writer, build func(func(slide.DatabaseProgress)) error) error {
	where := ""
	if dir, err := pdbcache.DefaultCacheDir(); err == nil {
		where = " into " + dir
	}
	bp := newBuildProgress("building", name, stderr)
	bp.announce = fmt.Sprintf("slide: building %s (%s on disk, %s while building)%s; this happens once", name, sizeText(disk), sizeText(peak), where)
	err := build(bp.report)
	bp.done()
	return err
}

// A buildProgress shows on stderr the build of the tables of a database:
// first why they are rebuilt, if they are, else the announce line, if
// any; then a status line (see statusLine), refreshed on a terminal, and
// otherwise a line as each table starts and at most one every ten seconds
// between.
type buildProgress struct {
	line       statusLine
	verb, name string // "building" or "verifying", and the database
	announce   string // the line before a first build, "" for none
	started    bool
	table      int // the table of the last line
	last       slide.DatabaseProgress
}

func newBuildProgress(verb, name string, stderr io.Writer) *buildProgress {
	return &buildProgress{line: newStatusLine(stderr), verb: verb, name: name}
}

func (b *buildProgress) report(p slide.DatabaseProgress) {
	if !b.started {
		b.started = true
		switch {
		case p.Reason != "":
			fmt.Fprintf(b.line.w, "slide: rebuilding %s: %s\n", b.name, p.Reason)
		case b.announce != "":
			fmt.Fprintln(b.line.w, b.announce)
		}
	} else if p.Table == b.table && !b.line.due() {
		b.last = p
		return
	}
	b.last, b.table = p, p.Table
	b.line.show(b.text(p))
}

// text describes the progress p: the table, and past its first layer the
// layer and the share of its entries reached.
func (b *buildProgress) text(p slide.DatabaseProgress) string {
	if p.Depth <= 1 {
		return fmt.Sprintf("%s %s: table %d of %d (%d tiles), %d entries", b.verb, b.name, p.Table+1, p.Tables, p.Tiles, p.Entries)
	}
	return fmt.Sprintf("%s %s: table %d of %d (%d tiles), depth %d, %d%% of %d entries",
		b.verb, b.name, p.Table+1, p.Tables, p.Tiles, p.Depth, int(100*p.Reached/max(p.Entries, 1)), p.Entries)
}

// done ends the status line, on a terminal with the last progress.
func (b *buildProgress) done() {
	if b.line.open {
		b.line.show(b.text(b.last))
	}
	b.line.end()
}

// sizeText writes a number of bytes for people: "11.7 GiB", "512.0 KiB".
func sizeText(n int64) string {
	for _, u := range []struct {
		name  string
		bytes int64
	}{{"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}} {
		if n >= u.bytes {
			return fmt.Sprintf("%.1f %s", float64(n)/float64(u.bytes), u.name)
		}
	}
	return fmt.Sprintf("%d bytes", n)
}

// finishBuild returns the exit status of "slide pdb build" after
// buildTables: 1, with the reason, if the tables could not be built or
// not be cached.
func finishBuild(stderr io.Writer, err error) int {
	switch {
	case errors.Is(err, slide.ErrCache):
		return failure(stderr, "pdb", "nothing cached: %s", message(err))
	case err != nil:
		return failure(stderr, "pdb", "%s", message(err))
	}
	return exitOK
}

// prepareTables returns the error of buildTables for a solve or bench,
// which go on with tables in memory if the cache cannot be written: that
// is told once on stderr, and not an error.
func prepareTables(cmd string, stderr io.Writer, err error) error {
	if errors.Is(err, slide.ErrCache) {
		fmt.Fprintf(stderr, "slide %s: %s\n", cmd, message(err))
		return nil
	}
	return err
}

// buildShipped is buildTables for the shipped database h.
func buildShipped(h slide.Heuristic, stderr io.Writer, build func(func(slide.DatabaseProgress)) error) error {
	_, peak := h.Memory()
	return buildTables(strings.TrimSuffix(h.String(), "+wd"), diskBytes(h), peak, stderr, build)
}

// diskBytes returns the size on disk of the tables of the shipped
// database h.
func diskBytes(h slide.Heuristic) int64 {
	spec, _ := pdb.Named(strings.TrimPrefix(strings.TrimSuffix(h.String(), "+wd"), "pdb"))
	return spec.TableBytes(true)
}

// buildCustom is buildTables for the database d of a -partition.
func buildCustom(d slide.Database, stderr io.Writer, build func(func(slide.DatabaseProgress)) error) error {
	var disk int64
	for _, e := range d.Entries() {
		disk += (e + 1) / 2 // four bits an entry, as the cache keeps most tables
	}
	return buildTables(databaseName(d), disk, d.BuildBytes(), stderr, build)
}

// prepareDatabase makes ready the tables of h, if it is a shipped
// database, for boards like goal: it checks first that h fits goal, so
// that nothing is built for a board of another size.
func prepareDatabase(cmd string, h slide.Heuristic, goal slide.Board, stderr io.Writer) error {
	if err := h.Check(goal); err != nil || !h.IsDatabase() {
		return err
	}
	return prepareTables(cmd, stderr, buildShipped(h, stderr, func(p func(slide.DatabaseProgress)) error {
		return slide.BuildDatabase(context.Background(), h, p)
	}))
}

// prepareCustom makes ready the tables of a -partition database.
func prepareCustom(cmd string, d slide.Database, stderr io.Writer) error {
	return prepareTables(cmd, stderr, buildCustom(d, stderr, func(p func(slide.DatabaseProgress)) error {
		return d.Build(context.Background(), p)
	}))
}

// searchOptions returns the Solve options of the -heuristic flag h and the
// -partition flag of cmd for boards like goal, once their tables are
// ready, or the exit status of a failure: a heuristic or partition that
// does not fit goal is reported before anything is built, and tables that
// would not fit the memory bound of mem are not built: the search refuses
// them with a message naming -max-memory.
func searchOptions(cmd string, h *heuristicFlag, partition string, goal slide.Board, mem *memoryFlag, stderr io.Writer) ([]slide.Option, int) {
	if partition == "" {
		if h.custom {
			return nil, usageError(stderr, cmd, "-heuristic pdb needs -partition")
		}
		if h.wd {
			if err := slide.WalkingDistance.Check(goal); err != nil {
				return nil, failure(stderr, cmd, "+wd: %s", message(err))
			}
		}
		if tables, build := h.h.Memory(); max(tables, build) > mem.bound() {
			return h.options(), exitOK
		}
		if err := prepareDatabase(cmd, h.h, goal, stderr); err != nil {
			return nil, failure(stderr, cmd, "%s", message(err))
		}
		return h.options(), exitOK
	}
	if h.h != slide.Auto && h.h != slide.Auto.WithWalkingDistance() && !h.custom {
		return nil, usageError(stderr, cmd, "-partition and -heuristic %v both choose the heuristic: give one", h.h)
	}
	d, err := slide.ParseDatabase(goal, partition)
	if err != nil {
		return nil, usageError(stderr, cmd, "-partition: %s", message(err))
	}
	opts := []slide.Option{slide.WithDatabase(d), slide.WithHeuristic(h.h)}
	if h.wd {
		if err := slide.WalkingDistance.Check(goal); err != nil {
			return nil, failure(stderr, cmd, "+wd: %s", message(err))
		}
	}
	if max(d.Bytes(), d.BuildBytes()) > mem.bound() {
		return opts, exitOK
	}
	if err := prepareCustom(cmd, d, stderr); err != nil {
		return nil, failure(stderr, cmd, "%s", message(err))
	}
	return opts, exitOK
}
