package slide

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"testing"
	"time"

	"github.com/slidekit/slide/internal/testsets"
)

// naiveGoalLayers returns the number of positions of b's component at
// each distance, in metric, from the nearest solved one (the goal of the
// zero BlockGoal, the classic one on Klotski's board), by a
// multi-source BFS over naiveBlocks' pictures: an oracle independent of
// internal/blocks. nil if the component has more than most positions.
func naiveGoalLayers(b Blocks, metric BlockMetric, most int) []int {
	n := naiveBlocks{rows: b.Rows(), cols: b.Cols(), metric: metric}
	start := make([]byte, n.rows*n.cols)
	for i, p := range b.Pieces() {
		label := -1
		for l, s := range n.shapes {
			if i > 0 && l > 0 && s.Width == p.Width && s.Height == p.Height && s.Motion == p.Motion && (p.Motion == Both ||
				p.Motion == Horizontal && s.Row == p.Row || p.Motion == Vertical && s.Col == p.Col) {
				label = l
			}
		}
		if label < 0 {
			label = len(n.shapes)
			n.shapes = append(n.shapes, p)
		}
		n.draw(start, p.Row, p.Col, p.Width, p.Height, byte(label+1))
	}
	goal := BlockGoal{}.resolve(b)
	solved := func(pic string) bool {
		for _, p := range n.pieces(pic) {
			if p[0] == 1 {
				if goal.at {
					return p[1] == goal.row && p[2] == goal.col
				}
				return p[2]+n.shapes[0].Width == n.cols
			}
		}
		return false
	}
	seen := map[string]bool{string(start): true}
	all := []string{string(start)}
	for head := 0; head < len(all); head++ {
		for _, t := range n.moves(all[head]) {
			if !seen[t] {
				seen[t] = true
				all = append(all, t)
			}
		}
		if len(all) > most {
			return nil
		}
	}
	dist := map[string]bool{}
	var layer []string
	for _, s := range all {
		if solved(s) {
			layer = append(layer, s)
			dist[s] = true
		}
	}
	var counts []int
	for len(layer) > 0 {
		counts = append(counts, len(layer))
		var next []string
		for _, s := range layer {
			for _, t := range n.moves(s) {
				if !dist[t] {
					dist[t] = true
					next = append(next, t)
				}
			}
		}
		layer = next
	}
	return counts
}

// TestBlocksFarthestOracle checks, on the shipped puzzles in every
// metric, that Farthest's distance is the eccentricity of the solved
// positions that a full BFS finds, and that its position is solved in
// exactly that many moves by a separate search. The oracle takes seconds
// on the larger puzzles: by default it checks those of at most 5000
// positions and Klotski's classic start under straight moves, with
// SLIDE_BLOCKS_ORACLE=all every puzzle in every metric.
func TestBlocksFarthestOracle(t *testing.T) {
	ctx := context.Background()
	all := os.Getenv("SLIDE_BLOCKS_ORACLE") == "all"
	most := int64(5000)
	if !testsets.Long() {
		most = 1000
	}
	for _, c := range readBlockCases(t) {
		metrics := numBlockMetrics
		switch {
		case all || c.states <= most:
		case c.name == "klotski_hengdaolima" && testsets.Long():
			metrics = 1
		default:
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			for m := range metrics {
				s := BlockSolver{Metric: m}
				sol, err := s.Farthest(ctx, c.puzzle)
				if c.optimum[m] < 0 {
					if !errors.Is(err, ErrUnsolvable) {
						t.Errorf("%v: got %d moves, %v; want ErrUnsolvable", m, sol.Len(), err)
					}
					continue
				}
				if err != nil {
					t.Fatalf("%v: %v", m, err)
				}
				counts := naiveGoalLayers(c.puzzle, m, 1<<20)
				if counts == nil {
					t.Fatalf("%v: the component is too large for the oracle", m)
				}
				if want := len(counts) - 1; sol.Len() != want {
					t.Errorf("%v: farthest position %d moves away, want %d", m, sol.Len(), want)
				}
				if sol.Len() < c.optimum[m] {
					t.Errorf("%v: farthest position %d moves away, nearer than the start (%d)", m, sol.Len(), c.optimum[m])
				}
				replayBlocks(t, sol.Positions[0], s.Goal, sol)
				again, err := s.Solve(ctx, sol.Positions[0])
				if err != nil || again.Len() != sol.Len() {
					t.Errorf("%v: re-solved in %d moves, %v; want %d", m, again.Len(), err, sol.Len())
				}
			}
		})
	}
}

