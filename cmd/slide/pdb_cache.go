package main

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"text/tabwriter"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/engine"
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
	if len(list) == 0 {
		fmt.Fprintf(stdout, "no pattern databases in %s\n", oneLine("%s", dir))
		return exitOK
	}
	var total int64
	for _, c := range list {
		total += c.Bytes
	}
	fmt.Fprintf(stdout, "%s: %s in %d files\n", oneLine("%s", dir), engine.FormatBytes(total), len(list))
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tBOARD\tSIZE\tFILE\tSTATUS")
	for _, c := range list {
		board, status := "?", "ok"
		if c.Rows > 0 {
			board = strconv.Itoa(c.Rows) + "x" + strconv.Itoa(c.Cols)
		}
		switch {
		case c.Leftover:
			status = "left by a killed build: pdb clean removes it"
		case c.Err != nil:
			status = "bad: " + message(c.Err)
		}
		fmt.Fprintln(tw, oneLine("%s\t%s\t%s\t%s\t%s", c.Name, board, engine.FormatBytes(c.Bytes), c.Path, status))
	}
	if err := tw.Flush(); err != nil {
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
		status := reportRemoved(removed, stdout)
		if err != nil {
			return failure(stderr, "pdb", "%s", message(err))
		}
		return status
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
		reportRemoved(removed, stdout)
	}
	return status
}

// reportRemoved prints the files removed and the bytes freed, or that
// there was nothing to remove.
func reportRemoved(removed []slide.CachedDatabase, stdout io.Writer) int {
	if len(removed) == 0 {
		dir, _ := slide.Cache{}.Path()
		fmt.Fprintf(stdout, "no pattern databases to remove in %s\n", oneLine("%s", dir))
		return exitOK
	}
	var total int64
	for _, c := range removed {
		fmt.Fprintf(stdout, "removed %s (%s, %s)\n", oneLine("%s", c.Path), oneLine("%s", c.Name), engine.FormatBytes(c.Bytes))
		total += c.Bytes
	}
	files := "files"
	if len(removed) == 1 {
		files = "file"
	}
	fmt.Fprintf(stdout, "removed %d %s, %s freed\n", len(removed), files, engine.FormatBytes(total))
	return exitOK
}
