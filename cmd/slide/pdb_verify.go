package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/pdb"
	"github.com/slidekit/slide/internal/pdbcache"
)

// A check is one database for "slide pdb verify": its name in the output,
// and the call that verifies it.
type check struct {
	name   string
	verify func(progress func(slide.DatabaseProgress)) error
}

// runVerify is "slide pdb verify": the database d if it is valid (a
// -partition), else the shipped databases of names, else every database in
// the cache that it can name. It prints a line a database and returns 1
// unless every one is OK.
func runVerify(names []string, d slide.Database, opts []slide.Option, stdout, stderr io.Writer) int {
	ctx := context.Background()
	var checks []check
	switch {
	case d.IsValid():
		checks = append(checks, databaseCheck(ctx, d, opts))
	case len(names) > 0:
		for _, arg := range names {
			h, status := shippedDatabase(arg, stderr)
			if status != exitOK {
				return status
			}
			checks = append(checks, shippedCheck(ctx, h, opts))
		}
	default:
		var status int
		if checks, status = cachedChecks(ctx, opts, stdout, stderr); status != exitOK || len(checks) == 0 {
			return status
		}
	}
	status := exitOK
	for _, c := range checks {
		bp := newBuildProgress("verifying", c.name, stderr)
		err := c.verify(bp.report)
		bp.done()
		switch {
		case err == nil:
			fmt.Fprintf(stdout, "%s: OK\n", c.name)
			continue
		case errors.Is(err, slide.ErrCorrupt):
			fmt.Fprintf(stdout, "%s: MISMATCH: %s\n", c.name, oneLine("%s", message(err)))
		case errors.Is(err, slide.ErrCache):
			fmt.Fprintf(stdout, "%s: missing: %s\n", c.name, oneLine("%s", message(err)))
		default:
			fmt.Fprintf(stdout, "%s: not verified: %s\n", c.name, oneLine("%s", message(err)))
		}
		status = exitError
	}
	return status
}

// shippedCheck verifies the shipped database h.
func shippedCheck(ctx context.Context, h slide.Heuristic, opts []slide.Option) check {
	return check{h.String(), func(p func(slide.DatabaseProgress)) error { return slide.VerifyDatabase(ctx, h, p, opts...) }}
}

// databaseCheck verifies the database d of a partition.
func databaseCheck(ctx context.Context, d slide.Database, opts []slide.Option) check {
	return check{databaseName(d), func(p func(slide.DatabaseProgress)) error { return d.Verify(ctx, p, opts...) }}
}

// cachedChecks returns the checks of the databases whose files are in the
// cache, and prints a line for each file it cannot name: one whose name
// is not a database's, or the tables of a shipped database for a goal
// with the blank off the corners.
func cachedChecks(ctx context.Context, opts []slide.Option, stdout, stderr io.Writer) ([]check, int) {
	dir, err := pdbcache.DefaultCacheDir()
	if err != nil {
		return nil, failure(stderr, "pdb", "no cache directory: %v", err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.pdb"))
	if len(files) == 0 {
		fmt.Fprintf(stderr, "slide pdb: no pattern databases in %s\n", dir)
		return nil, exitOK
	}
	var checks []check
	for _, file := range files {
		spec, err := pdb.ParseSpec(strings.TrimSuffix(filepath.Base(file), ".pdb"))
		if err != nil {
			fmt.Fprintf(stdout, "%s: skipped: not named as a pattern database\n", oneLine("%s", file))
			continue
		}
		if c, ok := specCheck(ctx, spec, opts); ok {
			checks = append(checks, c)
			continue
		}
		fmt.Fprintf(stdout, "%s: skipped: not a shipped database or a -partition of its own\n", oneLine("%s", file))
	}
	return checks, exitOK
}

// specCheck returns the check of the database whose tables spec names:
// a shipped database, or the -partition of a goal whose tiles are labeled
// 1, 2, ... in row-major order around the blank.
func specCheck(ctx context.Context, spec pdb.Spec, opts []slide.Option) (check, bool) {
	for _, name := range []string{"555", "663", "78", "6666", "35", "48"} {
		if s, err := pdb.Named(name); err == nil && s.String() == spec.String() {
			h, err := slide.ParseHeuristic("pdb" + name)
			return shippedCheck(ctx, h, opts), err == nil
		}
	}
	// A Database's spec has each pattern's cells ascending and the
	// patterns in order of their first cell; labels that grow with the
	// cells keep that order.
	n := spec.Rows * spec.Cols
	label := func(c int) int {
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
	goal, err := slide.NewLabeled(spec.Rows, spec.Cols, labels)
	if err != nil {
		return check{}, false
	}
	var groups []string
	for i, p := range spec.Patterns {
		if !slices.IsSorted(p) || i > 0 && p[0] < spec.Patterns[i-1][0] {
			return check{}, false
		}
		var g []string
		for _, c := range p {
			g = append(g, strconv.Itoa(label(int(c))))
		}
		groups = append(groups, strings.Join(g, " "))
	}
	d, err := slide.ParseDatabase(goal, strings.Join(groups, "/"))
	if err != nil {
		return check{}, false
	}
	return databaseCheck(ctx, d, opts), true
}
