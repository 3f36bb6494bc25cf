package slide

import (
	"testing"
	"time"
)

// TestProgressString checks the text of the progress reports, which
// log.Println prints: their parts with values, in words.
func TestProgressString(t *testing.T) {
	for p, want := range map[Progress]string{
		{Bound: 52, Generated: 1200000, Elapsed: 1500 * time.Millisecond}: "bound 52, 1200000 nodes, 1.5s",
		{Best: 60, LowerBound: 48, Generated: 10, Elapsed: time.Second}:   "best 60 (at least 48), 10 nodes, 1s",
		{LowerBound: 48, Elapsed: 2 * time.Millisecond}:                   "at least 48, 2ms",
	} {
		if got := p.String(); got != want {
			t.Errorf("%#v: %q, want %q", p, got, want)
		}
	}
}
