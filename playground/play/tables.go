package play

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/input"
)

// pageTables are the tables the page builds: those of its optimal
// searches.
var pageTables = []struct {
	h          slide.Heuristic
	rows, cols int
}{{slide.PDB663, 4, 4}}

// A table is one of pageTables, as tables lists it: whether it is in the
// cache, and the bytes of its file (once built, if it is not).
type table struct {
	Name   string `json:"name"`
	Board  string `json:"board"` // "4x4"
	Cached bool   `json:"cached"`
	Bytes  int64  `json:"bytes"`
}

// tables lists pageTables.
func (h Handler) tables(context.Context, request, func(progress)) (any, error) {
	list, err := h.list()
	return struct {
		Tables []table `json:"tables"`
	}{list}, err
}

// list returns pageTables as tables lists them.
func (h Handler) list() ([]table, error) {
	files, err := h.Cache.List()
	if err != nil {
		return nil, err
	}
	list := []table{}
	for _, t := range pageTables {
		_, _, disk := t.h.Memory()
		entry := table{Name: t.h.String(), Board: fmt.Sprintf("%dx%d", t.rows, t.cols), Bytes: disk}
		for _, f := range files {
			if f.Name == entry.Name && f.Err == nil && !f.Leftover {
				entry.Cached, entry.Bytes = true, f.Bytes
			}
		}
		list = append(list, entry)
	}
	return list, nil
}

// A built table is the answer to build: the table as tables lists it
// now, the seconds the build took (or the reading of the file), and a
// warning if the tables could not be written to the cache.
type built struct {
	table
	Seconds float64 `json:"seconds"`
	Warning string  `json:"warning,omitempty"`
}

// build builds the table that r names into the cache, unless it is
// there, telling each layer built.
func (h Handler) build(ctx context.Context, r request, tell func(progress)) (any, error) {
	var names []string
	for _, t := range pageTables {
		names = append(names, t.h.String())
		if t.h.String() != r.Name {
			continue
		}
		c := h.Cache
		c.Progress = buildTeller(tell, nil)
		began := time.Now()
		err := c.Build(ctx, t.h)
		res := built{Seconds: time.Since(began).Seconds()}
		switch {
		case errors.Is(err, slide.ErrCache):
			res.Warning = errorText(err)
		case err != nil:
			return nil, err
		}
		list, err := h.list()
		for _, entry := range list {
			if entry.Name == r.Name {
				res.table = entry
			}
		}
		return res, err
	}
	return nil, fmt.Errorf(`"name": the page builds the tables %v, not %s`, names, input.Quote(r.Name))
}

// buildTeller returns a Cache's Progress that tells each layer built,
// adding the name of each table built to *names if names is not nil.
func buildTeller(tell func(progress), names *[]string) func(slide.DatabaseProgress) {
	return func(p slide.DatabaseProgress) {
		name := p.Heuristic.String()
		if names != nil && !slices.Contains(*names, name) {
			*names = append(*names, name)
		}
		tell(progress{Build: &buildProgress{Name: name, Table: p.Table, Tables: p.Tables, Depth: p.Depth, Reached: p.Reached, Entries: p.Entries}})
	}
}
