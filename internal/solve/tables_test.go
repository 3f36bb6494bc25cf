package solve

import (
	"strings"
	"testing"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/pdbcache"
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
