package slide

import (
	"context"
	"encoding/binary"
	"errors"
	"hash/crc64"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
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

// TestCacheDir: a Cache's Dir holds the tables, for Build and for Solve,
// and the user's cache is left alone.
func TestCacheDir(t *testing.T) {
	home := useTempCache(t)
	t.Cleanup(pdbcache.Release)
	own, other := t.TempDir(), t.TempDir()
	goal := Goal(2, 4)
	d := MustParseDatabase(goal, "1 2 3/4 5 6 7")
	if err := (Cache{Dir: own}).Build(context.Background(), d.Heuristic()); err != nil {
		t.Fatal(err)
	}
	if files, _ := filepath.Glob(filepath.Join(own, "*.pdb")); len(files) != 1 {
		t.Errorf("Cache.Dir: files %v", files)
	}
	pdbcache.Release()
	d2 := MustParseDatabase(goal, "1 2 5 6/3 4 7")
	b := randomWalk(rand.New(rand.NewPCG(2, 4)), goal, 15)
	if _, err := (Solver{Heuristic: d2.Heuristic(), Cache: Cache{Dir: other}}).Solve(context.Background(), b, goal); err != nil {
		t.Fatal(err)
	}
	if files, _ := filepath.Glob(filepath.Join(other, "*.pdb")); len(files) != 1 {
		t.Errorf("Solver.Cache.Dir: files %v", files)
	}
	if _, err := (Solver{Heuristic: PDB555, Cache: Cache{Dir: other}}).Solve(context.Background(), b, goal); !errors.Is(err, ErrOption) {
		t.Errorf("PDB555 on 2x4: %v", err)
	}
	filepath.Walk(home, func(path string, info os.FileInfo, err error) error {
		if err == nil && strings.HasSuffix(path, ".pdb") {
			t.Errorf("the user's cache got %s", path)
		}
		return nil
	})
}

// TestBuildNotCached: tables that cannot be written to the cache are
// ready in memory, and the build says why with ErrCache; once the cache
// is writable again, BuildDatabase writes them.
func TestBuildNotCached(t *testing.T) {
	useTempCache(t)
	t.Cleanup(pdbcache.Release)
	blocker := filepath.Join(t.TempDir(), "file")
	os.WriteFile(blocker, nil, 0o644)
	bad := Cache{Dir: filepath.Join(blocker, "pdb")} // a directory under a file
	goal := Goal(2, 4)
	d := MustParseDatabase(goal, "1 2 3 4/5 6 7")
	err := bad.Build(context.Background(), d.Heuristic())
	if !errors.Is(err, ErrCache) || !strings.Contains(err.Error(), "memory only") || !strings.Contains(err.Error(), blocker) {
		t.Fatalf("unwritable cache: %v", err)
	}
	b := randomWalk(rand.New(rand.NewPCG(8, 8)), goal, 21)
	if _, err := (Solver{Heuristic: d.Heuristic(), Cache: bad}).Solve(context.Background(), b, goal); err != nil {
		t.Fatalf("Solve with the tables in memory: %v", err)
	}
	good := t.TempDir()
	if err := (Cache{Dir: good}).Build(context.Background(), d.Heuristic()); err != nil {
		t.Fatal(err)
	}
	if files, _ := filepath.Glob(filepath.Join(good, "*.pdb")); len(files) != 1 {
		t.Errorf("tables in memory not written to a writable cache: %v", files)
	}
}

// TestTablesReleased: released tables leave memory and come back from
// the disk.
func TestTablesReleased(t *testing.T) {
	useTempCache(t)
	t.Cleanup(pdbcache.Release)
	goal := Goal(2, 4)
	d := MustParseDatabase(goal, "1 2 3/4 5 6 7")
	if err := (Cache{}).Build(context.Background(), d.Heuristic()); err != nil {
		t.Fatal(err)
	}
	req := Cache{}.request(false, Limits{})
	if s := pdbcache.StateOf(d.spec(), &req); s != pdbcache.InMemory {
		t.Fatalf("after Build: state %d", s)
	}
	pdbcache.Release()
	if s := pdbcache.StateOf(d.spec(), &req); s != pdbcache.OnDisk {
		t.Fatalf("after pdbcache.Release: state %d", s)
	}
	built := false
	if err := (Cache{Progress: func(DatabaseProgress) { built = true }}).Build(context.Background(), d.Heuristic()); err != nil || built {
		t.Fatalf("reload: %v, rebuilt %v", err, built)
	}
}

// TestDatabaseVerify forges a cached table as the issue tells: entries
// raised and a fresh checksum written. The file still loads, its bound
// exceeds the true distance, and Verify finds it; an intact file verifies.
func TestDatabaseVerify(t *testing.T) {
	home := useTempCache(t)
	t.Cleanup(pdbcache.Release)
	ctx := context.Background()
	goal := Goal(3, 3)
	d := MustParseDatabase(goal, "1 2 3 4/5 6 7 8")
	h := d.Heuristic()
	if err := (Cache{}).Verify(ctx, h); !errors.Is(err, ErrCache) || !strings.Contains(err.Error(), "does not exist") {
		t.Fatalf("Verify before Build: %v", err)
	}
	if err := (Cache{}).Build(ctx, h); err != nil {
		t.Fatal(err)
	}
	var seen []DatabaseProgress
	if err := (Cache{Progress: func(p DatabaseProgress) { seen = append(seen, p) }}).Verify(ctx, h); err != nil {
		t.Fatalf("intact file: %v", err)
	}
	if len(seen) == 0 || seen[0].Tables != 2 {
		t.Errorf("progress: %v", seen)
	}

	files, _ := filepath.Glob(filepath.Join(home, "slide", "pdb", "*.pdb"))
	if len(files) != 1 {
		t.Fatalf("cache holds %v", files)
	}
	raw, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	// The second table (5 6 7 8) ends the file before the checksum; its
	// compact entries are half the excess over Manhattan distance, 4 bits
	// each: add 1 to each, 2 moves.
	end := len(raw) - 8
	for i := end - int(d.Entries()[1]+1)/2; i < end; i++ {
		if raw[i]&15 < 15 {
			raw[i]++
		}
		if raw[i]>>4 < 15 {
			raw[i] += 16
		}
	}
	binary.LittleEndian.PutUint64(raw[end:], crc64.Checksum(raw[:end], crc64.MakeTable(crc64.ECMA)))
	if err := os.WriteFile(files[0], raw, 0o644); err != nil {
		t.Fatal(err)
	}

	pdbcache.Release() // forget the tables in memory: read the file again
	oneMove := MustParseBoard("3\n1 2 3\n4 5 6\n7 0 8\n")
	if h, err := h.Estimate(oneMove, goal); err != nil || h <= 1 {
		t.Fatalf("forged tables: Estimate %d, %v; want a bound over the 1 move it takes", h, err)
	}
	// Solve loads the forged tables and misses the 1-move answer (the
	// goal's own bound is 2): it runs until its node limit.
	if sol, err := (Solver{Heuristic: d.Heuristic(), Limits: Limits{MaxNodes: 20000}}).Solve(context.Background(), oneMove, goal); err == nil && sol.Len() == 1 {
		t.Fatal("Solve with the forged tables found the answer: it did not use them")
	}
	if now, _ := os.ReadFile(files[0]); string(now) != string(raw) {
		t.Fatal("the forged file was rebuilt: the test shows nothing")
	}
	err = Cache{}.Verify(ctx, h)
	if !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "differs from its definition") || !strings.Contains(err.Error(), "slide.Cache.Verify: ") {
		t.Fatalf("forged file: %v", err)
	}

	if err := (Cache{BuildMemory: 1000}).Verify(ctx, h); !errors.Is(err, ErrLimit) {
		t.Errorf("under a 1000-byte bound: %v", err)
	}
	if err := (Cache{Dir: t.TempDir()}).Verify(ctx, h); !errors.Is(err, ErrCache) {
		t.Errorf("another cache: %v", err)
	}
	if err := (Cache{}).Verify(ctx, Manhattan); !errors.Is(err, ErrOption) {
		t.Errorf("Verify(Manhattan): %v", err)
	}
	if err := (Cache{}).Verify(ctx, PDB555); !errors.Is(err, ErrCache) || !strings.Contains(err.Error(), "slide.Cache.Verify: ") {
		t.Errorf("Verify(PDB555) of an empty cache: %v", err)
	}
	if err := (Cache{}).Verify(ctx, Database{}.Heuristic()); !errors.Is(err, ErrOption) {
		t.Errorf("zero Database: %v", err)
	}
}

