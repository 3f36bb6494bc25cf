package idastar

import (
	"context"
	"errors"
	"testing"

	"github.com/slidekit/slide/internal/pdb"
	"github.com/slidekit/slide/internal/testsets"
)

// TestSolveWeighted8: on a seventh of the 8-puzzle positions, for several
// weights, SolveWeighted's solution replays to the goal, has at most the
// weight times the BFS distance, and its lower bound is at most the
// distance; weight 1 finds shortest solutions.
func TestSolveWeighted8(t *testing.T) {
	db := mustBuild(t, pdb.Spec{Rows: 3, Cols: 3, Blank: 0, Patterns: [][]uint8{{1, 2, 3, 4}, {5, 6, 7, 8}}})
	truth := testsets.Distances(3, 3, 0)
	for _, opt := range []SolverOptions{{Reflect: true}, {}, {Reflect: true, Dense: true}} {
		s, err := NewSolver(db, opt)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range [][2]int{{1, 1}, {11, 10}, {3, 2}, {2, 1}, {5, 1}} {
			longer := 0
			for k, d := range truth {
				if k%7 != 0 { // a seventh of the positions, fixed
					continue
				}
				cells := testsets.Cells(k, make([]uint8, 9))
				res, err := s.SolveWeighted(context.Background(), cells, w[0], w[1], Limit{})
				if err != nil {
					t.Fatal(err)
				}
				if got := len(res.Path); got*w[1] > d*w[0] || res.Lower > d || res.Lower > got {
					t.Fatalf("%+v weight %d/%d: %v solved in %d (lower bound %d), distance %d", opt, w[0], w[1], cells, got, res.Lower, d)
				}
				if len(res.Path) > d {
					longer++
				}
				checkPath(t, 3, 3, 0, cells, res.Path)
			}
			if w[0] == w[1] && longer > 0 {
				t.Errorf("weight 1: %d solutions longer than shortest", longer)
			}
			t.Logf("%+v weight %d/%d: %d longer than shortest", opt, w[0], w[1], longer)
		}
	}
}

// TestSolveWeightedKorf: on Korf's 100 with the 5-5-5 partition, weight
// 3/2 stays within its factor of the published lengths, and lower bounds
// stay at most those lengths.
func TestSolveWeightedKorf(t *testing.T) {
	db := mustBuild(t, pdb.Korf555())
	s, err := NewSolver(db, SolverOptions{Reflect: true})
	if err != nil {
		t.Fatal(err)
	}
	var gen int64
	for _, in := range readInstances(t, "korf100.txt", 16) {
		res, err := s.SolveWeighted(context.Background(), in.cells, 3, 2, Limit{})
		if err != nil {
			t.Fatal(err)
		}
		if got := len(res.Path); 2*got > 3*in.length || res.Lower > in.length {
			t.Errorf("#%d: %d moves (at least %d), shortest %d", in.id, got, res.Lower, in.length)
		}
		checkPath(t, 4, 4, 0, in.cells, res.Path)
		gen += res.Generated
	}
	t.Logf("%d nodes generated", gen)
}

// TestSolveWeightedErrors: bad weights, malformed and unsolvable boards,
// and the node limit.
func TestSolveWeightedErrors(t *testing.T) {
	db := mustBuild(t, pdb.Spec{Rows: 3, Cols: 3, Blank: 0, Patterns: [][]uint8{{1, 2, 3, 4}, {5, 6, 7, 8}}})
	s, err := NewSolver(db, SolverOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	hard := []uint8{8, 6, 7, 2, 5, 4, 3, 0, 1}
	for _, w := range [][2]int{{1, 2}, {0, 0}, {1 << 20, 1}} {
		if _, err := s.SolveWeighted(ctx, hard, w[0], w[1], Limit{}); err == nil {
			t.Errorf("weight %d/%d accepted", w[0], w[1])
		}
	}
	if _, err := s.SolveWeighted(ctx, []uint8{0, 1, 2}, 3, 2, Limit{}); err == nil {
		t.Error("a board of 3 cells accepted")
	}
	if _, err := s.SolveWeighted(ctx, []uint8{0, 2, 1, 3, 4, 5, 6, 7, 8}, 3, 2, Limit{}); !errors.Is(err, ErrUnsolvable) {
		t.Errorf("unsolvable board: %v", err)
	}
	if _, err := s.SolveWeighted(ctx, hard, 1, 1, Limit{Nodes: 10}); !errors.Is(err, ErrNodeLimit) {
		t.Errorf("node limit: %v", err)
	}
}
