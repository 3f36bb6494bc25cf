package main

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/pdb"
)

// small is the -partition of a small database of one's own.
var small = []string{"-size", "3x3", "-partition", "1 2 3 4/5 6 7 8"}

// TestPDBBuildProgress: a first build says what it builds, how big and
// where, then, redirected, a line a table rather than one a layer.
func TestPDBBuildProgress(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	t.Cleanup(pdb.Release)
	_, stderr, status := runSlide("", append([]string{"pdb", "build"}, small...)...)
	lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
	d := slide.MustParseDatabase(slide.Goal(3, 3), "1 2 3 4/5 6 7 8")
	first := `slide: building the 3x3 database "1 2 3 4/5 6 7 8" (up to ` + sizeText(d.Bytes()) + " on disk, " +
		sizeText(d.BuildBytes()) + " while building) into " + filepath.Join(cache, "slide", "pdb") + "; this happens once"
	if status != exitOK || lines[0] != first {
		t.Fatalf("status %d, first line %q, want %q", status, lines[0], first)
	}
	// The tables have many layers each (up to 20 or so moves), but the
	// build shows a line as each starts.
	if len(lines) != 3 || !strings.Contains(stderr, "table 1 of 2") || !strings.Contains(stderr, "table 2 of 2") || strings.Contains(stderr, "\r") {
		t.Errorf("progress lines:\n%s", stderr)
	}
	// Cached: nothing to say.
	if _, stderr, status := runSlide("", append([]string{"pdb", "build"}, small...)...); status != exitOK || stderr != "" {
		t.Errorf("second build: status %d, stderr %q", status, stderr)
	}
}

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
