//go:build wasm

package idastar

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestGenerateDeadline checks that a search that only generates nodes
// sees its context's deadline on WebAssembly's one thread, where the
// deadline's timer fires only when the search yields: Generate's rare
// path yields, and before it did the search never stopped.
func TestGenerateDeadline(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	var c Core
	c.Reset(ctx, 0)
	began := time.Now()
	for c.Generate() {
		if c.Gen&(checkEvery-1) == 0 && time.Since(began) > 5*time.Second {
			t.Fatal("the deadline of 20 ms not seen after 5 s")
		}
	}
	if !errors.Is(c.Err, context.DeadlineExceeded) {
		t.Errorf("the search stopped with %v", c.Err)
	}
}
