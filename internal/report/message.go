package report

import (
	"errors"
	"strings"

	"github.com/slidekit/slide"
)

// Message returns the text of err for a user, as every program that
// answers says it: the Msg of a *slide.Error, without the "slide.Func:"
// prefix meant for programmers, and err.Error() without its "slide: "
// prefix for anything else (a *slide.LimitError, say).
func Message(err error) string {
	var e *slide.Error
	if errors.As(err, &e) {
		return e.Msg
	}
	return strings.TrimPrefix(err.Error(), "slide: ")
}

// SizeError returns nil if a rows x cols board can be made, else the
// library's error saying why not.
func SizeError(rows, cols int) error {
	if slide.Goal(rows, cols).IsValid() {
		return nil
	}
	_, err := slide.New(rows, cols, nil) // for the error: the size is checked first
	return err
}
