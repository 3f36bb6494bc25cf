package play

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/input"
	"github.com/slidekit/slide/internal/report"
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
			res.Warning = report.Message(err)
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

// A warmed answer names the tables that warm read and searched with.
type warmed struct {
	Tables  []string `json:"tables"`
	Seconds float64  `json:"seconds"`
}

// warmNodes bounds each search of warm: a few tenths of a second of a
// search not yet optimized by the browser, some tens of milliseconds
// once it is.
const warmNodes = 400_000

// warm readies the page's tables that are in the cache for the first
// solve: it reads each into memory (as a solve would, once) and runs its
// optimal search for warmNodes nodes on a random board of a fixed seed,
// so that the browser compiles that search's code at full speed (its
// first run is two to three times slower) while the page waits for the
// user rather than in the user's first solve. It builds nothing.
func (h Handler) warm(ctx context.Context, _ request, _ func(progress)) (any, error) {
	list, err := h.list()
	if err != nil {
		return nil, err
	}
	began, res := time.Now(), warmed{Tables: []string{}}
	for i, t := range pageTables {
		if !list[i].Cached {
			continue
		}
		goal := slide.Goal(t.rows, t.cols)
		start, err := slide.RandomBoard(goal, rand.New(rand.NewPCG(1, 0)))
		if err != nil {
			return nil, err
		}
		s := slide.Solver{Heuristic: t.h, Workers: 1, Cache: h.Cache, Limits: slide.Limits{MaxNodes: warmNodes, MaxMemory: maxMemory}}
		if !prepared.has(s.Cache.Dir, s.Heuristic) {
			if _, err := s.Prepare(ctx, goal); err != nil {
				return nil, err
			}
			prepared.add(s.Cache.Dir, s.Heuristic)
		}
		if _, err := s.Solve(ctx, start, goal); err != nil && !errors.Is(err, slide.ErrLimit) {
			return nil, err
		}
		res.Tables = append(res.Tables, list[i].Name)
	}
	res.Seconds = time.Since(began).Seconds()
	return res, nil
}
