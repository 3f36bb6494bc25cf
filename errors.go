package slide

import (
	"errors"
	"fmt"

	"github.com/slidekit/slide/internal/engine"
)

// Sentinel errors. Functions return them wrapped in an *Error (or a
// *LimitError for ErrLimit) that says precisely what is wrong; test for
// them with errors.Is.
var (
	// ErrSize: a board size out of range, or a tile count that does not match it.
	ErrSize = errors.New("invalid size")
	// ErrTile: a tile label out of range, missing or repeated, or not exactly one blank.
	ErrTile = errors.New("invalid tiles")
	// ErrSyntax: text that is not in the expected form.
	ErrSyntax = errors.New("invalid syntax")
	// ErrMismatch: two boards of different sizes or different tile sets.
	ErrMismatch = errors.New("boards do not match")
	// ErrUnsolvable: the goal cannot be reached from the start.
	ErrUnsolvable = errors.New("unsolvable")
	// ErrNotFound: a search exhausted its space, or its cost bound, without
	// reaching a goal.
	ErrNotFound = errors.New("no path to a goal")
	// ErrLimit: a search stopped at its node or memory limit (see LimitError).
	ErrLimit = errors.New("search limit reached")
	// ErrOption: a Solve option that does not apply to the puzzle.
	ErrOption = errors.New("invalid option")
	// ErrCache: pattern-database tables that are ready in memory could not
	// be written to the disk cache (see BuildDatabase).
	ErrCache = errors.New("pattern database not cached")
	// ErrCost: a move cost or heuristic that is negative or not a number,
	// or a path cost beyond the range of its integer type.
	ErrCost = errors.New("invalid cost")
)

// An Error records a failed call: which function, what was wrong, and the
// sentinel error class it belongs to.
type Error struct {
	Func string // the function that failed, such as "New" or "Parse"
	Msg  string // what was wrong, such as "tile 5 appears twice"
	Err  error  // the class: ErrSize, ErrTile, ErrSyntax, ErrMismatch, ...
}

// Error returns "slide.Func: Msg".
func (e *Error) Error() string { return "slide." + e.Func + ": " + e.Msg }

// Unwrap returns the sentinel class, for errors.Is.
func (e *Error) Unwrap() error { return e.Err }

func errorf(fn string, class error, format string, args ...any) *Error {
	return &Error{Func: fn, Msg: fmt.Sprintf(format, args...), Err: class}
}

// kindErrors are the sentinels of the kinds of the internal packages'
// errors.
var kindErrors = [...]error{
	engine.Option:   ErrOption,
	engine.Mismatch: ErrMismatch,
	engine.NotFound: ErrNotFound,
	engine.Limit:    ErrLimit,
	engine.Cache:    ErrCache,
	engine.Piece:    ErrPiece,
}

// toError turns an error of the internal packages into the package's
// own, naming fn as the function that failed: an *engine.Error becomes an
// *Error of its kind's sentinel, an *engine.LimitError a *LimitError.
// Other errors (a context's, the package's own) are returned as they are.
func toError(fn string, err error) error {
	switch e := err.(type) {
	case *engine.Error:
		return &Error{Func: fn, Msg: e.Msg, Err: kindErrors[e.Kind]}
	case *engine.LimitError:
		return (*LimitError)(e)
	}
	return err
}

// appendName appends the name of an enumeration value, or fails for a
// value without one.
func appendName(dst []byte, fn, kind string, v int, names []string) ([]byte, error) {
	if v < 0 || v >= len(names) {
		return dst, errorf(fn, ErrOption, "%s %d has no name", kind, v)
	}
	return append(dst, names[v]...), nil
}

// renamed returns err with its Func set to fn, when it is an *Error, so
// that a method reports itself rather than the function it called.
func renamed(err error, fn string) error {
	if e, ok := err.(*Error); ok && e.Func != fn {
		c := *e
		c.Func = fn
		return &c
	}
	return err
}
