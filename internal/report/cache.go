package report

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"text/tabwriter"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/input"
)

// WriteCache writes what "slide pdb list" prints of the cache directory
// dir holding the files list (see slide.Cache.List): the directory, the
// space taken and a line a file, with its database, board, size, path and
// whether its header is right. It returns the error of a failed write of
// the table.
func WriteCache(w io.Writer, dir string, list []slide.CachedDatabase) error {
	if len(list) == 0 {
		fmt.Fprintf(w, "no pattern databases in %s\n", input.OneLine(dir))
		return nil
	}
	var total int64
	for _, c := range list {
		total += c.Bytes
	}
	fmt.Fprintf(w, "%s: %s in %d files\n", input.OneLine(dir), engine.FormatBytes(total), len(list))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
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
			status = "bad: " + Message(c.Err)
		}
		fmt.Fprintln(tw, input.OneLine(fmt.Sprintf("%s\t%s\t%s\t%s\t%s", c.Name, board, engine.FormatBytes(c.Bytes), c.Path, status)))
	}
	return tw.Flush()
}

// WriteRemoved writes what "slide pdb clean" prints of the files removed
// from the cache directory dir: each file and the bytes freed, or that
// there was nothing to remove.
func WriteRemoved(w io.Writer, dir string, removed []slide.CachedDatabase) {
	if len(removed) == 0 {
		fmt.Fprintf(w, "no pattern databases to remove in %s\n", input.OneLine(dir))
		return
	}
	var total int64
	for _, c := range removed {
		fmt.Fprintf(w, "removed %s (%s, %s)\n", input.OneLine(c.Path), input.OneLine(c.Name), engine.FormatBytes(c.Bytes))
		total += c.Bytes
	}
	files := "files"
	if len(removed) == 1 {
		files = "file"
	}
	fmt.Fprintf(w, "removed %d %s, %s freed\n", len(removed), files, engine.FormatBytes(total))
}

// WriteVerified writes the line of "slide pdb verify" for the database
// name, which slide.Cache.Verify found as err says: OK, MISMATCH,
// missing or not verified, and why, as say words it.
func WriteVerified(w io.Writer, name string, err error, say func(error) string) {
	switch {
	case err == nil:
		fmt.Fprintf(w, "%s: OK\n", name)
	case errors.Is(err, slide.ErrCorrupt):
		fmt.Fprintf(w, "%s: MISMATCH: %s\n", name, input.OneLine(say(err)))
	case errors.Is(err, slide.ErrCache):
		fmt.Fprintf(w, "%s: missing: %s\n", name, input.OneLine(say(err)))
	default:
		fmt.Fprintf(w, "%s: not verified: %s\n", name, input.OneLine(say(err)))
	}
}
