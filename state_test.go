package slide

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/slidekit/slide/internal/blocks"
	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/tiles"
)

// sized is a state that reports the bytes it points to: 16 bytes of its
// own, a pointer (never followed) and the size.
type sized struct {
	_    *byte
	size int
}

func (s sized) Size() int { return s.size }

// TestStateBytes checks that a stored state counts its own bytes plus,
// rounded as the allocator rounds them, those its Size method reports,
// for a state of the internal packages through its inner wrapper too.
func TestStateBytes(t *testing.T) {
	u, a, s := uint64(1), [3]int32{}, "not counted"
	z, five, hundred := sized{size: 0}, sized{size: 5}, sized{size: 100}
	for _, c := range []struct {
		name      string
		got, want int64
	}{
		{"uint64", stateBytes(&u), 8},
		{"[3]int32", stateBytes(&a), 12},
		{"string", stateBytes(&s), 16},
		{"Size 0", stateBytes(&z), 16},
		{"Size 5", stateBytes(&five), 16 + 8},
		{"Size 100", stateBytes(&hundred), 16 + engine.AllocSize(100)},
	} {
		if c.got != c.want {
			t.Errorf("stateBytes(%s) = %d, want %d", c.name, c.got, c.want)
		}
	}
	tg, code := encodeFor(t, Goal(5, 5).Twin().Twin(), Goal(5, 5))
	grid := inner[tiles.Grid]{tiles.NewSpace(tg, Manhattan.tiles(), false).GridStart(code)}
	if got, want := stateBytes(&grid), int64(16)+engine.AllocSize(int64(grid.s.Size())); grid.s.Size() == 0 || got < want {
		t.Errorf("a Grid state: %d bytes, want at least %d", got, want)
	}
}

// TestAttachGuard checks that attachGuard hands the guard to a state
// whose space stores states, through the inner wrapper, and leaves the
// others alone, allocating nothing.
func TestAttachGuard(t *testing.T) {
	tg, code := encodeFor(t, Goal(5, 5).Twin().Twin(), Goal(5, 5))
	sp := tiles.NewSpace(tg, Manhattan.tiles(), false)
	node := inner[tiles.Node]{sp.NodeStart(code)}
	var g engine.Guard
	g.Start(t.Context(), engine.Bounds{Nodes: 1})
	defer g.End()
	attachGuard(&node, &g)
	if arcs := node.Successors(nil); !g.NodesOver || len(arcs) == 4 {
		t.Errorf("the node's space did not get the guard: %d moves, NodesOver %v", len(arcs), g.NodesOver)
	}
	var plain uint64
	if allocs := testing.AllocsPerRun(10, func() { attachGuard(&plain, &g) }); allocs != 0 {
		t.Errorf("attachGuard of a plain state: %v allocations", allocs)
	}
}

// step8 is a line 0 -> 1 -> ... -> 299 with uint8 costs of 1: a path cost
// of 299 overflows uint8.
type step8 int

func (n step8) Successors(dst []Arc[step8, uint8]) []Arc[step8, uint8] {
	if n < 299 {
		dst = append(dst, Arc[step8, uint8]{To: n + 1, Cost: 1})
	}
	return dst
}

func (n step8) Heuristic() uint8 { return 0 }
func (n step8) IsGoal() bool     { return n == 299 }

// TestCostOverflow checks that a path cost beyond the range of an integer
// cost type is an error (ErrCost), not a wrong cost: once 43 for 299 moves
// of uint8.
func TestCostOverflow(t *testing.T) {
	ctx := context.Background()
	res, err := (&AStar[step8, uint8]{}).Search(ctx, 0)
	if !errors.Is(err, ErrCost) || !strings.Contains(err.Error(), "overflows uint8") {
		t.Errorf("A*: cost %d, %v", res.Cost, err)
	}
	res, err = (&IDAStar[step8, uint8]{}).Search(ctx, 0)
	if !errors.Is(err, ErrCost) {
		t.Errorf("IDA*: cost %d, %v", res.Cost, err)
	}
	res, err = (&BFS[step8, uint8]{}).Search(ctx, 0)
	if !errors.Is(err, ErrCost) {
		t.Errorf("BFS: cost %d, %v", res.Cost, err)
	}
	res, err = (&BFS[step8, uint8]{}).Bidirectional(ctx, 0, 299)
	if !errors.Is(err, ErrCost) {
		t.Errorf("bidirectional BFS: cost %d, %v", res.Cost, err)
	}
	// Within range all is well: 255 moves.
	bfs := BFS[step8, uint8]{GoalFunc: func(n step8) bool { return n == 255 }}
	if res, err := bfs.Search(ctx, 0); err != nil || res.Cost != 255 {
		t.Errorf("255 moves: cost %d, %v", res.Cost, err)
	}
}

