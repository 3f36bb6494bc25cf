package near

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/slidekit/slide/internal/testsets"
	"github.com/slidekit/slide/internal/tiles"
)

// walkBlanks returns a random way of n moves of the blank from cell b of
// a board of goal t, a move in k undoing the one before, to make pairs to
// take out; with line, of runs of up to 3 cells.
func walkBlanks(rng *rand.Rand, t *tiles.Goal, b, n int, line bool) []int {
	out := []int{b}
	for len(out) <= n {
		if len(out) > 1 && rng.IntN(4) == 0 {
			b = out[len(out)-2] // an undo
			out = append(out, b)
			continue
		}
		dr, dc := [4]int{-1, 1, 0, 0}, [4]int{0, 0, -1, 1}
		d, k := rng.IntN(4), 1
		if line {
			k = 1 + rng.IntN(3)
		}
		r, c := b/t.Cols+k*dr[d], b%t.Cols+k*dc[d]
		if r < 0 || c < 0 || r >= t.Rows || c >= t.Cols {
			continue
		}
		b = r*t.Cols + c
		out = append(out, b)
	}
	return out
}

// endOf returns the board the way blanks leads code to, a move of k cells
// along a line sliding the k tiles between.
func endOf(t *tiles.Goal, code []int32, blanks []int) []int32 {
	b := slices.Clone(code)
	for k := 1; k < len(blanks); k++ {
		from, to := blanks[k-1], blanks[k]
		step := 1
		if to/t.Cols != from/t.Cols {
			step = t.Cols
		}
		if to < from {
			step = -step
		}
		for c := from; c != to; c += step {
			slideBlank(b, c, c+step)
		}
	}
	return b
}

func TestTidy(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 1))
	g := standardGoal(4, 5)
	for _, line := range []bool{false, true} {
		for range 200 {
			code := randomReaching(rng, g)
			blanks := walkBlanks(rng, g, slices.Index(code, tiles.BlankCode), rng.IntN(60), line)
			want := endOf(g, code, blanks)
			got := Tidy(slices.Clone(blanks), g.Cols, line)
			if len(got) > len(blanks) || got[0] != blanks[0] || !slices.Equal(endOf(g, code, got), want) {
				t.Fatalf("line %v: %v tidied to %v", line, blanks, got)
			}
			for k := 2; k < len(got); k++ {
				if got[k] == got[k-2] || line && inLine(got[k-2], got[k-1], got[k], g.Cols) {
					t.Fatalf("line %v: %v tidied to %v, which holds a pair at %d", line, blanks, got, k)
				}
			}
		}
	}
}

// TestCanceller checks the fast mode's canceller against Tidy on streams
// longer than it holds: the same moves where no pair spans more than
// half of maxHeld.
func TestCanceller(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 5))
	g := standardGoal(40, 40)
	blanks := walkBlanks(rng, g, 0, 5*maxHeld, false)
	var moves []tiles.Dir
	cn := canceller{emit: func(d tiles.Dir) { moves = append(moves, d) }}
	for k := 1; k < len(blanks); k++ {
		cn.add(dirOf(blanks[k-1], blanks[k], g.Cols))
	}
	cn.flush()
	want := Tidy(blanks, g.Cols, false)
	if len(moves) != len(want)-1 {
		t.Fatalf("%d moves, Tidy leaves %d", len(moves), len(want)-1)
	}
	for k, d := range moves {
		if d != dirOf(want[k], want[k+1], g.Cols) {
			t.Fatalf("move %d: %v, Tidy's %v", k, d, dirOf(want[k], want[k+1], g.Cols))
		}
	}
	// A move passes the canceller allocating nothing.
	sent := 0
	cn = canceller{held: make([]tiles.Dir, 0, maxHeld), emit: func(tiles.Dir) { sent++ }}
	if allocs := testing.AllocsPerRun(10, func() {
		for k := range 3 * maxHeld {
			cn.add(tiles.Dir(k % 3)) // Up, Down cancel; Left stays
		}
		cn.flush()
	}); allocs != 0 || sent == 0 {
		t.Errorf("%v allocations a run, %d moves handed on", allocs, sent)
	}
}

// TestFastTidy checks the fast mode's answers on boards of every size
// class: they reach the goal and hold no move followed by its undo
// (random boards past 4 x 4 held some before its canceller).
func TestFastTidy(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 6))
	for _, sz := range [][2]int{{3, 3}, {4, 4}, {5, 5}, {6, 6}, {7, 7}, {2, 9}, {9, 2}, {10, 10}, {30, 30}} {
		g := standardGoal(sz[0], sz[1])
		for range 4 {
			code := randomReaching(rng, g)
			blanks, err := fastBlanks(context.Background(), g, code, false, 0, math.MaxInt64, nil)
			if err != nil {
				t.Fatal(err)
			}
			checkBlanks(t, g, code, blanks)
			for k := 2; k < len(blanks); k++ {
				if blanks[k] == blanks[k-2] {
					t.Fatalf("%v: move %d undoes move %d", sz, k, k-1)
				}
			}
		}
	}
}

