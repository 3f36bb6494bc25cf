package blocks

import (
	"context"
	"testing"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/testsets"
)

// TestStatesMatchData checks the generic path (State64 and Wide states,
// as the root package's BFS searches them) against the optima and the
// counts of positions of testdata/blocks, in every metric, on the
// puzzles of at most 40,000 positions (20,000 for Wide states, 5,000 in
// the quick form, see testsets.Long): each kind of state reaches a goal at the recorded distance
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
			if c.states > 20000 || c.states > 5000 && !testsets.Long() {
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
	g.Start(context.Background(), engine.Bounds{Nodes: 100})
	s.SetGuard(&g)
	if n := len(s.Successors(nil)); n != 99 || !g.NodesOver {
		t.Errorf("node limit 100: %d of %d moves, NodesOver %v", n, all, g.NodesOver)
	}
	g.End()

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s = sp.WideStart(sp.StartCodes())
	g.Start(ctx, engine.Bounds{})
	s.SetGuard(&g)
	if n := len(s.Successors(nil)); n >= all || n < 255 {
		t.Errorf("cancelled: %d of %d moves, want 255 (the guard is polled every 256)", n, all)
	}
	g.End()
}
