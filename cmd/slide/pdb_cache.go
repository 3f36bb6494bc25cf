package main

import (
	"errors"
	"io"
	"slices"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/report"
)

// runList is "slide pdb list": the cache directory, then a line a table
// file: its database, board, size, path and whether its header is right.
func runList(stdout, stderr io.Writer) int {
	var cache slide.Cache
	dir, err := cache.Path()
	if err != nil {
		return failure(stderr, "pdb", "%s", message(err))
	}
	list, err := cache.List()
	if err != nil {
		return failure(stderr, "pdb", "%s", message(err))
	}
	if err := report.WriteCache(stdout, dir, list); err != nil {
		return failure(stderr, "pdb", "%v", err)
	}
	return exitOK
}

// runClean is "slide pdb clean": it removes the cached tables of the
// database d if it is valid (a -partition), else those of names (each a
// database that pdb build takes or a name that pdb list prints), else
// every table file in the cache. It prints each file removed and the
// bytes freed, and returns 1 if a database named is not cached or a file
// could not be removed.
func runClean(names []string, d slide.Database, stdout, stderr io.Writer) int {
	var cache slide.Cache
	type target struct{ name, shown string } // what Remove takes, and its name in messages
	var targets []target
	switch {
	case d.IsValid():
		targets = append(targets, target{d.Heuristic().String(), databaseName(d)})
	case len(names) > 0:
		listed, _ := cache.List() // a name it lists is one to remove, tables or not
		for _, arg := range names {
			if slices.ContainsFunc(listed, func(c slide.CachedDatabase) bool { return c.Name == arg }) {
				targets = append(targets, target{arg, arg})
				continue
			}
			h, status := databaseArg(arg, stderr)
			if status != exitOK {
				return status // before removing anything
			}
			targets = append(targets, target{h.String(), h.String()})
		}
	default:
		removed, err := cache.Clean()
		dir, _ := cache.Path()
		report.WriteRemoved(stdout, dir, removed)
		if err != nil {
			return failure(stderr, "pdb", "%s", message(err))
		}
		return exitOK
	}
	var removed []slide.CachedDatabase
	status := exitOK
	for _, t := range targets {
		c, err := cache.Remove(t.name)
		switch {
		case errors.Is(err, slide.ErrOption): // a name of no tables, which the message names
			status = failure(stderr, "pdb", "%s", message(err))
			continue
		case err != nil:
			status = failure(stderr, "pdb", "%s: %s", t.shown, message(err))
			continue
		}
		removed = append(removed, c)
	}
	if len(removed) > 0 {
		report.WriteRemoved(stdout, "", removed)
	}
	return status
}
