package tiles

import "testing"

// Helpers shared by the tests of this package. Boards are label slices,
// row-major, 0 for the blank, as NewGoal and Goal.Encode take them (see
// internal/testsets for the others).

// encodeBoard returns the codes of the board labels against g, failing t
// on an error.
func encodeBoard(t testing.TB, g *Goal, labels []int) []int32 {
	t.Helper()
	code, err := g.Encode(labels)
	if err != nil {
		t.Fatal(err)
	}
	return code
}
