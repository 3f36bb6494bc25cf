package tiles

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/testsets"
)

// A goalCase is a goal board for the tests of this file.
type goalCase struct {
	name       string
	rows, cols int
	labels     []int
	perm       bool // the labels are 1 ... n-1
}

// smallGoals returns goals of at most 9 cells, small enough for a
// breadth-first search of their whole space: the blank in a corner, in
// the middle and anywhere, labels 1 ... n-1, other distinct labels, and
// repeated labels, on boards of one line and of two and three.
func smallGoals() []goalCase {
	rng := rand.New(rand.NewPCG(30, 31))
	return []goalCase{
		{"2x2", 2, 2, testsets.BlankLast(4), true},
		{"2x3", 2, 3, testsets.BlankLast(6), true},
		{"3x2 random", 3, 2, rng.Perm(6), true},
		{"2x4 random", 2, 4, rng.Perm(8), true},
		{"3x3 blank in the middle", 3, 3, []int{1, 2, 3, 4, 0, 5, 6, 7, 8}, true},
		{"1x5", 1, 5, []int{3, 1, 0, 4, 2}, true},
		{"4x1", 4, 1, []int{0, 1, 2, 3}, true},
		{"2x3 other labels", 2, 3, []int{10, 3, 0, 77, 250, 5}, false},
		{"2x3 repeated", 2, 3, []int{1, 1, 2, 2, 3, 0}, false},
		{"2x4 repeated", 2, 4, []int{5, 5, 0, 7, 7, 7, 9, 9}, false},
		{"3x3 repeated", 3, 3, []int{1, 1, 1, 2, 0, 2, 3, 3, 2}, false},
		{"1x4 repeated", 1, 4, []int{2, 0, 2, 1}, false},
	}
}

func (c goalCase) goal() *Goal { return NewGoal(c.rows, c.cols, c.labels, c.perm) }

// TestEncodeRoundTrip checks Encode and Label on random boards of every
// goal: the blank is BlankCode, Label gives every label back, and a
// tile's code is a goal cell of its label (distinct labels) or the rank
// of its label (repeated labels); the goal itself is 0 moves away by
// every heuristic.
func TestEncodeRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(32, 33))
	goals := smallGoals()
	goals = append(goals,
		goalCase{"4x4", 4, 4, testsets.BlankLast(16), true},
		goalCase{"5x5 random", 5, 5, rng.Perm(25), true},
		goalCase{"16x17", 16, 17, rng.Perm(16 * 17), true},
		goalCase{"4x4 other labels", 4, 4, append([]int{0}, rng.Perm(1000)[:15]...), false})
	for _, c := range goals {
		g := c.goal()
		ranks := slices.Compact(slices.Sorted(slices.Values(c.labels)))[1:]
		for range 50 {
			board := slices.Clone(c.labels)
			rng.Shuffle(len(board), func(i, j int) { board[i], board[j] = board[j], board[i] })
			code := encodeBoard(t, g, board)
			for i, l := range board {
				cd := code[i]
				switch {
				case l == 0 && cd != BlankCode, l != 0 && cd == BlankCode:
					t.Fatalf("%s: label %d coded %d", c.name, l, cd)
				case g.Label(cd) != l:
					t.Fatalf("%s: Label(%d) = %d, want %d", c.name, cd, g.Label(cd), l)
				case l == 0:
				case g.Distinct && c.labels[cd] != l:
					t.Fatalf("%s: tile %d coded %d, a goal cell of %d", c.name, l, cd, c.labels[cd])
				case !g.Distinct && int(cd) != slices.Index(ranks, l)+1:
					t.Fatalf("%s: tile %d coded %d, want its rank %d", c.name, l, cd, slices.Index(ranks, l)+1)
				}
			}
		}
		goal := encodeBoard(t, g, c.labels)
		for _, h := range []Kind{Zero, Hamming, Manhattan, LinearConflict} {
			if e := g.Estimate(h, goal); e != 0 {
				t.Errorf("%s: %v of the goal is %d", c.name, h, e)
			}
		}
	}
}

// TestEncodeMismatch checks that Encode refuses, with an error of kind
// Mismatch, a board whose labels are not the goal's.
func TestEncodeMismatch(t *testing.T) {
	perm := NewGoal(2, 2, []int{1, 2, 3, 0}, true)
	other := NewGoal(2, 2, []int{10, 20, 30, 0}, false)
	repeated := NewGoal(2, 2, []int{1, 1, 2, 0}, false)
	for _, c := range []struct {
		name  string
		g     *Goal
		board []int
	}{
		{"tile past n-1", perm, []int{1, 2, 4, 0}},
		{"tile twice", perm, []int{1, 2, 2, 0}},
		{"absent label", other, []int{10, 20, 31, 0}},
		{"label twice", other, []int{10, 20, 20, 0}},
		{"too many of a label", repeated, []int{1, 1, 1, 0}},
		{"absent repeated label", repeated, []int{1, 1, 3, 0}},
	} {
		if code, err := c.g.Encode(c.board); !engine.Is(err, engine.Mismatch) || code != nil {
			t.Errorf("%s: Encode(%v) = %v, %v; want a Mismatch", c.name, c.board, code, err)
		}
	}
}

