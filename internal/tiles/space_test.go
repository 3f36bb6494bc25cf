package tiles

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"sync"
	"testing"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/pdb"
	"github.com/slidekit/slide/internal/pdbcache"
	"github.com/slidekit/slide/internal/testsets"
)

// TestDeltasMatchEstimates walks random paths and checks that the
// heuristic values the states carry, kept by deltas, equal values computed
// from scratch, for every heuristic and board kind (Packed up to 16
// cells; Grid and Node beyond).
func TestDeltasMatchEstimates(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	for _, shape := range [][2]int{{3, 3}, {4, 4}, {2, 5}, {5, 3}, {5, 5}, {2, 8}, {4, 5}} {
		rows, cols := shape[0], shape[1]
		goal := rng.Perm(rows * cols)
		tg := NewGoal(rows, cols, goal, true)
		for _, h := range []Kind{Zero, Hamming, Manhattan, LinearConflict} {
			sp := NewSpace(tg, Heuristic{Kind: h}, false)
			code := encodeBoard(t, tg, goal)
			check := func(carried int, val func(int) int) {
				t.Helper()
				if want := tg.Estimate(h, decode(sp, val)); carried != want {
					t.Fatalf("%dx%d %v: carried %d, from scratch %d", rows, cols, h, carried, want)
				}
			}
			if sp.n <= 16 {
				s := sp.PackedStart(code)
				for range 300 {
					arcs := s.Successors(nil)
					s = arcs[rng.IntN(len(arcs))]
					check(s.Heuristic(), s.At)
				}
				continue
			}
			s := sp.GridStart(code)
			for range 300 {
				arcs := s.Successors(nil)
				s = arcs[rng.IntN(len(arcs))]
				check(s.Heuristic(), s.at)
			}
			n := sp.NodeStart(code)
			for range 300 {
				arcs := n.Successors(nil)
				n = arcs[rng.IntN(len(arcs))]
				check(n.Heuristic(), n.At)
			}
		}
	}
}

// decode turns cell values back into codes.
func decode(sp *Space, val func(int) int) []int32 {
	code := make([]int32, sp.n)
	for i := range code {
		if v := val(i); v == sp.blankVal {
			code[i] = BlankCode
		} else {
			code[i] = int32(v)
		}
	}
	return code
}

// TestNewCellGoal checks that NewCellGoal builds the Goal NewGoal builds
// from the labels 1, 2, ... in row-major order around the blank, and that
// its codes are goal cells: a tile's code is the cell its label has in
// the goal.
func TestNewCellGoal(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	for _, shape := range [][2]int{{1, 2}, {2, 2}, {3, 3}, {2, 5}, {4, 4}, {5, 4}} {
		rows, cols := shape[0], shape[1]
		n := rows * cols
		for blank := range n {
			labels := make([]int, n)
			next := 1
			for c := range labels {
				if c != blank {
					labels[c] = next
					next++
				}
			}
			got, want := NewCellGoal(rows, cols, blank), NewGoal(rows, cols, labels, true)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%dx%d, blank on %d: NewCellGoal %+v, NewGoal %+v", rows, cols, blank, got, want)
			}
			if got.BlankGoal != blank || !got.Distinct {
				t.Fatalf("%dx%d, blank on %d: BlankGoal %d, Distinct %v", rows, cols, blank, got.BlankGoal, got.Distinct)
			}
			board := slices.Clone(labels)
			rng.Shuffle(n, func(i, j int) { board[i], board[j] = board[j], board[i] })
			code := encodeBoard(t, got, board)
			for i, c := range code {
				if board[i] == 0 {
					if c != BlankCode {
						t.Fatalf("blank coded %d", c)
					}
					continue
				}
				if int(c) != slices.Index(labels, board[i]) {
					t.Fatalf("%dx%d, blank on %d: tile %d coded %d, its goal cell is %d",
						rows, cols, blank, board[i], c, slices.Index(labels, board[i]))
				}
				if got.Label(c) != board[i] {
					t.Fatalf("Label(%d) = %d, want %d", c, got.Label(c), board[i])
				}
			}
		}
	}
}

