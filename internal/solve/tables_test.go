package solve

import (
	"context"
	"runtime"
	"strings"
	"testing"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/pdb"
	"github.com/slidekit/slide/internal/pdbcache"
	"github.com/slidekit/slide/internal/testsets/pdbtest"
	"github.com/slidekit/slide/internal/tiles"
)

// TestShippedDatabases checks that every database the policy names is a
// shipped partition named as the root package names it.
func TestShippedDatabases(t *testing.T) {
	for _, hs := range [][]tiles.Heuristic{optimalDatabases, strongerDatabases, nearOptimalDatabases} {
		for _, h := range hs {
			if h.Kind != tiles.Database || h.Custom || !strings.HasPrefix(h.Name, "pdb") || h.Spec.Rows == 0 {
				t.Errorf("%+v is not a shipped database", h)
			}
		}
	}
}

// TestAvailableDatabaseEmptyCache checks that with nothing in the cache
// (a fresh directory, and no table in memory for a 3 x 3 board) Auto
// takes linear conflicts and reports no database, and that the memory a
// database needs is its build's where it must be built.
func TestAvailableDatabaseEmptyCache(t *testing.T) {
	req := pdbcache.Request{Dir: t.TempDir(), DirSet: true}
	lim := engine.Bounds{}
	h, state := availableDatabase(optimalDatabases, 4, 4, 0, &req, &lim, 0)
	if state != pdbcache.Absent || h.Kind != tiles.LinearConflict {
		t.Fatalf("an empty cache gives %v (%v), want linear conflicts and no database", h.Name, state)
	}
	need, tables, building := databaseMemory(optimalDatabases[1], 4, 4, 0, &req)
	if !building || need < tables || tables <= 0 {
		t.Fatalf("pdb663, not cached: needs %d, tables %d, building %v", need, tables, building)
	}
	if _, err := checkDatabaseMemory(optimalDatabases[1], 4, 4, 0, engine.Bounds{Memory: need - 1}, &req); !engine.Is(err, engine.Limit) {
		t.Fatalf("a bound of one byte less than the build: %v, want an error of kind Limit", err)
	}
	if got, err := checkDatabaseMemory(optimalDatabases[1], 4, 4, 0, engine.Bounds{Memory: need}, &req); err != nil || got != tables {
		t.Fatalf("a bound of the build's peak: %d, %v; want %d, nil", got, err, tables)
	}
}

// TestReadTimeResidency: Auto reads a table from the disk cache within a
// time that its file's cold bytes (at readRate) would pass only where its
// pages are in the page cache (mapped at mapRate): a table in memory
// already is taken for a budget that refuses it on disk, and one passed
// over is read ahead into the page cache.
func TestReadTimeResidency(t *testing.T) {
	spec := pdb.Spec{Rows: 3, Cols: 3, Blank: 0, Patterns: [][]uint8{{1, 2, 3, 4}, {5, 6, 7, 8}}}
	h := tiles.Heuristic{Kind: tiles.Database, Name: "small", Spec: spec, Custom: true}
	dir := t.TempDir()
	if err := pdbcache.Save(context.Background(), dir, pdbtest.MustBuild(t, spec)); err != nil {
		t.Fatal(err)
	}
	req := pdbcache.Request{Dir: dir, DirSet: true}
	within := ReadTime(spec) / 2
	saved, savedAhead := costOf, readAhead
	defer func() { costOf, readAhead = saved, savedAhead }()
	var ahead []pdb.Spec
	readAhead = func(spec pdb.Spec, _ *pdbcache.Request) { ahead = append(ahead, spec) }
	for _, tc := range []struct {
		name     string
		resident func(size int64) int64
		want     pdbcache.State
	}{
		{"every page in memory", func(size int64) int64 { return size }, pdbcache.OnDisk},
		{"a tenth of the pages in memory", func(size int64) int64 { return size / 10 }, pdbcache.Absent},
		{"no page in memory", func(int64) int64 { return 0 }, pdbcache.Absent},
	} {
		costOf = func(spec pdb.Spec, req *pdbcache.Request) (pdbcache.LoadCost, bool) {
			c, ok := saved(spec, req)
			in := tc.resident(c.Cold + c.Mapped)
			return pdbcache.LoadCost{Cold: c.Cold + c.Mapped - in, Mapped: in}, ok
		}
		ahead = ahead[:0]
		got, state := availableDatabase([]tiles.Heuristic{h}, 3, 3, 0, &req, nil, within)
		if state != tc.want || tc.want == pdbcache.OnDisk && got.Name != h.Name {
			t.Errorf("%s, within %v: %s (%v), want %v", tc.name, within, got.Name, state, tc.want)
		}
		// A file passed over is read ahead for the next solve; one taken
		// is not.
		if refused := state == pdbcache.Absent; refused != (len(ahead) == 1) || refused && ahead[0].String() != spec.String() {
			t.Errorf("%s: read ahead %v", tc.name, ahead)
		}
	}
	costOf = saved
	// The file just written is in the page cache: where the system says
	// so, Auto takes it.
	if runtime.GOOS == "linux" {
		if _, state := availableDatabase([]tiles.Heuristic{h}, 3, 3, 0, &req, nil, within); state != pdbcache.OnDisk {
			t.Errorf("a file just written, within %v: %v, want it read", within, state)
		}
	}
}
