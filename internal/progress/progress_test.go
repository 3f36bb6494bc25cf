package progress

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/slidekit/slide"
)

// TestBuildProgressTerminal: on a terminal, the progress refreshes one
// line and ends it, with the last progress, when the build is done.
func TestBuildProgressTerminal(t *testing.T) {
	var out bytes.Buffer
	bp := newBuildProgress("building", "pdb555", &out)
	bp.line.terminal = true
	for table := range 3 {
		for depth := 1; depth <= 30; depth++ {
			bp.report(slide.DatabaseProgress{Table: table, Tables: 3, Tiles: 5, Depth: depth, Reached: int64(depth), Entries: 30})
		}
	}
	bp.done()
	s := out.String()
	if strings.Count(s, "\n") != 1 || !strings.HasSuffix(s, "\r\x1b[Kslide: building pdb555: table 3 of 3 (5 tiles), depth 30, 100% of 30 entries\n") ||
		!strings.HasPrefix(s, "\r\x1b[Kslide: building pdb555: table 1 of 3") {
		t.Errorf("terminal output %q", s)
	}
}

// TestBuildProgressLog: in a log, a build's progress takes a line as
// each table starts, and one more once logEvery has passed since the last.
func TestBuildProgressLog(t *testing.T) {
	var out bytes.Buffer
	bp := newBuildProgress("building", "pdb35", &out)
	report := func(table, depth int) {
		bp.report(slide.DatabaseProgress{Table: table, Tables: 7, Tiles: 5, Depth: depth, Reached: int64(depth), Entries: 30})
	}
	report(0, 1)
	report(0, 2) // too soon
	bp.line.last = time.Now().Add(-logEvery)
	report(0, 3)
	report(0, 4) // too soon
	report(1, 1)
	bp.done()
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != 3 || !strings.Contains(lines[1], "depth 3") || !strings.Contains(lines[2], "table 2 of 7") {
		t.Errorf("log:\n%s", out.String())
	}
}
