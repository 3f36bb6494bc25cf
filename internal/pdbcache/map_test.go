package pdbcache

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unsafe"

	"github.com/slidekit/slide/internal/pdb"
)

// isMapped reports whether b lies in a mapping that loadMapped keeps.
func isMapped(b []byte) bool {
	if len(b) == 0 {
		return false
	}
	p := uintptr(unsafe.Pointer(&b[0]))
	mapped.Lock()
	defer mapped.Unlock()
	for _, m := range mapped.byFile {
		if s := uintptr(unsafe.Pointer(&m[0])); s <= p && p < s+uintptr(len(m)) {
			return true
		}
	}
	return false
}

// needMap skips a test of mapped files where files are not mapped.
func needMap(t *testing.T) {
	t.Helper()
	if !canMap {
		t.Skip("files are read, not mapped, here")
	}
}

// withReader runs the rest of a test with files read, as on systems that
// cannot map them.
func withReader(t *testing.T) {
	mapTables = false
	t.Cleanup(func() { mapTables = true })
}

// sameEntries fails t unless got holds the entries of want, table by
// table and entry by entry.
func sameEntries(t *testing.T, got, want *pdb.DB) {
	t.Helper()
	if len(got.Tables()) != len(want.Tables()) || got.Compact() != want.Compact() {
		t.Fatalf("%d tables (compact %v), want %d (compact %v)", len(got.Tables()), got.Compact(), len(want.Tables()), want.Compact())
	}
	for i, w := range want.Tables() {
		g := got.Tables()[i]
		if !bytes.Equal(g.Data(), w.Data()) || g.Len() != w.Len() {
			t.Fatalf("table %d: data differ", i)
		}
		for r := range w.Len() {
			if g.At(r) != w.At(r) {
				t.Fatalf("table %d, entry %d: %d, want %d", i, r, g.At(r), w.At(r))
			}
		}
	}
}

// flipByte changes, in place, a byte of the second table of the file at
// path, as a failing disk would.
func flipByte(t *testing.T, path string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	off := int64(dataOffset(smallSpec, 1) + 100)
	b := []byte{0}
	if _, err := f.ReadAt(b, off); err != nil {
		t.Fatal(err)
	}
	b[0] ^= 0x10
	if _, err := f.WriteAt(b, off); err != nil {
		t.Fatal(err)
	}
}

// TestLoadMapped: a saved file loads mapped, entry by entry the DB that
// was built, without computing its checksum (Save recorded it), and a
// second load shares the mapping; byte tables too.
func TestLoadMapped(t *testing.T) {
	needMap(t)
	for _, bytesOpt := range []bool{false, true} {
		dir := t.TempDir()
		db, err := pdb.Build(context.Background(), smallSpec, pdb.BuildOptions{Bytes: bytesOpt})
		if err != nil {
			t.Fatal(err)
		}
		if err := Save(context.Background(), dir, db); err != nil {
			t.Fatal(err)
		}
		before := checksums.Load()
		got, err := Load(dir, smallSpec)
		if err != nil {
			t.Fatal(err)
		}
		sameEntries(t, got, db)
		for i, tab := range got.Tables() {
			if !isMapped(tab.Data()) {
				t.Fatalf("bytes %v: table %d is not mapped", bytesOpt, i)
			}
		}
		again, err := Load(dir, smallSpec)
		if err != nil || &again.Tables()[1].Data()[0] != &got.Tables()[1].Data()[0] {
			t.Fatalf("bytes %v: second load mapped anew (%v)", bytesOpt, err)
		}
		if n := checksums.Load() - before; n != 0 {
			t.Errorf("bytes %v: %d checksums computed after Save recorded it", bytesOpt, n)
		}
	}
}

// TestLoadMappedCorrupt: a byte changed in place after the checksum was
// recorded is found on the next load, even when the file keeps its
// modification time; the record names the file as it was.
func TestLoadMappedCorrupt(t *testing.T) {
	needMap(t)
	for _, keepTime := range []bool{false, true} {
		dir := t.TempDir()
		if err := Save(context.Background(), dir, mustBuild(t, smallSpec)); err != nil {
			t.Fatal(err)
		}
		path := CachePath(dir, smallSpec)
		if _, err := Load(dir, smallSpec); err != nil {
			t.Fatal(err)
		}
		st, _ := os.Stat(path)
		flipByte(t, path)
		if keepTime {
			if err := os.Chtimes(path, st.ModTime(), st.ModTime()); err != nil {
				t.Fatal(err)
			}
		}
		before := checksums.Load()
		_, err := Load(dir, smallSpec)
		var ce *CacheError
		if !errors.As(err, &ce) || !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "checksum") {
			t.Errorf("keep time %v: %v, want a CacheError for the checksum", keepTime, err)
		}
		if checksums.Load() == before {
			t.Errorf("keep time %v: the stale record was trusted", keepTime)
		}
	}
}

