package slide

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestBlocksGoalAt solves the Klotski puzzles of testdata/blocks to the
// classic goal, the large square in the middle of the exit (rows 2-3,
// columns 4-5 of the rotated board), against the optima in their headers,
// and again with the same goal as a predicate.
func TestBlocksGoalAt(t *testing.T) {
	ctx := context.Background()
	n := 0
	for _, c := range readBlockCases(t) {
		var want [numBlockMetrics]int
		for _, line := range strings.Split(c.text, "\n") {
			if !strings.HasPrefix(line, "# classic exact goal") {
				continue
			}
			_, counts, _ := strings.Cut(line, "BFS: ")
			if _, err := fmt.Sscanf(counts, "straight-line %d, piece-move %d, unit-step %d", &want[StraightMoves], &want[PieceMoves], &want[StepMoves]); err != nil {
				t.Fatalf("%s: %q: %v", c.name, line, err)
			}
			n++
		}
		if want[StraightMoves] == 0 {
			continue
		}
		at := BlockGoalAt(0, 1, 3)
		square := BlockGoalFunc(func(b Blocks) bool { p := b.Piece(0); return p.Row == 1 && p.Col == 3 })
		for m := range numBlockMetrics {
			for _, goal := range []BlockGoal{at, square} {
				if goal.match != nil && m != StraightMoves {
					continue // slow: a Blocks for each position
				}
				s := BlockSolver{Metric: m, Goal: goal}
				sol, err := s.Solve(ctx, c.puzzle)
				if err != nil || sol.Len() != want[m] {
					t.Fatalf("%s, %v, %v: %d moves, %v; want %d", c.name, m, goal, sol.Len(), err, want[m])
				}
				replayBlocks(t, c.puzzle, goal, sol)
			}
		}
	}
	if n != 4 {
		t.Errorf("%d classic goals in testdata/blocks, want 4", n)
	}
}

// TestBlocksKlotskiGoal checks the zero BlockGoal on Klotski's board as
// drawn (5 x 4): the square at the bottom middle, not in the last column
// (7 moves away), while the rotated board keeps the last column; and
// Describe names the pieces as the puzzle does.
func TestBlocksKlotskiGoal(t *testing.T) {
	klotski := blockCaseNamed(t, "klotski_hengdaolima").puzzle
	rotated := blockCaseNamed(t, "klotski_hengdaolima_rotated").puzzle
	rush, err := ParseRushHour("..B.CC..B...AAB...DDD..E.....E.....E")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		b    Blocks
		goal BlockGoal
		want string
	}{
		{klotski, BlockGoal{}, "piece Z at row 4, column 2"},
		{rotated, BlockGoal{}, "piece Z in the last column"},
		{rush, BlockGoal{}, "piece A in the last column"},
		{rush, BlockGoalAt(1, 3, 2), "piece B at row 4, column 3"},
		{rush, BlockGoalFunc(func(Blocks) bool { return true }), "a position that matches"},
	} {
		if got := tt.goal.Describe(tt.b); got != tt.want {
			t.Errorf("Describe = %q, want %q", got, tt.want)
		}
	}
	sol, err := BlockSolver{Metric: PieceMoves}.Solve(context.Background(), klotski)
	if err != nil || sol.Len() != 81 {
		t.Fatalf("%d moves, %v; want 81", sol.Len(), err)
	}
	if p := sol.Positions[sol.Len()].Piece(0); p.Row != 3 || p.Col != 1 {
		t.Errorf("the square ends at row %d, column %d; want 4, 2", p.Row+1, p.Col+1)
	}
	moved := klotski.Pieces()
	moved[0].Motion = Horizontal // it cannot get down to the exit
	stuck, err := NewBlocks(5, 4, moved)
	if err != nil {
		t.Fatal(err)
	}
	var e *Error
	if _, err := (BlockSolver{}).Solve(context.Background(), stuck); !errors.Is(err, ErrUnsolvable) || !errors.As(err, &e) || !strings.Contains(e.Msg, "reaches piece Z at row 4, column 2") {
		t.Errorf("a square that cannot go down: %v", err)
	}
}