// TestCacheLeftovers: the temporary file of a build killed while writing
// it is listed as a leftover, with its size and what it is, and Remove
// takes the name List gives it; Clean takes the others.
func TestCacheLeftovers(t *testing.T) {
	cache := Cache{Dir: t.TempDir()}
	spec := MustParseDatabase(Goal(3, 3), "1 2 3 4/5 6 7 8").spec()
	first := pdbcache.CachePath(cache.Dir, spec) + ".tmp123"
	second := pdbcache.CachePath(cache.Dir, spec) + ".tmp456"
	os.WriteFile(first, make([]byte, 5000), 0o644)
	os.WriteFile(second, make([]byte, 300), 0o644)
	list, err := cache.List()
	if err != nil || len(list) != 2 {
		t.Fatalf("List: %+v, %v", list, err)
	}
	c := list[0]
	if !c.Leftover || c.Name != filepath.Base(first) || c.Path != first || c.Bytes != 5000 || c.Rows != 3 ||
		!errors.Is(c.Err, ErrCache) || !strings.Contains(c.Err.Error(), "killed") {
		t.Errorf("leftover: %+v", c)
	}
	if removed, err := cache.Remove(c.Name); err != nil || removed.Path != first || !removed.Leftover {
		t.Errorf("Remove(%q): %+v, %v", c.Name, removed, err)
	}
	if removed, err := cache.Clean(); err != nil || len(removed) != 1 || removed[0].Path != second || removed[0].Bytes != 300 {
		t.Errorf("Clean: %+v, %v", removed, err)
	}
	if left, _ := os.ReadDir(cache.Dir); len(left) != 0 {
		t.Errorf("left %v", left)
	}
}