// TestRecordReplaced: a file renamed over the one recorded is verified on
// its first load, mapped anew, and recorded for the next; one replaced by
// a damaged copy is rejected.
func TestRecordReplaced(t *testing.T) {
	needMap(t)
	dir := t.TempDir()
	db := mustBuild(t, smallSpec)
	if err := Save(context.Background(), dir, db); err != nil {
		t.Fatal(err)
	}
	path := CachePath(dir, smallSpec)
	first, err := Load(dir, smallSpec)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := os.ReadFile(path)
	replace := func(data []byte) {
		tmp := filepath.Join(dir, "replacement")
		if err := os.WriteFile(tmp, data, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(tmp, path); err != nil {
			t.Fatal(err)
		}
	}
	replace(raw)
	before := checksums.Load()
	second, err := Load(dir, smallSpec)
	if err != nil {
		t.Fatal(err)
	}
	if checksums.Load() != before+1 {
		t.Errorf("the replacement's first load computed %d checksums, want 1", checksums.Load()-before)
	}
	if &second.Tables()[0].Data()[0] == &first.Tables()[0].Data()[0] {
		t.Error("the replacement reads the mapping of the file it replaced")
	}
	sameEntries(t, second, db)
	sameEntries(t, first, db) // the old mapping stays whole
	// The first load recorded the checksum, unless within the file
	// system's clock tick of the rename; past it, a load does.
	time.Sleep(50 * time.Millisecond)
	Load(dir, smallSpec)
	before = checksums.Load()
	if _, err := Load(dir, smallSpec); err != nil || checksums.Load() != before {
		t.Errorf("a load after the replacement's was verified: %v, %d checksums", err, checksums.Load()-before)
	}

	bad := bytes.Clone(raw)
	bad[dataOffset(smallSpec, 0)] ^= 1
	replace(bad)
	if _, err := Load(dir, smallSpec); !errors.Is(err, ErrCorrupt) {
		t.Errorf("damaged replacement: %v, want ErrCorrupt", err)
	}
}

// TestReadOnlyCache: where no record can be written, every load verifies
// the mapping and succeeds; a record written before the cache became
// read-only (by Save or Verify) spares the verification.
func TestReadOnlyCache(t *testing.T) {
	needMap(t)
	db := mustBuild(t, smallSpec)
	loads := func(t *testing.T, dir string, want int64) {
		t.Helper()
		for range 2 {
			before := checksums.Load()
			got, err := Load(dir, smallSpec)
			if err != nil {
				t.Fatal(err)
			}
			sameEntries(t, got, db)
			if !isMapped(got.Tables()[1].Data()) {
				t.Fatal("not mapped")
			}
			if n := checksums.Load() - before; n != want {
				t.Fatalf("%d checksums computed, want %d", n, want)
			}
		}
		if tmp, _ := filepath.Glob(filepath.Join(dir, "*.tmp*")); len(tmp) != 0 {
			t.Errorf("temporaries left: %v", tmp)
		}
	}

	t.Run("record unwritable", func(t *testing.T) {
		dir := t.TempDir()
		os.Mkdir(recordPath(CachePath(dir, smallSpec)), 0o755) // a directory where the record goes
		if err := Save(context.Background(), dir, db); err != nil {
			t.Fatal(err)
		}
		loads(t, dir, 1)
	})
	t.Run("read-only", func(t *testing.T) {
		dir := t.TempDir()
		if err := Save(context.Background(), dir, db); err != nil {
			t.Fatal(err)
		}
		os.Remove(recordPath(CachePath(dir, smallSpec)))
		os.Chmod(dir, 0o555)
		t.Cleanup(func() { os.Chmod(dir, 0o755) })
		if f, err := os.CreateTemp(dir, "probe"); err == nil {
			f.Close()
			os.Remove(f.Name())
			t.Skip("the directory stays writable (running as root?)")
		}
		loads(t, dir, 1)
		os.Chmod(dir, 0o755)
		if err := Verify(context.Background(), dir, smallSpec, pdb.BuildOptions{}, 0); err != nil {
			t.Fatal(err)
		}
		os.Chmod(dir, 0o555)
		loads(t, dir, 0)
	})
	t.Run("verified", func(t *testing.T) {
		dir := t.TempDir()
		if err := Save(context.Background(), dir, db); err != nil {
			t.Fatal(err)
		}
		rec := recordPath(CachePath(dir, smallSpec))
		os.Remove(rec)
		time.Sleep(50 * time.Millisecond) // past the file system's clock tick of Save's rename
		if err := Verify(context.Background(), dir, smallSpec, pdb.BuildOptions{}, 0); err != nil {
			t.Fatal(err)
		}
		if _, err := os.Stat(rec); err != nil {
			t.Fatalf("Verify wrote no record: %v", err)
		}
		loads(t, dir, 0)
	})
}

// TestLoadRead: the reader that systems without mappings use loads the
// DB into memory, entry by entry the one built, and rejects a damaged
// file.
func TestLoadRead(t *testing.T) {
	withReader(t)
	dir := t.TempDir()
	db := mustBuild(t, smallSpec)
	if err := Save(context.Background(), dir, db); err != nil {
		t.Fatal(err)
	}
	got, err := Load(dir, smallSpec)
	if err != nil {
		t.Fatal(err)
	}
	sameEntries(t, got, db)
	if isMapped(got.Tables()[0].Data()) {
		t.Fatal("the reader returned mapped tables")
	}
	flipByte(t, CachePath(dir, smallSpec))
	if _, err := Load(dir, smallSpec); !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "checksum") {
		t.Errorf("damaged file: %v, want ErrCorrupt for the checksum", err)
	}
}