// TestBlocksRandomLengths deals puzzles of every length a Rush Hour
// puzzle and a synthetic one allow, in every metric, and re-solves each
// with the oracle's search; past the farthest it wants ErrOption.
func TestBlocksRandomLengths(t *testing.T) {
	ctx := context.Background()
	for _, name := range []string{"rh_fogleman_db_10_walls", "edge_detour_b", "rh_fogleman_forty_19"} {
		c := blockCaseNamed(t, name)
		for m := range numBlockMetrics {
			s := BlockSolver{Metric: m}
			counts := naiveGoalLayers(c.puzzle, m, 1<<20)
			rng := rand.New(rand.NewPCG(1, 2))
			for n := range counts {
				if !testsets.Long() && n%5 != 0 && n != len(counts)-1 {
					continue
				}
				sol, err := s.Random(ctx, c.puzzle, n, rng)
				if err != nil {
					t.Fatalf("%s %v %d moves: %v", name, m, n, err)
				}
				replayBlocks(t, sol.Positions[0], s.Goal, sol)
				if opt, _ := naiveSolve(sol.Positions[0], m, false, 1<<20); opt != n || sol.Len() != n {
					t.Errorf("%s %v: dealt for %d moves, solved in %d, the oracle says %d", name, m, n, sol.Len(), opt)
				}
			}
			_, err := s.Random(ctx, c.puzzle, len(counts), rng)
			if !errors.Is(err, ErrOption) {
				t.Errorf("%s %v: %d moves, one past the farthest: %v, want ErrOption", name, m, len(counts), err)
			}
		}
	}
}

// TestBlocksRandomUniform draws many puzzles at one distance of a small
// component and checks, by chi-square, that every position there comes
// up about equally often.
func TestBlocksRandomUniform(t *testing.T) {
	c := blockCaseNamed(t, "rh_fogleman_db_10_walls")
	counts := naiveGoalLayers(c.puzzle, StraightMoves, 1<<20)
	n := 0 // the distance with the most positions
	for d, k := range counts {
		if k > counts[n] {
			n = d
		}
	}
	k := counts[n]
	draws := 40 * k
	if !testsets.Long() {
		draws = 10 * k
	}
	rng := rand.New(rand.NewPCG(7, 7))
	hits := map[string]int{}
	for range draws {
		sol, err := BlockSolver{}.Random(context.Background(), c.puzzle, n, rng)
		if err != nil {
			t.Fatal(err)
		}
		hits[sol.Positions[0].Grid()]++
	}
	if len(hits) != k {
		t.Fatalf("%d distinct positions drawn at distance %d, the oracle counts %d", len(hits), n, k)
	}
	checkChiSquare(t, hits, draws, k)
}

// checkChiSquare fails t if the counts of hits, draws spread over k
// cells, are far from uniform: chi-square above its mean by more than
// five standard deviations (sqrt(2(k-1)) each).
func checkChiSquare[K comparable](t *testing.T, hits map[K]int, draws, k int) {
	t.Helper()
	want := float64(draws) / float64(k)
	var chi float64
	for _, h := range hits {
		chi += (float64(h) - want) * (float64(h) - want) / want
	}
	chi += float64(k-len(hits)) * want // cells never drawn
	df := float64(k - 1)
	if limit := df + 5*math.Sqrt(2*df); chi > limit {
		t.Errorf("chi-square %.1f over %d cells (%d draws), above %.1f: not uniform", chi, k, draws, limit)
	}
}

// TestBlocksRandomDeterministic checks that a seed gives one puzzle.
func TestBlocksRandomDeterministic(t *testing.T) {
	c := blockCaseNamed(t, "rh_fogleman_db_30_wall")
	var first Blocks
	for i := range 2 {
		sol, err := BlockSolver{}.Random(context.Background(), c.puzzle, 20, rand.New(rand.NewPCG(3, 0)))
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			first = sol.Positions[0]
		} else if sol.Positions[0] != first {
			t.Errorf("seed 3 drew\n%v\nthen\n%v", first.Grid(), sol.Positions[0].Grid())
		}
	}
}

