package slide

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/slidekit/slide/internal/testsets"
	"github.com/slidekit/slide/internal/tiles"
)

func TestNewAndAccessors(t *testing.T) {
	b, err := New(2, 3, []int{1, 2, 3, 4, 0, 5})
	if err != nil {
		t.Fatal(err)
	}
	if b.Rows() != 2 || b.Cols() != 3 || b.Len() != 6 {
		t.Errorf("size: got %d x %d, len %d", b.Rows(), b.Cols(), b.Len())
	}
	if got := b.At(1, 1); got != 0 {
		t.Errorf("At(1,1) = %d, want 0", got)
	}
	if got := b.At(1, 2); got != 5 {
		t.Errorf("At(1,2) = %d, want 5", got)
	}
	for _, rc := range [][2]int{{-1, 0}, {0, -1}, {2, 0}, {0, 3}} {
		if got := b.At(rc[0], rc[1]); got != -1 {
			t.Errorf("At(%d,%d) = %d, want -1", rc[0], rc[1], got)
		}
	}
	if r, c := b.Blank(); r != 1 || c != 1 {
		t.Errorf("Blank() = %d, %d", r, c)
	}
	if !b.IsPermutation() || !b.IsValid() {
		t.Error("IsPermutation or IsValid false")
	}
	if got := b.Hamming(); got != 1 {
		t.Errorf("Hamming = %d, want 1", got)
	}
	if got := b.Manhattan(); got != 1 {
		t.Errorf("Manhattan = %d, want 1", got)
	}
	if b.IsGoal() {
		t.Error("IsGoal true")
	}
	if !Goal(2, 3).IsGoal() {
		t.Error("Goal(2,3).IsGoal false")
	}
	sq := Goal(4, 4)
	if sq.Rows() != 4 || sq.Cols() != 4 {
		t.Errorf("size %d x %d", sq.Rows(), sq.Cols())
	}
}

func TestZeroBoard(t *testing.T) {
	var b Board
	if b.IsValid() || b.Rows() != 0 || b.Len() != 0 || b.At(0, 0) != -1 || b.String() != "" {
		t.Error("zero board is not empty")
	}
	if b.IsGoal() || b.IsSolvable() || b.Hamming() != 0 || b.Manhattan() != 0 {
		t.Error("zero board methods")
	}
	if _, ok := b.Slide(Up, 1); ok {
		t.Error("zero board slides")
	}
	for range b.Neighbors() {
		t.Error("zero board has neighbors")
	}
	if b.Twin() != b {
		t.Error("zero twin")
	}
	if r, c := b.Blank(); r != -1 || c != -1 {
		t.Error("zero blank")
	}
}

func TestNewErrors(t *testing.T) {
	tests := []struct {
		rows, cols int
		tiles      []int
		class      error
		msg        string
	}{
		{0, 3, nil, ErrSize, "at least 1"},
		{3, -1, nil, ErrSize, "at least 1"},
		{1, 1, []int{0}, ErrSize, "at least 2 cells"},
		{256, 256, nil, ErrSize, "more than"},
		{math.MaxInt, math.MaxInt, nil, ErrSize, "more than"},
		{2, 2, []int{1, 2, 0}, ErrSize, "needs 4 tiles, got 3"},
		{2, 2, []int{1, 2, 3, 4}, ErrTile, "out of range"},
		{2, 2, []int{1, 2, 3, 5}, ErrTile, "out of range"},
		{2, 2, []int{1, 2, 2, 0}, ErrTile, "tile 2 appears twice"},
		{2, 2, []int{1, 0, 3, 0}, ErrTile, "two blanks"},
		{2, 2, []int{1, -2, 3, 0}, ErrTile, "negative"},
	}
	for _, tt := range tests {
		_, err := New(tt.rows, tt.cols, tt.tiles)
		if !errors.Is(err, tt.class) || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("New(%d, %d, %v) = %v, want %v containing %q", tt.rows, tt.cols, tt.tiles, err, tt.class, tt.msg)
		}
		var e *Error
		if !errors.As(err, &e) || e.Func != "New" {
			t.Errorf("New error %v is not an *Error from New", err)
		}
	}
}

func TestNewLabeled(t *testing.T) {
	b, err := NewLabeled(2, 2, []int{7, 7, 0, 3})
	if err != nil {
		t.Fatal(err)
	}
	if b.IsPermutation() {
		t.Error("repeated labels reported as permutation")
	}
	want := MustParseBoard("2\n3 7\n7 0\n")
	if got := b.StandardGoal(); got != want {
		t.Errorf("StandardGoal = %v, want %v", got, want)
	}
	if _, err := NewLabeled(2, 2, []int{1, 2, 3, 1}); !errors.Is(err, ErrTile) || !strings.Contains(err.Error(), "no blank") {
		t.Errorf("no blank: %v", err)
	}
	if _, err := NewLabeled(2, 2, []int{1, MaxLabel + 1, 0, 3}); !errors.Is(err, ErrTile) {
		t.Errorf("label above MaxLabel: %v", err)
	}
	p, _ := NewLabeled(2, 2, []int{3, 1, 2, 0})
	q, _ := New(2, 2, []int{3, 1, 2, 0})
	if p != q || !p.IsPermutation() {
		t.Error("NewLabeled of a permutation differs from New")
	}
}

