package slide

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/slidekit/slide/internal/blocks"
	"github.com/slidekit/slide/internal/engine"
)

// TestBlocksData solves every puzzle of testdata/blocks in the three
// metrics, checks each optimum against its "# expect:" line, replays each
// solution, and counts the reachable positions.
func TestBlocksData(t *testing.T) {
	ctx := context.Background()
	for _, c := range readBlockCases(t) {
		t.Run(c.name, func(t *testing.T) {
			for m := range numBlockMetrics {
				s := BlockSolver{Metric: m}
				sol, err := s.Solve(ctx, c.puzzle)
				if c.optimum[m] < 0 {
					if !errors.Is(err, ErrUnsolvable) {
						t.Errorf("%v: got %d moves, %v; want ErrUnsolvable", m, sol.Len(), err)
					}
					continue
				}
				if err != nil {
					t.Fatalf("%v: %v", m, err)
				}
				if sol.Len() != c.optimum[m] {
					t.Errorf("%v: %d moves, want %d", m, sol.Len(), c.optimum[m])
				}
				replayBlocks(t, c.puzzle, s.Goal, sol)
			}
			counts, err := BlockSolver{}.Distances(ctx, c.puzzle)
			if err != nil {
				t.Fatal(err)
			}
			if got := sum(counts); got != c.states {
				t.Errorf("%d states reachable, want %d", got, c.states)
			}
		})
	}
}

// TestBlocksDistinctPieces counts the positions of mixed_random_35 with
// its identical pieces told apart, against its header.
func TestBlocksDistinctPieces(t *testing.T) {
	c := blockCaseNamed(t, "mixed_random_35")
	counts, err := BlockSolver{DistinctPieces: true}.Distances(context.Background(), c.puzzle)
	if err != nil || sum(counts) != c.distinct {
		t.Fatalf("%d positions, %v; want %d", sum(counts), err, c.distinct)
	}
	sol, err := BlockSolver{DistinctPieces: true}.Solve(context.Background(), c.puzzle)
	if err != nil || sol.Len() != c.optimum[StraightMoves] {
		t.Fatalf("%d moves, %v; want %d", sol.Len(), err, c.optimum[StraightMoves])
	}
}

func TestBlocksSolveErrors(t *testing.T) {
	ctx := context.Background()
	klotski := blockCaseNamed(t, "klotski_hengdaolima_rotated").puzzle
	tests := []struct {
		name string
		s    BlockSolver
		err  error
	}{
		{"metric", BlockSolver{Metric: numBlockMetrics}, ErrOption},
		{"goal piece", BlockSolver{Goal: BlockGoalAt(10, 0, 0)}, ErrOption},
		{"negative goal piece", BlockSolver{Goal: BlockGoalAt(-1, 0, 0)}, ErrOption},
		{"goal outside", BlockSolver{Goal: BlockGoalAt(0, 3, 0)}, ErrOption},
		{"node limit", BlockSolver{Limits: Limits{MaxNodes: 1000}}, ErrLimit},
		{"memory limit", BlockSolver{Limits: Limits{MaxMemory: 10000}}, ErrLimit},
		{"unreachable goal", BlockSolver{Goal: BlockGoalFunc(func(Blocks) bool { return false })}, ErrUnsolvable},
	}
	for _, tt := range tests {
		_, err := tt.s.Solve(ctx, klotski)
		if !errors.Is(err, tt.err) {
			t.Errorf("%s: Solve = %v, want %v", tt.name, err, tt.err)
		}
		if tt.err != ErrUnsolvable {
			if _, err := tt.s.Distances(ctx, klotski); !errors.Is(err, tt.err) {
				t.Errorf("%s: Distances = %v, want %v", tt.name, err, tt.err)
			}
		}
	}
	var le *LimitError
	if _, err := (BlockSolver{Limits: Limits{MaxNodes: 1000}}).Solve(ctx, klotski); !errors.As(err, &le) || le.Limit != "nodes" {
		t.Errorf("node limit: %v, want a *LimitError", err)
	}
	canceled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := (BlockSolver{}).Solve(canceled, klotski); !errors.Is(err, context.Canceled) {
		t.Errorf("canceled: Solve = %v", err)
	}
	if _, err := (BlockSolver{}).Distances(canceled, klotski); !errors.Is(err, context.Canceled) {
		t.Errorf("canceled: Distances = %v", err)
	}
	_, err := BlockSolver{}.Solve(ctx, blockCaseNamed(t, "edge_unsolvable").puzzle)
	var e *Error
	if !errors.As(err, &e) || !strings.Contains(e.Msg, "no sequence of moves reaches piece Z in the last column: 18 positions explored") {
		t.Errorf("unsolvable: %v", err)
	}
}

