package near

import (
	"context"
	"errors"
	"flag"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/slidekit/slide/internal/testsets"
	"github.com/slidekit/slide/internal/tiles"
)

// reduceMoves runs the reducer on code (a board of goal t) and returns
// its moves.
func reduceMoves(tb testing.TB, t *tiles.Goal, code []int32) []tiles.Dir {
	tb.Helper()
	var moves []tiles.Dir
	z := newReducer(context.Background(), t.Rows, t.Cols, code, func(d tiles.Dir) { moves = append(moves, d) })
	if err := z.solve(int32(t.BlankGoal)); err != nil {
		tb.Fatalf("%d x %d: %v\n%v", t.Rows, t.Cols, err, code)
	}
	return moves
}

func TestReduceRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 9))
	for _, sz := range [][2]int{{3, 3}, {4, 4}, {5, 5}, {2, 5}, {5, 2}, {3, 8}, {8, 3}, {5, 10}, {10, 10}, {2, 2}, {7, 4}} {
		for range 20 {
			goal := standardGoal(sz[0], sz[1])
			start := randomReaching(rng, goal)
			moves := reduceMoves(t, goal, start)
			b := slices.Clone(start)
			blank := slices.Index(b, tiles.BlankCode)
			for i, d := range moves {
				dr, dc := d.Source()
				r, c := blank/goal.Cols+dr, blank%goal.Cols+dc
				if d > tiles.Right || r < 0 || c < 0 || r >= goal.Rows || c >= goal.Cols {
					t.Fatalf("%v: move %d (%d) is not possible", sz, i, d)
				}
				next := r*goal.Cols + c
				b[blank], b[next] = b[next], tiles.BlankCode
				blank = next
			}
			if !slices.Equal(b, goalCode(goal)) {
				t.Fatalf("%v: the moves end on\n%v", sz, b)
			}
		}
	}
}

func TestReduceRatio(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for _, n := range []int{10, 32, 64} {
		total := 0
		const boards = 5
		for range boards {
			goal := standardGoal(n, n)
			total += len(reduceMoves(t, goal, randomReaching(rng, goal)))
		}
		t.Logf("n=%d: %.3f moves/n^3", n, float64(total)/boards/float64(n*n*n))
	}
}

func TestReduceStats(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	n := 64
	goal := standardGoal(n, n)
	moves := reduceMoves(t, goal, randomReaching(rng, goal))
	rev := 0
	for i := 1; i < len(moves); i++ {
		if moves[i] == opposite(moves[i-1]) {
			rev++
		}
	}
	t.Logf("n=%d: %d moves, %.3f n^3, %d immediate reversals", n, len(moves), float64(len(moves))/float64(n*n*n), rev)
}

func TestReduceBig(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	for _, n := range []int{127, 255} {
		if n == 255 && !testsets.Long() {
			continue // the full run only
		}
		goal := standardGoal(n, n)
		start := randomReaching(rng, goal)
		began := time.Now()
		m := reduceMoves(t, goal, start)
		t.Logf("n=%d: %.3f n^3 in %v", n, float64(len(m))/float64(n*n*n), time.Since(began))
	}
}

// reduceWork runs the reducer on code (a board of goal t), checks that
// its moves solve the board, and returns the reducer: its moves and the
// cells and states its searches expanded.
func reduceWork(tb testing.TB, t *tiles.Goal, code []int32) *reducer {
	tb.Helper()
	blanks := []int{slices.Index(code, tiles.BlankCode)}
	z := newReducer(context.Background(), t.Rows, t.Cols, code, func(d tiles.Dir) {
		dr, dc := d.Source()
		blanks = append(blanks, blanks[len(blanks)-1]+dr*t.Cols+dc)
	})
	if err := z.solve(int32(t.BlankGoal)); err != nil {
		tb.Fatalf("%d x %d: %v", t.Rows, t.Cols, err)
	}
	checkBlanks(tb, t, code, blanks)
	return z
}

