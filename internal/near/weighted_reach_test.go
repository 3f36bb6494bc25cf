package near

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/testsets"
	"github.com/slidekit/slide/internal/tiles"
)

// reachCase is a board of the weighted mode's reach test: random (walk 0)
// or walk random moves from the goal, with a seed of its own.
type reachCase struct {
	rows, cols, walk int
	slow             bool // skipped in the quick form (testsets.Long), as factors 1.2 and 2 are
}

// reachBoard returns the board of c, on goal blankFirstGoal.
func (c reachCase) board() (*tiles.Goal, []int32) {
	rng := rand.New(rand.NewPCG(uint64(c.rows*1000+c.cols), uint64(c.walk)))
	g := blankFirstGoal(c.rows, c.cols)
	if c.walk == 0 {
		return g, randomReaching(rng, g)
	}
	return g, testsets.RandomWalk(rng, c.rows, c.cols, goalCode(g), tiles.BlankCode, c.walk)
}

// TestWeightedReach runs the weighted mode, ranking by linear conflicts,
// on boards of 5 x 5 to 15 x 17 (random, and random walks from the goal)
// at the factors 1.1, 1.2, 1.5, 2 and 3: each call answers within the
// factor of its lower bound, or refuses with a *LimitError naming the
// weight, the moves of its best answer and the least factor they meet,
// and asked for that factor answers with those moves (the probe is the
// same from run to run). A refusal past 7 x 7 comes after the probe's
// work and no more, and on a board whose lower bound passes reachLower
// after the ladder's at most: 0.2.0 searched on for minutes and hundreds
// of millions of boards, then failed at its memory limit, which the node
// limit here stands in for.
func TestWeightedReach(t *testing.T) {
	weights := []float64{1.1, 1.2, 1.5, 2, 3}
	for _, c := range []reachCase{
		{5, 5, 0, true}, {6, 6, 0, true}, {7, 7, 0, true}, {8, 8, 0, false}, {10, 10, 0, false},
		{15, 17, 0, true}, {10, 10, 60, false}, {15, 15, 80, false}, {12, 12, 400, true},
	} {
		g, code := c.board()
		for _, w := range weights {
			name := fmt.Sprintf("%dx%d walk %d w=%v", c.rows, c.cols, c.walk, w)
			t.Run(name, func(t *testing.T) {
				if (c.slow || w == 1.2 || w == 2) && !testsets.Long() {
					t.Skip("quick form (SLIDE_LONG=1 runs it): the slow boards, and factors 1.2 and 2")
				}
				cfg := *lcConfig()
				cfg.Workers, cfg.Limits = 2, engine.Bounds{Nodes: 40_000_000}
				ans, err := Weighted(context.Background(), g, code, w, cfg)
				var le *engine.LimitError
				switch {
				case err == nil:
					t.Logf("%d moves, at least %d: %v", len(ans.Blanks)-1, ans.Lower, ans.Method)
					checkBlanks(t, g, code, ans.Blanks)
					if !Within(len(ans.Blanks)-1, ans.Lower, w) && float64(len(ans.Blanks)-1) > w*float64(ans.Lower) {
						t.Fatalf("%d moves over a lower bound of %d", len(ans.Blanks)-1, ans.Lower)
					}
				case errors.As(err, &le) && le.Limit == "weight":
					t.Logf("refused: %d moves, within %v of %d", le.Value, le.Reach, ans.Lower)
					checkRefusal(t, g, code, w, ans, le, cfg)
				default:
					t.Fatalf("%v after %d boards", err, ans.Generated)
				}
				if c.rows*c.cols > peelCells && ans.Lower > reachLower && ans.Generated > fastBound(c)+probeNodes*5/4 {
					t.Errorf("%d boards generated, past the fast mode's and the probe's", ans.Generated)
				}
			})
		}
	}
}

// fastBound is more moves than the fast mode takes on a board of c.
func fastBound(c reachCase) int64 { return int64(2 * FastMoves(c.rows, c.cols)) }

// checkRefusal checks the refusal le of weight w on the board code: the
// factor it names is past w and its best answer's moves' over the lower
// bound, and asked for that factor the mode answers with those moves.
func checkRefusal(t *testing.T, g *tiles.Goal, code []int32, w float64, ans Answer, le *engine.LimitError, cfg Config) {
	t.Helper()
	moves := int(le.Value)
	if le.Reach <= w || !Within(moves, ans.Lower, le.Reach) || Within(moves, ans.Lower, le.Reach-0.01) {
		t.Fatalf("refused with %+v, lower bound %d", *le, ans.Lower)
	}
	again, err := Weighted(context.Background(), g, code, le.Reach, cfg)
	if err != nil || len(again.Blanks)-1 != moves {
		t.Fatalf("at the factor named, %v: %d moves, want %d (%v)", le.Reach, len(again.Blanks)-1, moves, err)
	}
	checkBlanks(t, g, code, again.Blanks)
}

// TestWeightedProgress checks that the weighted mode reports progress
// while its beams widen (see ladder), at least every second: a 6 x 6
// board at a factor the probe does not prove and a wider beam may. Its beams once
// reported only once done, seconds apart. Time is told by a clock that
// counts boards generated (a microsecond each, several times this
// machine's time a board on two workers), so that neither the machine's
// speed nor its load moves the gaps.
func TestWeightedProgress(t *testing.T) {
	if !testsets.Long() {
		t.Skip("quick form (SLIDE_LONG=1 runs it): seconds of beams")
	}
	c := reachCase{rows: 6, cols: 6}
	g, code := c.board()
	cfg := *lcConfig()
	cfg.Workers = 2
	_, err := Weighted(context.Background(), g, code, 1.01, cfg)
	var le *engine.LimitError
	if !errors.As(err, &le) || le.Limit != "weight" {
		t.Fatalf("at 1.01: %v", err)
	}
	clock := &workClock{start: time.Now(), per: time.Microsecond}
	var gaps []time.Duration
	last := clock.now()
	cfg.clock, cfg.Began = clock, last
	cfg.Progress = func(int, int64, int, int) {
		gaps = append(gaps, clock.now().Sub(last))
		last = clock.now()
	}
	ans, err := Weighted(context.Background(), g, code, le.Reach-ladderGain+0.01, cfg)
	gaps = append(gaps, clock.now().Sub(last))
	if ans.Generated < 3*probeNodes {
		t.Fatalf("%d boards: the beams did not widen (%v)", ans.Generated, err)
	}
	for i, d := range gaps {
		if d > time.Second {
			t.Errorf("%d reports, %v between report %d and the next", len(gaps)-1, d, i)
		}
	}
}
