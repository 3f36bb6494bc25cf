package pdbcache

import (
	"context"
	"encoding/binary"
	"hash/crc64"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/slidekit/slide/internal/engine"

	"github.com/slidekit/slide/internal/pdb"
)

// dataOffset returns the offset in the file of spec of the first entry
// byte of table i.
func dataOffset(spec pdb.Spec, i int) int {
	off := len(fileMagic) + 4*5
	for _, p := range spec.Patterns {
		off += 4 + len(p)
	}
	off += 4 // format
	for j, entries := range spec.Entries() {
		off += 8 // entry bytes
		if j == i {
			return off
		}
		off += int(entryBytes(entries, formatCompact))
	}
	panic("no table")
}

// reseal writes the checksum a file's bytes call for, as a forger would.
func reseal(raw []byte) {
	n := len(raw) - 8
	binary.LittleEndian.PutUint64(raw[n:], crc64.Checksum(raw[:n], crcTable))
}

// TestVerify checks that a file edited and resealed with a fresh checksum
// loads, and so would mislead a search, while Verify finds the entry that
// differs; that intact files, compact or bytes, verify; and that a missing
// file, a bad checksum and a memory bound are told apart.
func TestVerify(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	db, err := pdb.Build(ctx, smallSpec, pdb.BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !db.Compact() {
		t.Fatal("the small spec's tables are not compact")
	}
	if err := Save(context.Background(), dir, db); err != nil {
		t.Fatal(err)
	}
	tables := 0
	err = Verify(ctx, dir, smallSpec, pdb.BuildOptions{Progress: func(p pdb.Progress) { tables = p.Tables }}, 0)
	if err != nil || tables != 2 {
		t.Fatalf("intact file: %v (progress saw %d tables)", err, tables)
	}

	// Raise the second table's entry for one placement by 2 moves.
	tab := db.Tables()[1]
	pos := []uint8{8, 0, 1, 2} // tiles 5 6 7 8 away from home
	r := tab.Rank(pos)
	want := tab.Lookup(pos)
	path := CachePath(dir, smallSpec)
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	raw[dataOffset(smallSpec, 1)+int(r/2)] += 1 << (4 * (r & 1))
	reseal(raw)
	if err := os.WriteFile(path, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	forged, err := Load(dir, smallSpec)
	if err != nil {
		t.Fatalf("a resealed file does not load: %v", err)
	}
	if got := forged.Tables()[1].Lookup(pos); got != want+2 {
		t.Fatalf("forged entry reads %d, want %d", got, want+2)
	}
	err = Verify(ctx, dir, smallSpec, pdb.BuildOptions{}, 0)
	wantMsg := "in 1 of 6,048 entries: the first is entry " + strconv.Itoa(int(r)) + " of table 2 of 2, " + strconv.Itoa(want+2) + " in the file, " + strconv.Itoa(want) + " by definition"
	if !engine.Is(err, engine.Corrupt) || !strings.Contains(err.Error(), wantMsg) || !strings.Contains(err.Error(), path) {
		t.Fatalf("forged file: %v, want a Corrupt error containing %q", err, wantMsg)
	}

	// The same edit without a fresh checksum: corrupt, said so.
	raw[len(raw)-1] ^= 1
	os.WriteFile(path, raw, 0o644)
	if err := Verify(ctx, dir, smallSpec, pdb.BuildOptions{}, 0); !engine.Is(err, engine.Corrupt) || !strings.Contains(err.Error(), "checksum") {
		t.Fatalf("bad checksum: %v", err)
	}

	// A file of byte entries verifies against a build in bytes.
	bdb, err := pdb.Build(ctx, smallSpec, pdb.BuildOptions{Bytes: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := Save(context.Background(), dir, bdb); err != nil {
		t.Fatal(err)
	}
	if err := Verify(ctx, dir, smallSpec, pdb.BuildOptions{}, 0); err != nil {
		t.Fatalf("file of bytes: %v", err)
	}

	if err := Verify(ctx, filepath.Join(dir, "none"), smallSpec, pdb.BuildOptions{}, 0); !engine.Is(err, engine.Cache) || !strings.Contains(err.Error(), "does not exist") {
		t.Errorf("missing file: %v", err)
	}
	if err := Verify(ctx, dir, smallSpec, pdb.BuildOptions{}, 1000); !engine.Is(err, engine.Limit) {
		t.Errorf("under a 1000-byte bound: %v", err)
	}
}
