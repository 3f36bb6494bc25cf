package report

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/slidekit/slide"
)

// TestMessage checks the text of errors for a user: a library error
// without the function that failed, a limit without the package's
// prefix, wrapped or not, and any other error as it is.
func TestMessage(t *testing.T) {
	_, parseErr := slide.ParseBoard("two\n")
	var e *slide.Error
	if !errors.As(parseErr, &e) {
		t.Fatalf("ParseBoard: %v, want a *slide.Error", parseErr)
	}
	_, limitErr := slide.Solver{Limits: slide.Limits{MaxNodes: 1}}.Solve(context.Background(), slide.MustParseBoard("3\n8 6 7\n2 5 4\n3 0 1\n"), slide.Goal(3, 3))
	if !errors.Is(limitErr, slide.ErrLimit) {
		t.Fatalf("Solve: %v, want a limit", limitErr)
	}
	plain := errors.New("open x: no such file")
	for _, tc := range []struct {
		err  error
		want string
	}{
		{parseErr, e.Msg},
		{fmt.Errorf("reading: %w", parseErr), e.Msg},
		{limitErr, strings.TrimPrefix(limitErr.Error(), "slide: ")},
		{plain, plain.Error()},
	} {
		got := Message(tc.err)
		if got != tc.want || strings.HasPrefix(got, "slide") {
			t.Errorf("Message(%q) = %q, want %q", tc.err, got, tc.want)
		}
	}
}

// TestSizeError checks that SizeError accepts the sizes of boards and
// gives the library's reason for the others.
func TestSizeError(t *testing.T) {
	for _, size := range [][2]int{{2, 2}, {1, 2}, {4, 4}, {3, 7}} {
		if err := SizeError(size[0], size[1]); err != nil {
			t.Errorf("%d x %d: %v", size[0], size[1], err)
		}
	}
	for _, size := range [][2]int{{1, 1}, {0, 3}, {-1, 4}, {1 << 20, 1 << 20}} {
		err := SizeError(size[0], size[1])
		if _, want := slide.New(size[0], size[1], nil); err == nil || want == nil || err.Error() != want.Error() {
			t.Errorf("%d x %d: %v, want the library's %v", size[0], size[1], err, want)
		}
	}
}