func TestSlideAndNeighbors(t *testing.T) {
	b := MustParseBoard("3\n1 2 3\n4 0 5\n6 7 8\n")
	var got []string
	for nb := range b.Neighbors() {
		got = append(got, strings.ReplaceAll(nb.String()[2:], "\n", "/"))
	}
	want := []string{
		"1 2 3/4 7 5/6 0 8/", // up: the 7 below moves up
		"1 0 3/4 2 5/6 7 8/", // down
		"1 2 3/4 5 0/6 7 8/", // left
		"1 2 3/0 4 5/6 7 8/", // right
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Neighbors (-want +got):\n%s", diff)
	}
	corner := Goal(3, 3)
	n := 0
	for range corner.Neighbors() {
		n++
	}
	if n != 2 {
		t.Errorf("corner has %d neighbors", n)
	}
	row := MustParseBoard("1 4\n0 1 2 3\n")
	line, ok := row.Slide(Left, 3)
	if !ok || line != MustParseBoard("1 4\n1 2 3 0\n") {
		t.Errorf("Slide(Left, 3) = %v, %v", line, ok)
	}
	if _, ok := row.Slide(Left, 4); ok {
		t.Error("Slide past the edge")
	}
	if _, ok := row.Slide(Direction(9), 1); ok {
		t.Error("bad direction slides")
	}
	count := 0
	for range MustParseBoard("3\n1 2 3\n4 5 6\n7 8 0\n").LineNeighbors() {
		count++
	}
	if count != 4 {
		t.Errorf("corner of 3x3 has %d line neighbors, want 4", count)
	}
	for nb := range b.Neighbors() { // stop early
		_ = nb
		break
	}
	if got := Direction(7).String(); got != "Direction(7)" {
		t.Error(got)
	}
	for d := Up; d <= Right; d++ {
		next, _ := b.Slide(d, 1)
		back, _ := next.Slide(d.Opposite(), 1)
		if back != b {
			t.Errorf("%v then %v does not return", d, d.Opposite())
		}
	}
}

func TestTwin(t *testing.T) {
	b := MustParseBoard("2\n0 1\n2 3\n")
	if got, want := b.Twin(), MustParseBoard("2\n0 2\n1 3\n"); got != want {
		t.Errorf("Twin = %v, want %v", got, want)
	}
	if b.IsSolvable() == b.Twin().IsSolvable() {
		t.Error("twin in the same class")
	}
	one := Goal(1, 2)
	if one.Twin() != one {
		t.Error("1x2 twin")
	}
	lab := MustParseBoard("2\n5 5\n0 6\n")
	if got, want := lab.Twin(), MustParseBoard("2\n6 5\n0 5\n"); got != want {
		t.Errorf("labeled Twin = %v, want %v", got, want)
	}
}

// Helpers that the tests of this package share: boards and instances.

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

// blankFirstGoal is the goal of the data files: the blank in the first
// cell, tile t in cell t.
func blankFirstGoal(rows, cols int) Board {
	b, _ := New(rows, cols, testsets.BlankFirst(rows*cols))
	return b
}

// shortEvery returns n in the quick form of the tests and 1 in the long
// one (testsets.Long): the oracle tests that walk whole spaces check every
// n-th board of each layer in the quick run, and every board in the full
// one.
func shortEvery(n int) int {
	if !testsets.Long() {
		return n
	}
	return 1
}

// randomBoard returns a random board of rows x cols, the standard goal
// reachable from it or not.
func randomBoard(rng *rand.Rand, rows, cols int) Board {
	tiles := rng.Perm(rows * cols)
	b, _ := New(rows, cols, tiles)
	return b
}

// randomSolvable returns a random board of rows x cols that can reach the
// standard goal.
func randomSolvable(rng *rand.Rand, rows, cols int) Board {
	for {
		b, _ := New(rows, cols, rng.Perm(rows*cols))
		if ok, _ := Solvable(b, Goal(rows, cols)); ok {
			return b
		}
	}
}

// randomReaching returns a board drawn uniformly from those that reach goal.
func randomReaching(rng *rand.Rand, goal Board) Board {
	b, err := RandomBoard(goal, rng)
	if err != nil {
		panic(err)
	}
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

// reachable returns every board reachable from b by single-tile moves: the
// oracle the parity rule and RandomBoard are checked against.
func reachable(b Board) map[Board]bool {
	seen := map[Board]bool{b: true}
	queue := []Board{b}
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		for nb := range cur.Neighbors() {
			if !seen[nb] {
				seen[nb] = true
				queue = append(queue, nb)
			}
		}
	}
	return seen
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

// useTempCache points the pattern-database cache at a fresh directory for
// the rest of the test (os.UserCacheDir honours XDG_CACHE_HOME).
func useTempCache(t *testing.T) string {
	dir := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", dir)
	return dir
}

// second returns the error of a call that returns a value and an error.
func second[A any](_ A, err error) error { return err }

// sum returns the sum of counts.
func sum(counts []int64) int64 {
	var n int64
	for _, c := range counts {
		n += c
	}
	return n
}