// TestDirs pins the values of the directions, which are the root
// package's Direction values, and the cell each takes its tile from.
func TestDirs(t *testing.T) {
	want := []struct {
		d      Dir
		dr, dc int
	}{{Up, 1, 0}, {Down, -1, 0}, {Left, 0, 1}, {Right, 0, -1}}
	for i, w := range want {
		if int(w.d) != i {
			t.Errorf("direction %d has value %d", i, w.d)
		}
		if dr, dc := w.d.Source(); dr != w.dr || dc != w.dc {
			t.Errorf("Dir(%d).Source() = %d, %d; want %d, %d", w.d, dr, dc, w.dr, w.dc)
		}
	}
}

// TestPackedMovesMatchLabels checks Packed states, boards of up to 16
// cells, against plain labels along random walks, for every heuristic
// kind, single-tile and line moves, distinct and repeated labels; and
// that blankOf finds the blank in every key met.
func TestPackedMovesMatchLabels(t *testing.T) {
	rng := rand.New(rand.NewPCG(44, 45))
	for _, shape := range [][2]int{{3, 3}, {4, 4}, {2, 5}, {2, 3}, {5, 3}, {2, 8}} {
		for _, c := range tileGoals(rng, shape[0], shape[1]) {
			g := c.goal()
			for _, h := range []Kind{Zero, Hamming, Manhattan, LinearConflict} {
				for _, line := range []bool{false, true} {
					sp := NewSpace(g, Heuristic{Kind: h}, line)
					start := sp.PackedStart(encodeBoard(t, g, testsets.RandomWalk(rng, c.rows, c.cols, c.labels, 0, 40)))
					checkWalk(t, c.name, sp, c.labels, start, func(s Packed) []int {
						if b := sp.blankOf(PackedKey(s)); b != s.Blank() {
							t.Fatalf("%s: blankOf %d, the blank is on %d", c.name, b, s.Blank())
						}
						return sp.Labels(s.At)
					}, 60, rng)
				}
			}
			sp := NewSpace(g, Heuristic{Kind: Manhattan}, false)
			goal := sp.PackedGoal()
			if !goal.IsGoal() || !slices.Equal(sp.Labels(goal.At), c.labels) || goal.Blank() != g.BlankGoal || sp.Rows() != c.rows || sp.Cols() != c.cols {
				t.Errorf("%dx%d %s: PackedGoal is %v, goal %v, blank %d", c.rows, c.cols, c.name, sp.Labels(goal.At), goal.IsGoal(), goal.Blank())
			}
		}
	}
}

// TestAttach checks the heuristics that need tables: they refuse
// repeated labels with an Option error; walking distance, alone or maxed
// with Manhattan distance, and a pattern database built for the board are
// admissible on a quarter of the boards of 3 x 3 that reach the goal
// (blank in the middle), at least Manhattan distance where they include
// it, and what the states carry.
func TestAttach(t *testing.T) {
	ctx := context.Background()
	repeated := NewGoal(3, 3, []int{1, 1, 2, 2, 0, 3, 3, 4, 4}, false)
	for _, h := range []Heuristic{{Kind: WalkingDistance, Name: "wd"}, {Kind: Database, Name: "pdb"}} {
		if err := NewSpace(repeated, h, false).Attach(ctx, false); !engine.Is(err, engine.Option) {
			t.Errorf("%s with repeated labels: %v, want an Option error", h.Name, err)
		}
	}
	if err := NewSpace(repeated, Heuristic{Kind: Manhattan}, false).Attach(ctx, false); err != nil {
		t.Errorf("Manhattan needs no tables: %v", err)
	}
	labels := []int{1, 2, 3, 4, 0, 5, 6, 7, 8}
	g := NewGoal(3, 3, labels, true)
	spec := pdb.Spec{Rows: 3, Cols: 3, Blank: 4, Patterns: [][]uint8{{0, 1, 2, 3}, {5, 6, 7, 8}}}
	for _, c := range []struct {
		name      string
		h         Heuristic
		wd        bool
		manhattan bool // at least Manhattan distance
	}{
		{"walking distance", Heuristic{Kind: WalkingDistance}, false, false},
		{"Manhattan and walking distance", Heuristic{Kind: Manhattan}, true, true},
		{"database", Heuristic{Kind: Database, Spec: spec, Custom: true}, false, false},
		{"database and walking distance", Heuristic{Kind: Database, Spec: spec, Custom: true}, true, false},
	} {
		sp := NewSpace(g, c.h, false)
		sp.Request = pdbcache.Request{DirSet: true, Build: true}
		if err := sp.Attach(ctx, c.wd); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		positive, i := 0, 0
		for key, d := range labelDistances(3, 3, labels, false) {
			if i++; i%4 != 0 {
				continue
			}
			code := encodeBoard(t, g, keyBoard(key))
			e := sp.EstimateCode(code)
			if e > d || c.manhattan && e < g.Estimate(Manhattan, code) {
				t.Fatalf("%s: %v estimated %d, distance %d, Manhattan %d", c.name, keyBoard(key), e, d, g.Estimate(Manhattan, code))
			}
			if s := sp.PackedStart(code); s.Heuristic() != e {
				t.Fatalf("%s: the state carries %d, the estimate is %d", c.name, s.Heuristic(), e)
			}
			if e > 0 {
				positive++
			}
		}
		if positive == 0 {
			t.Errorf("%s: estimates all 0", c.name)
		}
	}
}