// TestCacheBuildMemoryMessage checks the error of a Cache.Build refused by
// Cache.BuildMemory: ErrLimit, saying what the build needs and the bound,
// and naming no setting that does not bound it (it advised raising
// Limits.MaxMemory, which a Cache does not read).
func TestCacheBuildMemoryMessage(t *testing.T) {
	h := MustParseDatabase(Goal(2, 4), "1 2 3 4/5 6 7").Heuristic()
	err := Cache{Dir: t.TempDir(), BuildMemory: 1000}.Build(context.Background(), h)
	if !errors.Is(err, ErrLimit) {
		t.Fatalf("Build: %v, want ErrLimit", err)
	}
	msg := err.Error()
	if !strings.Contains(msg, "17.4 KiB at its peak") || !strings.Contains(msg, "1000 B") || strings.Contains(msg, "Limits.") {
		t.Errorf("Build: %q", msg)
	}
}

// FuzzCacheRemove checks that Cache.Remove, whatever the name, removes
// nothing outside the cache's folder and never panics.
func FuzzCacheRemove(f *testing.F) {
	for _, s := range []string{"pdb78", "pdb555", "../victim", "../victim.pdb", "/etc/passwd", "", ".", "..", "4x4-b0-1.2.3-4.5.6.pdb", "a/../../victim", "victim\x00"} {
		f.Add(s)
	}
	dir := f.TempDir()
	cache := filepath.Join(dir, "cache")
	victims := []string{filepath.Join(dir, "victim"), filepath.Join(dir, "victim.pdb"), filepath.Join(dir, "victim.pdb.sum")}
	if err := os.Mkdir(cache, 0o755); err != nil {
		f.Fatal(err)
	}
	for _, v := range victims {
		if err := os.WriteFile(v, []byte("x"), 0o644); err != nil {
			f.Fatal(err)
		}
	}
	f.Fuzz(func(t *testing.T, name string) {
		_, _ = Cache{Dir: cache}.Remove(name)
		for _, v := range victims {
			if _, err := os.Stat(v); err != nil {
				t.Fatalf("Remove(%q) reached %s outside the cache: %v", name, v, err)
			}
		}
	})
}
