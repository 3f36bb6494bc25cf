package pdb

import (
	"bytes"
	"context"
	"errors"
	"os"
	"strings"
	"testing"
)

var smallSpec = Spec{Rows: 3, Cols: 3, Blank: 0, Patterns: [][]uint8{{1, 2, 3, 4}, {5, 6, 7, 8}}}

func TestCacheRoundTrip(t *testing.T) {
	dir := t.TempDir()
	var logs []string
	logf := func(f string, a ...any) { logs = append(logs, f) }
	builds := 0
	opt := OpenOptions{Dir: dir, Logf: logf, Build: BuildOptions{Progress: func(p Progress) {
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
	for i := range db1.tables {
		if !bytes.Equal(db1.tables[i].data, db2.tables[i].data) {
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
	if db, err := Load(dir, smallSpec); err != nil || !bytes.Equal(db.tables[0].data, db1.tables[0].data) {
		t.Fatalf("rebuilt file not rewritten: %v", err)
	}
}

func TestReadRejects(t *testing.T) {
	db := mustBuild(t, smallSpec)
	var buf bytes.Buffer
	if _, err := db.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	good := buf.Bytes()
	other := Spec{Rows: 3, Cols: 3, Blank: 0, Patterns: [][]uint8{{1, 2, 3, 5}, {4, 6, 7, 8}}}
	cases := map[string]struct {
		data []byte
		spec Spec
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
	}
	if _, err := Read(bytes.NewReader(good), smallSpec); err != nil {
		t.Fatalf("good file: %v", err)
	}
	// Byte tables round-trip too, and differ from compact ones on disk.
	bdb, err := Build(context.Background(), smallSpec, BuildOptions{Bytes: true})
	if err != nil {
		t.Fatal(err)
	}
	var bbuf bytes.Buffer
	bdb.WriteTo(&bbuf)
	back, err := Read(bytes.NewReader(bbuf.Bytes()), smallSpec)
	if err != nil || back.Compact() || !db.Compact() || bytes.Equal(bbuf.Bytes(), good) {
		t.Fatalf("byte tables: %v, compact %v", err, back != nil && back.Compact())
	}
	for i := range back.tables {
		if !bytes.Equal(back.tables[i].data, bdb.tables[i].data) {
			t.Fatalf("byte table %d differs after the round trip", i)
		}
	}
}

// FuzzRead: no input makes Read panic, and whatever it accepts writes back
// to the same bytes.
func FuzzRead(f *testing.F) {
	db := mustBuild(f, Spec{Rows: 2, Cols: 3, Blank: 0, Patterns: [][]uint8{{1, 2}, {3, 4, 5}}})
	var buf bytes.Buffer
	db.WriteTo(&buf)
	f.Add(buf.Bytes())
	f.Add([]byte(fileMagic))
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := Read(bytes.NewReader(data), db.spec)
		if err != nil {
			return
		}
		var out bytes.Buffer
		got.WriteTo(&out)
		if !bytes.Equal(out.Bytes(), data) {
			t.Fatalf("accepted %d bytes that write back as %d others", len(data), out.Len())
		}
	})
}