// TestLoadCanceled: a load whose context is done fails with its error,
// mapped or read, and the mapping is not kept.
func TestLoadCanceled(t *testing.T) {
	for _, read := range []bool{false, true} {
		t.Run(fmt.Sprint("read ", read), func(t *testing.T) {
			if read {
				withReader(t)
			}
			dir := t.TempDir()
			if err := Save(context.Background(), dir, mustBuild(t, smallSpec)); err != nil {
				t.Fatal(err)
			}
			os.Remove(recordPath(CachePath(dir, smallSpec)))
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			if _, err := loadContext(ctx, dir, smallSpec); err != context.Canceled {
				t.Errorf("%v, want context.Canceled", err)
			}
		})
	}
}

// TestRecord: a record vouches for the file it names only: not for
// another identity or checksum, not when damaged, and not when written no
// later than the file's last change (within a tick of the file system's
// clock, a change could follow unseen).
func TestRecord(t *testing.T) {
	needMap(t)
	dir := t.TempDir()
	if err := Save(context.Background(), dir, mustBuild(t, smallSpec)); err != nil {
		t.Fatal(err)
	}
	path := CachePath(dir, smallSpec)
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	id, ok := identify(st)
	raw, _ := os.ReadFile(path)
	sum := binary.LittleEndian.Uint64(raw[len(raw)-8:])
	if !ok || !recorded(path, id, sum) {
		t.Fatalf("Save's record does not vouch for its file (identity %v)", ok)
	}
	if got, gotSum, ok := parseRecord(encodeRecord(id, sum)); !ok || got != id || gotSum != sum {
		t.Errorf("round trip: %v %x %v", got, gotSum, ok)
	}
	other := id
	other.ino++
	if recorded(path, other, sum) || recorded(path, id, sum+1) {
		t.Error("the record vouches for another file")
	}
	rec := recordPath(path)
	good, _ := os.ReadFile(rec)
	for i := range good {
		bad := bytes.Clone(good)
		bad[i] ^= 1
		if _, _, ok := parseRecord(bad); ok {
			t.Fatalf("byte %d damaged: accepted", i)
		}
	}
	if _, _, ok := parseRecord(good[:recordSize-1]); ok {
		t.Error("short record accepted")
	}
	early := time.Unix(0, id.ctime)
	if err := os.Chtimes(rec, early, early); err != nil {
		t.Fatal(err)
	}
	if recorded(path, id, sum) {
		t.Error("a record written no later than the file's change vouches for it")
	}
}
