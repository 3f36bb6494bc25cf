package engine

import (
	"context"
	"errors"
	"fmt"
	"math"
)

// A Kind is the class of an Error: the root package turns each into its
// sentinel error.
type Kind uint8

// The kinds of Error.
const (
	Option   Kind = iota + 1 // a choice that does not fit the puzzle
	Mismatch                 // boards that do not match
	NotFound                 // no path within the search's bounds
	Limit                    // a memory bound that a table or build exceeds
	Cache                    // tables that could not be written to the disk cache
	Piece                    // a sliding-block puzzle without pieces
	Corrupt                  // a cached table that differs from the one its definition builds
)

// An Error is an error of the internal packages: what was wrong, and its
// class. The root package adds the function that failed.
type Error struct {
	Kind Kind
	Msg  string
}

func (e *Error) Error() string { return e.Msg }

// Errorf returns an Error of kind k with a formatted message.
func Errorf(k Kind, format string, args ...any) *Error {
	return &Error{Kind: k, Msg: fmt.Sprintf(format, args...)}
}

// ErrNotFound returns the error of a search that found no path within
// bound (+Inf for none).
func ErrNotFound(bound float64) error {
	if math.IsInf(bound, 1) {
		return Errorf(NotFound, "no goal can be reached from the start")
	}
	return Errorf(NotFound, "no goal within cost %v of the start", bound)
}

// IsContext reports whether err is a context's error.
func IsContext(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

// Is reports whether err is an Error of kind k.
func Is(err error, k Kind) bool {
	var e *Error
	return errors.As(err, &e) && e.Kind == k
}
