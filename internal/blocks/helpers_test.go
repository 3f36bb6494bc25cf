package blocks

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/slidekit/slide/internal/testsets"
)

// Helpers shared by the tests of this package: the puzzles of
// testdata/blocks, a reference move generator that works on plain piece
// lists, and a breadth-first search over any of the package's states.

// A testCase is a puzzle of testdata/blocks: its grid, its pieces, and
// what its "# expect:" line says: the positions reachable with identical
// pieces merged, and the optimum in each metric (-1 for none).
type testCase struct {
	name                  string
	rows, cols            int
	pieces                []Piece
	states                int
	straight, piece, step int
}

// optimum returns the case's optimum under metric m.
func (c testCase) optimum(m Metric) int {
	return [...]int{StraightMoves: c.straight, StepMoves: c.step, PieceMoves: c.piece}[m]
}

// goal returns the goal the optima are for: the goal piece's right edge
// on the last column, in any row; on Klotski's 5 x 4 board with a 2 x 2
// goal piece, the classic square at the bottom middle (row 4, column 2,
// from 1), as the root package's BlockGoal has it.
func (c testCase) goal() Goal {
	p := c.pieces[0]
	if c.rows == 5 && c.cols == 4 && p.Width == 2 && p.Height == 2 {
		return Goal{Row: 3, Col: 1}
	}
	return Goal{Row: -1, Col: c.cols - p.Width}
}

// space returns the space of the case under m for its goal.
func (c testCase) space(m Metric) *Space {
	return NewSpace(c.rows, c.cols, c.pieces, m, c.goal(), false)
}

// metrics are the three metrics, for tables.
var metrics = []Metric{StraightMoves, StepMoves, PieceMoves}

// readCases reads the puzzles of testdata/blocks: a line "rows
// cols", then a piece a line, "row col width height motion" (1-based row
// and column; motion one of n h v b), the goal piece first; # comments.
func readCases(t testing.TB) []testCase {
	t.Helper()
	files, err := filepath.Glob(testsets.Path("blocks/*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no puzzles in testdata/blocks: %v", err)
	}
	var cases []testCase
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		c := testCase{name: strings.TrimSuffix(filepath.Base(f), ".txt"), states: -1, straight: -2, piece: -2, step: -2}
		for _, line := range strings.Split(string(data), "\n") {
			if rest, ok := strings.CutPrefix(line, "# expect:"); ok {
				for _, kv := range strings.Fields(rest) {
					k, v, _ := strings.Cut(kv, "=")
					n, err := strconv.Atoi(v)
					if v == "none" {
						n, err = -1, nil
					}
					if err != nil {
						t.Fatalf("%s: %q: %v", f, kv, err)
					}
					switch k {
					case "states":
						c.states = n
					case "straight":
						c.straight = n
					case "piece":
						c.piece = n
					case "step":
						c.step = n
					}
				}
			}
			fields := strings.Fields(line)
			if len(fields) == 0 || strings.HasPrefix(fields[0], "#") {
				continue
			}
			nums := make([]int, 4)
			for i := range min(len(fields), 4) {
				if nums[i], err = strconv.Atoi(fields[i]); err != nil {
					t.Fatalf("%s: %q: %v", f, line, err)
				}
			}
			if c.rows == 0 {
				c.rows, c.cols = nums[0], nums[1]
				continue
			}
			if len(fields) != 5 || !strings.Contains("nhvb", fields[4]) {
				t.Fatalf("%s: %q is not a piece", f, line)
			}
			c.pieces = append(c.pieces, Piece{Row: nums[0] - 1, Col: nums[1] - 1, Width: nums[2], Height: nums[3], Motion: Motion(strings.Index("nhvb", fields[4]))})
		}
		if c.states < 0 || c.straight < -1 || c.piece < -1 || c.step < -1 {
			t.Fatalf("%s: no complete # expect: line", f)
		}
		cases = append(cases, c)
	}
	return cases
}

// layers returns the keys of the positions reachable from the key start,
// by distance, found by the general move generation (generate and key64).
func layers(sp *Space, start uint64) [][]uint64 {
	seen := map[uint64]bool{start: true}
	var out [][]uint64
	for layer := []uint64{start}; len(layer) > 0; {
		out = append(out, layer)
		var next []uint64
		for _, key := range layer {
			sp.words[0] = key
			sp.decode()
			for _, m := range sp.generate() {
				if k := sp.key64(key, m); !seen[k] {
					seen[k] = true
					next = append(next, k)
				}
			}
		}
		layer = next
	}
	return out
}