// TestSolvableMatchesBFS checks Solvable against a breadth-first search
// from the goal over plain labels: on every arrangement of the goal's
// labels for boards of up to 8 cells, and on random ones of 3 x 3, it
// says true exactly for the boards the search reaches.
func TestSolvableMatchesBFS(t *testing.T) {
	rng := rand.New(rand.NewPCG(34, 35))
	for _, c := range smallGoals() {
		g := c.goal()
		dist := labelDistances(c.rows, c.cols, c.labels, false)
		check := func(board []int) {
			if got, want := g.Solvable(encodeBoard(t, g, board)), has(dist, boardKey(board)); got != want {
				t.Fatalf("%s: Solvable(%v) = %v, BFS says %v", c.name, board, got, want)
			}
		}
		if len(c.labels) > 8 {
			for range 3000 {
				board := slices.Clone(c.labels)
				rng.Shuffle(len(board), func(i, j int) { board[i], board[j] = board[j], board[i] })
				check(board)
			}
			continue
		}
		board := slices.Sorted(slices.Values(c.labels))
		for ok := true; ok; ok = nextPermutation(board) {
			check(board)
		}
	}
}

// TestHeuristicsAdmissible checks every heuristic on every board that
// can reach the goal, for the goals of smallGoals, against the distances
// of a breadth-first search over plain labels: none is above the true
// distance, by single-tile moves (Estimate, LowerBound) or by line moves
// (LowerBound, and the estimates of a Space of line moves); Manhattan
// distance is at least Hamming's count and linear conflicts add to it.
func TestHeuristicsAdmissible(t *testing.T) {
	for _, c := range smallGoals() {
		g := c.goal()
		lineDist := labelDistances(c.rows, c.cols, c.labels, true)
		lineSpaces := map[Kind]*Space{}
		for _, h := range []Kind{Zero, Hamming, Manhattan, LinearConflict} {
			lineSpaces[h] = NewSpace(g, Heuristic{Kind: h}, true)
		}
		for key, d := range labelDistances(c.rows, c.cols, c.labels, false) {
			board := keyBoard(key)
			code := encodeBoard(t, g, board)
			var e [4]int
			for h := Zero; h <= LinearConflict; h++ {
				if e[h] = g.Estimate(h, code); e[h] > d {
					t.Fatalf("%s: %v of %v is %d, the distance %d", c.name, h, board, e[h], d)
				}
			}
			if e[Zero] != 0 || e[Hamming] > e[Manhattan] || e[Manhattan] > e[LinearConflict] {
				t.Fatalf("%s: %v: estimates %v out of order", c.name, board, e)
			}
			if lb := g.LowerBound(code, false); lb > d || lb < e[Manhattan] {
				t.Fatalf("%s: LowerBound of %v is %d, Manhattan %d, the distance %d", c.name, board, lb, e[Manhattan], d)
			}
			ld := lineDist[key]
			if lb := g.LowerBound(code, true); lb > ld {
				t.Fatalf("%s: line LowerBound of %v is %d, the distance %d", c.name, board, lb, ld)
			}
			for h, sp := range lineSpaces {
				if est := sp.EstimateCode(code); est > ld {
					t.Fatalf("%s: %v by line moves of %v is %d, the distance %d", c.name, h, board, est, ld)
				}
			}
		}
	}
}

// TestHeuristicsIgnoreBlank checks, on every board one move from the
// goal, that Hamming and Manhattan distance count the one tile moved and
// not the blank: exactly 1, where counting the blank would give 2.
func TestHeuristicsIgnoreBlank(t *testing.T) {
	for _, c := range smallGoals() {
		g := c.goal()
		for _, board := range labelMoves(c.rows, c.cols, c.labels, false) {
			code := encodeBoard(t, g, board)
			for _, h := range []Kind{Hamming, Manhattan} {
				if e := g.Estimate(h, code); e != 1 {
					t.Errorf("%s: %v of %v, one move from the goal, is %d", c.name, h, board, e)
				}
			}
		}
	}
}

