package pdbcache

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/slidekit/slide/internal/pdb"
	"github.com/slidekit/slide/internal/testsets/pdbtest"
)

// TestReadAhead: a table file dropped from the page cache is back in it
// soon after ReadAhead, which returns at once; a second call for the
// same file starts nothing.
func TestReadAhead(t *testing.T) {
	dir := t.TempDir()
	spec := pdb.Spec{Rows: 4, Cols: 4, Blank: 0, Patterns: [][]uint8{{1, 2, 3, 4, 5, 6}}}
	path := CachePath(dir, spec)
	const size = 24 << 20 // larger than a hint's chunk many times over
	if err := os.WriteFile(path, make([]byte, size), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := f.Sync(); err != nil {
		t.Fatal(err)
	}
	if _, ok := residentBytes(f, size); !ok || !dropPages(f) {
		t.Skip("the system does not say which pages are in memory, or cannot drop them")
	}
	if in, _ := residentBytes(f, size); in > size/2 {
		t.Skipf("%d of %d bytes still in memory after dropping them: the file system keeps its pages", in, size)
	}
	req := Request{Dir: dir, DirSet: true}
	ReadAhead(spec, &req)
	ReadAhead(spec, &req)
	deadline := time.Now().Add(20 * time.Second)
	for {
		in, _ := residentBytes(f, size)
		if in == size {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d of %d bytes in memory 20 s after ReadAhead", in, size)
		}
		time.Sleep(10 * time.Millisecond)
	}
	n := 0
	readingAhead.Range(func(any, any) bool { n++; return true })
	if n != 1 {
		t.Errorf("%d files read ahead, want 1", n)
	}
}

// TestSaveRereads: a table just saved is in the page cache whole, read
// back after its written pages were dropped where the system drops them.
func TestSaveRereads(t *testing.T) {
	dir := t.TempDir()
	spec := pdb.Spec{Rows: 3, Cols: 3, Blank: 0, Patterns: [][]uint8{{1, 2, 3, 4}, {5, 6, 7, 8}}}
	if err := Save(context.Background(), dir, pdbtest.MustBuild(t, spec)); err != nil {
		t.Fatal(err)
	}
	f, size, err := openCached(CachePath(dir, spec))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	in, ok := residentBytes(f, size)
	if !ok {
		t.Skip("the system does not say which pages are in memory")
	}
	if in != size {
		t.Errorf("%d of %d bytes in memory after Save", in, size)
	}
}
