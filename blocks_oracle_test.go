package slide

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/slidekit/slide/internal/blocks"
)

// naiveBlocks is the oracle of the block solver: a breadth-first search
// over pictures of the grid, written for plainness, not speed, and sharing
// no code with the solver. A picture holds a label a cell, 0 for empty:
// one label per shape (width, height, motion) of piece, so that identical
// pieces share it, and one of its own for the goal piece (with distinct,
// for every piece). The pieces of a picture are found again by scanning it
// row by row: the first cell of a label not yet accounted for is the
// upper-left corner of one of its pieces.
type naiveBlocks struct {
	rows, cols int
	shapes     []Piece // by label-1; Row and Col unused
	metric     BlockMetric
}

// naiveSolve returns the fewest moves from b to the goal piece in the last
// column (-1 if there is none) and the number of positions reachable, or
// -1, -1 as soon as they are more than most.
func naiveSolve(b Blocks, metric BlockMetric, distinct bool, most int) (optimum, states int) {
	n := naiveBlocks{rows: b.Rows(), cols: b.Cols(), metric: metric}
	start := make([]byte, n.rows*n.cols)
	for i, p := range b.Pieces() {
		label := -1
		for l, s := range n.shapes {
			if i > 0 && l > 0 && !distinct && s.Width == p.Width && s.Height == p.Height && s.Motion == p.Motion {
				label = l
			}
		}
		if label < 0 {
			label = len(n.shapes)
			n.shapes = append(n.shapes, p)
		}
		n.draw(start, p.Row, p.Col, p.Width, p.Height, byte(label+1))
	}
	optimum = -1
	seen := map[string]bool{string(start): true}
	layer := []string{string(start)}
	for d := 0; len(layer) > 0; d++ {
		var next []string
		for _, s := range layer {
			if optimum < 0 && n.solved(s) {
				optimum = d
			}
			for _, t := range n.moves(s) {
				if !seen[t] {
					seen[t] = true
					next = append(next, t)
				}
				if len(seen) > most {
					return -1, -1
				}
			}
		}
		layer = next
	}
	return optimum, len(seen)
}

func (n *naiveBlocks) draw(pic []byte, r, c, w, h int, label byte) {
	for y := r; y < r+h; y++ {
		for x := c; x < c+w; x++ {
			pic[y*n.cols+x] = label
		}
	}
}

// free reports whether a w x h rectangle at (r, c) lies in the grid on
// empty cells.
func (n *naiveBlocks) free(pic []byte, r, c, w, h int) bool {
	if r < 0 || c < 0 || r+h > n.rows || c+w > n.cols {
		return false
	}
	for y := r; y < r+h; y++ {
		for x := c; x < c+w; x++ {
			if pic[y*n.cols+x] != 0 {
				return false
			}
		}
	}
	return true
}

// pieces returns the label, row and column of every piece of pic.
func (n *naiveBlocks) pieces(pic string) [][3]int {
	done := make([]bool, len(pic))
	var out [][3]int
	for i := range pic {
		if pic[i] == 0 || done[i] {
			continue
		}
		s := n.shapes[pic[i]-1]
		r, c := i/n.cols, i%n.cols
		for y := r; y < r+s.Height; y++ {
			for x := c; x < c+s.Width; x++ {
				done[y*n.cols+x] = true
			}
		}
		out = append(out, [3]int{int(pic[i]), r, c})
	}
	return out
}

func (n *naiveBlocks) solved(pic string) bool {
	for _, p := range n.pieces(pic) {
		if p[0] == 1 {
			return p[2]+n.shapes[0].Width == n.cols
		}
	}
	return false
}

// moves returns the pictures one move from pic.
func (n *naiveBlocks) moves(pic string) []string {
	var out []string
	steps := [][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}}
	for _, p := range n.pieces(pic) {
		s := n.shapes[p[0]-1]
		lifted := []byte(pic)
		n.draw(lifted, p[1], p[2], s.Width, s.Height, 0)
		allowed := func(d int) bool {
			return d < 2 && (s.Motion == Vertical || s.Motion == Both) || d >= 2 && (s.Motion == Horizontal || s.Motion == Both)
		}
		emit := func(r, c int) {
			t := append([]byte(nil), lifted...)
			n.draw(t, r, c, s.Width, s.Height, byte(p[0]))
			out = append(out, string(t))
		}
		if n.metric == PieceMoves {
			seen := map[[2]int]bool{{p[1], p[2]}: true}
			queue := [][2]int{{p[1], p[2]}}
			for len(queue) > 0 {
				at := queue[0]
				queue = queue[1:]
				for d, st := range steps {
					to := [2]int{at[0] + st[0], at[1] + st[1]}
					if allowed(d) && !seen[to] && n.free(lifted, to[0], to[1], s.Width, s.Height) {
						seen[to] = true
						queue = append(queue, to)
						emit(to[0], to[1])
					}
				}
			}
			continue
		}
		for d, st := range steps {
			for k := 1; allowed(d) && n.free(lifted, p[1]+k*st[0], p[2]+k*st[1], s.Width, s.Height); k++ {
				emit(p[1]+k*st[0], p[2]+k*st[1])
				if n.metric == StepMoves {
					break
				}
			}
		}
	}
	return out
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

