package tiles

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

// TestDeltasMatchEstimates walks random paths and checks that the
// heuristic values the states carry, kept by deltas, equal values computed
// from scratch, for every heuristic and board kind (Packed up to 16
// cells; Grid and Node beyond).
func TestDeltasMatchEstimates(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	for _, shape := range [][2]int{{3, 3}, {4, 4}, {2, 5}, {5, 3}, {5, 5}, {2, 8}, {4, 5}} {
		rows, cols := shape[0], shape[1]
		goal := rng.Perm(rows * cols)
		tg := NewGoal(rows, cols, goal, true)
		for _, h := range []Kind{Zero, Hamming, Manhattan, LinearConflict} {
			sp := NewSpace(tg, Heuristic{Kind: h}, false)
			code := encodeBoard(t, tg, goal)
			check := func(carried int, val func(int) int) {
				t.Helper()
				if want := tg.Estimate(h, decode(sp, val)); carried != want {
					t.Fatalf("%dx%d %v: carried %d, from scratch %d", rows, cols, h, carried, want)
				}
			}
			if sp.n <= 16 {
				s := sp.PackedStart(code)
				for range 300 {
					arcs := s.Successors(nil)
					s = arcs[rng.IntN(len(arcs))].To
					check(s.Heuristic(), s.At)
				}
				continue
			}
			s := sp.GridStart(code)
			for range 300 {
				arcs := s.Successors(nil)
				s = arcs[rng.IntN(len(arcs))].To
				check(s.Heuristic(), s.at)
			}
			n := sp.NodeStart(code)
			for range 300 {
				arcs := n.Successors(nil)
				n = arcs[rng.IntN(len(arcs))].To
				check(n.Heuristic(), n.At)
			}
		}
	}
}

// decode turns cell values back into codes.
func decode(sp *Space, val func(int) int) []int32 {
	code := make([]int32, sp.n)
	for i := range code {
		if v := val(i); v == sp.blankVal {
			code[i] = BlankCode
		} else {
			code[i] = int32(v)
		}
	}
	return code
}

// TestNewCellGoal checks that NewCellGoal builds the Goal NewGoal builds
// from the labels 1, 2, ... in row-major order around the blank, and that
// its codes are goal cells: a tile's code is the cell its label has in
// the goal.
func TestNewCellGoal(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	for _, shape := range [][2]int{{1, 2}, {2, 2}, {3, 3}, {2, 5}, {4, 4}, {5, 4}} {
		rows, cols := shape[0], shape[1]
		n := rows * cols
		for blank := range n {
			labels := make([]int, n)
			next := 1
			for c := range labels {
				if c != blank {
					labels[c] = next
					next++
				}
			}
			got, want := NewCellGoal(rows, cols, blank), NewGoal(rows, cols, labels, true)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%dx%d, blank on %d: NewCellGoal %+v, NewGoal %+v", rows, cols, blank, got, want)
			}
			if got.BlankGoal != blank || !got.Distinct {
				t.Fatalf("%dx%d, blank on %d: BlankGoal %d, Distinct %v", rows, cols, blank, got.BlankGoal, got.Distinct)
			}
			board := slices.Clone(labels)
			rng.Shuffle(n, func(i, j int) { board[i], board[j] = board[j], board[i] })
			code := encodeBoard(t, got, board)
			for i, c := range code {
				if board[i] == 0 {
					if c != BlankCode {
						t.Fatalf("blank coded %d", c)
					}
					continue
				}
				if int(c) != slices.Index(labels, board[i]) {
					t.Fatalf("%dx%d, blank on %d: tile %d coded %d, its goal cell is %d",
						rows, cols, blank, board[i], c, slices.Index(labels, board[i]))
				}
				if got.Label(c) != board[i] {
					t.Fatalf("Label(%d) = %d, want %d", c, got.Label(c), board[i])
				}
			}
		}
	}
}

// TestDirs pins the values of the directions, which are the root
// package's Direction values, and the cell each takes its tile from.
func TestDirs(t *testing.T) {
	want := []struct {
		d      Dir
		dr, dc int
	}{{Up, 1, 0}, {Down, -1, 0}, {Left, 0, 1}, {Right, 0, -1}}
	for i, w := range want {
		if int(w.d) != i {
			t.Errorf("direction %d has value %d", i, w.d)
		}
		if dr, dc := w.d.Source(); dr != w.dr || dc != w.dc {
			t.Errorf("Dir(%d).Source() = %d, %d; want %d, %d", w.d, dr, dc, w.dr, w.dc)
		}
	}
}
