package pdbcache

import (
	"bytes"
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/slidekit/slide/internal/pdb"
	"github.com/slidekit/slide/internal/testsets/pdbtest"
)

// mustBuild builds the tables of a spec, failing the test on an error.
var mustBuild = pdbtest.MustBuild

var smallSpec = pdb.Spec{Rows: 3, Cols: 3, Blank: 0, Patterns: [][]uint8{{1, 2, 3, 4}, {5, 6, 7, 8}}}

func TestCacheRoundTrip(t *testing.T) {
	dir := t.TempDir()
	var logs []string
	logf := func(f string, a ...any) { logs = append(logs, f) }
	builds := 0
	opt := OpenOptions{Dir: dir, Logf: logf, Build: pdb.BuildOptions{Progress: func(p pdb.Progress) {
		if p.Depth == 1 {
			builds++
		}
	}}}
	db1, err := Open(context.Background(), smallSpec, opt)
	if err != nil {
		t.Fatal(err)
	}
	if builds != 2 {
		t.Fatalf("first Open built %d tables, want 2", builds)
	}
	db2, err := Open(context.Background(), smallSpec, opt)
	if err != nil {
		t.Fatal(err)
	}
	if builds != 2 {
		t.Fatalf("second Open rebuilt (logs %q)", logs)
	}
	for i := range db1.Tables() {
		if !bytes.Equal(db1.Tables()[i].Data(), db2.Tables()[i].Data()) {
			t.Fatalf("table %d differs after the round trip", i)
		}
	}

	// Flip one byte of the data: detected, rebuilt, rewritten.
	path := CachePath(dir, smallSpec)
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	raw[len(raw)/2] ^= 1
	if err := os.WriteFile(path, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Read(bytes.NewReader(raw), smallSpec); !errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "checksum") {
		t.Fatalf("corrupted file: %v", err)
	}
	if _, err := Open(context.Background(), smallSpec, opt); err != nil {
		t.Fatal(err)
	}
	if builds != 4 {
		t.Fatalf("corrupted file not rebuilt")
	}
	if db, err := Load(dir, smallSpec); err != nil || !bytes.Equal(db.Tables()[0].Data(), db1.Tables()[0].Data()) {
		t.Fatalf("rebuilt file not rewritten: %v", err)
	}
}

func TestReadRejects(t *testing.T) {
	db := mustBuild(t, smallSpec)
	var buf bytes.Buffer
	if _, _, err := write(&buf, db); err != nil {
		t.Fatal(err)
	}
	good := buf.Bytes()
	other := pdb.Spec{Rows: 3, Cols: 3, Blank: 0, Patterns: [][]uint8{{1, 2, 3, 5}, {4, 6, 7, 8}}}
	cases := map[string]struct {
		data []byte
		spec pdb.Spec
	}{
		"empty":          {nil, smallSpec},
		"truncated":      {good[:len(good)-9], smallSpec},
		"no checksum":    {good[:len(good)-8], smallSpec},
		"trailing data":  {append(append([]byte(nil), good...), 0), smallSpec},
		"other spec":     {good, other},
		"bad magic":      {append([]byte("SLIDEPDX"), good[8:]...), smallSpec},
		"future version": {append(append([]byte(nil), good[:8]...), append([]byte{2, 0, 0, 0}, good[12:]...)...), smallSpec},
	}
	for name, c := range cases {
		if _, err := Read(bytes.NewReader(c.data), c.spec); !errors.Is(err, ErrCorrupt) {
			t.Errorf("%s: %v, want ErrCorrupt", name, err)
		}
		// The same bytes as a mapping: tablesOf rejects them, or the
		// checksum does.
		if _, _, err := tablesOf(c.data, c.spec); err == nil {
			err = verifyMapping(context.Background(), c.data)
			if !errors.Is(err, ErrCorrupt) {
				t.Errorf("%s mapped: %v, want ErrCorrupt", name, err)
			}
		} else if !errors.Is(err, ErrCorrupt) {
			t.Errorf("%s mapped: %v, want ErrCorrupt", name, err)
		}
	}
	if _, _, err := tablesOf(good, smallSpec); err != nil || verifyMapping(context.Background(), good) != nil {
		t.Fatalf("good file mapped: %v", err)
	}
	if _, err := Read(bytes.NewReader(good), smallSpec); err != nil {
		t.Fatalf("good file: %v", err)
	}
	// Byte tables round-trip too, and differ from compact ones on disk.
	bdb, err := pdb.Build(context.Background(), smallSpec, pdb.BuildOptions{Bytes: true})
	if err != nil {
		t.Fatal(err)
	}
	var bbuf bytes.Buffer
	write(&bbuf, bdb)
	back, err := Read(bytes.NewReader(bbuf.Bytes()), smallSpec)
	if err != nil || back.Compact() || !db.Compact() || bytes.Equal(bbuf.Bytes(), good) {
		t.Fatalf("byte tables: %v, compact %v", err, back != nil && back.Compact())
	}
	for i := range back.Tables() {
		if !bytes.Equal(back.Tables()[i].Data(), bdb.Tables()[i].Data()) {
			t.Fatalf("byte table %d differs after the round trip", i)
		}
	}
}

