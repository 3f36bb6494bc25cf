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

// TestCachedDatabases lists, removes and cleans a cache that holds a small
// database of one's own, a damaged file named as pdb555's tables and a
// file slide did not write, which stays.
func TestCachedDatabases(t *testing.T) {
	dir := filepath.Join(useTempCache(t), "slide", "pdb")
	t.Cleanup(pdbcache.Release)
	if list, err := CachedDatabases(); err != nil || len(list) != 0 {
		t.Fatalf("no cache yet: %v, %v", list, err)
	}
	d := MustParseDatabase(Goal(3, 3), "1 2 3 4/5 6 7 8")
	if err := d.Build(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	stray := filepath.Join(dir, "notes.txt")
	os.WriteFile(stray, []byte("mine"), 0o644)
	damaged := pdbcache.CachePath(dir, pdb.Korf555())
	os.WriteFile(damaged, []byte("SLIDEPDB"), 0o644)

	list, err := CachedDatabases()
	if err != nil || len(list) != 2 {
		t.Fatalf("CachedDatabases: %+v, %v", list, err)
	}
	own, bad := list[0], list[1] // in order of Path: "3x3-..." before "4x4-..."
	st, err := os.Stat(own.Path)
	if err != nil || own.Name != "3x3-b8-0.1.2.3-4.5.6.7" || own.Err != nil || own.Rows != 3 || own.Cols != 3 || own.Bytes != st.Size() || filepath.Dir(own.Path) != dir {
		t.Errorf("own database: %+v (%v)", own, err)
	}
	if bad.Name != "pdb555" || bad.Path != damaged || bad.Rows != 4 || bad.Bytes != 8 || !errors.Is(bad.Err, ErrCorrupt) {
		t.Errorf("damaged pdb555: %+v", bad)
	}

	removed, err := RemoveDatabase(PDB555)
	if err != nil || removed.Path != damaged || removed.Bytes != 8 {
		t.Errorf("RemoveDatabase(PDB555): %+v, %v", removed, err)
	}
	if _, err := RemoveDatabase(PDB555); !errors.Is(err, ErrCache) {
		t.Errorf("RemoveDatabase of tables not cached: %v", err)
	}
	if _, err := RemoveDatabase(Manhattan); !errors.Is(err, ErrOption) {
		t.Errorf("RemoveDatabase(Manhattan): %v", err)
	}
	if _, err := (Database{}).Remove(); !errors.Is(err, ErrOption) {
		t.Errorf("zero Database: %v", err)
	}
	if _, err := CachedDatabases(WithCacheDir("")); !errors.Is(err, ErrCache) {
		t.Errorf("WithCacheDir(\"\"): %v", err)
	}

	// The same through WithCacheDir, elsewhere.
	other := t.TempDir()
	if err := d.Build(context.Background(), nil, WithCacheDir(other)); err != nil {
		t.Fatal(err)
	}
	if got, err := d.Remove(WithCacheDir(other)); err != nil || filepath.Dir(got.Path) != other || got.Bytes != own.Bytes {
		t.Errorf("Database.Remove: %+v, %v", got, err)
	}
	if left, _ := os.ReadDir(other); len(left) != 0 {
		t.Errorf("after Database.Remove: %v left", left) // the checksum record goes with its table
	}

	cleaned, err := CleanDatabases()
	if err != nil || len(cleaned) != 1 || cleaned[0].Path != own.Path || cleaned[0].Bytes != own.Bytes {
		t.Errorf("CleanDatabases: %+v, %v", cleaned, err)
	}
	if list, err := CachedDatabases(); err != nil || len(list) != 0 {
		t.Errorf("after CleanDatabases: %+v, %v", list, err)
	}
	if left, _ := os.ReadDir(dir); len(left) != 1 || left[0].Name() != filepath.Base(stray) {
		t.Errorf("after CleanDatabases: %v left, want the stray file only", left)
	}
}