// TestRepair checks the anytime mode's repair of beam answers of a fixed
// width on 5 x 5 boards (and 6 x 6 and 7 x 7 under testsets.Long): the answer replays to the goal, is no
// longer than the beam's, holds no move followed by its undo, and one
// more pass of the polisher's first window finds nothing to shorten.
func TestRepair(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 7))
	sizes := []int{5}
	if testsets.Long() {
		sizes = append(sizes, 6, 7)
	}
	for _, n := range sizes {
		g := standardGoal(n, n)
		for range 2 {
			code := randomReaching(rng, g)
			cfg := *lcConfig()
			blanks, err := Beam(context.Background(), g, code, 64, cfg)
			if err != nil {
				t.Fatal(err)
			}
			a := newAnytime(context.Background(), g, code, cfg)
			a.offer(slices.Clone(blanks), BeamSearch, cfg.Heuristic)
			if err := a.repair(); err != nil {
				t.Fatal(err)
			}
			checkBlanks(t, g, code, a.blanks)
			if len(a.blanks) > len(blanks) {
				t.Fatalf("%d x %d: repair lengthens %d moves to %d", n, n, len(blanks)-1, len(a.blanks)-1)
			}
			if got := Tidy(slices.Clone(a.blanks), n, false); len(got) != len(a.blanks) {
				t.Fatalf("%d x %d: the repaired answer holds %d moves with their undos", n, n, len(a.blanks)-len(got))
			}
			p := &polisher{rows: n, cols: n, blankVal: int32(g.BlankGoal), ctx: context.Background(), maxNodes: 200_000, budget: math.MaxInt64}
			if again := p.polish(valuesOf(g, code), a.blanks, 16, 16/3); len(again) != len(a.blanks) {
				t.Fatalf("%d x %d: a pass after the repair shortens %d moves to %d", n, n, len(a.blanks)-1, len(again)-1)
			}
		}
	}
}

// valuesOf returns the board of codes code of goal t as cell values (see
// wastar): the blank's value is its goal cell.
func valuesOf(t *tiles.Goal, code []int32) []int32 {
	v := slices.Clone(code)
	for i, c := range v {
		if c == tiles.BlankCode {
			v[i] = int32(t.BlankGoal)
		}
	}
	return v
}

// TestFastPolished checks the fast mode's polishing on boards of every
// size class up to polishCells cells: its answers reach the goal, are
// never longer than the reducer's and shorter on the whole, hold no
// window of fastWindows moves that a shortest way within its rectangle
// would shorten, and keep within the boards allowed; past polishCells
// the reducer's answer is handed on as it is.
func TestFastPolished(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 7))
	var before, after int
	for _, sz := range [][2]int{{3, 3}, {2, 9}, {4, 4}, {5, 5}, {7, 7}, {3, 33}, {10, 10}, {11, 10}} {
		g := standardGoal(sz[0], sz[1])
		for range 2 {
			code := randomReaching(rng, g)
			reduced, err := fastBlanks(context.Background(), g, code, false, 0, math.MaxInt64, nil)
			if err != nil {
				t.Fatal(err)
			}
			blank := slices.Index(code, tiles.BlankCode)
			blanks := []int{blank}
			polished, err := Fast(context.Background(), g, code, false, math.MaxInt64, func(d tiles.Dir, n int) {
				dr, dc := d.Source()
				blank += n * (dr*g.Cols + dc)
				blanks = append(blanks, blank)
			})
			if err != nil {
				t.Fatal(err)
			}
			checkBlanks(t, g, code, blanks)
			if sz[0]*sz[1] > polishCells {
				if !slices.Equal(blanks, reduced) || polished != 0 {
					t.Errorf("%v: %d moves, the reducer's %d, %d boards polishing: want the reducer's", sz, len(blanks)-1, len(reduced)-1, polished)
				}
				continue
			}
			if len(blanks) > len(reduced) || polished > int64(len(reduced)-1)*(fastPolishNodes+1) {
				t.Errorf("%v: %d moves, the reducer's %d, %d boards polishing", sz, len(blanks)-1, len(reduced)-1, polished)
			}
			before, after = before+len(reduced)-1, after+len(blanks)-1
			vals := slices.Clone(code)
			vals[slices.Index(code, tiles.BlankCode)] = int32(g.BlankGoal)
			p := &polisher{rows: g.Rows, cols: g.Cols, blankVal: int32(g.BlankGoal), ctx: context.Background(), maxNodes: 1 << 22, budget: math.MaxInt64}
			for _, w := range fastWindows {
				if again := p.polish(vals, blanks, w, 1); len(again) < len(blanks) {
					t.Fatalf("%v: windows of %d moves shorten the answer from %d to %d moves", sz, w, len(blanks)-1, len(again)-1)
				}
			}
		}
	}
	if after >= before {
		t.Errorf("polishing took the answers from %d moves to %d", before, after)
	}
	t.Logf("%d moves to %d", before, after)
	// Within the boards allowed: the moves made count as boards.
	g := standardGoal(6, 6)
	code := randomReaching(rng, g)
	reduced, _ := fastBlanks(context.Background(), g, code, false, 0, math.MaxInt64, nil)
	handed := 0
	extra, err := Fast(context.Background(), g, code, false, int64(len(reduced)-1)+100, func(tiles.Dir, int) { handed++ })
	if err != nil || int64(handed)+extra > int64(len(reduced)-1)+100 {
		t.Errorf("allowed 100 boards past the reducer's %d moves: %d moves and %d boards more, %v", len(reduced)-1, handed, extra, err)
	}
}

