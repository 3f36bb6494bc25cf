package engine

import (
	"context"
	"errors"
	"fmt"
	"math"
	"testing"
)

// TestErrorKinds checks that Is finds an Error's kind through wrapping
// and no other kind, and that Errorf formats the message the root package
// passes on.
func TestErrorKinds(t *testing.T) {
	kinds := []Kind{Option, Mismatch, NotFound, Limit, Cache, Piece, Corrupt}
	for _, k := range kinds {
		err := Errorf(k, "tile %d of %s", 7, "the start")
		if err.Error() != "tile 7 of the start" || err.Kind != k {
			t.Errorf("Errorf(%d) = %q, kind %d", k, err.Error(), err.Kind)
		}
		wrapped := fmt.Errorf("Solve: %w", err)
		for _, other := range kinds {
			if got := Is(wrapped, other); got != (other == k) {
				t.Errorf("Is(error of kind %d, %d) = %v", k, other, got)
			}
		}
	}
	for _, err := range []error{nil, errors.New("plain"), context.Canceled} {
		if Is(err, NotFound) {
			t.Errorf("Is(%v, NotFound) = true", err)
		}
	}
}

// TestErrNotFound checks both messages of a search that found nothing:
// with no bound, nothing can be reached; with one, it is named.
func TestErrNotFound(t *testing.T) {
	for _, c := range []struct {
		bound float64
		want  string
	}{
		{math.Inf(1), "no goal can be reached from the start"},
		{12, "no goal within cost 12 of the start"},
		{2.5, "no goal within cost 2.5 of the start"},
	} {
		err := ErrNotFound(c.bound)
		if !Is(err, NotFound) || err.Error() != c.want {
			t.Errorf("ErrNotFound(%v) = %q (NotFound %v), want %q", c.bound, err, Is(err, NotFound), c.want)
		}
	}
}

// TestIsContext checks that IsContext tells a context's errors, wrapped
// or not, from every other error.
func TestIsContext(t *testing.T) {
	for _, c := range []struct {
		err  error
		want bool
	}{
		{context.Canceled, true},
		{context.DeadlineExceeded, true},
		{fmt.Errorf("search: %w", context.Canceled), true},
		{nil, false},
		{errors.New(context.Canceled.Error()), false},
		{Errorf(Limit, "memory"), false},
		{&LimitError{Limit: "nodes"}, false},
	} {
		if got := IsContext(c.err); got != c.want {
			t.Errorf("IsContext(%v) = %v, want %v", c.err, got, c.want)
		}
	}
}