// TestBlocksAllocs checks that expanding a position with at most 64 bits
// allocates nothing, and that a solution costs allocations for its path,
// not for the positions searched.
func TestBlocksAllocs(t *testing.T) {
	c := blockCaseNamed(t, "klotski_hengdaolima_rotated")
	for m := range numBlockMetrics {
		sp, err := newBlockSpace("test", c.puzzle, BlockSolver{Metric: m})
		if err != nil {
			t.Fatal(err)
		}
		start := sp.State64(sp.Pack64(sp.StartCodes()))
		buf := start.Successors(nil)
		if n := testing.AllocsPerRun(100, func() { buf = start.Successors(buf[:0]) }); n != 0 {
			t.Errorf("%v: Successors allocates %v times", m, n)
		}
		if n := testing.AllocsPerRun(100, func() { start.IsGoal() }); n != 0 {
			t.Errorf("%v: IsGoal allocates %v times", m, n)
		}
	}
	s := BlockSolver{}
	sol, _ := s.Solve(context.Background(), c.puzzle)
	n := testing.AllocsPerRun(5, func() { sol, _ = s.Solve(context.Background(), c.puzzle) })
	if most := 8*float64(sol.Len()) + 100; n > most {
		t.Errorf("Solve allocates %v times for %d moves and %d positions generated, want at most %v", n, sol.Len(), sol.Generated, most)
	}
}

// TestBlockSolverMaxCost checks that a bound below a puzzle's optimum is
// ErrNotFound, as Limits promises, and that a puzzle that cannot be solved
// at all is ErrUnsolvable whatever the bound, on every search path.
func TestBlockSolverMaxCost(t *testing.T) {
	ctx := context.Background()
	rush, _ := ParseRushHour("IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM") // 60 moves
	for m := range numBlockMetrics {
		s := BlockSolver{Metric: m, Limits: Limits{MaxCost: 5}}
		_, err := s.Solve(ctx, rush)
		if !errors.Is(err, ErrNotFound) || errors.Is(err, ErrUnsolvable) {
			t.Errorf("%v, MaxCost 5: %v, want ErrNotFound", m, err)
		}
		s.Limits.MaxCost = 200
		if sol, err := s.Solve(ctx, rush); err != nil || sol.Len() == 0 {
			t.Errorf("%v, MaxCost 200: %v", m, err)
		}
	}
	// The goal car walled in: unsolvable within any bound.
	stuck, err := NewBlocks(3, 3, []Piece{{0, 0, 1, 1, Horizontal, 0}, {0, 1, 1, 1, Fixed, 0}})
	if err != nil {
		t.Fatal(err)
	}
	for _, lim := range []Limits{{}, {MaxCost: 50}} {
		if _, err := (BlockSolver{Limits: lim}).Solve(ctx, stuck); !errors.Is(err, ErrUnsolvable) {
			t.Errorf("walled in, %+v: %v", lim, err)
		}
	}
	// A wide key (hundreds of pieces) goes through the generic engine.
	var ps []Piece
	for r := range 20 {
		for c := range 20 {
			if (r+c)%3 != 0 {
				ps = append(ps, Piece{r, c, 1, 1, Both, 0})
			}
		}
	}
	wide, err := NewBlocks(20, 20, ps)
	if err != nil {
		t.Fatal(err)
	}
	_, err = (BlockSolver{Limits: Limits{MaxCost: 2}}).Solve(ctx, wide)
	if !errors.Is(err, ErrNotFound) {
		t.Errorf("wide key, MaxCost 2: %v", err)
	}
}

// TestBlockBFSMatchesEngine checks that the specialized search makes the
// generic engine's search on every data puzzle that takes it: the same
// length, expansions and generated positions.
func TestBlockBFSMatchesEngine(t *testing.T) {
	files, _ := filepath.Glob("testdata/blocks/*.txt")
	checked := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		b, err := ParseBlocks(string(data))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range []BlockMetric{StraightMoves, StepMoves} {
			sp, err := newBlockSpace("test", b, BlockSolver{Metric: m})
			if err != nil {
				t.Fatal(err)
			}
			if sp.Kind() != blocks.NarrowBFS {
				continue
			}
			var fast blocks.Stats
			keys, _, ferr := sp.BFS64(context.Background(), sp.Pack64(sp.StartCodes()), engine.Bounds{}, &fast)
			res, gerr := (&BFS[inner[blocks.State64], int]{Key: innerKey(blocks.State64Key)}).Search(context.Background(), inner[blocks.State64]{sp.State64(sp.Pack64(sp.StartCodes()))})
			if (ferr == nil) != (gerr == nil) || len(keys) != len(res.Path) || fast.Expanded != res.Expanded || fast.Generated != res.Generated {
				t.Errorf("%s %v: specialized %d positions, %d/%d nodes, %v; engine %d, %d/%d, %v", filepath.Base(f), m,
					len(keys), fast.Expanded, fast.Generated, ferr, len(res.Path), res.Expanded, res.Generated, gerr)
			}
			checked++
		}
	}
	if checked < 20 {
		t.Errorf("only %d puzzles checked", checked)
	}
}

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
