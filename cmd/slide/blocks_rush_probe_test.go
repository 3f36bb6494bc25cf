package main

import (
	"strings"
	"testing"
)

// TestBlocksEmptyRush checks that blocks -rush "" is a -rush position, an
// empty one, refused as such: it was taken for no -rush at all, and the
// message asked for a FILE ("want one FILE, got 0").
func TestBlocksEmptyRush(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		status int
		want   string
	}{
		{[]string{"blocks", "-rush", ""}, exitError, `slide blocks: -rush: "" has 0 characters, want 36`},
		{[]string{"blocks", "-rush=", "in.txt"}, exitUsage, "slide blocks: give a FILE or -rush STRING, not both"},
		{[]string{"blocks", "-h", "-rush", ""}, exitUsage, "slide blocks: -h writes FILE.html: it needs a FILE, not -rush"},
	} {
		stdout, stderr, status := runSlide("", tc.args...)
		if status != tc.status || stdout != "" || !strings.HasPrefix(stderr, tc.want) {
			t.Errorf("slide %q: status %d, stdout %q, stderr %q; want status %d and %q", tc.args, status, stdout, stderr, tc.status, tc.want)
		}
	}
}