// TestAnswersShortened checks that the answers of the Anytime (on the
// clock that counts boards, see workClock) and Weighted modes, on random
// boards of the sizes their beams and edge-by-edge search solve, hold no
// window of up to 16 moves that a shortest way within its rectangle
// would shorten (see polisher.shorten), and reach the goal.
func TestAnswersShortened(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 8))
	sizes := [][2]int{{7, 7}, {5, 12}}
	if testsets.Long() {
		sizes = append(sizes, [2]int{6, 6}, [2]int{8, 8})
	}
	for _, sz := range sizes {
		g := standardGoal(sz[0], sz[1])
		code := randomReaching(rng, g)
		cfg := *lcConfig()
		cfg.Workers = 2
		weighted, err := Weighted(context.Background(), g, code, 3, cfg)
		if err != nil {
			t.Fatal(err)
		}
		cfg.clock = &workClock{start: time.Now(), per: 50 * time.Nanosecond} // polishing takes a 25th: 160,000 boards
		anytime, err := Anytime(context.Background(), g, code, 200*time.Millisecond, cfg)
		if err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			mode   string
			blanks []int
		}{{"weighted", weighted.Blanks}, {"anytime", anytime.Blanks}} {
			checkBlanks(t, g, code, tc.blanks)
			p := &polisher{rows: g.Rows, cols: g.Cols, blankVal: int32(g.BlankGoal), ctx: context.Background(), maxNodes: 1 << 22, budget: math.MaxInt64}
			if again := p.shorten(cellValues(g, code), tc.blanks); len(again) < len(tc.blanks) {
				t.Errorf("%v %s: windows shorten the answer from %d to %d moves", sz, tc.mode, len(tc.blanks)-1, len(again)-1)
			}
		}
	}
}

// TestShortenedOnce checks that an answer shortened to the end passes
// shortened again unchanged and without work, while one that the node
// limit stopped is shortened further the next time.
func TestShortenedOnce(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 9))
	g := standardGoal(6, 6)
	code := randomReaching(rng, g)
	blanks, err := Beam(context.Background(), g, code, 64, *lcConfig())
	if err != nil {
		t.Fatal(err)
	}
	cfg := *lcConfig()
	once := shortened(context.Background(), g, code, Answer{Blanks: blanks}, cfg)
	checkBlanks(t, g, code, once.Blanks)
	if !once.shortened || once.Generated == 0 || len(once.Blanks) > len(blanks) {
		t.Fatalf("shortened: %d to %d moves in %d boards, marked %v", len(blanks)-1, len(once.Blanks)-1, once.Generated, once.shortened)
	}
	if twice := shortened(context.Background(), g, code, once, cfg); twice.Generated != once.Generated || len(twice.Blanks) != len(once.Blanks) {
		t.Errorf("shortened again: %d boards more, %d to %d moves", twice.Generated-once.Generated, len(once.Blanks)-1, len(twice.Blanks)-1)
	}
	cfg.Limits.Nodes = once.Generated / 4
	cut := shortened(context.Background(), g, code, Answer{Blanks: blanks}, cfg)
	if cut.shortened {
		t.Errorf("an answer shortened within %d of the %d boards it needs is marked as shortened to the end", cfg.Limits.Nodes, once.Generated)
	}
}
