package tiles

import (
	"testing"

	"github.com/slidekit/slide/internal/testsets"
)

// TestPermParity checks, exhaustively on 6 elements, that the parity from
// cycles equals the parity of the inversion count.
func TestPermParity(t *testing.T) {
	for a := range testsets.Arrangements([]int{0, 1, 2, 3, 4, 5}) {
		inv := 0
		for i := range a {
			for j := i + 1; j < len(a); j++ {
				if a[i] > a[j] {
					inv++
				}
			}
		}
		q := make([]int32, len(a))
		for i, v := range a {
			q[i] = int32(v)
		}
		if got := permParity(q); got != inv%2 {
			t.Fatalf("permParity(%v) = %d, inversions %d", a, got, inv)
		}
	}
}
