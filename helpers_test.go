package slide

import (
	"context"
	"math/rand/v2"
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

// layersFrom returns every board that can reach goal, by distance, from
// the generic BFS engine.
func layersFrom(t testing.TB, goal Board) [][]Board {
	t.Helper()
	tg, err := newTarget("test", goal)
	if err != nil {
		t.Fatal(err)
	}
	code, _ := encode("test", tg, goal)
	sp := tiles.NewSpace(tg, Zero.tiles(), false)
	bfs := BFS[packed, int]{Key: packedKey}
	var out [][]Board
	for _, layer := range bfs.Layers(context.Background(), packed{sp.PackedStart(code)}) {
		boards := make([]Board, len(layer))
		for i, s := range layer {
			boards[i] = boardOf(sp, s.s.At)
		}
		out = append(out, boards)
	}
	if err := bfs.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// checkSolution verifies that sol is a legal path from start to goal of
// the expected length.
func checkSolution(t testing.TB, sol Solution, start, goal Board, want int) {
	t.Helper()
	if sol.Len() != want {
		t.Fatalf("%v %v: %d moves, want %d\n%v", sol.Engine, sol.Heuristic, sol.Len(), want, start)
	}
	if !sol.Optimal || sol.LowerBound != want {
		t.Fatalf("optimal solution labelled Optimal=%v, LowerBound=%d", sol.Optimal, sol.LowerBound)
	}
	if len(sol.Boards) != want+1 || sol.Boards[0] != start || sol.Boards[want] != goal {
		t.Fatalf("solution does not run from start to goal")
	}
	for i, m := range sol.Moves {
		next, ok := sol.Boards[i].Slide(m.Dir, m.Tiles)
		if !ok || next != sol.Boards[i+1] {
			t.Fatalf("move %d (%v) does not lead to the next board", i, m)
		}
	}
}

func randomBoard(rng *rand.Rand, rows, cols int) Board {
	tiles := rng.Perm(rows * cols)
	b, _ := New(rows, cols, tiles)
	return b
}

// randomWalk makes n random moves from b, never undoing the last.
func randomWalk(rng *rand.Rand, b Board, n int) Board {
	w, err := RandomWalk(b, n, rng)
	if err != nil {
		panic(err)
	}
	return w
}

// korfInstance returns Korf's 15-puzzle instance id.
func korfInstance(t *testing.T, id int) instance {
	t.Helper()
	for _, in := range readInstances(t, "korf100.txt", 4, 4) {
		if in.id == id {
			return in
		}
	}
	t.Fatalf("no instance %d", id)
	return instance{}
}

// useTempCache points the pattern-database cache at a fresh directory for
// the rest of the test (os.UserCacheDir honours XDG_CACHE_HOME).
func useTempCache(t *testing.T) string {
	dir := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", dir)
	return dir
}

func second[A any](_ A, err error) error { return err }

// randomReaching returns a board drawn uniformly from those that reach goal.
func randomReaching(rng *rand.Rand, goal Board) Board {
	b, err := RandomBoard(goal, rng)
	if err != nil {
		panic(err)
	}
	return b
}
