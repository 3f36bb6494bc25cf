package testsets

import (
	"testing"
	"time"
)

// Within runs f and fails tb if it has not returned within bound: for a
// call that must not block, such as a read that a FIFO would stall for
// ever. The call left running is abandoned.
func Within(tb testing.TB, bound time.Duration, what string, f func()) {
	tb.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
	case <-time.After(bound):
		tb.Fatalf("%s: still blocked after %v", what, bound)
	}
}
