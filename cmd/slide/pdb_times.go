package main

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/engine"
)

// buildTimes are the wall times of "slide pdb build NAME" into an empty
// cache on the project's 2-core machine, both cores free, as measured in
// docs/PERFORMANCE.md ("Pattern database builds and memory"): the one
// source of the build times that "slide pdb -h", the line before a first
// build and README.md give (TestBuildTimesDocumented holds README.md to
// them). A loaded machine takes longer. That of pdb48x5 is an estimate,
// not yet timed on an idle machine (docs/PERFORMANCE.md, "A stronger 7 x 7
// database").
var buildTimes = map[slide.Heuristic]time.Duration{
	slide.PDB555:  140 * time.Millisecond,
	slide.PDB663:  850 * time.Millisecond,
	slide.PDB78:   45 * time.Second,
	slide.PDB6666: 27 * time.Second,
	slide.PDB35:   16 * time.Second,
	slide.PDB48:   4500 * time.Millisecond,
	slide.PDB48x5: 2 * time.Minute,
}

// buildTime says how long building the tables of h takes on an idle
// 2-core machine (see buildTimes): "under a second", "about 16 s"; "" for
// a database of one's own.
func buildTime(h slide.Heuristic) string {
	d, ok := buildTimes[h]
	switch {
	case !ok:
		return ""
	case d < time.Second:
		return "under a second"
	case d >= 2*time.Minute:
		return fmt.Sprintf("about %d minutes", int(math.Round(d.Minutes())))
	}
	return fmt.Sprintf("about %d s", int(math.Round(d.Seconds())))
}

// shippedTable lists the shipped databases for "slide pdb -h", a line
// each: its name, its size on disk and its build time.
func shippedTable() string {
	var b strings.Builder
	for _, h := range slide.Heuristics() {
		if !h.IsDatabase() {
			continue
		}
		_, _, disk := h.Memory()
		fmt.Fprintf(&b, "\t%-8s %9s on disk, built in %s\n", h, engine.FormatBytes(disk), buildTime(h))
	}
	return b.String()
}
