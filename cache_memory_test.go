package slide_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/slidekit/slide"
)

// TestCacheBuildMemoryMessage checks the error of a Cache.Build refused by
// Cache.MaxMemory: ErrLimit, saying what the build needs and the bound,
// and naming no setting that does not bound it (it advised raising
// Limits.MaxMemory, which a Cache does not read).
func TestCacheBuildMemoryMessage(t *testing.T) {
	h := slide.MustParseDatabase(slide.Goal(2, 4), "1 2 3 4/5 6 7").Heuristic()
	err := slide.Cache{Dir: t.TempDir(), MaxMemory: 1000}.Build(context.Background(), h)
	if !errors.Is(err, slide.ErrLimit) {
		t.Fatalf("Build: %v, want ErrLimit", err)
	}
	msg := err.Error()
	if !strings.Contains(msg, "17.4 KiB at its peak") || !strings.Contains(msg, "1000 B") || strings.Contains(msg, "Limits.") {
		t.Errorf("Build: %q", msg)
	}
}
