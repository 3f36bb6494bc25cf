package tiles

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/testsets"
)

// A tileState is a state of the package as the generic engines search
// it: Packed, Grid or Node.
type tileState[S any] interface {
	comparable
	Successors([]S) []S
	Heuristic() int
	IsGoal() bool
	Blank() int
}

// checkWalk walks n random moves from start, checking each state on the
// way against plain labels: its moves are labelMoves's, in their order
// (for each direction, one tile or, with line moves, every count from
// one up), its blank and goal test agree with its labels, and the
// heuristic it carries is the one computed from scratch.
func checkWalk[S tileState[S]](t *testing.T, name string, sp *Space, goal []int, start S, labels func(S) []int, n int, rng *rand.Rand) {
	t.Helper()
	s := start
	for step := range n {
		board := labels(s)
		if s.Blank() != slices.Index(board, 0) || s.IsGoal() != slices.Equal(board, goal) {
			t.Fatalf("%s, step %d: blank %d, goal %v for %v", name, step, s.Blank(), s.IsGoal(), board)
		}
		code := encodeBoard(t, sp.t, board)
		if h := sp.EstimateCode(code); s.Heuristic() != h {
			t.Fatalf("%s, step %d: carries %d, from scratch %d", name, step, s.Heuristic(), h)
		}
		arcs := s.Successors(nil)
		want := labelMoves(sp.rows, sp.cols, board, sp.line)
		if len(arcs) != len(want) {
			t.Fatalf("%s, step %d: %d moves, want %d", name, step, len(arcs), len(want))
		}
		for i, a := range arcs {
			if got := labels(a); !slices.Equal(got, want[i]) {
				t.Fatalf("%s, step %d: move %d to %v, want %v", name, step, i, got, want[i])
			}
		}
		s = arcs[rng.IntN(len(arcs))]
	}
}

// tileGoals returns goals for the state tests: distinct labels with the
// blank anywhere, and repeated labels.
func tileGoals(rng *rand.Rand, rows, cols int) []goalCase {
	n := rows * cols
	repeated := make([]int, n)
	for i := range repeated {
		repeated[i] = 1 + i%3
	}
	repeated[rng.IntN(n)] = 0
	return []goalCase{
		{"distinct", rows, cols, rng.Perm(n), true},
		{"repeated", rows, cols, repeated, false},
	}
}

// TestGridMovesMatchLabels checks Grid and Node states, boards of more
// than 16 cells (and of more than 255, two bytes a cell), against plain
// labels along random walks, for every heuristic kind, single-tile and
// line moves.
func TestGridMovesMatchLabels(t *testing.T) {
	rng := rand.New(rand.NewPCG(40, 41))
	for _, shape := range [][2]int{{5, 5}, {3, 7}, {16, 17}} {
		for _, c := range tileGoals(rng, shape[0], shape[1]) {
			g := c.goal()
			for _, h := range []Kind{Zero, Hamming, Manhattan, LinearConflict} {
				for _, line := range []bool{false, true} {
					sp := NewSpace(g, Heuristic{Kind: h}, line)
					start := encodeBoard(t, g, testsets.RandomWalk(rng, c.rows, c.cols, c.labels, 0, 40))
					name := c.name
					walk := 60
					if shape[0] > 10 {
						walk = 10
					}
					checkWalk(t, name+" Grid", sp, c.labels, sp.GridStart(start), func(s Grid) []int { return sp.Labels(s.at) }, walk, rng)
					checkWalk(t, name+" Node", sp, c.labels, sp.NodeStart(start), func(s Node) []int { return sp.Labels(s.At) }, walk, rng)
				}
			}
		}
	}
}

