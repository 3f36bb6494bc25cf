package slide

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/slidekit/slide/internal/pdb"
	"github.com/slidekit/slide/internal/pdbcache"
)

// TestCache lists, removes and cleans a cache that holds a small
// database of one's own, a damaged file named as pdb555's tables, a file
// named as no tables and a file slide did not write, which stays.
func TestCache(t *testing.T) {
	dir := filepath.Join(useTempCache(t), "slide", "pdb")
	t.Cleanup(pdbcache.Release)
	if list, err := (Cache{}).List(); err != nil || len(list) != 0 {
		t.Fatalf("no cache yet: %v, %v", list, err)
	}
	if path, err := (Cache{}).Path(); err != nil || path != dir {
		t.Errorf("Path: %q, %v; want %q", path, err, dir)
	}
	d := MustParseDatabase(Goal(3, 3), "1 2 3 4/5 6 7 8")
	if err := (Cache{}).Build(context.Background(), d.Heuristic()); err != nil {
		t.Fatal(err)
	}
	stray := filepath.Join(dir, "notes.txt")
	os.WriteFile(stray, []byte("mine"), 0o644)
	damaged := pdbcache.CachePath(dir, pdb.Korf555())
	os.WriteFile(damaged, []byte("SLIDEPDB"), 0o644)
	junk := filepath.Join(dir, "junk.pdb")
	os.WriteFile(junk, []byte("junk"), 0o644)

	list, err := Cache{}.List()
	if err != nil || len(list) != 3 {
		t.Fatalf("List: %+v, %v", list, err)
	}
	own, bad, odd := list[0], list[1], list[2] // in order of Path: "3x3-..." before "4x4-..." before "junk"
	st, err := os.Stat(own.Path)
	if err != nil || own.Name != d.Heuristic().String() || own.Err != nil || own.Rows != 3 || own.Cols != 3 || own.Bytes != st.Size() || filepath.Dir(own.Path) != dir {
		t.Errorf("own database: %+v (%v)", own, err)
	}
	if h, err := ParseHeuristic(own.Name); err != nil || h != d.Heuristic() {
		t.Errorf("ParseHeuristic(%q) = %v, %v; want the Database's", own.Name, h, err)
	}
	if bad.Name != "pdb555" || bad.Path != damaged || bad.Rows != 4 || bad.Bytes != 8 || !errors.Is(bad.Err, ErrCorrupt) {
		t.Errorf("damaged pdb555: %+v", bad)
	}
	if odd.Name != "junk" || odd.Path != junk || odd.Rows != 0 || !errors.Is(odd.Err, ErrCorrupt) {
		t.Errorf("junk: %+v", odd)
	}

	// Remove takes every name List gives.
	removed, err := Cache{}.Remove(bad.Name)
	if err != nil || removed.Path != damaged || removed.Bytes != 8 {
		t.Errorf("Remove(%q): %+v, %v", bad.Name, removed, err)
	}
	if _, err := (Cache{}).Remove("pdb555"); !errors.Is(err, ErrCache) {
		t.Errorf("Remove of tables not cached: %v", err)
	}
	if removed, err := (Cache{}).Remove(odd.Name); err != nil || removed.Path != junk {
		t.Errorf("Remove(%q): %+v, %v", odd.Name, removed, err)
	}
	for _, name := range []string{"manhattan", "", "../x", "."} {
		if _, err := (Cache{}).Remove(name); !errors.Is(err, ErrOption) && !errors.Is(err, ErrCache) {
			t.Errorf("Remove(%q): %v", name, err)
		}
	}

	// The same through Cache.Dir, elsewhere.
	other := Cache{Dir: t.TempDir()}
	if err := other.Build(context.Background(), d.Heuristic()); err != nil {
		t.Fatal(err)
	}
	if got, err := other.Remove(d.Heuristic().String()); err != nil || filepath.Dir(got.Path) != other.Dir || got.Bytes != own.Bytes {
		t.Errorf("Remove elsewhere: %+v, %v", got, err)
	}
	if left, _ := os.ReadDir(other.Dir); len(left) != 0 {
		t.Errorf("after Remove: %v left", left) // the checksum record goes with its table
	}

	cleaned, err := Cache{}.Clean()
	if err != nil || len(cleaned) != 1 || cleaned[0].Path != own.Path || cleaned[0].Bytes != own.Bytes {
		t.Errorf("Clean: %+v, %v", cleaned, err)
	}
	if list, err := (Cache{}).List(); err != nil || len(list) != 0 {
		t.Errorf("after Clean: %+v, %v", list, err)
	}
	if left, _ := os.ReadDir(dir); len(left) != 1 || left[0].Name() != filepath.Base(stray) {
		t.Errorf("after Clean: %v left, want the stray file only", left)
	}
}
