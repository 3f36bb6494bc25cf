package learn

import (
	"math"
	"testing"
)

// TestSpearman: a monotone relation correlates 1, a reversed one -1,
// ties share their ranks, and the errors are the mean signed and
// absolute differences.
func TestSpearman(t *testing.T) {
	x := []float64{1, 2, 3, 4, 5}
	if r := Spearman(x, []float64{1, 4, 9, 16, 100}); math.Abs(r-1) > 1e-12 {
		t.Errorf("monotone: %v", r)
	}
	if r := Spearman(x, []float64{5, 4, 3, 2, 1}); math.Abs(r+1) > 1e-12 {
		t.Errorf("reversed: %v", r)
	}
	if r := ranks([]float64{3, 1, 3, 2}); r[0] != 3.5 || r[2] != 3.5 || r[1] != 1 || r[3] != 2 {
		t.Errorf("ranks with ties: %v", r)
	}
	if r := Spearman(x, []float64{1, 3, 2, 5, 4}); math.Abs(r-0.8) > 1e-12 {
		t.Errorf("two swaps: %v, want 0.8", r)
	}
	if mean, abs := Errors([]float64{1, 5}, []float64{2, 2}); mean != 1 || abs != 2 {
		t.Errorf("errors %v, %v, want 1, 2", mean, abs)
	}
}
