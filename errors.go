package slide

import (
	"errors"
	"fmt"

	"github.com/slidekit/slide/internal/engine"
)

// The sentinel errors, wrapped in an *[Error] or a *[LimitError]: see
// [errors.Is].
var (
	ErrSize       = errors.New("invalid size")                // a size out of range, or a tile count that does not fit it
	ErrTile       = errors.New("invalid tiles")               // a label out of range, missing or repeated; not one blank
	ErrSyntax     = errors.New("invalid syntax")              // text not in the expected form
	ErrMismatch   = errors.New("boards do not match")         // boards of different sizes or tile sets
	ErrUnsolvable = errors.New("unsolvable")                  // the goal cannot be reached from the start
	ErrNotFound   = errors.New("no path to a goal")           // no goal within the space or the cost bound
	ErrLimit      = engine.ErrLimit                           // a node, memory or cost limit (see Limits)
	ErrOption     = errors.New("invalid option")              // a setting out of range, or one the call does not use
	ErrCache      = errors.New("pattern database not cached") // tables ready but not written to disk
	ErrCost       = errors.New("invalid cost")                // a negative or NaN cost, or a path cost that overflows
	ErrPiece      = errors.New("invalid piece")               // a block off its grid or overlapping another; no pieces
	ErrCorrupt    = errors.New("pattern database corrupt")    // a cached table that differs from the one its definition builds
)

// An Error records a failed call, as [strconv.NumError] does.
type Error struct {
	Func string // the function that failed, such as "New" or "Solver.Solve"
	Msg  string // what was wrong, such as "tile 5 appears twice"
	Err  error  // the class: ErrSize, ErrTile, ErrSyntax, ErrMismatch, ...
}

// Error returns "slide.Func: Msg".
func (e *Error) Error() string { return "slide." + e.Func + ": " + e.Msg }

// Unwrap returns the sentinel class, for [errors.Is].
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
	engine.Corrupt:  ErrCorrupt,
}

// toError turns an error of the internal packages into the package's
// own, naming fn as the function that failed: an *engine.Error becomes an
// *Error of its kind's sentinel. Other errors (a *LimitError, a context's,
// the package's own) are returned as they are.
func toError(fn string, err error) error {
	if e, ok := err.(*engine.Error); ok {
		return &Error{Func: fn, Msg: e.Msg, Err: kindErrors[e.Kind]}
	}
	return err
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
