package slide

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/slidekit/slide/internal/testsets"
	"github.com/slidekit/slide/internal/tiles"
)

// Helpers shared by the tests of this package.

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

// specSample is the 4 x 4 puzzle of the format's description, whose
// printed solution takes 6 moves; 5 is the optimum.
const specSample = `4  4
3  1  2  1  b
1  1  1  1  b
1  2  1  1  b
2  1  1  1  b
2  3  2  1  b
3  3  1  2  b
4  1  2  1  b
4  4  1  1  b
`

// blockCase is a puzzle of testdata/blocks with the optima and the
// reachable-state count of its "# expect:" line; -1 stands for none.
type blockCase struct {
	name     string
	text     string
	puzzle   Blocks
	optimum  [numBlockMetrics]int
	states   int64
	distinct int64 // states with identical pieces told apart, if given
}

// readBlockCases reads every puzzle of testdata/blocks.
func readBlockCases(t testing.TB) []blockCase {
	t.Helper()
	files, err := filepath.Glob("testdata/blocks/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no puzzles in testdata/blocks: %v", err)
	}
	var cases []blockCase
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		c := blockCase{name: strings.TrimSuffix(filepath.Base(f), ".txt"), text: string(data), distinct: -1}
		if c.puzzle, err = ParseBlocks(c.text); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		expect := ""
		for _, line := range strings.Split(c.text, "\n") {
			if rest, ok := strings.CutPrefix(line, "# expect:"); ok {
				expect = rest
			}
		}
		if expect == "" {
			t.Fatalf("%s: no # expect: line", f)
		}
		for _, kv := range strings.Fields(expect) {
			k, v, _ := strings.Cut(kv, "=")
			n := -1
			if v != "none" {
				if n, err = strconv.Atoi(v); err != nil {
					t.Fatalf("%s: %q: %v", f, kv, err)
				}
			}
			switch k {
			case "states":
				c.states = int64(n)
			case "states_distinct":
				c.distinct = int64(n)
			default:
				m, err := ParseBlockMetric(k)
				if err != nil {
					t.Fatalf("%s: %q: %v", f, kv, err)
				}
				c.optimum[m] = n
			}
		}
		cases = append(cases, c)
	}
	return cases
}

// blockCaseNamed returns the puzzle of testdata/blocks/name.txt.
func blockCaseNamed(tb testing.TB, name string) blockCase {
	tb.Helper()
	for _, c := range readBlockCases(tb) {
		if c.name == name {
			return c
		}
	}
	tb.Fatalf("no puzzle %s in testdata/blocks", name)
	return blockCase{}
}

// rushString returns the Rush Hour string in the header of a puzzle of
// testdata/blocks, or "" if it has none.
func rushString(text string) string {
	for _, line := range strings.Split(text, "\n") {
		if rest, ok := strings.CutPrefix(line, "# source: Fogleman board string: "); ok {
			return strings.Fields(rest)[0]
		}
	}
	return ""
}

// replayBlocks checks sol move by move on a grid of its own: each slide
// allowed by the piece's motion, through free cells inside the grid, to
// the next position of the solution, and the last position a goal.
func replayBlocks(t *testing.T, start Blocks, goal BlockGoal, sol BlockSolution) {
	t.Helper()
	if len(sol.Positions) != sol.Len()+1 || sol.Positions[0] != start {
		t.Fatalf("%d positions for %d moves, or not from the start", len(sol.Positions), sol.Len())
	}
	rows, cols := start.Rows(), start.Cols()
	pieces := start.Pieces()
	grid := make([]int, rows*cols)
	draw := func(i, v int) {
		p := pieces[i]
		for r := p.Row; r < p.Row+p.Height; r++ {
			for c := p.Col; c < p.Col+p.Width; c++ {
				grid[r*cols+c] = v
			}
		}
	}
	for i := range pieces {
		draw(i, i+1)
	}
	for k, m := range sol.Moves {
		if m.Piece < 0 || m.Piece >= len(pieces) || len(m.Slides) == 0 {
			t.Fatalf("move %d: %+v", k+1, m)
		}
		if sol.Metric != PieceMoves && len(m.Slides) != 1 || sol.Metric == StepMoves && m.Slides[0].Cells != 1 {
			t.Fatalf("move %d (%v) is not one %v move", k+1, m, sol.Metric)
		}
		for _, s := range m.Slides {
			mo := pieces[m.Piece].Motion
			if mo == Fixed || (s.Dir == Up || s.Dir == Down) && mo == Horizontal || (s.Dir == Left || s.Dir == Right) && mo == Vertical || s.Cells < 1 {
				t.Fatalf("move %d (%v): a %v piece cannot slide %v", k+1, m, mo, s)
			}
			step := map[Direction][2]int{Up: {-1, 0}, Down: {1, 0}, Left: {0, -1}, Right: {0, 1}}[s.Dir]
			for range s.Cells {
				draw(m.Piece, 0)
				pieces[m.Piece].Row += step[0]
				pieces[m.Piece].Col += step[1]
				p := pieces[m.Piece]
				if p.Row < 0 || p.Col < 0 || p.Row+p.Height > rows || p.Col+p.Width > cols {
					t.Fatalf("move %d (%v) leaves the grid", k+1, m)
				}
				for r := p.Row; r < p.Row+p.Height; r++ {
					for c := p.Col; c < p.Col+p.Width; c++ {
						if grid[r*cols+c] != 0 {
							t.Fatalf("move %d (%v) runs into piece %d", k+1, m, grid[r*cols+c]-1)
						}
					}
				}
				draw(m.Piece, m.Piece+1)
			}
		}
		want, _ := NewBlocks(rows, cols, pieces)
		if sol.Positions[k+1] != want {
			t.Fatalf("move %d (%v) leads to\n%v, the solution has\n%v", k+1, m, want.Grid(), sol.Positions[k+1].Grid())
		}
	}
	if !goal.Reached(sol.Positions[sol.Len()]) {
		t.Fatalf("the last position is not a goal:\n%v", sol.Positions[sol.Len()].Grid())
	}
}

// randomBlocks returns a rows x cols puzzle of up to pieces pieces placed
// at random: a goal piece in the first column that may move left and
// right, and others of common shapes (identical ones are frequent) and of
// motions drawn from motions.
func randomBlocks(rng *rand.Rand, rows, cols, pieces int, motions []Motion) Blocks {
	shapes := [][2]int{{1, 1}, {1, 1}, {1, 1}, {2, 1}, {1, 2}, {2, 2}, {3, 1}}
	goal := Piece{Width: 1 + rng.IntN(min(2, cols-1)), Height: 1 + rng.IntN(min(2, rows)), Motion: []Motion{Both, Horizontal}[rng.IntN(2)]}
	goal.Row = rng.IntN(rows - goal.Height + 1)
	ps := []Piece{goal}
	for range 20 * pieces {
		if len(ps) == pieces {
			break
		}
		wh := shapes[rng.IntN(len(shapes))]
		p := Piece{Width: wh[0], Height: wh[1], Motion: motions[rng.IntN(len(motions))]}
		if p.Width > cols || p.Height > rows {
			continue
		}
		p.Row, p.Col = rng.IntN(rows-p.Height+1), rng.IntN(cols-p.Width+1)
		if _, err := NewBlocks(rows, cols, append(ps, p)); err == nil {
			ps = append(ps, p)
		}
	}
	b, err := NewBlocks(rows, cols, ps)
	if err != nil {
		panic(err)
	}
	return b
}

// sum returns the sum of counts.
func sum(counts []int64) int64 {
	var n int64
	for _, c := range counts {
		n += c
	}
	return n
}
