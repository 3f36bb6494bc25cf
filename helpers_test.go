package slide

import (
	"testing"

	"github.com/slidekit/slide/internal/testsets"
	"github.com/slidekit/slide/internal/tiles"
)

// instance is a line of the instance files: id, optimal length, tiles.
type instance struct {
	id, optimal int
	board       Board
}

// readInstances reads an instance file of rows x cols boards; their goal
// is blank-first, see blankFirstGoal.
func readInstances(t testing.TB, name string, rows, cols int) []instance {
	t.Helper()
	var out []instance
	for _, in := range testsets.Instances(t, name, rows*cols) {
		b, err := New(rows, cols, in.Labels)
		if err != nil {
			t.Fatalf("%s id %d: %v", name, in.ID, err)
		}
		out = append(out, instance{in.ID, in.Optimal, b})
	}
	return out
}

// blankFirstGoal is the goal of the data files: the blank in the first
// cell, tile t in cell t.
// shortEvery returns n under -short and 1 otherwise: the oracle tests
// that walk whole spaces check every n-th board of each layer in the quick
// run, and every board in the full one.
func shortEvery(n int) int {
	if testing.Short() {
		return n
	}
	return 1
}

func blankFirstGoal(rows, cols int) Board {
	b, _ := New(rows, cols, testsets.BlankFirst(rows*cols))
	return b
}

// encodeFor returns the target of goal and start's code against it,
// failing tb on an error.
func encodeFor(tb testing.TB, start, goal Board) (*tiles.Goal, []int32) {
	tb.Helper()
	tg, err := newTarget("test", goal)
	if err != nil {
		tb.Fatal(err)
	}
	code, err := encode("test", tg, start)
	if err != nil {
		tb.Fatal(err)
	}
	return tg, code
}

// packed is the state of a board of at most 16 cells as the generic
// engines search it, and packedKey its Key.
type packed = inner[tiles.Packed]

var packedKey = innerKey(tiles.PackedKey)

// boardOf returns the board of cell values val (see tiles.Space) of sp.
func boardOf(sp *tiles.Space, val func(int) int) Board {
	b, _ := NewLabeled(sp.Rows(), sp.Cols(), sp.Labels(val))
	return b
}

// line is a path of states whose heuristic promises a far goal.
type line int

func (n line) Successors(dst []Arc[line, int]) []Arc[line, int] {
	return append(dst, Arc[line, int]{To: n + 1, Cost: 1})
}

func (n line) Heuristic() int { return 1 << 30 }
func (n line) IsGoal() bool   { return false }

// maze is a Node without goal or heuristic methods: the engines take them
// from GoalFunc and HeuristicFunc.
type maze struct{ x, y int }

func (p maze) Successors(dst []Arc[maze, int]) []Arc[maze, int] {
	for _, d := range [4][2]int{{1, 0}, {0, 1}, {-1, 0}, {0, -1}} {
		q := maze{p.x + d[0], p.y + d[1]}
		if q.x >= 0 && q.y >= 0 && q.x < 8 && q.y < 8 && !(q.x == 3 && q.y < 7) {
			dst = append(dst, Arc[maze, int]{To: q, Cost: 1})
		}
	}
	return dst
}