// TestGoalAndHeuristicFuncs runs the engines on a Node with the goal and
// heuristic as fields, checks that a search without a goal test fails
// with ErrOption, and that the fields override a State's methods.
func TestGoalAndHeuristicFuncs(t *testing.T) {
	ctx := context.Background()
	exit := maze{7, 0}
	goal := func(p maze) bool { return p == exit }
	h := func(p maze) int { return max(p.x-exit.x, exit.x-p.x) + max(p.y-exit.y, exit.y-p.y) }
	const want = 21 // round the wall at x = 3 through y = 7
	a := AStar[maze, int]{GoalFunc: goal, HeuristicFunc: h}
	res, err := a.Search(ctx, maze{0, 0})
	if err != nil || res.Cost != want {
		t.Errorf("A*: cost %d, %v", res.Cost, err)
	}
	d := IDAStar[maze, int]{GoalFunc: goal, HeuristicFunc: h}
	if res, err := d.Search(ctx, maze{0, 0}); err != nil || res.Cost != want {
		t.Errorf("IDA*: cost %d, %v", res.Cost, err)
	}
	b := BFS[maze, int]{GoalFunc: goal}
	if res, err := b.Search(ctx, maze{0, 0}); err != nil || res.Cost != want {
		t.Errorf("BFS: cost %d, %v", res.Cost, err)
	}
	if res, err := (&BFS[maze, int]{}).Bidirectional(ctx, maze{0, 0}, exit); err != nil || res.Cost != want {
		t.Errorf("bidirectional BFS: cost %d, %v", res.Cost, err)
	}
	if _, err := b.Bidirectional(ctx, maze{0, 0}, exit); !errors.Is(err, ErrOption) || !strings.Contains(err.Error(), "BFS.GoalFunc") {
		t.Errorf("bidirectional BFS: cost %d, %v", res.Cost, err)
	}
	if _, err := (&AStar[maze, int]{}).Search(ctx, maze{}); !errors.Is(err, ErrOption) || !strings.Contains(err.Error(), "GoalFunc") {
		t.Errorf("A* without a goal: %v", err)
	}
	if _, err := (&IDAStar[maze, int]{}).Search(ctx, maze{}); !errors.Is(err, ErrOption) {
		t.Errorf("IDA* without a goal: %v", err)
	}
	if _, err := (&BFS[maze, int]{}).Search(ctx, maze{}); !errors.Is(err, ErrOption) {
		t.Errorf("BFS without a goal: %v", err)
	}
	// The fields win over a State's methods: step8's goal is 299.
	s := BFS[step8, uint8]{GoalFunc: func(n step8) bool { return n == 3 }}
	if res, err := s.Search(ctx, 0); err != nil || len(res.Path) != 4 {
		t.Errorf("GoalFunc over IsGoal: %v, %v", res.Path, err)
	}
	hs := AStar[line, int]{GoalFunc: func(n line) bool { return n == 3 }, HeuristicFunc: func(line) int { return 0 }}
	if res, err := hs.Search(ctx, 0); err != nil || res.Cost != 3 {
		t.Errorf("HeuristicFunc over Heuristic (whose 1<<30 would prune all): %v, %v", res.Cost, err)
	}
}

// TestInnerSuccessors checks that the wrapper of the internal packages'
// states hands the engines T's successors, in T's order, each of cost 1,
// and allocates nothing once the engine's slice has room, but a Grid's
// key, a string a move.
func TestInnerSuccessors(t *testing.T) {
	tg, code := encodeFor(t, Goal(4, 4).Twin().Twin(), Goal(4, 4))
	packedStart := inner[tiles.Packed]{tiles.NewSpace(tg, Manhattan.tiles(), false).PackedStart(code)}
	checkInner(t, "Packed", packedStart, packedStart.s.Successors(nil), 0)
	tg, code = encodeFor(t, Goal(5, 5).Twin().Twin(), Goal(5, 5))
	gridStart := inner[tiles.Grid]{tiles.NewSpace(tg, Manhattan.tiles(), false).GridStart(code)}
	checkInner(t, "Grid", gridStart, gridStart.s.Successors(nil), 1)
	c := blockCaseNamed(t, "klotski_hengdaolima_rotated")
	sp, err := newBlockSpace("test", c.puzzle, BlockSolver{})
	if err != nil {
		t.Fatal(err)
	}
	blockStart := inner[blocks.State64]{sp.State64(sp.Pack64(sp.StartCodes()))}
	checkInner(t, "State64", blockStart, blockStart.s.Successors(nil), 0)
}

// checkInner checks start's successors against want, T's own, and that
// they take at most perMove allocations a move.
func checkInner[T innerState[T]](t *testing.T, name string, start inner[T], want []T, perMove float64) {
	t.Helper()
	arcs := start.Successors(nil)
	if len(arcs) != len(want) || len(want) == 0 {
		t.Fatalf("%s: %d moves, want %d", name, len(arcs), len(want))
	}
	for i, a := range arcs {
		if a.To.s != want[i] || a.Cost != 1 {
			t.Errorf("%s: move %d to %v of cost %d, want %v of cost 1", name, i, a.To.s, a.Cost, want[i])
		}
	}
	if n := testing.AllocsPerRun(100, func() { arcs = start.Successors(arcs[:0]) }); n > perMove*float64(len(want)) {
		t.Errorf("%s: Successors allocates %v times", name, n)
	}
}
