package play

import (
	"testing"

	"github.com/slidekit/slide"
)

// TestWarm checks that warm builds nothing, and that once pdb663 is in
// the cache it reads it and searches with it: the table is then held,
// so that the next solve does not read it again.
func TestWarm(t *testing.T) {
	h := Handler{Cache: testCache(t)}
	a := ok(t, h, `{"id": 1, "op": "warm"}`)
	if tables := a.result["tables"].([]any); len(tables) != 0 || len(a.progress) != 0 {
		t.Errorf("warm with an empty cache: %v, %d progress messages", a.result, len(a.progress))
	}
	if prepared.has(h.Cache.Dir, slide.PDB663) {
		t.Fatal("warm with an empty cache prepared pdb663")
	}
	ok(t, h, `{"id": 2, "op": "build", "name": "pdb663"}`)
	a = ok(t, h, `{"id": 3, "op": "warm"}`)
	if tables := a.result["tables"].([]any); len(tables) != 1 || tables[0] != "pdb663" || a.result["seconds"].(float64) <= 0 {
		t.Errorf("warm with pdb663 cached: %v", a.result)
	}
	if !prepared.has(h.Cache.Dir, slide.PDB663) {
		t.Error("warm did not leave pdb663 prepared")
	}
	if a := do(t, h, `{"id": 4, "op": "warm", "name": "pdb663"}`); a.err == "" {
		t.Error("warm took a name")
	}
}