// refMoves returns the positions one move from pieces on a rows x cols
// grid under metric m, worked out on a grid of cells without the
// package's keys and bitboards: each movable piece, lifted off the grid,
// slides in the directions its motion allows (left and right for
// Horizontal, up and down for Vertical) through free cells, one cell
// (StepMoves), or any distance (StraightMoves), or goes wherever a path
// of such steps takes it (PieceMoves).
func refMoves(rows, cols int, pieces []Piece, m Metric) [][]Piece {
	occ := make([]int, rows*cols) // pieces on each cell
	mark := func(p Piece, d int) {
		for r := p.Row; r < p.Row+p.Height; r++ {
			for c := p.Col; c < p.Col+p.Width; c++ {
				occ[r*cols+c] += d
			}
		}
	}
	for _, p := range pieces {
		mark(p, 1)
	}
	free := func(p Piece, r, c int) bool {
		if r < 0 || c < 0 || r+p.Height > rows || c+p.Width > cols {
			return false
		}
		for y := r; y < r+p.Height; y++ {
			for x := c; x < c+p.Width; x++ {
				if occ[y*cols+x] != 0 {
					return false
				}
			}
		}
		return true
	}
	var out [][]Piece
	add := func(i, r, c int) {
		q := slices.Clone(pieces)
		q[i].Row, q[i].Col = r, c
		out = append(out, q)
	}
	for i, p := range pieces {
		var dirs [][2]int
		if p.Motion == Vertical || p.Motion == Both {
			dirs = append(dirs, [2]int{-1, 0}, [2]int{1, 0})
		}
		if p.Motion == Horizontal || p.Motion == Both {
			dirs = append(dirs, [2]int{0, -1}, [2]int{0, 1})
		}
		if len(dirs) == 0 {
			continue
		}
		mark(p, -1)
		if m == PieceMoves {
			seen := map[[2]int]bool{{p.Row, p.Col}: true}
			for queue := [][2]int{{p.Row, p.Col}}; len(queue) > 0; queue = queue[1:] {
				for _, d := range dirs {
					r, c := queue[0][0]+d[0], queue[0][1]+d[1]
					if !seen[[2]int{r, c}] && free(p, r, c) {
						seen[[2]int{r, c}] = true
						queue = append(queue, [2]int{r, c})
						add(i, r, c)
					}
				}
			}
		} else {
			for _, d := range dirs {
				for k := 1; free(p, p.Row+k*d[0], p.Col+k*d[1]); k++ {
					add(i, p.Row+k*d[0], p.Col+k*d[1])
					if m == StepMoves {
						break
					}
				}
			}
		}
		mark(p, 1)
	}
	return out
}

// arrangement returns a name of the position of pieces that identical
// pieces share: each piece by its size, motion and place, in sorted
// order, and for the pieces that are their own (the goal piece, the one
// at index own, every piece if distinct) by their number too.
func arrangement(pieces []Piece, own int, distinct bool) string {
	parts := make([]string, len(pieces))
	for i, p := range pieces {
		id := 0
		if distinct || i == 0 || i == own {
			id = i + 1
		}
		parts[i] = string([]byte{byte(id), byte(p.Width), byte(p.Height), byte(p.Motion), byte(p.Row), byte(p.Col)})
	}
	slices.Sort(parts)
	return strings.Join(parts, "")
}

// describe writes the pieces for people: each one's size, motion and
// upper-left cell.
func describe(pieces []Piece) string {
	var b strings.Builder
	for _, p := range pieces {
		fmt.Fprintf(&b, " %dx%d%c@%d,%d", p.Width, p.Height, "nhvb"[p.Motion], p.Row, p.Col)
	}
	return b.String()
}

// A blockState is State64 or Wide, as the tests search them.
type blockState[S any] interface {
	comparable
	Successors([]S) []S
	IsGoal() bool
	Codes() []uint32
}

// explore searches breadth-first from start, calling visit (if not nil)
// with every position it expands, at most most of them, and their
// successors, until visit returns false; it returns the depth of the
// first goal it meets (-1 if none) and the number of positions it saw.
func explore[S blockState[S]](start S, most int, visit func(s S, next []S) bool) (goal, seen int) {
	dist := map[S]int{start: 0}
	goal = -1
	var arcs []S
	next := []S{}
	for queue, expanded := []S{start}, 0; len(queue) > 0 && expanded < most; queue, expanded = queue[1:], expanded+1 {
		s := queue[0]
		if goal < 0 && s.IsGoal() {
			goal = dist[s]
		}
		arcs = s.Successors(arcs[:0])
		next = next[:0]
		for _, a := range arcs {
			next = append(next, a)
			if _, ok := dist[a]; !ok {
				dist[a] = dist[s] + 1
				queue = append(queue, a)
			}
		}
		if visit != nil && !visit(s, next) {
			break
		}
	}
	return goal, len(dist)
}

// exploreCodes is explore for a visit that takes the fields of each
// position expanded and of its successors.
func exploreCodes[S blockState[S]](start S, most int, visit func(codes []uint32, next [][]uint32) bool) {
	explore(start, most, func(s S, next []S) bool {
		codes := make([][]uint32, len(next))
		for i, n := range next {
			codes[i] = n.Codes()
		}
		return visit(s.Codes(), codes)
	})
}
