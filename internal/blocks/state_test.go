package blocks

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/slidekit/slide/internal/engine"
)

// TestStatesMatchData checks the generic path (State64 and Wide states,
// as the root package's BFS searches them) against the optima and the
// counts of positions of testdata/blocks, in every metric, on the
// puzzles of at most 40,000 positions (20,000 for Wide states, 5,000 with
// -short): each kind of state reaches a goal at the recorded distance
// and sees the recorded number of positions, identical pieces merged. (BFS64's test covers
// State64 under straight and step moves.)
func TestStatesMatchData(t *testing.T) {
	for _, c := range readCases(t) {
		for _, m := range metrics {
			if m == PieceMoves && c.states <= 40000 {
				sp := c.space(m)
				d, n := explore(sp.State64(sp.Pack64(sp.StartCodes())), c.states+1, nil)
				if d != c.optimum(m) || n != c.states {
					t.Errorf("%s %v: State64 finds the goal at %d in %d positions, want %d in %d", c.name, m, d, n, c.optimum(m), c.states)
				}
			}
			if c.states > 20000 || c.states > 5000 && testing.Short() {
				continue
			}
			sp := c.space(m)
			sp.Force(true, true)
			d, n := explore(sp.WideStart(sp.StartCodes()), c.states+1, nil)
			if d != c.optimum(m) || n != c.states {
				t.Errorf("%s %v: Wide finds the goal at %d in %d positions, want %d in %d", c.name, m, d, n, c.optimum(m), c.states)
			}
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

// TestGoals checks IsGoal against the goal worked out on the pieces, for
// a goal in any row, a goal at one place, a goal about a piece other than
// the first, and a predicate (Match), on both kinds of state, over every
// position of a puzzle: each holds on some and not on others.
func TestGoals(t *testing.T) {
	var c testCase
	for _, k := range readCases(t) {
		if k.name == "rh_fogleman_forty_01" {
			c = k
		}
	}
	if c.pieces == nil {
		t.Fatal("no rh_fogleman_forty_01 in testdata/blocks")
	}
	first, third := c.pieces[0], c.pieces[3]
	vertical := func(p []Piece) bool { // a vertical piece on the first row of the last column
		for _, q := range p {
			if q.Motion == Vertical && q.Row == 0 && q.Col == c.cols-1 {
				return true
			}
		}
		return false
	}
	for _, g := range []struct {
		name string
		goal Goal
		want func(p []Piece) bool
	}{
		{"any row", Goal{Row: -1, Col: c.cols - first.Width}, func(p []Piece) bool { return p[0].Col == c.cols-first.Width }},
		{"one place", Goal{Row: first.Row, Col: 1}, func(p []Piece) bool { return p[0].Row == first.Row && p[0].Col == 1 }},
		{"piece 3", Goal{Piece: 3, Row: third.Row, Col: third.Col}, func(p []Piece) bool { return p[3].Row == third.Row && p[3].Col == third.Col }},
		{"match", Goal{Match: vertical}, vertical},
	} {
		for _, wide := range []bool{false, true} {
			sp := NewSpace(c.rows, c.cols, c.pieces, StepMoves, g.goal, false)
			sp.Force(false, wide)
			var goals, others int
			check := func(isGoal bool, codes []uint32) bool {
				p := sp.pieces(codes)
				if want := g.want(p); isGoal != want {
					t.Fatalf("%s, wide %v: IsGoal %v, want %v at%s", g.name, wide, isGoal, want, describe(p))
				}
				if isGoal {
					goals++
				} else {
					others++
				}
				return true
			}
			if wide {
				explore(sp.WideStart(sp.StartCodes()), c.states, func(s Wide, _ []Wide) bool { return check(s.IsGoal(), s.Codes()) })
			} else {
				explore(sp.State64(sp.Pack64(sp.StartCodes())), c.states, func(s State64, _ []State64) bool { return check(s.IsGoal(), s.Codes()) })
			}
			if goals == 0 || others == 0 {
				t.Errorf("%s, wide %v: %d goals and %d other positions", g.name, wide, goals, others)
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
					if d := nn.To.Codes(); arrangement(sp.pieces(d), 0, false) != arrangement(before, 0, false) && sp.groupsChanged(a, d) > 1 {
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

// TestSuccessorsAllocs checks that expanding a position allocates
// nothing, in every metric and form, once the buffers have grown: a
// State64 with room in dst, and a Wide whose moves are interned already.
func TestSuccessorsAllocs(t *testing.T) {
	var c testCase
	for _, k := range readCases(t) {
		if k.name == "klotski_hengdaolima_rotated" {
			c = k
		}
	}
	for _, m := range metrics {
		for _, f := range forms {
			sp := c.space(m)
			sp.Force(f.wideGrid, f.wideKey)
			var allocs float64
			if sp.Kind() == WideStates {
				s := sp.WideStart(sp.StartCodes())
				dst := s.Successors(nil)
				allocs = testing.AllocsPerRun(20, func() { dst = s.Successors(dst[:0]) })
			} else {
				s := sp.State64(sp.Pack64(sp.StartCodes()))
				dst := s.Successors(nil)
				allocs = testing.AllocsPerRun(20, func() { dst = s.Successors(dst[:0]) })
			}
			if allocs != 0 {
				t.Errorf("%v %s: %v allocations per expansion", m, f.name, allocs)
			}
		}
	}
}

// TestWideStops checks that Wide states stop generating moves with their
// guard: at its node limit the arena stores no more keys, and on a done
// context Successors returns early.
func TestWideStops(t *testing.T) {
	pieces := []Piece{{Row: 0, Col: 0, Width: 1, Height: 1, Motion: Both}}
	for i := range 8 {
		pieces = append(pieces, Piece{Row: 2 + i, Col: 2 + i, Width: 1, Height: 1, Motion: Both})
	}
	sp := NewSpace(12, 12, pieces, PieceMoves, Goal{Row: -1, Col: 11}, false)
	if sp.Kind() != WideStates {
		t.Fatal("not a space of Wide states")
	}
	all := len(sp.WideStart(sp.StartCodes()).Successors(nil))

	s := sp.WideStart(sp.StartCodes())
	var g engine.Guard
	g.Start(context.Background(), engine.Limits{MaxNodes: 100})
	s.SetGuard(&g)
	if n := len(s.Successors(nil)); n != 99 || !g.NodesOver {
		t.Errorf("node limit 100: %d of %d moves, NodesOver %v", n, all, g.NodesOver)
	}
	g.End()

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s = sp.WideStart(sp.StartCodes())
	g.Start(ctx, engine.Limits{})
	s.SetGuard(&g)
	if n := len(s.Successors(nil)); n >= all || n < 255 {
		t.Errorf("cancelled: %d of %d moves, want 255 (the guard is polled every 256)", n, all)
	}
	g.End()
}
