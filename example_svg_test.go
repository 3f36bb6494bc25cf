package slide_test

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/slidekit/slide"
)

// A solution drawn as an animated SVG picture, here into a string; a file
// from os.Create takes it as well.
func ExampleSVG_Write() {
	start := slide.MustParseBoard("3\n0 1 3\n4 2 5\n7 8 6\n")
	sol, err := slide.Solver{}.Solve(context.Background(), start, slide.Goal(3, 3))
	if err != nil {
		fmt.Println(err)
		return
	}
	var svg strings.Builder
	if err := (slide.SVG{Title: "puzzle04"}).Write(&svg, sol.Boards); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return
	}
	fmt.Println(sol.Len(), "moves:", slide.FormatMoves(sol.Moves))
	fmt.Println(strings.Count(svg.String(), `class="tile"`), "tiles,", strings.Count(svg.String(), "<animateTransform"), "of them moving")
	// Output:
	// 4 moves: LULU
	// 8 tiles, 4 of them moving
}