// FuzzRead: no input makes Read panic, and whatever it accepts writes back
// to the same bytes.
func FuzzRead(f *testing.F) {
	db := mustBuild(f, pdb.Spec{Rows: 2, Cols: 3, Blank: 0, Patterns: [][]uint8{{1, 2}, {3, 4, 5}}})
	var buf bytes.Buffer
	write(&buf, db)
	f.Add(buf.Bytes())
	f.Add([]byte(fileMagic))
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := Read(bytes.NewReader(data), db.Spec())
		if err != nil {
			return
		}
		var out bytes.Buffer
		write(&out, got)
		if !bytes.Equal(out.Bytes(), data) {
			t.Fatalf("accepted %d bytes that write back as %d others", len(data), out.Len())
		}
	})
}

// TestCheck: the cheap check tells a good file from a directory, an empty
// file, a truncated or padded one and one of another Spec, without
// reading the entries; Load gives the same reasons.
func TestCheck(t *testing.T) {
	dir := t.TempDir()
	db := mustBuild(t, smallSpec)
	if err := Save(context.Background(), dir, db); err != nil {
		t.Fatal(err)
	}
	path := CachePath(dir, smallSpec)
	good, _ := os.ReadFile(path)
	if err := Check(dir, smallSpec); err != nil {
		t.Fatalf("good file: %v", err)
	}
	other := pdb.Spec{Rows: 3, Cols: 3, Blank: 0, Patterns: [][]uint8{{1, 2, 3, 5}, {4, 6, 7, 8}}}
	os.WriteFile(CachePath(dir, other), good, 0o644)
	for name, c := range map[string]struct {
		make func() error
		spec pdb.Spec
		want string
	}{
		"missing":   {func() error { return os.Remove(path) }, smallSpec, "does not exist"},
		"directory": {func() error { os.Remove(path); return os.Mkdir(path, 0o755) }, smallSpec, "is a directory"},
		"empty":     {func() error { return os.WriteFile(path, nil, 0o644) }, smallSpec, "is empty"},
		"truncated": {func() error { return os.WriteFile(path, good[:len(good)-1], 0o644) }, smallSpec, "truncated or padded"},
		"padded":    {func() error { return os.WriteFile(path, append(good, 0), 0o644) }, smallSpec, "truncated or padded"},
		"garbage":   {func() error { return os.WriteFile(path, []byte("hello"), 0o644) }, smallSpec, "not a table"},
		"other":     {func() error { return nil }, other, "pattern 0: tiles differ"},
	} {
		os.RemoveAll(path)
		os.WriteFile(path, good, 0o644)
		if err := c.make(); err != nil {
			t.Fatal(err)
		}
		for _, err := range []error{Check(dir, c.spec), func() error { _, err := Load(dir, c.spec); return err }()} {
			var ce *CacheError
			if !errors.As(err, &ce) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%s: %v, want a CacheError with %q", name, err, c.want)
			}
		}
	}
}

// TestSaveErrors: Save reports a path it cannot write, and leaves no
// temporary file behind.
func TestSaveErrors(t *testing.T) {
	db := mustBuild(t, smallSpec)
	dir := t.TempDir()
	os.Mkdir(CachePath(dir, smallSpec), 0o755) // a directory where the file goes
	err := Save(context.Background(), dir, db)
	var ce *CacheError
	if !errors.As(err, &ce) || !strings.Contains(err.Error(), "is a directory, which a build does not replace") {
		t.Errorf("directory at the path: %v", err)
	}
	blocker := filepath.Join(t.TempDir(), "file")
	os.WriteFile(blocker, nil, 0o644)
	if err := Save(context.Background(), filepath.Join(blocker, "pdb"), db); !errors.As(err, &ce) {
		t.Errorf("directory under a file: %v", err)
	}
	if tmp, _ := filepath.Glob(filepath.Join(dir, "*.tmp*")); len(tmp) != 0 {
		t.Errorf("temporaries left: %v", tmp)
	}
}

