package slide_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/slidekit/slide"
)

// scrambled returns a uniformly random rows x cols board that reaches the
// standard goal, from a fixed seed.
func scrambled(rows, cols int, seed uint64) slide.Board {
	rng := rand.New(rand.NewPCG(seed, seed))
	b, _ := slide.New(rows, cols, rng.Perm(rows*cols))
	if ok, _ := slide.Solvable(b, slide.Goal(rows, cols)); !ok {
		b = b.Twin()
	}
	return b
}

// The fast mode solves boards far past the reach of a shortest-solution
// search, here a random 40 x 40 board, and says how far from optimal its
// answer can be.
func ExampleFast() {
	start := scrambled(40, 40, 1)
	sol, err := slide.Solver{Mode: slide.Fast()}.Solve(context.Background(), start, slide.Goal(40, 40))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("moves:", sol.Len(), "at least:", sol.LowerBound, "optimal:", sol.Optimal)
	fmt.Printf("%.2f n^3 moves\n", float64(sol.Len())/(40*40*40))
	// Output:
	// moves: 130542 at least: 43116 optimal: false
	// 2.04 n^3 moves
}

// Weighted trades length for time with a guarantee: here at most 1.5
// times the fewest moves, on a random 5 x 5 board. The lower bound proves
// the factor.
func ExampleWeighted() {
	start := scrambled(5, 5, 2)
	sol, err := slide.Solver{Mode: slide.Weighted(1.5)}.Solve(context.Background(), start, slide.Goal(5, 5))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(float64(sol.Len()) <= 1.5*float64(sol.LowerBound))
	// Output:
	// true
}

// Anytime returns the best solution found in the time given; a
// search that completes proves its answer optimal, as it does at once on a
// 3 x 3 board.
func ExampleAnytime() {
	start := slide.MustParseBoard("3\n8 6 7\n2 5 4\n3 0 1\n")
	sol, err := slide.Solver{Mode: slide.Anytime(time.Second)}.Solve(context.Background(), start, slide.Goal(3, 3))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(sol.Len(), sol.Optimal, sol.LowerBound)
	// Output:
	// 31 true 31
}

// FormatMoves writes a solution compactly, as "slide solve -moves" does:
// each letter the direction in which a tile slides into the blank.
func ExampleFormatMoves() {
	start := slide.MustParseBoard("3\n1 2 3\n4 0 6\n7 5 8\n")
	sol, _ := slide.Solver{}.Solve(context.Background(), start, slide.Goal(3, 3))
	s := slide.FormatMoves(sol.Moves)
	fmt.Println(s)
	moves, _ := slide.ParseMoves(strings.ToLower(s))
	end, ok := start.Apply(moves)
	fmt.Println(ok, end == slide.Goal(3, 3))
	// Output:
	// UL
	// true true
}