// TestAssign checks Assign on every board of goals with repeated labels:
// each tile gets a goal cell of its own label, every cell once, and the
// board of those cells, with distinct tiles, can reach its goal, as a
// breadth-first search over plain labels says.
func TestAssign(t *testing.T) {
	for _, c := range smallGoals() {
		if c.perm || len(c.labels) > 8 || c.rows == 1 || c.cols == 1 {
			continue
		}
		g := c.goal()
		if g.Distinct {
			continue
		}
		cells := make([]int, len(c.labels)) // the goal with tile c+1 on cell c
		for i, l := range c.labels {
			if l != 0 {
				cells[i] = i + 1
			}
		}
		reach := labelDistances(c.rows, c.cols, cells, false)
		board := slices.Sorted(slices.Values(c.labels))
		for ok := true; ok; ok = nextPermutation(board) {
			out := g.Assign(encodeBoard(t, g, board))
			named := make([]int, len(out))
			for i, cell := range out {
				switch {
				case board[i] == 0 && cell != BlankCode:
					t.Fatalf("%s: %v: the blank assigned %d", c.name, board, cell)
				case board[i] == 0:
				case c.labels[cell] != board[i]:
					t.Fatalf("%s: %v: tile %d assigned cell %d, a goal cell of %d", c.name, board, board[i], cell, c.labels[cell])
				default:
					named[i] = int(cell) + 1
				}
			}
			if !has(reach, boardKey(named)) {
				t.Fatalf("%s: %v assigned %v, which cannot reach its goal", c.name, board, out)
			}
		}
	}
}

// TestSortLabels checks the radix sort against slices.Sort.
func TestSortLabels(t *testing.T) {
	rng := rand.New(rand.NewPCG(36, 37))
	for _, n := range []int{0, 1, 2, 17, 300, 5000} {
		labels := make([]int, n)
		for i := range labels {
			labels[i] = rng.IntN(1 << 16)
			if i%3 == 0 {
				labels[i] = rng.IntN(256)
			}
		}
		want := slices.Sorted(slices.Values(labels))
		if got := SortLabels(labels); !slices.Equal(got, want) {
			t.Errorf("%d labels: SortLabels differs from slices.Sort", n)
		}
	}
}

// TestLIS checks the conflicts of a LIS, the values less the longest
// strictly increasing run, against a quadratic reference, in a LIS of
// its own and in one made by NewLIS over a caller's buffer.
func TestLIS(t *testing.T) {
	rng := rand.New(rand.NewPCG(38, 39))
	buf := make([]int, 0, 64)
	for range 2000 {
		n := rng.IntN(12)
		vals := make([]int, n)
		for i := range vals {
			vals[i] = rng.IntN(8)
		}
		longest := longestRun(vals)
		var own LIS
		shared := NewLIS(buf)
		shared.Add(99) // Reset must forget it
		shared.Reset()
		for _, v := range vals {
			own.Add(v)
			shared.Add(v)
		}
		if own.Conflicts() != n-longest || shared.Conflicts() != n-longest {
			t.Fatalf("%v: conflicts %d and %d, want %d", vals, own.Conflicts(), shared.Conflicts(), n-longest)
		}
	}
}

// TestDist checks both taxicab distances on a 4 x 5 board.
func TestDist(t *testing.T) {
	g := NewGoal(4, 5, testsets.BlankLast(20), true)
	for a := range 20 {
		for b := range 20 {
			dr, dc := a/5-b/5, a%5-b%5
			want := max(dr, -dr) + max(dc, -dc)
			if g.Dist(a, b) != want || Dist(a, b, 5) != want {
				t.Fatalf("Dist(%d, %d) = %d and %d, want %d", a, b, g.Dist(a, b), Dist(a, b, 5), want)
			}
		}
	}
}

// TestEncodeTwoBlanks checks that Encode refuses a board with two
// blanks, whose labels are not the goal's.
func TestEncodeTwoBlanks(t *testing.T) {
	g := NewGoal(2, 2, []int{1, 2, 3, 0}, true)
	if _, err := g.Encode([]int{1, 0, 3, 0}); !engine.Is(err, engine.Mismatch) {
		t.Errorf("Encode of two blanks: %v, want a Mismatch", err)
	}
}

// TestPermParity checks, exhaustively on 6 elements, that the parity from
// cycles equals the parity of the inversion count.
func TestPermParity(t *testing.T) {
	for a := range testsets.Arrangements([]int{0, 1, 2, 3, 4, 5}) {
		inv := 0
		for i := range a {
			for j := i + 1; j < len(a); j++ {
				if a[i] > a[j] {
					inv++
				}
			}
		}
		q := make([]int32, len(a))
		for i, v := range a {
			q[i] = int32(v)
		}
		if got := permParity(q); got != inv%2 {
			t.Fatalf("permParity(%v) = %d, inversions %d", a, got, inv)
		}
	}
}
