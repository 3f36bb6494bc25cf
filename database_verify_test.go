package slide

import (
	"context"
	"encoding/binary"
	"errors"
	"hash/crc64"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slidekit/slide/internal/pdbcache"
)

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

	if err := (Cache{MaxMemory: 1000}).Verify(ctx, h); !errors.Is(err, ErrLimit) {
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
