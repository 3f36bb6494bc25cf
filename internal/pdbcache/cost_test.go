package pdbcache

import (
	"context"
	"os"
	"testing"
)

// TestCostOf: a saved file with its record costs its cold pages at the
// disk's rate and the others as mapped, as resident reports them; without
// its record the whole file is cold (its checksum reads every byte), and
// a missing file has no cost.
func TestCostOf(t *testing.T) {
	if !canMap {
		t.Skip("files are read, not mapped, on this system")
	}
	dir := t.TempDir()
	req := &Request{Dir: dir, DirSet: true}
	if _, ok := CostOf(smallSpec, req); ok {
		t.Fatal("a cost for a file not in the cache")
	}
	if err := Save(context.Background(), dir, mustBuild(t, smallSpec)); err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(CachePath(dir, smallSpec))
	if err != nil {
		t.Fatal(err)
	}
	size := st.Size()
	saved := resident
	defer func() { resident = saved }()
	resident = func(_ *os.File, n int64) (int64, bool) { return n / 4, true }
	if c, ok := CostOf(smallSpec, req); !ok || c.Cold != size-size/4 || c.Mapped != size/4 {
		t.Fatalf("a quarter of %d bytes in memory: %+v, %v", size, c, ok)
	}
	resident = func(*os.File, int64) (int64, bool) { return 0, false }
	if c, ok := CostOf(smallSpec, req); !ok || c.Cold != size || c.Mapped != 0 {
		t.Fatalf("the pages not known: %+v, %v; want all %d bytes cold", c, ok, size)
	}
	resident = func(_ *os.File, n int64) (int64, bool) { return n, true }
	if err := os.Remove(recordPath(CachePath(dir, smallSpec))); err != nil {
		t.Fatal(err)
	}
	if c, ok := CostOf(smallSpec, req); !ok || c.Cold != size || c.Mapped != 0 {
		t.Fatalf("no record: %+v, %v; want all %d bytes cold", c, ok, size)
	}
}

// TestResidentBytes: a file just written is in the page cache; one whose
// pages the system was asked to drop is not, where the file system drops
// them; a file of more pages than sampledRuns looks at whole has its
// sampled share counted.
func TestResidentBytes(t *testing.T) {
	path := t.TempDir() + "/f"
	const pages = residentSample * residentRun * 5 / 4
	if err := os.WriteFile(path, make([]byte, pages*pageSize+100), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	st, _ := f.Stat()
	in, ok := residentBytes(f, st.Size())
	if !ok {
		t.Skip("the system does not say which pages are in memory")
	}
	if in != st.Size() {
		t.Fatalf("a file just written: %d of %d bytes in memory", in, st.Size())
	}
	if err := f.Sync(); err != nil {
		t.Fatal(err)
	}
	if !dropPages(f) {
		t.Skip("cannot drop a file's pages here")
	}
	in, _ = residentBytes(f, st.Size())
	if in > st.Size()/2 {
		t.Skipf("%d of %d bytes still in memory after dropping them: the file system keeps its pages", in, st.Size())
	}
}

// TestSampledRuns: a small file is looked at whole, a large one at
// residentSample runs within it, scaled to the whole.
func TestSampledRuns(t *testing.T) {
	var seen, last int64
	scale, ok := sampledRuns(100, func(first, n int64) bool { seen += n; return first == 0 })
	if !ok || scale != 1 || seen != 100 {
		t.Fatalf("100 pages: scale %v, %d pages looked at", scale, seen)
	}
	const pages = 10 * residentSample * residentRun
	seen, runs := int64(0), 0
	scale, ok = sampledRuns(pages, func(first, n int64) bool {
		if first < last || first+n > pages {
			t.Fatalf("run %d+%d out of order or past %d pages", first, n, pages)
		}
		last = first + n
		seen += n
		runs++
		return true
	})
	if !ok || runs != residentSample || float64(seen)*scale != pages || last != pages {
		t.Fatalf("%d pages: %d runs, %d pages seen, scale %v, last %d", pages, runs, seen, scale, last)
	}
}
