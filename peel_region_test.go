package slide

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// TestSolveRegion: on boards of more cells than a frame takes, square or
// not and with the blank's goal anywhere, the anytime mode's answer comes
// from the beams on the region the fast mode leaves (not from the fast
// mode and polishing alone), reaches the goal, and is shorter than the
// fast mode's; its progress reports speak of the whole board.
func TestSolveRegion(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, sz := range [][2]int{{17, 17}, {12, 25}} {
		goal := randomReaching(rng, Goal(sz[0], sz[1])) // any blank cell
		start := randomReaching(rng, goal)
		fast, err := Solve(start, goal, WithFast())
		if err != nil {
			t.Fatal(err)
		}
		var reports []Progress
		sol, err := Solve(start, goal, WithTimeLimit(time.Second), WithProgress(func(p Progress) { reports = append(reports, p) }))
		if err != nil {
			t.Fatal(err)
		}
		// Progress speaks of the whole board: its best length falls to the
		// answer's, never below, with the board's lower bound.
		for i, p := range reports {
			if p.Best < sol.Len() || i > 0 && p.Best > reports[i-1].Best || p.LowerBound != sol.LowerBound {
				t.Errorf("%v: report %d: best %d (before %d), at least %d; the answer %d, at least %d", sz, i, p.Best, reports[max(0, i-1)].Best, p.LowerBound, sol.Len(), sol.LowerBound)
			}
		}
		if len(reports) == 0 || reports[len(reports)-1].Best != sol.Len() {
			t.Errorf("%v: %d reports, none of the answer's %d moves last", sz, len(reports), sol.Len())
		}
		checkValid(t, sol, start, goal, TileMoves)
		if sol.Algorithm != AlgoAuto || sol.Len() >= fast.Len() {
			t.Errorf("%v: %d moves by %v, the fast mode %d", sz, sol.Len(), sol.Algorithm, fast.Len())
		}
		if sol.Optimal || sol.LowerBound > sol.Len() || sol.LowerBound < 1 {
			t.Errorf("%v: lower bound %d for %d moves, optimal %v", sz, sol.LowerBound, sol.Len(), sol.Optimal)
		}
		t.Logf("%dx%d: %d moves, fast mode %d, at least %d", sz[0], sz[1], sol.Len(), fast.Len(), sol.LowerBound)
	}
}

// TestRegionBoards: the region of a board whose tiles outside it are home
// is a board of its own with the same tiles in the same order, its goal
// the tiles row-major with the blank's goal cell kept; a tile of the
// region outside it is an error.
func TestRegionBoards(t *testing.T) {
	// 4 x 5 board of codes (goal cells; -1 the blank), blank's goal cell 0;
	// the region is rows 0-2, columns 0-2.
	code := []int32{
		1, 2, blankCode, 3, 4,
		5, 10, 6, 8, 9,
		7, 11, 12, 13, 14,
		15, 16, 17, 18, 19,
	}
	g := region{0, 3, 0, 3}
	start, goal, cells, err := regionBoards(code, 0, 5, g)
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
	if want := MustParse("3 3\n0 1 2\n3 4 5\n6 7 8"); goal != want {
		t.Errorf("goal\n%v, want\n%v", goal, want)
	}
	if want := MustParse("3 3\n1 2 0\n3 6 4\n5 7 8"); start != want {
		t.Errorf("start\n%v, want\n%v", start, want)
	}
	code[12], code[13] = 13, 12 // tile 13's goal is outside the region
	if _, _, _, err := regionBoards(code, 0, 5, g); err == nil {
		t.Error("a tile outside its region: no error")
	}
}

// TestHomeOutside: the part of the fast mode's way that homeOutside
// returns ends on the first board whose tiles outside the region are home
// with the blank inside, checked board by board from scratch; a region
// away from the blank's goal has none.
func TestHomeOutside(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	goal := blankFirstGoal(5, 5)
	for range 20 {
		start := randomReaching(rng, goal)
		sol, err := Solve(start, goal, WithFast())
		if err != nil {
			t.Fatal(err)
		}
		_, code := encodeFor(t, start, goal)
		way := blanksOf(start, sol.Moves)
		g := region{0, 3, 0, 4}
		got := homeOutside(slices.Clone(code), way, 5, g)
		board, want := slices.Clone(code), -1
		for i, b := range way {
			if i > 0 {
				board[way[i-1]], board[b] = board[b], blankCode
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
			t.Fatalf("%v: the first %d moves, want %d", start, len(got)-1, want)
		}
		if got := homeOutside(slices.Clone(code), way, 5, region{3, 5, 3, 5}); got != nil {
			t.Fatalf("%v: %d moves to a region away from the blank's goal", start, len(got)-1)
		}
	}
}
