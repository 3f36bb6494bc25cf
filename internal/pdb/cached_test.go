package pdb_test

import (
	"flag"
	"math/rand/v2"
	"testing"

	"github.com/slidekit/slide/internal/pdb"
	"github.com/slidekit/slide/internal/pdbcache"
)

// cached asks TestCachedEntries to check the shipped databases found in
// the user's cache.
var cached = flag.Bool("cached", false, "check sampled entries of the shipped databases in the user's cache (TestCachedEntries)")

// TestCachedEntries checks sampled entries of every shipped database in
// the user's cache (with -cached; it builds nothing):
//
//	go test -run TestCachedEntries ./internal/pdb -args -cached
func TestCachedEntries(t *testing.T) {
	if !*cached {
		t.Skip("checks the user's cache only with -cached")
	}
	dir, err := pdbcache.DefaultCacheDir()
	if err != nil {
		t.Skip(err)
	}
	rng := rand.New(rand.NewPCG(uint64(len(dir)), 1))
	for _, name := range []string{"555", "663", "78", "6666", "35", "48", "48x5"} {
		spec, _ := pdb.Named(name)
		if pdbcache.Check(dir, spec) != nil {
			t.Logf("%s: not cached", name)
			continue
		}
		db, err := pdbcache.Load(dir, spec)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		n := pdb.CheckSampledEntries(t, db, 100000, rng)
		t.Logf("%s: %d entries checked", name, n)
	}
}
