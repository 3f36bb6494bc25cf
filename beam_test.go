package slide

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestBeamWorkers: a beam selects its layers on several workers when they
// are wide (see selectNext); it must search as on one, path for path and
// node for node, keeping no board twice in a layer.
func TestBeamWorkers(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	goal := Goal(7, 7)
	for range 2 {
		tg, code := encodeFor(t, randomWalk(rng, goal, 400), goal)
		f, err := newFrame(context.Background(), tg, code, options{heur: LinearConflict})
		if err != nil {
			t.Fatal(err)
		}
		var want []int
		var wantNodes int64
		for _, workers := range []int{1, 2, 3} {
			bs := f.beam(2500, workers)
			p, err := bs.search(context.Background(), f.cells, f.blank, 1000)
			if err != nil {
				t.Fatalf("%d workers: %v", workers, err)
			}
			checkFramePath(t, f, p)
			if workers > 1 && !slices.Contains(bs.classW[:], workers) {
				t.Errorf("%d workers: no layer was selected on all of them", workers)
			}
			if h := slices.Clone(bs.cur.hash); len(slices.Compact(slices.Sorted(slices.Values(h)))) != len(h) {
				t.Errorf("%d workers: a board twice in the last layer", workers)
			}
			if workers == 1 {
				want, wantNodes = p, bs.generated
				continue
			}
			if !slices.Equal(p, want) || bs.generated != wantNodes {
				t.Errorf("%d workers: %d moves, %d nodes; on one: %d moves, %d nodes", workers, len(p)-1, bs.generated, len(want)-1, wantNodes)
			}
		}
	}
}

// TestHashSet checks the beams' set of hashes against a map, growing it
// from its smallest size.
func TestHashSet(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var s hashSet
	s.reset(0)
	ref := map[uint32]bool{}
	for range 20000 {
		x := rng.Uint64() & 0xffff_ffff_0000_ffff // collisions in the low bits
		if rng.IntN(4) == 0 {
			x = 0
		}
		k := key32(x)
		if got := s.has(x); got != ref[k] {
			t.Fatalf("has(%#x) = %v before insert", x, got)
		}
		if got := s.insert(x); got == ref[k] {
			t.Fatalf("insert(%#x) = %v, held %v", x, got, ref[k])
		}
		ref[k] = true
		if !s.has(x) {
			t.Fatalf("has(%#x) false after insert", x)
		}
	}
	if s.n != len(ref) || 2*s.n > len(s.slots) {
		t.Errorf("%d held in %d slots, want %d at most half full", s.n, len(s.slots), len(ref))
	}
}
