package pdbcache

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/slidekit/slide/internal/pdb"
)

// TestListRemove: List names and checks the table files of a cache and
// skips other files, checksum records among them; Remove takes one table
// file and its record; RemoveAll takes the table files, their records and
// dead temporaries and leaves every other file.
func TestListRemove(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "pdb")
	if files, err := List(dir); err != nil || len(files) != 0 {
		t.Fatalf("missing dir: %v, %v", files, err)
	}
	if err := Save(context.Background(), dir, mustBuild(t, smallSpec)); err != nil {
		t.Fatal(err)
	}
	other := pdb.Spec{Rows: 3, Cols: 3, Blank: 8, Patterns: [][]uint8{{0, 1, 2, 3}, {4, 5, 6, 7}}}
	if err := Save(context.Background(), dir, mustBuild(t, other)); err != nil {
		t.Fatal(err)
	}
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	notes := write("notes.txt", "mine")
	foreign := write("notes.pdb", "not a table")
	broken := write("2x2-b0-1.2.3.pdb", "short")
	old := time.Now().Add(-48 * time.Hour) // past CleanStale's age without locks too
	dead := write(filepath.Base(CachePath(dir, smallSpec))+".tmp42", "partial")
	os.Chtimes(dead, old, old)
	// Checksum records: beside the tables, of no table, of no Spec, and
	// the temporary of a killed writer.
	orphan := write(filepath.Base(recordPath(CachePath(dir, pdb.Spec{Rows: 2, Cols: 2, Blank: 0, Patterns: [][]uint8{{1, 2, 3}}}))), "record")
	foreignRecord := write("notes.pdb"+recordSuffix, "mine")
	deadRecord := write(filepath.Base(recordPath(CachePath(dir, smallSpec)))+".tmp7", "partial")
	os.Chtimes(deadRecord, old, old)
	if canMap {
		for _, sp := range []pdb.Spec{smallSpec, other} {
			if _, err := os.Stat(recordPath(CachePath(dir, sp))); err != nil {
				t.Errorf("Save wrote no record: %v", err)
			}
		}
	}

	files, err := List(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{broken, CachePath(dir, smallSpec), deadRecord, dead, CachePath(dir, other), foreign}
	if len(files) != len(want) {
		t.Fatalf("listed %v, want %v", files, want)
	}
	for i, f := range files {
		st, _ := os.Stat(want[i])
		leftover := want[i] == dead || want[i] == deadRecord
		if f.Path != want[i] || f.Bytes != st.Size() || f.Leftover != leftover {
			t.Errorf("file %d: %s, %d bytes, leftover %v; want %s, %d, %v", i, f.Path, f.Bytes, f.Leftover, want[i], st.Size(), leftover)
		}
	}
	if !errors.Is(files[0].Err, ErrCorrupt) || files[0].Spec.Rows != 2 {
		t.Errorf("short file: %v, %v", files[0].Spec, files[0].Err)
	}
	if files[1].Err != nil || files[1].Spec.String() != smallSpec.String() || files[4].Err != nil {
		t.Errorf("good files: %v, %v", files[1].Err, files[4].Err)
	}
	if files[2].Spec.String() != smallSpec.String() || files[3].Spec.String() != smallSpec.String() {
		t.Errorf("leftovers: %v, %v", files[2].Spec, files[3].Spec)
	}
	if !errors.Is(files[5].Err, pdb.ErrSpec) || files[5].Spec.Rows != 0 {
		t.Errorf("foreign file: %v", files[5].Err)
	}

	f, err := Remove(dir, other)
	if err != nil || f.Path != CachePath(dir, other) || f.Bytes != files[4].Bytes {
		t.Fatalf("Remove: %+v, %v", f, err)
	}
	if _, err := Remove(dir, other); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Remove again: %v", err)
	}
	if _, err := os.Stat(recordPath(CachePath(dir, other))); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Remove left the record: %v", err)
	}

	removed, err := RemoveAll(dir)
	if err != nil {
		t.Fatal(err)
	}
	want = []string{broken, CachePath(dir, smallSpec), deadRecord, dead}
	if len(removed) != len(want) {
		t.Fatalf("RemoveAll removed %v, want %v", removed, want)
	}
	for i, f := range removed {
		if f.Path != want[i] || f.Bytes == 0 {
			t.Errorf("removed %d: %s, %d bytes; want %s", i, f.Path, f.Bytes, want[i])
		}
	}
	for _, p := range []string{notes, foreign, foreignRecord} {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%s: %v", p, err)
		}
	}
	for _, p := range []string{recordPath(CachePath(dir, smallSpec)), orphan} {
		if _, err := os.Stat(p); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("RemoveAll left %s: %v", p, err)
		}
	}
}
