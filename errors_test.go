package slide

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// TestErrorsNameTheirFunction checks the validation and the function
// names of errors that once said otherwise.
func TestErrorsNameTheirFunction(t *testing.T) {
	_, err := Solver{Metric: Metric(9)}.Distances(context.Background(), Goal(2, 2))
	if !errors.Is(err, ErrOption) || !strings.HasPrefix(err.Error(), "slide.Solver.Distances: unknown metric") {
		t.Errorf("Distances with Metric(9): %v", err)
	}
	_, err = PDB555.Estimate(Goal(3, 3), Goal(3, 3))
	if !errors.Is(err, ErrOption) || !strings.HasPrefix(err.Error(), "slide.Heuristic.Estimate:") {
		t.Errorf("PDB555.Estimate on 3 x 3: %v", err)
	}
	_, err = Manhattan.Estimate(Goal(3, 3), Goal(2, 2))
	if !errors.Is(err, ErrMismatch) || !strings.HasPrefix(err.Error(), "slide.Heuristic.Estimate:") {
		t.Errorf("Estimate on mismatched boards: %v", err)
	}
}