// oracleResult is naiveSolve's answer in each metric.
type oracleResult struct {
	optimum [numBlockMetrics]int
	states  int
}

func oracle(b Blocks, distinct bool) oracleResult {
	var o oracleResult
	for m := range numBlockMetrics {
		o.optimum[m], o.states = naiveSolve(b, m, distinct, 1<<20)
	}
	return o
}

// checkAgainstOracle solves b in every metric with s (its Metric set in
// turn) on the space prepare makes, and compares the optima and the
// number of positions with the oracle's.
func checkAgainstOracle(t *testing.T, b Blocks, s BlockSolver, want oracleResult, prepare func(*blocks.Space)) {
	t.Helper()
	ctx := context.Background()
	for m := range numBlockMetrics {
		s.Metric = m
		sp, err := newBlockSpace("test", b, s)
		if err != nil {
			t.Fatal(err)
		}
		prepare(sp)
		sol, err := s.solve(ctx, sp, b)
		switch opt := want.optimum[m]; {
		case opt < 0 && !errors.Is(err, ErrUnsolvable):
			t.Fatalf("%v: got %d moves, %v; the oracle finds none\n%v", m, sol.Len(), err, b)
		case opt >= 0 && err != nil:
			t.Fatalf("%v: %v; the oracle finds %d moves\n%v", m, err, opt, b)
		case opt >= 0 && sol.Len() != opt:
			t.Fatalf("%v: %d moves, the oracle finds %d\n%v", m, sol.Len(), opt, b)
		case opt >= 0:
			replayBlocks(t, b, s.Goal, sol)
		}
		counts, err := s.distances(ctx, sp)
		if err != nil || sum(counts) != int64(want.states) {
			t.Fatalf("%v: %d positions, %v; the oracle finds %d\n%v", m, sum(counts), err, want.states, b)
		}
	}
}

// TestBlocksOracle compares the solver with naiveSolve on random puzzles,
// with identical pieces merged and told apart, on each of the solver's
// representations: one-word or multi-word occupancy, uint64 or string
// keys.
func TestBlocksOracle(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 2008))
	all := []Motion{Both, Both, Both, Both, Horizontal, Vertical, Fixed}
	forms := []struct {
		name    string
		prepare func(*blocks.Space)
	}{
		{"narrow", func(*blocks.Space) {}},
		{"wide grid", func(sp *blocks.Space) { sp.Force(true, false) }},
		{"wide key", func(sp *blocks.Space) { sp.Force(false, true) }},
	}
	for i := 0; i < 40; {
		rows, cols := 2+rng.IntN(3), 3+rng.IntN(3)
		b := randomBlocks(rng, rows, cols, 3+rng.IntN(5), all)
		if _, n := naiveSolve(b, StepMoves, true, 1500); n < 30 {
			continue // too many positions for a quick test, or too few to test much
		}
		i++
		for _, distinct := range []bool{false, true} {
			want := oracle(b, distinct)
			for _, f := range forms {
				t.Run(fmt.Sprintf("%d/%s/distinct=%v", i, f.name, distinct), func(t *testing.T) {
					checkAgainstOracle(t, b, BlockSolver{DistinctPieces: distinct}, want, f.prepare)
				})
			}
		}
	}
}

// TestBlocksWide solves a puzzle of more than 64 cells whose keys take
// more than 64 bits: a 3 x 22 grid full of identical 1 x 1 pieces but for
// a goal piece and one empty cell, as a sliding-tile puzzle with one
// numbered tile, all of whose 66 x 65 positions are reachable. (The
// wide_maze puzzles of testdata/blocks have more than 64 cells too.)
func TestBlocksWide(t *testing.T) {
	var ps []Piece
	for r := range 3 {
		for c := range 22 {
			if r != 2 || c != 21 {
				ps = append(ps, Piece{Row: r, Col: c, Width: 1, Height: 1, Motion: Both})
			}
		}
	}
	tiles, err := NewBlocks(3, 22, ps)
	if err != nil {
		t.Fatal(err)
	}
	sp, err := newBlockSpace("test", tiles, BlockSolver{})
	if err != nil {
		t.Fatal(err)
	}
	if sp.Kind() != blocks.WideStates {
		t.Fatalf("search %v: want one over positions of more than 64 bits", sp.Kind())
	}
	counts, err := BlockSolver{}.Distances(context.Background(), tiles)
	if err != nil || sum(counts) != 66*65 {
		t.Fatalf("%d positions, %v; want 66*65", sum(counts), err)
	}
	want, _ := naiveSolve(tiles, StraightMoves, false, 1<<20)
	sol, err := BlockSolver{}.Solve(context.Background(), tiles)
	if err != nil || sol.Len() != want {
		t.Fatalf("%d moves, %v; the oracle finds %d", sol.Len(), err, want)
	}
	replayBlocks(t, tiles, BlockGoal{}, sol)
}
