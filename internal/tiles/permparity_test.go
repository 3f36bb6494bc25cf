package tiles

import "testing"

// TestPermParity checks, exhaustively on 6 elements, that the parity from
// cycles equals the parity of the inversion count.
func TestPermParity(t *testing.T) {
	a := []int{0, 1, 2, 3, 4, 5}
	for {
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
		// next lexicographic permutation
		i := len(a) - 2
		for i >= 0 && a[i] >= a[i+1] {
			i--
		}
		if i < 0 {
			return
		}
		j := len(a) - 1
		for a[j] <= a[i] {
			j--
		}
		a[i], a[j] = a[j], a[i]
		for l, r := i+1, len(a)-1; l < r; l, r = l+1, r-1 {
			a[l], a[r] = a[r], a[l]
		}
	}
}