// Helpers shared by the tests of this package. Boards are label slices,
// row-major, 0 for the blank, as NewGoal and Goal.Encode take them.

// encodeBoard returns the codes of the board labels against g, failing t
// on an error.
func encodeBoard(t testing.TB, g *Goal, labels []int) []int32 {
	t.Helper()
	code, err := g.Encode(labels)
	if err != nil {
		t.Fatal(err)
	}
	return code
}

// labelMoves returns the boards one move from board (labels, row-major,
// 0 the blank) on a rows x cols grid: for each direction, the tile next
// to the blank slides into it, or with line moves any number of tiles in
// line with it slide together. It works on plain labels, apart from the
// package's states, as the oracle of their moves.
func labelMoves(rows, cols int, board []int, line bool) [][]int {
	blank := slices.Index(board, 0)
	br, bc := blank/cols, blank%cols
	var out [][]int
	for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
		next := slices.Clone(board)
		for k := 1; ; k++ {
			r, c := br+k*d[0], bc+k*d[1]
			if r < 0 || c < 0 || r >= rows || c >= cols {
				break
			}
			from, to := r*cols+c, (r-d[0])*cols+c-d[1]
			next[to], next[from] = next[from], 0
			out = append(out, slices.Clone(next))
			if !line {
				break
			}
		}
	}
	return out
}

// boardKey returns board as a map key.
func boardKey(board []int) string {
	b := make([]byte, len(board))
	for i, v := range board {
		b[i] = byte(v)
	}
	return string(b)
}

// keyBoard is the inverse of boardKey.
func keyBoard(key string) []int {
	board := make([]int, len(key))
	for i := range key {
		board[i] = int(key[i])
	}
	return board
}

// has reports whether m has key k.
func has(m map[string]int, k string) bool {
	_, ok := m[k]
	return ok
}

// labelDistances returns the distance to goal (labels below 256) of every
// board that can reach it on a rows x cols grid, by single-tile or line
// moves, found breadth-first from the goal on plain labels (moves can be
// undone, so distances from the goal are distances to it). The tests
// share each search: the map must not be changed.
func labelDistances(rows, cols int, goal []int, line bool) map[string]int {
	key := fmt.Sprint(rows, cols, goal, line)
	searched.Lock()
	defer searched.Unlock()
	if d, ok := searched.dist[key]; ok {
		return d
	}
	dist := map[string]int{boardKey(goal): 0}
	for layer, d := [][]int{goal}, 1; len(layer) > 0; d++ {
		var next [][]int
		for _, b := range layer {
			for _, n := range labelMoves(rows, cols, b, line) {
				if k := boardKey(n); !has(dist, k) {
					dist[k] = d
					next = append(next, n)
				}
			}
		}
		layer = next
	}
	if searched.dist == nil {
		searched.dist = map[string]map[string]int{}
	}
	searched.dist[key] = dist
	return dist
}

// searched holds the searches of labelDistances.
var searched struct {
	sync.Mutex
	dist map[string]map[string]int
}

// longestRun returns the length of the longest strictly increasing
// subsequence of vals, by a quadratic search: the reference of LIS.
func longestRun(vals []int) int {
	longest := 0
	best := make([]int, len(vals)) // the longest run ending at i
	for i, v := range vals {
		best[i] = 1
		for j := range i {
			if vals[j] < v {
				best[i] = max(best[i], best[j]+1)
			}
		}
		longest = max(longest, best[i])
	}
	return longest
}
