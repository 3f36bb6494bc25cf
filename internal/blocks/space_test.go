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

// TestKeysCanonical checks that a key names an arrangement: over every
// position reachable in the narrow puzzles (the first 300 in the
// larger ones), permuting identical pieces leaves the key the same, in
// both key forms, while with DistinctPieces a permutation changes it;
// and distinct keys are distinct arrangements.
func TestKeysCanonical(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 23))
	for _, c := range readCases(t) {
		sp := c.space(StraightMoves)
		if sp.Kind() != NarrowBFS {
			continue
		}
		names := map[string]uint64{}
		n := 0
		for _, layer := range layers(sp, sp.Pack64(sp.StartCodes())) {
			for _, key := range layer {
				if n++; n > 300 {
					break
				}
				pieces := sp.pieces(sp.State64(key).Codes())
				name := arrangement(pieces, 0, false)
				if other, ok := names[name]; ok {
					t.Fatalf("%s: keys %x and %x are both%s", c.name, other, key, describe(pieces))
				}
				names[name] = key
				// the same pieces, identical ones trading places
				perm := slices.Clone(pieces)
				swapped := false
				for k := range sp.groups {
					members := sp.groups[k].members
					for i := len(members) - 1; i > 0; i-- {
						j := rng.IntN(i + 1)
						a, b := members[i], members[j]
						perm[a].Row, perm[a].Col, perm[b].Row, perm[b].Col = perm[b].Row, perm[b].Col, perm[a].Row, perm[a].Col
						swapped = swapped || i != j
					}
				}
				other := NewSpace(c.rows, c.cols, perm, StraightMoves, c.goal(), false)
				if k := other.Pack64(other.StartCodes()); k != key {
					t.Fatalf("%s: identical pieces permuted: key %x, want %x", c.name, k, key)
				}
				wide, otherWide := c.space(StraightMoves), NewSpace(c.rows, c.cols, perm, StraightMoves, c.goal(), false)
				wide.Force(false, true)
				otherWide.Force(false, true)
				if a, b := wide.packWide(sp.State64(key).Codes()), otherWide.packWide(otherWide.StartCodes()); string(a) != string(b) {
					t.Fatalf("%s: identical pieces permuted: wide key %x, want %x", c.name, b, a)
				}
				if swapped {
					d1 := NewSpace(c.rows, c.cols, pieces, StraightMoves, c.goal(), true)
					d2 := NewSpace(c.rows, c.cols, perm, StraightMoves, c.goal(), true)
					if d1.Pack64(d1.StartCodes()) == d2.Pack64(d2.StartCodes()) {
						t.Fatalf("%s: distinct pieces permuted keep their key", c.name)
					}
				}
			}
		}
	}
}

// TestMove checks Move on every move of the first positions of the
// puzzles: it names the moving piece's group and its place before and
// after, as the pieces of the two positions show; and it refuses a
// position and itself, and two positions two moves apart.
func TestMove(t *testing.T) {
	for _, c := range readCases(t) {
		sp := c.space(StraightMoves)
		if sp.Kind() == WideStates {
			continue
		}
		explore(sp.State64(sp.Pack64(sp.StartCodes())), 100, func(s State64, next []State64) bool {
			a := s.Codes()
			before := sp.pieces(a)
			if _, _, _, _, _, ok := sp.Move(a, a); ok {
				t.Fatalf("%s: Move from a position to itself", c.name)
			}
			for _, n := range next {
				b := n.Codes()
				members, r0, c0, r1, c1, ok := sp.Move(a, b)
				if !ok {
					t.Fatalf("%s: Move refuses a move", c.name)
				}
				after := sp.pieces(b)
				from, to := false, false
				for _, i := range members {
					from = from || before[i].Row == r0 && before[i].Col == c0
					to = to || after[i].Row == r1 && after[i].Col == c1
				}
				if !from || !to || r0 == r1 && c0 == c1 {
					t.Fatalf("%s: Move says (%d, %d) to (%d, %d) among %v:%s to%s", c.name, r0, c0, r1, c1, members, describe(before), describe(after))
				}
				for _, nn := range n.Successors(nil) {
					if d := nn.Codes(); arrangement(sp.pieces(d), 0, false) != arrangement(before, 0, false) && sp.groupsChanged(a, d) > 1 {
						if _, _, _, _, _, ok := sp.Move(a, d); ok {
							t.Fatalf("%s: Move takes two pieces' moves for one", c.name)
						}
					}
				}
			}
			return true
		})
	}
}

// groupsChanged returns the number of groups whose fields differ between
// the positions of codes a and b.
func (sp *Space) groupsChanged(a, b []uint32) int {
	n := 0
	for k := range sp.groups {
		g := &sp.groups[k]
		if !slices.Equal(a[g.first:g.end], b[g.first:g.end]) {
			n++
		}
	}
	return n
}

// TestKind pins which search takes a space.
func TestKind(t *testing.T) {
	small := []Piece{{Row: 0, Col: 0, Width: 1, Height: 1, Motion: Both}}
	many := randomPieces(rand.New(rand.NewPCG(24, 25)), 12, 12, 30)
	for _, c := range []struct {
		name       string
		rows, cols int
		pieces     []Piece
		metric     Metric
		want       Kind
	}{
		{"narrow, straight", 8, 8, small, StraightMoves, NarrowBFS},
		{"narrow, step", 4, 4, small, StepMoves, NarrowBFS},
		{"narrow, piece", 4, 4, small, PieceMoves, States64},
		{"65 cells", 5, 13, small, StraightMoves, States64},
		{"wide key", 12, 12, many, StraightMoves, WideStates},
	} {
		if got := NewSpace(c.rows, c.cols, c.pieces, c.metric, Goal{Row: -1}, false).Kind(); got != c.want {
			t.Errorf("%s: Kind %v, want %v", c.name, got, c.want)
		}
	}
}
