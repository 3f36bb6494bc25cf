package blocks

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestBlocksFastPath checks successors64, the hot path, against the
// general move generation, position by position over every position
// reachable in the narrow puzzles of testdata/blocks (the first 8,000 in
// the larger ones): the same moves in the same order.
func TestBlocksFastPath(t *testing.T) {
	const most = 8000
	for _, c := range readCases(t) {
		for _, m := range []Metric{StraightMoves, StepMoves} {
			sp := NewSpace(c.rows, c.cols, c.pieces, m, Goal{Row: -1, Col: c.cols - c.pieces[0].Width}, false)
			if sp.Kind() != NarrowBFS {
				continue
			}
			n := 0
			var fast []uint64
			for _, layer := range layers(sp, sp.Pack64(sp.StartCodes())) {
				if n >= most {
					break
				}
				for _, key := range layer {
					fast = sp.successors64(key, fast[:0])
					sp.words[0] = key
					sp.decode()
					moves := sp.generate()
					if len(moves) != len(fast) {
						t.Fatalf("%s %v: %d moves, successors64 has %d", c.name, m, len(moves), len(fast))
					}
					for i, mv := range moves {
						if k := sp.key64(key, mv); k != fast[i] {
							t.Fatalf("%s %v: move %d: key %x, successors64 has %x", c.name, m, i, k, fast[i])
						}
					}
					n++
				}
			}
			if n < most && n != c.states {
				t.Errorf("%s %v: %d positions, want %d", c.name, m, n, c.states)
			}
		}
	}
}

// TestBlockGroupInsert checks insert against sorting: for groups of 2 to 6
// fields of 1 to 10 bits at various offsets, with random distinct fields,
// replacing one field by a new value gives the key of the new fields
// sorted.
func TestBlockGroupInsert(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		n, bits := 2+rng.IntN(5), uint(1+rng.IntN(10))
		if 1<<bits < n+1 {
			continue
		}
		off := uint(rng.IntN(64 - n*int(bits) + 1))
		g := group{bits: bits, off: off, first: 0, end: n, mask: 1<<bits - 1, all: 1<<(uint(n)*bits) - 1}
		perm := rng.Perm(1 << bits)
		fields := make([]uint32, n)
		for k := range fields {
			fields[k] = uint32(perm[k])
		}
		code := uint32(perm[n]) // differs from every field
		slices.Sort(fields)
		pack := func(fs []uint32) uint64 {
			key := rng.Uint64() &^ (g.all << off) // other groups' bits
			for k, f := range fs {
				key |= uint64(f) << (off + uint(k)*bits)
			}
			return key
		}
		key := pack(fields)
		j := rng.IntN(n)
		want := slices.Clone(fields)
		want[j] = code
		slices.Sort(want)
		wantKey := key&^(g.all<<off) | pack(want)&(g.all<<off)
		if got := g.insert(key, j, code); got != wantKey {
			t.Fatalf("fields %v, slot %d to %d: key %x, want %x", fields, j, code, got, wantKey)
		}
	}
}
