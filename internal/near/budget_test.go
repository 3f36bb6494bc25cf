package near

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/tiles"
)

// TestAnytimeBudgetUse checks, on a clock that advances with the boards
// generated rather than with the wall clock (see workClock), that the
// anytime mode keeps searching until 95% of its budget and stops by 105%
// of it, whatever the machine's speed and load: on 6 x 6 and 7 x 7 boards,
// with the beams' width bounded by their time, and by a memory bound.
func TestAnytimeBudgetUse(t *testing.T) {
	for _, tc := range []struct {
		name   string
		rows   int
		budget time.Duration
		memory int64
	}{
		{"6x6", 6, 400 * time.Millisecond, 0},
		{"7x7", 7, 400 * time.Millisecond, 0},
		{"6x6/memory", 6, 800 * time.Millisecond, 1 << 20},
		{"7x7/memory", 7, 800 * time.Millisecond, 1 << 20},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tg := standardGoal(tc.rows, tc.rows)
			code := randomReaching(rand.New(rand.NewPCG(41, uint64(tc.rows))), tg)
			clock := &workClock{start: time.Now(), per: 2 * time.Microsecond}
			cfg := *lcConfig()
			cfg.Workers, cfg.clock = 2, clock
			if tc.memory > 0 {
				cfg.Limits = engine.Bounds{Memory: tc.memory}
			}
			ans, err := Anytime(context.Background(), tg, code, tc.budget, cfg)
			if err != nil {
				t.Fatal(err)
			}
			checkBlanks(t, tg, code, ans.Blanks)
			used := float64(clock.now().Sub(clock.start)) / float64(tc.budget)
			t.Logf("%d moves, %.3f of the budget used", len(ans.Blanks)-1, used)
			if used < 0.95 || used > 1.05 {
				t.Errorf("the search used %.3f of its budget, want 0.95 to 1.05", used)
			}
		})
	}
}

// TestRoundsFillBudget checks that where the memory bound caps the
// beams' width, so that the first round of beams ends well before the
// budget, further rounds take the time left up to at least 95% of the
// budget, never past it, on a clock that advances with the boards
// generated (see workClock); and that every round's answer kept is a
// solution no longer than the one before.
func TestRoundsFillBudget(t *testing.T) {
	tg := standardGoal(6, 6)
	code := randomReaching(rand.New(rand.NewPCG(41, 6)), tg)
	const budget = 800 * time.Millisecond
	run := func(rounds bool) (*anytime, float64) {
		cfg := *lcConfig()
		cfg.Workers, cfg.Limits = 2, engine.Bounds{Memory: 1 << 19}
		a, f := clockedAnytime(t, tg, code, cfg, 2*time.Microsecond, budget)
		if rounds {
			a.rounds(f, 2)
		} else {
			a.beams(f, a.beamDeadline(), f.roundBeams(0, 2)...)
		}
		checkBlanks(t, tg, code, a.blanks)
		return a, a.used()
	}
	first, used := run(false)
	if used > 0.9 {
		t.Fatalf("the first round alone used %.3f of the budget: the test needs a round that ends early", used)
	}
	all, usedAll := run(true)
	t.Logf("first round: %d moves, %.3f of the budget; all rounds: %d moves, %.3f", len(first.blanks)-1, used, len(all.blanks)-1, usedAll)
	if usedAll < 0.95 || usedAll > 1 {
		t.Errorf("the rounds used %.3f of the budget, want 0.95 to 1", usedAll)
	}
	if len(all.blanks) > len(first.blanks) {
		t.Errorf("the rounds' answer has %d moves, the first round's %d", len(all.blanks)-1, len(first.blanks)-1)
	}
}

// clockedAnytime returns the state of an anytime solve of the board of
// codes code (goal t) under cfg, on a clock of per a board generated whose
// budget ends budget after its start, holding the fast mode's answer; and
// its frame.
func clockedAnytime(tb testing.TB, t *tiles.Goal, code []int32, cfg Config, per, budget time.Duration) (*anytime, *frame) {
	tb.Helper()
	cfg.clock = &workClock{start: time.Now(), per: per}
	a := newAnytime(context.Background(), t, code, cfg)
	a.budget, a.end = budget, cfg.clock.start.Add(budget)
	if err := a.startFast(); err != nil {
		tb.Fatal(err)
	}
	f, err := newFrame(context.Background(), t, code, &a.cfg)
	if err != nil {
		tb.Fatal(err)
	}
	return a, f
}

// used returns the share of its budget that the clocked solve a has used.
func (a *anytime) used() float64 {
	return float64(a.clock.now().Sub(a.clock.start)) / float64(a.budget)
}
