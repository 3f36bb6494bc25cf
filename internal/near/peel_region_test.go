package near

import (
	"context"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/slidekit/slide/internal/tiles"
)

// TestSolveRegion: on boards of more cells than a frame takes, square or
// not and with the blank's goal anywhere, the anytime mode's answer comes
// from the beams on the region the fast mode leaves (not from the fast
// mode and polishing alone), reaches the goal, and is shorter than the
// fast mode's; its progress reports speak of the whole board.
func TestSolveRegion(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, sz := range [][2]int{{17, 17}, {12, 25}} {
		tg := randomGoal(rng, sz[0], sz[1]) // any blank cell
		code := randomReaching(rng, tg)
		fast, err := fastBlanks(context.Background(), tg, code, false, 0, math.MaxInt64, nil)
		if err != nil {
			t.Fatal(err)
		}
		type report struct{ Best, LowerBound int }
		var reports []report
		cfg := Config{Heuristic: tiles.Heuristic{Kind: tiles.LinearConflict}, Workers: runtime.GOMAXPROCS(0),
			Progress: func(_ int, _ int64, best, lower int) { reports = append(reports, report{best, lower}) },
			clock:    &workClock{start: time.Now(), per: 500 * time.Nanosecond}} // boards, not the machine's speed, tell time
		ans, err := Anytime(context.Background(), tg, code, time.Second, cfg)
		if err != nil {
			t.Fatal(err)
		}
		moves, fastMoves := len(ans.Blanks)-1, len(fast)-1
		lower := min(ans.Lower, moves) // the root package's Solution.LowerBound
		// Progress speaks of the whole board: its best length falls to the
		// answer's, never below, with the board's lower bound.
		for i, p := range reports {
			if p.Best < moves || i > 0 && p.Best > reports[i-1].Best || p.LowerBound != lower {
				t.Errorf("%v: report %d: best %d (before %d), at least %d; the answer %d, at least %d", sz, i, p.Best, reports[max(0, i-1)].Best, p.LowerBound, moves, lower)
			}
		}
		if len(reports) == 0 || reports[len(reports)-1].Best != moves {
			t.Errorf("%v: %d reports, none of the answer's %d moves last", sz, len(reports), moves)
		}
		checkBlanks(t, tg, code, ans.Blanks)
		if ans.Method != BeamSearch || moves >= fastMoves {
			t.Errorf("%v: %d moves by method %d, the fast mode %d", sz, moves, ans.Method, fastMoves)
		}
		if ans.Lower > moves || lower == moves || lower < 1 {
			t.Errorf("%v: lower bound %d for %d moves", sz, ans.Lower, moves)
		}
		t.Logf("%dx%d: %d moves, fast mode %d, at least %d", sz[0], sz[1], moves, fastMoves, lower)
	}
}

// TestRegionCode: the region of a board whose tiles outside it are home
// is a board of its own with the same tiles in the same order, its goal
// the tiles row-major with the blank's goal cell kept; a tile of the
// region outside it is an error.
func TestRegionCode(t *testing.T) {
	// 4 x 5 board of codes (goal cells; -1 the blank), blank's goal cell 0;
	// the region is rows 0-2, columns 0-2.
	code := []int32{
		1, 2, tiles.BlankCode, 3, 4,
		5, 10, 6, 8, 9,
		7, 11, 12, 13, 14,
		15, 16, 17, 18, 19,
	}
	g := region{0, 3, 0, 3}
	goal, local, cells, err := regionCode(code, 0, 5, g)
	if err != nil {
		t.Fatal(err)
	}
	wantCells := []int{0, 1, 2, 5, 6, 7, 10, 11, 12}
	if !slices.Equal(cells, wantCells) {
		t.Errorf("cells %v, want %v", cells, wantCells)
	}
	// Region cells 0 ... 8 hold goal cells 0 1 2 5 6 7 10 11 12, so the
	// region's goal is 0 1 2 / 3 4 5 / 6 7 8 with the blank on 0: labels
	// k for k = 1 ... 8.
	if goal.Rows != 3 || goal.Cols != 3 || goal.BlankGoal != 0 || !goal.Distinct {
		t.Errorf("goal %d x %d, blank's goal cell %d, distinct %v; want 3 x 3, 0, true", goal.Rows, goal.Cols, goal.BlankGoal, goal.Distinct)
	}
	for c := int32(1); c < 9; c++ {
		if l := goal.Label(c); l != int(c) {
			t.Errorf("goal cell %d: label %d, want %d", c, l, c)
		}
	}
	// The start 1 2 0 / 3 6 4 / 5 7 8, in the codes of that goal.
	if want, err := goal.Encode([]int{1, 2, 0, 3, 6, 4, 5, 7, 8}); err != nil || !slices.Equal(local, want) {
		t.Errorf("start %v, want %v (%v)", local, want, err)
	}
	if want := []int32{1, 2, tiles.BlankCode, 3, 6, 4, 5, 7, 8}; !slices.Equal(local, want) {
		t.Errorf("start %v, want %v", local, want)
	}
	code[12], code[13] = 13, 12 // tile 13's goal is outside the region
	if _, _, _, err := regionCode(code, 0, 5, g); err == nil {
		t.Error("a tile outside its region: no error")
	}
}

// TestHomeOutside: the part of the fast mode's way that homeOutside
// returns ends on the first board whose tiles outside the region are home
// with the blank inside, checked board by board from scratch; a region
// away from the blank's goal has none.
func TestHomeOutside(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	tg := blankFirstGoal(5, 5)
	for range 20 {
		code := randomReaching(rng, tg)
		way, err := fastBlanks(context.Background(), tg, code, false, 0, math.MaxInt64, nil)
		if err != nil {
			t.Fatal(err)
		}
		g := region{0, 3, 0, 4}
		got := homeOutside(context.Background(), slices.Clone(code), way, 5, g)
		board, want := slices.Clone(code), -1
		for i, b := range way {
			if i > 0 {
				board[way[i-1]], board[b] = board[b], tiles.BlankCode
			}
			done := g.r0 <= b/5 && b/5 < g.r1 && g.c0 <= b%5 && b%5 < g.c1
			for c, v := range board {
				if (c/5 >= g.r1 || c%5 >= g.c1) && int(v) != c {
					done = false
				}
			}
			if done {
				want = i
				break
			}
		}
		if want < 0 || !slices.Equal(got, way[:want+1]) {
			t.Fatalf("%v: the first %d moves, want %d", code, len(got)-1, want)
		}
		if got := homeOutside(context.Background(), slices.Clone(code), way, 5, region{3, 5, 3, 5}); got != nil {
			t.Fatalf("%v: %d moves to a region away from the blank's goal", code, len(got)-1)
		}
	}
}
