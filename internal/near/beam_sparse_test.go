package near

import (
	"math/rand/v2"
	"testing"
)

// TestExcessSum checks excessSum against a plain sum on excesses of 0 to
// 30 (even, as a table's are, and odd), of every length up to 40,
// including runs of the largest, where a carry between bytes would show.
func TestExcessSum(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := range 41 {
		for trial := range 50 {
			xs := make([]uint8, n)
			for i := range xs {
				xs[i] = uint8(rng.IntN(31))
				if trial == 0 {
					xs[i] = 30
				}
			}
			want := 0
			for _, x := range xs {
				want += int(x)
			}
			if got := excessSum(xs); got != want {
				t.Fatalf("excessSum(%v) = %d, want %d", xs, got, want)
			}
		}
	}
}
