package main

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/input"
	"github.com/slidekit/slide/internal/interrupt"
	"github.com/slidekit/slide/internal/progress"
	"github.com/slidekit/slide/internal/report"
)

// pdbAbout is the text of "slide pdb -h", the list of the shipped
// databases (shippedTable) for %s.
const pdbAbout = `Pdb build builds a pattern database ahead of time and keeps it in the cache
under the user's cache directory, where solve and bench find it. A
database already cached is only checked, and rebuilt if it is damaged (a
directory at the table's path is refused, never replaced). The build shows its progress on standard error. Pdb exits with status 1 if the
tables could not be written to the cache. Interrupted (SIGINT, as by Ctrl-C,
or SIGTERM), pdb build and pdb verify stop at once, leaving the cache as it
was, and exit with status 128 and the signal's number (130, 143).

NAME is the name of a database's tables as pdb list prints it, or one of
the shipped databases (the "pdb" may be left out; the library's
documentation says which boards each serves, and docs/PERFORMANCE.md
how long each takes to build):

%s
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
It shows too, by their file's name, the temporary files of builds that
were killed outright (SIGKILL, a crash) while writing.

Pdb clean removes the cached tables of the NAMEs (those pdb build takes,
or any NAME that pdb list prints) or of the -partition that pdb build
takes, or with neither every table file in the cache (and the temporary
files of builds that were killed), leaving other files alone.
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
	fs := newFlagSet("pdb", pdbSynopsis, fmt.Sprintf(pdbAbout, shippedTable()))
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
	// The cache of the user, the bound of -max-memory on builds.
	cache := slide.Cache{BuildMemory: mem.limits().MaxMemory}
	switch verb {
	case "verify":
		return runVerify(fs.Args(), d, cache, stdout, stderr)
	case "clean":
		return runClean(fs.Args(), d, stdout, stderr)
	}
	var h slide.Heuristic
	switch {
	case d.IsValid():
		h = d.Heuristic()
	case fs.NArg() != 1:
		return usageError(stderr, "pdb", "want \"build NAME\", got %d arguments (flags go before NAME)", fs.NArg())
	default:
		var status int
		if h, status = databaseArg(fs.Arg(0), stderr); status != exitOK {
			return status
		}
	}
	reporter := progress.NewTables("building", cache, stderr, func(h slide.Heuristic) string {
		if d.IsValid() {
			return databaseName(d)
		}
		return h.String()
	})
	cache.Progress = reporter.Report
	ctx, stop := interrupt.Context()
	err := cache.Build(ctx, h)
	sig := stop()
	reporter.Done()
	switch {
	case err != nil && sig != nil:
		return stopped(stderr, "pdb", sig, "the cache is as it was")
	case errors.Is(err, slide.ErrOption): // a NAME that has no tables of its own
		return usageError(stderr, "pdb", "%s", message(err))
	case errors.Is(err, slide.ErrCache):
		return failure(stderr, "pdb", "nothing cached: %s", message(err))
	case err != nil:
		return failure(stderr, "pdb", "%s", message(err))
	}
	return exitOK
}

// shippedTable lists the shipped databases for "slide pdb -h", a line
// each: its name and its size on disk.
func shippedTable() string {
	var b strings.Builder
	for _, h := range slide.Heuristics() {
		if _, _, disk := h.Memory(); h.IsDatabase() {
			fmt.Fprintf(&b, "\t%-8s %9s on disk\n", h, engine.FormatBytes(disk))
		}
	}
	return b.String()
}

// shippedNames lists the names of the shipped databases, as "pdb555,
// pdb663 or pdb78".
func shippedNames() string {
	var names []string
	for _, h := range slide.Heuristics() {
		if h.IsDatabase() {
			names = append(names, h.String())
		}
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// databaseArg returns the database named by arg, as slide.ParseHeuristic
// reads it ("pdb555", "555", or the name of a database's tables), or the
// exit status of a usage error.
func databaseArg(arg string, stderr io.Writer) (slide.Heuristic, int) {
	h, err := slide.ParseHeuristic(arg)
	if err != nil || !h.IsDatabase() {
		return slide.Auto, usageError(stderr, "pdb", "%s is not a pattern database (want %s, the name of a database's tables, or -partition)", input.Quote(arg), shippedNames())
	}
	return h, exitOK
}

// partitionGoal returns the goal of a -partition database: the -goal
// board, or the standard goal of -size.
func partitionGoal(size, goalFile string, stdin io.Reader, stderr io.Writer) (slide.Board, int) {
	var rows, cols int
	if size != "" {
		var err error
		if rows, cols, err = input.ParseBoardSize(size); err != nil {
			return slide.Board{}, usageError(stderr, "pdb", "-size: %v", err)
		}
	}
	if goalFile == "" {
		if size == "" {
			return slide.Board{}, usageError(stderr, "pdb", "-partition needs -size or -goal")
		}
		if err := report.SizeError(rows, cols); err != nil {
			return slide.Board{}, usageError(stderr, "pdb", "-size: %s", message(err))
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

// databaseName names a custom database in messages: its size and groups.
func databaseName(d slide.Database) string {
	g := d.Goal()
	return fmt.Sprintf("the %dx%d database %q", g.Rows(), g.Cols(), d.String())
}
