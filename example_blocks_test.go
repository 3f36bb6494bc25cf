package slide_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/slidekit/slide"
)

// A sliding-block puzzle in the text format: the goal piece Z must reach
// the last column. A line with a bad motion letter is discarded, and the
// puzzle of the other lines comes with a *DiscardError that lists it.
func ExampleBlockSolver_Solve() {
	b, err := slide.ParseBlocks(`# rows cols, then row col width height motion
4 4
3 1 2 1 b
1 1 1 1 b
1 2 1 1 b
2 1 1 1 b
2 3 2 1 b
3 3 1 2 b
4 1 2 1 b
4 4 1 1 b
1 4 1 1 q
`)
	var discarded *slide.DiscardError
	if errors.As(err, &discarded) {
		for _, line := range discarded.Lines {
			fmt.Println(line)
		}
	} else if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(b.Grid())
	sol, err := slide.BlockSolver{}.Solve(context.Background(), b)
	if err != nil {
		fmt.Println(err)
		return
	}
	for i, m := range sol.Moves {
		fmt.Printf("%d. %v\n", i+1, m)
	}
	fmt.Print(sol.Positions[sol.Len()].Grid())
	// Output:
	// slide.ParseBlocks: line 11: piece "1 4 1 1 q": motion "q" is not h, v, b or n; discarded
	// ******
	// *12..*
	// *3.44*
	// *ZZ5.*
	// *6657*
	// ******
	// 1. Piece 4 up 1 space
	// 2. Piece 3 right 3 spaces
	// 3. Piece Z up 1 space
	// 4. Piece 3 down 1 space
	// 5. Piece Z right 2 spaces
	// ******
	// *1244*
	// *..ZZ*
	// *..53*
	// *6657*
	// ******
}

// Rush Hour positions in the 36-character notation. The hardest position
// of the public Rush Hour database takes 60 moves of one car any distance,
// 103 single steps.
func ExampleParseRushHour() {
	b, err := slide.ParseRushHour("IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(b.Grid())
	for _, m := range []slide.BlockMetric{slide.StraightMoves, slide.StepMoves} {
		sol, err := slide.BlockSolver{Metric: m}.Solve(context.Background(), b)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%v: %d moves, first %v\n", m, sol.Len(), sol.Moves[0])
	}
	counts, _ := slide.BlockSolver{}.Distances(context.Background(), b)
	fmt.Println("positions reachable by distance:", counts[:8], "...")
	// Output:
	// ********
	// *IBBx..*
	// *I..LDD*
	// *JAAL..*
	// *J.KEEM*
	// *FFK..M*
	// *GGHHHM*
	// ********
	// straight: 60 moves, first Piece M up 1 space
	// step: 103 moves, first Piece M up 1 space
	// positions reachable by distance: [1 1 1 2 2 2 8 19] ...
}
