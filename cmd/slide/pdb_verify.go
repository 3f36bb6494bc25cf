package main

import (
	"fmt"
	"io"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/interrupt"
	"github.com/slidekit/slide/internal/progress"
	"github.com/slidekit/slide/internal/report"
)

// A check is one database for "slide pdb verify": its name in the output,
// and the database.
type check struct {
	name string
	h    slide.Heuristic
}

// runVerify is "slide pdb verify" in cache: the database d if it is valid
// (a -partition), else the databases of names, else every database in the
// cache that it can name. It prints a line a database and returns 1
// unless every one is OK.
func runVerify(names []string, d slide.Database, cache slide.Cache, stdout, stderr io.Writer) int {
	var checks []check
	switch {
	case d.IsValid():
		checks = append(checks, check{databaseName(d), d.Heuristic()})
	case len(names) > 0:
		for _, arg := range names {
			h, status := databaseArg(arg, stderr)
			if status != exitOK {
				return status
			}
			checks = append(checks, check{h.String(), h})
		}
	default:
		var status int
		if checks, status = cachedChecks(cache, stdout, stderr); status != exitOK || len(checks) == 0 {
			return status
		}
	}
	status := exitOK
	for _, c := range checks {
		reporter := progress.NewTables("verifying", cache, stderr, func(slide.Heuristic) string { return c.name })
		cache.Progress = reporter.Report
		ctx, stop := interrupt.Context()
		err := cache.Verify(ctx, c.h)
		sig := stop()
		reporter.Done()
		switch {
		case err != nil && sig != nil:
			return stopped(stderr, "pdb", sig, c.name+" not verified")
		case err != nil:
			status = exitError
		}
		report.WriteVerified(stdout, c.name, err, message)
	}
	return status
}

// cachedChecks returns the checks of the databases whose files are in the
// cache, each named as pdb list names it, and prints a line for each file
// it cannot name: one not named as tables, or tables that
// slide.ParseHeuristic does not read.
func cachedChecks(cache slide.Cache, stdout, stderr io.Writer) ([]check, int) {
	cache.BuildMemory = 0 // List uses the directory alone
	dir, err := cache.Path()
	if err != nil {
		return nil, failure(stderr, "pdb", "%s", message(err))
	}
	files, err := cache.List()
	if err != nil {
		return nil, failure(stderr, "pdb", "%s", message(err))
	}
	if len(files) == 0 {
		fmt.Fprintf(stderr, "slide pdb: no pattern databases in %s\n", oneLine("%s", dir))
		return nil, exitOK
	}
	var checks []check
	for _, f := range files {
		h, err := slide.ParseHeuristic(f.Name)
		switch {
		case f.Leftover:
			fmt.Fprintf(stdout, "%s: skipped: left by a killed build (pdb clean removes it)\n", oneLine("%s", f.Path))
		case f.Rows == 0:
			fmt.Fprintf(stdout, "%s: skipped: not named as a pattern database\n", oneLine("%s", f.Path))
		case err != nil || !h.IsDatabase():
			fmt.Fprintf(stdout, "%s: skipped: not a shipped database or a -partition of its own\n", oneLine("%s", f.Path))
		default:
			checks = append(checks, check{f.Name, h})
		}
	}
	return checks, exitOK
}