// TestReduceNearGoal checks that boards a random walk away from the goal
// cost the reducer no more than a random board of their size: at most as
// many moves, and at most twice the cells and states its searches expand.
// Before, such boards often left tile a of a pair (see pair) shut in the
// pocket of b's cell with the blank, where bringExact searched the whole
// region for a way out, window after window: on 128 x 128, 6.2 million
// states (1.3 s) for a walk of 10,000 moves, against 78 thousand for a
// random board.
func TestReduceNearGoal(t *testing.T) {
	rng := rand.New(rand.NewPCG(34, 11))
	for _, n := range []int{64, 128} {
		goal := standardGoal(n, n)
		random := reduceWork(t, goal, randomReaching(rng, goal))
		for _, walk := range []int{n * n / 16, n * n / 4, n * n} {
			start := testsets.RandomWalk(rng, n, n, goalCode(goal), tiles.BlankCode, walk)
			z := reduceWork(t, goal, start)
			if z.steps > random.steps || z.searched > 2*random.searched {
				t.Errorf("%d x %d, a walk of %d moves: %d moves, %d cells and states searched; a random board: %d, %d",
					n, n, walk, z.steps, z.searched, random.steps, random.searched)
			}
		}
	}
}

// pocketReducer returns a reducer on a rows x cols board in the state
// that pair leaves when tile a (here cell 1's) is shut in the pocket of
// cell b (cell 2): row 0 locked but for b, the blank on b and tile a
// inward of it, so that no moves bring tile a to cell a+inward.
func pocketReducer(ctx context.Context, rows, cols int) *reducer {
	code := goalCode(standardGoal(rows, cols))
	b, in := 2, 2+cols
	last := len(code) - 1
	code[b], code[last] = code[last], code[b] // the blank on b
	code[1], code[in] = code[in], code[1]     // tile a inward of b
	z := newReducer(ctx, rows, cols, code, func(tiles.Dir) {})
	for c := range cols {
		z.locked[c] = c != b
	}
	return z
}

// TestBringExactNoWay checks that a search of bringExact that finds no
// way expands a few times the region's cells at most: the window's margin
// doubles (3,900 states on 48 x 48). Grown one cell at a time, it
// expanded 38,000.
func TestBringExactNoWay(t *testing.T) {
	const n = 48
	z := pocketReducer(context.Background(), n, n)
	if z.bringExact(1, 1+n) {
		t.Fatal("bringExact found a way out of the pocket")
	}
	if z.steps != 0 || z.searched > 3*n*n {
		t.Errorf("made %d moves and expanded %d states, want none and at most %d", z.steps, z.searched, 3*n*n)
	}
}

// TestBringExactCancelled checks that bringExact's search stops soon
// after its context is done: a cancelled search of a 255 x 255 region
// expands no more than the states between two polls, and reports the
// context's error. Before, it went on through the whole region, window
// after window (5.6 million states, 1.4 s).
func TestBringExactCancelled(t *testing.T) {
	const n = 255
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	z := pocketReducer(ctx, n, n)
	z.stop.Watch(ctx)
	defer z.stop.End()
	if z.bringExact(1, 1+n) || !errors.Is(z.err, context.Canceled) || z.searched > stopEvery {
		t.Errorf("bringExact, cancelled: %v after %d states, want %v after at most %d",
			z.err, z.searched, context.Canceled, stopEvery)
	}
}

// TestPeelCancelled checks that peel looks at its context while it scans
// an edge whose tiles are home, which makes no move and expands nothing:
// on a board near the goal such scans are most of the work, and a
// cancelled reducer went on through them (it solved the goal of 255 x 255
// here, scanning every edge, where it now stops at its first scan).
func TestPeelCancelled(t *testing.T) {
	const n = 255
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	z := newReducer(ctx, n, n, goalCode(standardGoal(n, n)), func(tiles.Dir) {})
	z.stop.Watch(ctx)
	defer z.stop.End()
	g := region{z.r0, z.r1, z.c0, z.c1}
	if err := z.peel(g.peelEdge(n*n-1, n)); !errors.Is(err, context.Canceled) || z.searched > n {
		t.Errorf("peel, cancelled: %v after %d cells scanned, want %v after at most %d", err, z.searched, context.Canceled, n)
	}
}

