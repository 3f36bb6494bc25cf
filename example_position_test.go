package slide_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/slidekit/slide"
)

// Positions write boards as strings, one character a cell, with repeated
// labels allowed; a cost bound asks whether a short solution exists.
func ExampleParsePosition() {
	start, _ := slide.ParsePosition(2, 3, "AB-BCA")
	goal, _ := slide.ParsePosition(2, 3, "ABBCA-")
	for _, bound := range []int{12, 13} {
		sol, err := slide.Solver{Limits: slide.Limits{MaxCost: float64(bound)}}.Solve(context.Background(), start, goal)
		if errors.Is(err, slide.ErrNotFound) {
			fmt.Printf("nothing within %d moves\n", bound)
			continue
		}
		last, _ := sol.Boards[sol.Len()].Position()
		fmt.Printf("%d moves to %s\n", sol.Len(), last)
	}
	// Output:
	// nothing within 12 moves
	// 13 moves to ABBCA-
}

func ExampleBoard_Position() {
	b, _ := slide.ParsePosition(3, 3, "236158-47")
	next, _ := b.Slide(slide.Left, 1) // the 4, right of the blank, slides left
	fmt.Println(next.Position())
	// Output: 2361584-7 <nil>
}
