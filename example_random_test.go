package slide_test

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/slidekit/slide"
)

// A board of a chosen difficulty: its shortest solution has exactly 12
// moves, proven, and on 3 x 3 it is drawn uniformly from the 748 boards
// that lie 12 moves from the goal.
func ExampleSolver_Random() {
	rng := rand.New(rand.NewPCG(1, 0))
	sol, err := slide.Solver{}.Random(context.Background(), slide.Goal(3, 3), 12, rng)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(sol.Start)
	fmt.Println(sol.Len(), "moves, optimal:", sol.Optimal)

	_, err = slide.Solver{}.Random(context.Background(), slide.Goal(3, 3), 40, rng)
	fmt.Println(err)
	// Output:
	// 3
	// 2 5 3
	// 7 4 6
	// 0 1 8
	// 12 moves, optimal: true
	// slide.Solver.Random: 40 moves: no 3 x 3 board lies farther than 31 moves from this goal
}

// Unsolving a Rush Hour puzzle: from a solved position, the position that
// its moves reach and that lies farthest from solved, then one of 10
// moves, drawn uniformly from all that far.
func ExampleBlockSolver_Farthest() {
	puzzle, err := slide.ParseRushHour("xooIoooooIKoGAAJKLGCCJoLooHDDLxoHoFF")
	if err != nil {
		fmt.Println(err)
		return
	}
	s := slide.BlockSolver{}
	own, _ := s.Solve(context.Background(), puzzle)
	solved := own.Positions[own.Len()]
	fmt.Print(solved.Grid())
	far, err := s.Farthest(context.Background(), solved)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("unsolved:", far.Len(), "moves")
	fmt.Print(far.Positions[0].Grid())

	ten, _ := s.Random(context.Background(), solved, 10, rand.New(rand.NewPCG(1, 0)))
	fmt.Println("dealt:", ten.Len(), "moves")
	// Output:
	// ********
	// *x.HIK.*
	// *G.HIK.*
	// *G...AA*
	// *CC.J.L*
	// *.DDJ.L*
	// *x..FFL*
	// ********
	// unsolved: 15 moves
	// ********
	// *x..I..*
	// *...IK.*
	// *GAAJKL*
	// *GCCJ.L*
	// *..HDDL*
	// *x.H.FF*
	// ********
	// dealt: 10 moves
}