var largeFast = flag.Bool("large-fast", false, "also run TestFastProgress on 255 x 255 boards (a minute or more)")

// TestFastProgress checks the fast mode's estimate of its own time (see
// fastNeeds) against its work, counted (the moves made, the cells its
// routes close and the states its pair searches take), on random boards
// and random walks of several lengths from the goal, 10 x 10 to 100 x 100
// (255 x 255 with -large-fast, minutes): stopped after a share of its
// work from 2% on, the estimate taken with that work for time is within
// progressFactor of the work the whole solve takes, or four times that
// on 255 x 255, where on a walk of 10 n^2 moves the first edge takes a
// tenth of the work (pair searches over a wide region) and the estimate
// is 19 times the work early on. The estimate from
// moves alone (0.2.0's) is off by up to a thousand times on boards near
// the goal, which take few moves for much searching: a 100 x 100 board
// 175,000 moves from the goal, solved in 0.75 s, was refused a 200 ms
// budget with "the fast mode needs about 17.4s".
func TestFastProgress(t *testing.T) {
	sizes := []int{10, 30, 100}
	if *largeFast {
		sizes = append(sizes, 255)
	}
	for _, n := range sizes {
		for _, walk := range []int{n, n * n / 4, n * n, 10 * n * n, 0} {
			rng := rand.New(rand.NewPCG(uint64(n), uint64(walk)))
			g := blankFirstGoal(n, n)
			code := randomReaching(rng, g)
			if walk > 0 {
				code = testsets.RandomWalk(rng, n, n, goalCode(g), tiles.BlankCode, walk)
			}
			type sample struct{ work, est int64 }
			var samples []sample
			var z *reducer
			next := int64(1)
			z = newReducer(context.Background(), n, n, code, func(tiles.Dir) {
				if work := z.steps + z.searched; work >= next {
					samples = append(samples, sample{work, int64(fastNeeds(time.Duration(work), z.progress(), int(z.steps), g))})
					next = work + work/8 + 1
				}
			})
			began := time.Now()
			if err := z.solve(int32(g.BlankGoal)); err != nil {
				t.Fatal(err)
			}
			total := z.steps + z.searched
			factor := progressFactor
			if n > 100 {
				factor *= 4
			}
			worst := 1.0
			for _, s := range samples {
				if s.work < total/50 {
					continue
				}
				r := float64(s.est) / float64(total)
				if r > factor || r < 1/factor {
					t.Errorf("%d x %d walk %d: after %d of %d work, the estimate is %d", n, n, walk, s.work, total, s.est)
				}
				worst = max(worst, r, 1/r)
			}
			t.Logf("%d x %d walk %d: %d moves, %d work in %v, estimates within %.2f times", n, n, walk, z.steps, total, time.Since(began), worst)
		}
	}
}

// progressFactor is how far the fast mode's estimate of its work may be
// from the work.
const progressFactor = 5.0

// TestFastNeedsNoStart checks the estimate of a fast mode stopped before
// it made a start, no share done and no move made: at most a random
// board's moves at fastMoveTime each (about 0.2 s on 100 x 100), where
// the spent time over a share near none said hours.
func TestFastNeedsNoStart(t *testing.T) {
	g := standardGoal(100, 100)
	limit := time.Duration(FastMoves(100, 100)) * fastMoveTime
	for _, spent := range []time.Duration{time.Millisecond, 8 * time.Millisecond, 50 * time.Millisecond} {
		if got := fastNeeds(spent, 0, 0, g); got > limit || got < spent {
			t.Errorf("stopped after %v with nothing done: needs %v, want %v to %v", spent, got, spent, limit)
		}
	}
	if got := fastNeeds(time.Second, 0, 0, g); got != time.Second {
		t.Errorf("stopped after 1s with nothing done: needs %v, want 1s", got)
	}
}
