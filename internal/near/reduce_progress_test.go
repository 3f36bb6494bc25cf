package near

import (
	"context"
	"flag"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/slidekit/slide/internal/testsets"
	"github.com/slidekit/slide/internal/tiles"
)

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
