package near

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"runtime"
	"testing"
	"time"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/testsets"
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
		cfg.Workers, cfg.Limits = 2, engine.Bounds{Memory: 1 << 18}
		a, f := clockedAnytime(t, tg, code, cfg, 2*time.Microsecond, budget)
		if rounds {
			a.rounds(f, 2)
		} else {
			a.beams(f, a.deadlineAt(roundEnd), f.roundBeams(0, 2)...)
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

// TestRoundsUseTheirTime checks that a round of beams whose width adapts
// to its time, with no memory bound to end it early, takes the budget to
// at least 95% by itself, so that no round too narrow to gain follows it,
// on a clock that advances with the boards generated (see workClock).
func TestRoundsUseTheirTime(t *testing.T) {
	for _, rows := range []int{6, 7} {
		tg := standardGoal(rows, rows)
		code := randomReaching(rand.New(rand.NewPCG(41, uint64(rows))), tg)
		cfg := *lcConfig()
		cfg.Workers = 2
		a, f := clockedAnytime(t, tg, code, cfg, 2*time.Microsecond, 400*time.Millisecond)
		n := a.rounds(f, 2)
		checkBlanks(t, tg, code, a.blanks)
		t.Logf("%d x %d: %d rounds, %d moves, %.3f of the budget", rows, rows, n, len(a.blanks)-1, a.used())
		if n != 1 || a.used() < 0.95 || a.used() > 1.05 {
			t.Errorf("%d x %d: %d rounds used %.3f of the budget, want one round using 0.95 to 1.05", rows, rows, n, a.used())
		}
	}
}

// TestEndedEarly: a round ended early, so that another may follow it,
// when its memory or its goal ended it well before its deadline, not when
// it ended near the deadline, however much of the budget that leaves.
func TestEndedEarly(t *testing.T) {
	began := time.Unix(0, 0)
	deadline := began.Add(985 * time.Millisecond)
	for _, tc := range []struct {
		ended time.Duration
		want  bool
	}{
		{500 * time.Millisecond, true},
		{825 * time.Millisecond, true},
		{950 * time.Millisecond, false},
		{985 * time.Millisecond, false},
		{time.Second, false},
	} {
		if got := endedEarly(began, deadline, began.Add(tc.ended)); got != tc.want {
			t.Errorf("a round given until %v that ended at %v: early %v, want %v", deadline.Sub(began), tc.ended, got, tc.want)
		}
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

// TestSearchNodeLimits: a beam, of fixed width or adapting to a
// deadline, and weighted A* generate at most their maxNodes boards, and
// stop short of them with a *LimitError naming the nodes, not the memory
// (weighted A* once named its memory limit); weighted A* keeps to its
// memory as a memory limit, and returns no path past its cost bound.
func TestSearchNodeLimits(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	tg := standardGoal(5, 5)
	code := testsets.RandomWalk(rng, tg.Rows, tg.Cols, goalCode(tg), tiles.BlankCode, 100)
	f, err := newFrame(context.Background(), tg, code, lcConfig())
	if err != nil {
		t.Fatal(err)
	}
	for _, maxNodes := range []int64{0, 1, 3, 10, 1000, 30_000} {
		for _, timed := range []bool{false, true} {
			b := f.lcBeam(512, 2)
			b.maxNodes = maxNodes
			if timed {
				b.deadline, b.minWidth, b.maxWidth = time.Now().Add(time.Hour), 16, 1<<20
			}
			p, err := b.search(context.Background(), f.cells, f.blank, 1000)
			checkNodeLimit(t, "beam", maxNodes, b.generated, err)
			if err == nil {
				checkFramePath(t, f, p)
			}
		}
		s := newWAStar(f.rows, f.cols, f.blankVal, 3, 2, f.wEval())
		s.maxNodes = maxNodes
		p, err := s.search(context.Background(), f.cells, f.blank)
		checkNodeLimit(t, "weighted A*", maxNodes, s.generated, err)
		if err == nil {
			checkFramePath(t, f, p)
		}
	}
	s := newWAStar(f.rows, f.cols, f.blankVal, 3, 2, f.wEval())
	s.maxStored = 50
	var le *engine.LimitError
	if _, err := s.search(context.Background(), f.cells, f.blank); !errors.As(err, &le) || le.Limit != "memory" {
		t.Errorf("weighted A* storing 50 boards at most: %v", err)
	}
	ref := newWAStar(f.rows, f.cols, f.blankVal, 3, 2, f.wEval())
	full, err := ref.search(context.Background(), f.cells, f.blank)
	if err != nil {
		t.Fatal(err)
	}
	for _, maxCost := range []int{len(full) - 1, len(full) - 3, f.estimate() - 1} {
		s := newWAStar(f.rows, f.cols, f.blankVal, 3, 2, f.wEval())
		s.maxCost, s.maxNodes = maxCost, 2*ref.generated
		p, err := s.search(context.Background(), f.cells, f.blank)
		switch {
		case err == nil:
			checkFramePath(t, f, p)
			if len(p)-1 > maxCost {
				t.Errorf("weighted A* within %d moves: %d", maxCost, len(p)-1)
			}
		case errors.As(err, &le) && le.Limit == "nodes" && maxCost < len(full)-1:
		case !engine.Is(err, engine.NotFound) || maxCost >= len(full)-1:
			t.Errorf("weighted A* within %d moves (%d without a bound): %v", maxCost, len(full)-1, err)
		}
	}
}

// checkNodeLimit checks that a search under a limit of maxNodes generated
// at most that many boards, and if it failed, failed naming the limit.
func checkNodeLimit(t *testing.T, name string, maxNodes, generated int64, err error) {
	t.Helper()
	var le *engine.LimitError
	switch {
	case generated > maxNodes:
		t.Errorf("%s under %d nodes: %d generated (%v)", name, maxNodes, generated, err)
	case err != nil && (!errors.As(err, &le) || le.Limit != "nodes"):
		t.Errorf("%s under %d nodes: %v", name, maxNodes, err)
	}
}

// TestFastBlanksCap: fastBlanks stops at the moves its caller allows,
// with errMoveCap and those moves, and answers in full within them.
func TestFastBlanksCap(t *testing.T) {
	tg := standardGoal(8, 8)
	code := randomReaching(rand.New(rand.NewPCG(1, 8)), tg)
	full, err := fastBlanks(context.Background(), tg, code, false, 0, math.MaxInt64, nil)
	if err != nil {
		t.Fatal(err)
	}
	n := int64(len(full) - 1)
	for _, maxMoves := range []int64{0, 1, n / 2, n - 1, n, n + 1} {
		blanks, err := fastBlanks(context.Background(), tg, code, false, 0, maxMoves, nil)
		switch {
		case maxMoves >= n:
			if err != nil || len(blanks) != len(full) {
				t.Errorf("%d moves allowed of %d: %v, %d moves", maxMoves, n, err, len(blanks)-1)
			}
		case !errors.Is(err, errMoveCap) || int64(len(blanks)-1) != maxMoves:
			t.Errorf("%d moves allowed of %d: %v, %d moves", maxMoves, n, err, len(blanks)-1)
		}
	}
}

// TestWAStarMemoryCharged: weighted A* on 13 x 17, under a budget of a few
// megabytes, stops with a *LimitError of its memory having allocated no
// more than the budget in all, the arrays it outgrew included, so that
// the memory bound holds however late the collector frees them. Before,
// its arrays grew by append, a quarter at a time, uncharged: it was bound
// only by the boards it might store (maxStored, an estimate), and
// allocated four times what it held.
func TestWAStarMemoryCharged(t *testing.T) {
	f := randomFrame(t, 13, 17, 13, 17)
	for _, limit := range []int64{64 << 10, 4 << 20, 16 << 20} {
		s := newWAStar(f.rows, f.cols, f.blankVal, 3, 1, f.wEval())
		s.mem.Limit = limit
		s.maxNodes = 2_000_000 // the search stops before: a guard for the test
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		_, err := s.search(context.Background(), f.cells, f.blank)
		runtime.ReadMemStats(&after)
		allocated := int64(after.TotalAlloc - before.TotalAlloc)
		var le *engine.LimitError
		if !errors.As(err, &le) || le.Limit != "memory" || le.Value != limit {
			t.Fatalf("budget %d: %v, want a *LimitError of the memory", limit, err)
		}
		t.Logf("budget %d: %d bytes charged, %d allocated, %d boards", limit, s.mem.Used, allocated, len(s.g))
		if slack := int64(64 << 10); allocated > limit+slack { // the root's data, the path's slices, a goroutine
			t.Errorf("budget %d: %d bytes allocated, want at most %d", limit, allocated, limit+slack)
		}
	}
}
