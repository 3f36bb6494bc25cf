package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/pdb"
	"github.com/slidekit/slide/internal/pdbcache"
)

// small is the -partition of a small database of one's own.
var small = []string{"-size", "3x3", "-partition", "1 2 3 4/5 6 7 8"}

// TestPDBBuildProgress: a first build says what it builds, how big and
// where, then, redirected, a line a table rather than one a layer.
func TestPDBBuildProgress(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	pdbcache.Release() // a test before may have left these tables in memory
	t.Cleanup(pdbcache.Release)
	_, stderr, status := runSlide("", append([]string{"pdb", "build"}, small...)...)
	lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
	_, build, disk := slide.MustParseDatabase(slide.Goal(3, 3), "1 2 3 4/5 6 7 8").Heuristic().Memory()
	first := `slide: building the 3x3 database "1 2 3 4/5 6 7 8" (` + engine.FormatBytes(disk) + " on disk, " +
		engine.FormatBytes(build) + " while building) into " + filepath.Join(cache, "slide", "pdb") + "; this happens once"
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

// TestPDBListClean runs "slide pdb list" and "slide pdb clean" on a cache
// holding a small database of one's own, a damaged file of pdb555's tables
// and a file of someone else's, which clean leaves.
func TestPDBListClean(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	t.Cleanup(pdbcache.Release)
	dir := filepath.Join(cache, "slide", "pdb")
	pdbRun := func(args ...string) (string, string, int) { return runSlide("", append([]string{"pdb"}, args...)...) }

	if stdout, stderr, status := pdbRun("list"); status != exitOK || stdout != "no pattern databases in "+dir+"\n" || stderr != "" {
		t.Fatalf("empty cache: status %d, stdout %q, stderr %q", status, stdout, stderr)
	}
	if _, stderr, status := pdbRun(append([]string{"build"}, small...)...); status != exitOK {
		t.Fatalf("pdb build: status %d, %q", status, stderr)
	}
	own := filepath.Join(dir, "3x3-b8-0.1.2.3-4.5.6.7.pdb")
	st, err := os.Stat(own)
	if err != nil {
		t.Fatal(err)
	}
	stray := filepath.Join(dir, "notes.txt")
	os.WriteFile(stray, []byte("mine"), 0o644)
	damaged := pdbcache.CachePath(dir, pdb.Korf555())
	os.WriteFile(damaged, []byte("SLIDEPDB"), 0o644)

	stdout, stderr, status := pdbRun("list")
	lines := strings.Split(stdout, "\n")
	ownLine := strings.Fields("3x3-b8-0.1.2.3-4.5.6.7 3x3 " + engine.FormatBytes(st.Size()) + " " + own + " ok")
	if status != exitOK || stderr != "" || len(lines) != 5 || !strings.HasPrefix(lines[0], dir+": ") || !strings.Contains(lines[0], "in 2 files") ||
		!slices.Equal(strings.Fields(lines[2]), ownLine) ||
		!strings.HasPrefix(lines[3], "pdb555 ") || !strings.Contains(lines[3], damaged+"  bad: ") || !strings.Contains(lines[3], "8 B ") {
		t.Errorf("list: status %d, stderr %q, stdout:\n%s", status, stderr, stdout)
	}
	if _, stderr, status := pdbRun("list", "pdb555"); status != exitUsage || !strings.Contains(stderr, "list takes no arguments") {
		t.Errorf("list NAME: status %d, %q", status, stderr)
	}

	// By name: unknown names are usage errors, before anything is removed;
	// a database not cached fails; a cached one goes.
	if _, stderr, status := pdbRun("clean", "pdb555", "pdb999"); status != exitUsage || !strings.Contains(stderr, `"pdb999" is not a pattern database`) {
		t.Errorf("clean pdb999: status %d, %q", status, stderr)
	}
	if _, err := os.Stat(damaged); err != nil {
		t.Errorf("clean with a bad name removed a file: %v", err)
	}
	stdout, stderr, status = pdbRun("clean", "663", "pdb555")
	if status != exitError || stderr != "slide pdb: pdb663: not cached: "+pdbcache.CachePath(dir, pdb.Korf663())+" does not exist\n" ||
		stdout != "removed "+damaged+" (pdb555, 8 B)\nremoved 1 file, 8 B freed\n" {
		t.Errorf("clean 663 555: status %d, stdout %q, stderr %q", status, stdout, stderr)
	}

	// By -partition, then everything.
	if stdout, _, status := pdbRun(append([]string{"clean"}, small...)...); status != exitOK || !strings.HasPrefix(stdout, "removed "+own+" (3x3-b8-") {
		t.Errorf("clean -partition: status %d, stdout %q", status, stdout)
	}
	if _, stderr, status := pdbRun(append([]string{"clean"}, small...)...); status != exitError || !strings.Contains(stderr, "not cached") {
		t.Errorf("clean -partition again: status %d, stderr %q", status, stderr)
	}
	pdbRun(append([]string{"build"}, small...)...)
	stdout, _, status = pdbRun("clean")
	if status != exitOK || stdout != "removed "+own+" (3x3-b8-0.1.2.3-4.5.6.7, "+engine.FormatBytes(st.Size())+")\nremoved 1 file, "+engine.FormatBytes(st.Size())+" freed\n" {
		t.Errorf("clean: status %d, stdout %q", status, stdout)
	}
	if _, err := os.Stat(stray); err != nil {
		t.Errorf("clean removed another's file: %v", err)
	}
	if stdout, _, status := pdbRun("clean"); status != exitOK || stdout != "no pattern databases to remove in "+dir+"\n" {
		t.Errorf("clean, nothing cached: status %d, stdout %q", status, stdout)
	}
}

// TestPDBLeftovers: the temporary files of builds that were killed while
// writing show in pdb list, with their size, verify skips them, and pdb
// clean removes them, by the name list gives or with the rest.
func TestPDBLeftovers(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	dir := filepath.Join(cache, "slide", "pdb")
	os.MkdirAll(dir, 0o755)
	pdbRun := func(args ...string) (string, string, int) { return runSlide("", append([]string{"pdb"}, args...)...) }
	first := filepath.Join(dir, "3x3-b8-0.1.2.3-4.5.6.7.pdb.tmp123")
	second := filepath.Join(dir, "3x3-b8-0.1.2.3-4.5.6.7.pdb.tmp456")
	os.WriteFile(first, make([]byte, 5000), 0o644)
	os.WriteFile(second, make([]byte, 300), 0o644)

	stdout, stderr, status := pdbRun("list")
	lines := strings.Split(stdout, "\n")
	want := strings.Fields("3x3-b8-0.1.2.3-4.5.6.7.pdb.tmp123 3x3 " + engine.FormatBytes(5000) + " " + first + " left by a killed build: pdb clean removes it")
	if status != exitOK || stderr != "" || len(lines) != 5 || !strings.Contains(lines[0], engine.FormatBytes(5300)+" in 2 files") ||
		!slices.Equal(strings.Fields(lines[2]), want) || !strings.HasPrefix(lines[3], filepath.Base(second)+" ") {
		t.Errorf("list: status %d, stderr %q, stdout:\n%s", status, stderr, stdout)
	}
	if stdout, _, status := pdbRun("verify"); status != exitOK || strings.Count(stdout, "skipped: left by a killed build") != 2 {
		t.Errorf("verify: status %d, stdout %q", status, stdout)
	}
	stdout, stderr, status = pdbRun("clean", filepath.Base(first))
	if status != exitOK || stdout != "removed "+first+" ("+filepath.Base(first)+", "+engine.FormatBytes(5000)+")\nremoved 1 file, "+engine.FormatBytes(5000)+" freed\n" {
		t.Errorf("clean NAME: status %d, stdout %q, stderr %q", status, stdout, stderr)
	}
	if stdout, _, status := pdbRun("clean"); status != exitOK || !strings.HasPrefix(stdout, "removed "+second+" ") {
		t.Errorf("clean: status %d, stdout %q", status, stdout)
	}
	if left, _ := os.ReadDir(dir); len(left) != 0 {
		t.Errorf("left: %v", left)
	}
}
