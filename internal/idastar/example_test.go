package idastar_test

import (
	"context"
	"fmt"

	"github.com/slidekit/slide/internal/idastar"
	"github.com/slidekit/slide/internal/pdb"
)

// Solve the 8-puzzle position 8 7 6 / 0 4 1 / 2 5 3 (31 moves from the goal
// 0 1 2 / 3 4 5 / 6 7 8) under a 4-4 partition and its reflection.
func ExampleSolver() {
	spec := pdb.Spec{Rows: 3, Cols: 3, Blank: 0, Patterns: [][]uint8{{1, 2, 3, 4}, {5, 6, 7, 8}}}
	db, err := pdb.Build(context.Background(), spec, pdb.BuildOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	s, err := idastar.NewSolver(db, idastar.SolverOptions{Reflect: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	start := []uint8{8, 7, 6, 0, 4, 1, 2, 5, 3}
	h, _ := s.Estimate(start)
	res, err := s.Solve(context.Background(), start, idastar.Limit{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("estimate", h, "moves", len(res.Path))
	// Output: estimate 29 moves 31
}