// TestBlocksRandomErrors checks bad input and the bounds of the search.
func TestBlocksRandomErrors(t *testing.T) {
	ctx := context.Background()
	rh := blockCaseNamed(t, "rh_fogleman_db_30_wall").puzzle
	rng := rand.New(rand.NewPCG(1, 1))
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	//lint:ignore SA1012 a nil context is refused, as the package doc says
	_, nilErr := BlockSolver{}.Random(nil, rh, 3, rng) //nolint:staticcheck
	for _, c := range []struct {
		what string
		err  error
		want error
	}{
		{"negative", second(BlockSolver{}.Random(ctx, rh, -1, rng)), ErrOption},
		{"nil rng", second(BlockSolver{}.Random(ctx, rh, 3, nil)), ErrOption},
		{"nil context", nilErr, ErrOption},
		{"MaxCost", second(BlockSolver{Limits: Limits{MaxCost: 5}}.Farthest(ctx, rh)), ErrOption},
		{"unsolvable", second(BlockSolver{}.Farthest(ctx, blockCaseNamed(t, "edge_unsolvable").puzzle)), ErrUnsolvable},
		{"unsolvable random", second(BlockSolver{}.Random(ctx, blockCaseNamed(t, "edge_unsolvable").puzzle, 1, rng)), ErrUnsolvable},
		{"zero", second(BlockSolver{}.Farthest(ctx, Blocks{})), ErrPiece},
		{"no moves", second(BlockSolver{}.Random(ctx, MustParseBlocks("1 1\n1 1 1 1 b\n"), 1, rng)), ErrOption},
		{"fixed pieces", second(BlockSolver{}.Random(ctx, MustParseBlocks("2 2\n1 2 1 1 n\n2 1 1 1 n\n"), 1, rng)), ErrOption},
		{"nodes", second(BlockSolver{Limits: Limits{MaxNodes: 100}}.Farthest(ctx, rh)), ErrLimit},
		{"memory", second(BlockSolver{Limits: Limits{MaxMemory: 1000}}.Farthest(ctx, rh)), ErrLimit},
		{"cancelled", second(BlockSolver{}.Farthest(cancelled, rh)), context.Canceled},
	} {
		if !errors.Is(c.err, c.want) {
			t.Errorf("%s: %v, want %v", c.what, c.err, c.want)
		}
	}
	began := time.Now()
	deadline, stop := context.WithTimeout(ctx, 20*time.Millisecond)
	defer stop()
	big := blockCaseNamed(t, "mixed_random_35").puzzle
	if _, err := (BlockSolver{Metric: StepMoves}).Farthest(deadline, big); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("a 20 ms deadline: %v", err)
	}
	if d := time.Since(began); d > 2*time.Second {
		t.Errorf("a 20 ms deadline stopped the search after %v", d)
	}
}

// TestBlocksGoalLayersCount checks that the layers of every shipped
// puzzle's component hold each of its positions once: as many as the
// puzzle's header counts, its start at the distance of its optimum.
func TestBlocksGoalLayersCount(t *testing.T) {
	for _, c := range readBlockCases(t) {
		if c.optimum[StraightMoves] < 0 || !testsets.Long() && c.states > 50000 {
			continue
		}
		sp, err := newBlockSpace("test", c.puzzle, BlockSolver{})
		if err != nil {
			t.Fatal(err)
		}
		start := sp.Pack64(sp.StartCodes())
		seen := map[uint64]bool{}
		at := -1
		err = sp.GoalLayers(context.Background(), start, Limits{}.eng(), func(depth int, layer []uint64) bool {
			for _, k := range layer {
				if seen[k] {
					t.Errorf("%s: position %#x twice", c.name, k)
				}
				seen[k] = true
				if k == start {
					at = depth
				}
			}
			return true
		})
		if err != nil || int64(len(seen)) != c.states || at != c.optimum[StraightMoves] {
			t.Errorf("%s: %d positions, the start at %d, %v; want %d and %d", c.name, len(seen), at, err, c.states, c.optimum[StraightMoves])
		}
	}
}