// TestCleanStale: the temporaries of writers that died go at once, by
// their lock; those of a live writer (locked), empty ones for a moment
// (a writer's before it locks) and other files stay.
func TestCleanStale(t *testing.T) {
	if !canLock {
		t.Skip("no file locks here")
	}
	dir := t.TempDir()
	old := time.Now().Add(-time.Hour)
	mk := func(name, text string, mod time.Time) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(text), 0o644)
		os.Chtimes(p, mod, mod)
		return p
	}
	dead := mk("3x3-b0-1.2.3.4-5.6.7.8.pdb.tmp123", "partial table", old)
	killed := mk("3x3-b0-1.2.3.4-5.6.7.8.pdb.tmp456", "partial table", time.Now()) // a moment ago
	empty := mk("3x3-b0-1.2.3.4-5.6.7.8.pdb.tmp457", "", time.Now())
	emptyDead := mk("3x3-b0-1.2.3.4-5.6.7.8.pdb.tmp458", "", old)
	live := mk("3x3-b0-1.2.3.4-5.6.7.8.pdb.tmp789", "partial table", old)
	other := mk("notes.tmp1", "mine", old)
	deadRecord := mk("3x3-b0-1.2.3.4-5.6.7.8.pdb.sum.tmp5", "partial", old)
	f, err := os.Open(live)
	if err != nil {
		t.Fatal(err)
	}
	unlock := lockFile(f)
	removed := CleanStale(dir)
	want := []string{deadRecord, dead, killed, emptyDead}
	if strings.Join(removed, " ") != strings.Join(want, " ") {
		t.Errorf("removed %v, want %v", removed, want)
	}
	if err := RemoveLeftover(live); !errors.Is(err, errLive) {
		t.Errorf("RemoveLeftover of a live writer's file: %v", err)
	}
	if err := RemoveLeftover(dead); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("RemoveLeftover of a file removed: %v", err)
	}
	for _, p := range []string{empty, live, other} {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%s: %v", p, err)
		}
	}
	unlock()
	f.Close()
	// Save cleans up before it writes: the dead writer's file goes.
	mk("3x3-b0-1.2.3.4-5.6.7.8.pdb.tmp999", "partial table", time.Now())
	if err := Save(context.Background(), dir, mustBuild(t, smallSpec)); err != nil {
		t.Fatal(err)
	}
	if tmp, _ := filepath.Glob(filepath.Join(dir, "*.pdb.tmp*")); len(tmp) != 1 || tmp[0] != empty {
		t.Errorf("after Save: %v, want only %s", tmp, empty)
	}
}

// A countdown is a context whose Err turns to context.Canceled after n
// calls: it stops a Save at a chosen point of its writing.
type countdown struct {
	context.Context
	n atomic.Int64
}

func (c *countdown) Err() error {
	if c.n.Add(-1) < 0 {
		return context.Canceled
	}
	return nil
}

// TestSaveCancel: Save checks its context at least every megabyte it
// writes, and, stopped at any point, fails with the context's error and
// leaves neither a table nor a temporary file.
func TestSaveCancel(t *testing.T) {
	spec := pdb.Korf663()
	var zeros [][]uint8 // 5.8 MB of tables, made at once
	for _, n := range spec.Entries() {
		zeros = append(zeros, make([]uint8, (n+1)/2))
	}
	db := pdb.NewDB(spec, true, zeros)
	whole := &countdown{Context: context.Background()}
	whole.n.Store(1 << 40)
	dir := t.TempDir()
	if err := Save(whole, dir, db); err != nil {
		t.Fatal(err)
	}
	calls := 1<<40 - whole.n.Load()
	st, _ := os.Stat(CachePath(dir, spec))
	if calls < st.Size()>>20 {
		t.Fatalf("Save checked its context %d times writing %d bytes, want one a megabyte at least", calls, st.Size())
	}
	for _, n := range []int64{0, 1, calls / 2, calls - 1} {
		dir := t.TempDir()
		ctx := &countdown{Context: context.Background()}
		ctx.n.Store(n)
		if err := Save(ctx, dir, db); err != context.Canceled {
			t.Errorf("stopped after %d of %d checks: %v, want context.Canceled", n, calls, err)
		}
		if left, _ := os.ReadDir(dir); len(left) != 0 {
			t.Errorf("stopped after %d of %d checks: left %v", n, calls, left)
		}
	}
}
