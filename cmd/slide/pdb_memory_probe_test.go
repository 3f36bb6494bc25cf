package main

import (
	"strings"
	"testing"
)

// TestPDBBuildMemoryAdvice checks that pdb build refused by -max-memory
// says so in one line with one piece of advice, the flag: it also passed
// on the library's advice to raise Limits.MaxMemory, a field the user of
// the command never sees.
func TestPDBBuildMemoryAdvice(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	args := []string{"pdb", "build", "-max-memory", "1KB", "-size", "2x4", "-partition", "1 2 3 4/5 6 7"}
	stdout, stderr, status := runSlide("", args...)
	if status != exitError || stdout != "" || strings.Count(stderr, "\n") != 1 ||
		!strings.HasPrefix(stderr, "slide pdb: building the tables takes about 17.4 KiB at its peak") ||
		strings.Count(stderr, "raise") != 1 || !strings.HasSuffix(stderr, "(raise it with -max-memory)\n") || strings.Contains(stderr, "Limits.") {
		t.Errorf("slide %q: status %d, stdout %q, stderr %q", args, status, stdout, stderr)
	}
}
