package nilsson

import (
	"math/rand/v2"
	"testing"

	"github.com/slidekit/slide"
)

// TestSpiralGoal checks the spiral goals against boards written out.
func TestSpiralGoal(t *testing.T) {
	for _, tc := range []struct{ rows, cols int }{{3, 3}, {4, 4}, {3, 4}, {1, 3}, {3, 1}, {2, 2}} {
		want := map[[2]int]string{
			{3, 3}: "3\n1 2 3\n8 0 4\n7 6 5\n",
			{4, 4}: "4\n1 2 3 4\n12 13 14 5\n11 0 15 6\n10 9 8 7\n",
			{3, 4}: "3 4\n1 2 3 4\n10 11 0 5\n9 8 7 6\n",
			{1, 3}: "1 3\n1 2 0\n",
			{3, 1}: "3 1\n1\n2\n0\n",
			{2, 2}: "2\n1 2\n0 3\n",
		}[[2]int{tc.rows, tc.cols}]
		if got := SpiralGoal(tc.rows, tc.cols).String(); got != want {
			t.Errorf("%d x %d: got\n%swant\n%s", tc.rows, tc.cols, got, want)
		}
	}
}

// nilsson3x3 is Nilsson's sequence score as the spec's notes state it,
// for 3 x 3 boards and the spiral goal: around the border, 2 for each tile
// not followed by the next number (1 after 8), and 1 if the centre is not
// blank.
func nilsson3x3(tiles []int) int {
	border := []int{0, 1, 2, 5, 8, 7, 6, 3}
	s := 0
	for i, cell := range border {
		if t := tiles[cell]; t != 0 && tiles[border[(i+1)%8]] != t%8+1 {
			s += 2
		}
	}
	if tiles[4] != 0 {
		s++
	}
	return s
}

// TestScore checks the sequence score against the spec's 3 x 3
// rule on random boards, and that every goal scores 0 against itself.
func TestScore(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	spiral := SpiralGoal(3, 3)
	for range 300 {
		tiles := rng.Perm(9)
		b, _ := slide.New(3, 3, tiles)
		if got, want := Score(b, spiral), nilsson3x3(tiles); got != want {
			t.Fatalf("%v: score %d, want %d", tiles, got, want)
		}
	}
	for _, size := range [][2]int{{1, 2}, {2, 1}, {2, 2}, {2, 3}, {3, 3}, {3, 4}, {4, 4}, {5, 5}, {1, 5}} {
		for _, g := range []slide.Board{slide.Goal(size[0], size[1]), SpiralGoal(size[0], size[1])} {
			if s := Score(g, g); s != 0 {
				t.Errorf("goal\n%vscores %d against itself", g, s)
			}
		}
	}
}