// TestGridGoal checks the goal states of Grid and Node: their labels are
// the goal's, they are goals and no other board is, a Grid's key holds a
// byte a cell (two past 255 cells), and a Node's key numbers its board.
func TestGridGoal(t *testing.T) {
	rng := rand.New(rand.NewPCG(42, 43))
	for _, shape := range [][2]int{{5, 5}, {16, 17}} {
		for _, c := range tileGoals(rng, shape[0], shape[1]) {
			g := c.goal()
			sp := NewSpace(g, Heuristic{Kind: Manhattan}, false)
			grid := sp.GridGoal()
			start := sp.NodeStart(encodeBoard(t, g, testsets.RandomWalk(rng, c.rows, c.cols, c.labels, 0, 30)))
			node := sp.NodeGoal()
			if !slices.Equal(sp.Labels(grid.at), c.labels) || !grid.IsGoal() || grid.Blank() != g.BlankGoal {
				t.Errorf("%dx%d %s: GridGoal is %v, goal %v, blank %d", c.rows, c.cols, c.name, sp.Labels(grid.at), grid.IsGoal(), grid.Blank())
			}
			if !slices.Equal(sp.Labels(node.At), c.labels) || !node.IsGoal() || node.Blank() != g.BlankGoal || node.Heuristic() != 0 {
				t.Errorf("%dx%d %s: NodeGoal is %v, goal %v, blank %d, h %d", c.rows, c.cols, c.name, sp.Labels(node.At), node.IsGoal(), node.Blank(), node.Heuristic())
			}
			if start.IsGoal() || NodeKey(start) == NodeKey(node) {
				t.Errorf("%dx%d %s: a start 30 moves away is the goal", c.rows, c.cols, c.name)
			}
			want := c.rows * c.cols
			if want > 255 {
				want *= 2
			}
			if grid.Size() != want {
				t.Errorf("%dx%d: Grid key of %d bytes, want %d", c.rows, c.cols, grid.Size(), want)
			}
		}
	}
}

// TestNodeGuard checks that a Node's arena stops with the engine's guard:
// past the node limit its boards are not stored and Successors returns
// the moves it could store.
func TestNodeGuard(t *testing.T) {
	g := NewGoal(5, 5, testsets.BlankLast(25), true)
	sp := NewSpace(g, Heuristic{Kind: Manhattan}, false)
	labels := testsets.BlankLast(25)
	labels[12], labels[24] = 0, labels[12] // the blank in the middle: four moves
	start := sp.NodeStart(encodeBoard(t, g, labels))
	var guard engine.Guard
	guard.Start(context.Background(), engine.Bounds{Nodes: 4})
	defer guard.End()
	start.SetGuard(&guard)
	if arcs := start.Successors(nil); len(arcs) != 2 || !guard.NodesOver {
		t.Errorf("4 nodes, 2 of them the goal and the start: %d moves, NodesOver %v", len(arcs), guard.NodesOver)
	}
}

// TestNodeAllocs checks that expanding a Node allocates nothing once its
// moves' boards are interned and dst has room, for the heuristics kept
// by deltas and for line moves (linear conflicts from scratch are
// TestNodeAllocsLinearConflict's).
func TestNodeAllocs(t *testing.T) {
	for _, h := range []Kind{Zero, Hamming, Manhattan, LinearConflict} {
		for _, line := range []bool{false, true} {
			if h == LinearConflict && !line {
				continue
			}
			if allocs := nodeAllocs(t, h, line); allocs != 0 {
				t.Errorf("%v, line %v: %v allocations per expansion", h, line, allocs)
			}
		}
	}
}

// TestNodeAllocsLinearConflict checks that expanding a Node under linear
// conflicts by single-tile moves allocates nothing, as grid.go says of
// generating a state.
func TestNodeAllocsLinearConflict(t *testing.T) {
	if allocs := nodeAllocs(t, LinearConflict, false); allocs != 0 {
		t.Errorf("%v allocations per expansion", allocs)
	}
}

// nodeAllocs returns the allocations of expanding a Node of a 5 x 6 board
// under h, once its moves are interned.
func nodeAllocs(t *testing.T, h Kind, line bool) float64 {
	rng := rand.New(rand.NewPCG(58, 59))
	labels := rng.Perm(30)
	g := NewGoal(5, 6, labels, true)
	sp := NewSpace(g, Heuristic{Kind: h}, line)
	s := sp.NodeStart(encodeBoard(t, g, testsets.RandomWalk(rng, 5, 6, labels, 0, 50)))
	dst := s.Successors(nil)
	return testing.AllocsPerRun(20, func() { dst = s.Successors(dst[:0]) })
}
