package near

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// TestSetBeam: the set evaluator's value of every child equals the
// Manhattan distance of the set's tiles from scratch (times setWeight,
// plus the blank's distance to the nearest away from home), and with tidy
// that plus the other tiles' Manhattan distance, counted here apart.
func TestSetBeam(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	for _, sz := range [][2]int{{8, 8}, {5, 12}, {9, 7}} {
		rows, cols := sz[0], sz[1]
		n := rows * cols
		f := &frame{rows: rows, cols: cols, blankVal: rng.IntN(n)}
		in := make([]bool, n)
		for v := range in {
			in[v] = v != f.blankVal && rng.IntN(2) == 0
		}
		rest := func(cells []uint8) int {
			d := 0
			for c, v := range cells {
				if int(v) != f.blankVal && !in[v] {
					d += abs(int(v)/cols-c/cols) + abs(int(v)%cols-c%cols)
				}
			}
			return d
		}
		for _, tidy := range []bool{false, true} {
			e, scratch, plain := newSetBeam(f, in, tidy), newSetBeam(f, in, tidy), newSetBeam(f, in, false)
			for range 50 {
				cells := make([]uint8, n)
				for i, v := range rng.Perm(n) {
					cells[i] = uint8(v)
				}
				e.load(cells, nil, e.root(cells, nil))
				for _, m := range children(cells, uint8(f.blankVal), cols) {
					got, _ := e.child(m.v, m.from, m.to)
					if want := scratch.root(m.board, nil); got != want {
						t.Fatalf("%dx%d, tidy %v: tile %d from %d to %d: %d, from scratch %d", rows, cols, tidy, m.v, m.from, m.to, got, want)
					}
					want := plain.root(m.board, nil)
					if tidy && want > 0 {
						want += rest(m.board)
					}
					if got != want {
						t.Fatalf("%dx%d, tidy %v: tile %d from %d to %d: %d, want %d", rows, cols, tidy, m.v, m.from, m.to, got, want)
					}
				}
			}
		}
	}
}

// TestPeelSolve: on uniformly random boards past 7 x 7, square or not and
// with the blank's goal anywhere, beams edge by edge reach the goal, and
// in fewer moves than the fast mode.
func TestPeelSolve(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, sz := range [][2]int{{8, 8}, {5, 12}, {9, 7}, {10, 10}} {
		tg := randomGoal(rng, sz[0], sz[1]) // any blank cell
		code := randomReaching(rng, tg)
		cfg := *lcConfig()
		cfg.Began = time.Now()
		a := anytime{ctx: context.Background(), t: tg, code: code, cfg: cfg}
		if err := a.startFast(); err != nil {
			t.Fatal(err)
		}
		fast := len(a.blanks) - 1
		f, err := newFrame(a.ctx, tg, code, &a.cfg)
		if err != nil {
			t.Fatal(err)
		}
		// The fast mode from the frame's start over the whole board is the
		// fast mode's solution.
		reduced := anytime{ctx: a.ctx, t: tg, code: code, cfg: cfg}
		reduced.offerReduced(f, []int{f.blank}, f.cells, region{0, f.rows, 0, f.cols})
		if len(reduced.blanks) != len(a.blanks) {
			t.Fatalf("%v: the fast mode in the frame took %d moves, on the board %d", sz, len(reduced.blanks)-1, fast)
		}
		// 300 ms on a clock that counts the boards generated (see
		// workClock), so that the beams' widths do not depend on the
		// machine's load.
		a.clock = &workClock{start: time.Now(), per: 100 * time.Nanosecond}
		a.budget, a.end = 300*time.Millisecond, a.clock.start.Add(300*time.Millisecond)
		a.peelSolve(f, 2, a.end)
		if a.best.Method != BeamSearch {
			t.Fatalf("%v: the beams found no solution shorter than the fast mode's %d moves", sz, fast)
		}
		checkBlanks(t, tg, code, a.blanks)
		t.Logf("%dx%d: %d moves, fast mode %d", sz[0], sz[1], len(a.blanks)-1, fast)
	}
}

// TestPeelCorner: peelCorner takes one outer line of the region, or two
// that meet at a corner while the region stays larger than peelRegion x
// peelRegion and they hold at most cornerCells cells; the lines and the
// region left cover the region once.
func TestPeelCorner(t *testing.T) {
	for _, tc := range []struct {
		rows, cols, blankGoal int
		lines                 []int // cells of each line taken
	}{
		{8, 8, 0, []int{8, 7}},
		{10, 10, 0, []int{10, 9}},
		{12, 12, 0, []int{12}}, // 23 cells
		{7, 20, 0, []int{7}},   // the next line is a column too
		{7, 7, 48, []int{7, 6}},
		{7, 6, 0, []int{6}}, // 6 x 6 left
		{9, 14, 125, []int{9}},
	} {
		g := region{0, tc.rows, 0, tc.cols}
		lines := g.peelCorner(tc.blankGoal, tc.cols)
		var sizes []int
		seen := make([]int, tc.rows*tc.cols)
		for _, l := range lines {
			sizes = append(sizes, len(l.cells))
			for _, c := range l.cells {
				seen[c]++
			}
		}
		for r := g.r0; r < g.r1; r++ {
			for c := g.c0; c < g.c1; c++ {
				seen[r*tc.cols+c]++
			}
		}
		if !slices.Equal(sizes, tc.lines) {
			t.Errorf("%dx%d, blank's goal %d: lines of %v cells, want %v", tc.rows, tc.cols, tc.blankGoal, sizes, tc.lines)
		}
		for c, k := range seen {
			if k != 1 {
				t.Errorf("%dx%d, blank's goal %d: cell %d in %d of the lines and the region left", tc.rows, tc.cols, tc.blankGoal, c, k)
			}
		}
		if g.r0 <= tc.blankGoal/tc.cols && tc.blankGoal/tc.cols < g.r1 && g.c0 <= tc.blankGoal%tc.cols && tc.blankGoal%tc.cols < g.c1 {
			continue
		}
		t.Errorf("%dx%d: the blank's goal %d left the region %v", tc.rows, tc.cols, tc.blankGoal, g)
	}
}
