package slide

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"
	"time"
)

// TestModeCheck checks that a mode that asks for nothing a Solver can
// give fails with ErrOption, in Solve and in ParseMode, and that String
// and ParseMode round-trip.
func TestModeCheck(t *testing.T) {
	b, g := Goal(3, 3).Twin().Twin(), Goal(3, 3)
	for _, m := range []Mode{Weighted(0.5), Weighted(-1), Weighted(math.NaN()), Weighted(math.Inf(1)), Anytime(-time.Second), {kind: fast + 1}} {
		if _, err := (Solver{Mode: m}).Solve(context.Background(), b, g); !errors.Is(err, ErrOption) {
			t.Errorf("%v: %v, want ErrOption", m, err)
		}
		if m.kind <= fast {
			if _, err := ParseMode(m.String()); err == nil {
				t.Errorf("ParseMode(%q) accepted", m)
			}
		}
		if _, err := m.MarshalText(); !errors.Is(err, ErrOption) {
			t.Errorf("%v: MarshalText: %v", m, err)
		}
	}
	sol, err := Solver{Mode: Fast()}.Solve(context.Background(), b, g)
	if err != nil || sol.Engine != "fast" {
		t.Errorf("Fast: %v by %v, want the fast mode", err, sol.Engine)
	}
	for m, want := range map[Mode]string{Optimal(): "optimal", Weighted(1.5): "weighted 1.5", Anytime(0): "anytime",
		Anytime(time.Second): "anytime 1s", Fast(): "fast", {}: "optimal"} {
		if m.String() != want {
			t.Errorf("%#v: %q, want %q", m, m.String(), want)
		}
		if back, err := ParseMode(want); err != nil || back != m {
			t.Errorf("ParseMode(%q) = %v, %v", want, back, err)
		}
		var u Mode
		if err := u.UnmarshalText([]byte(want)); err != nil || u != m {
			t.Errorf("UnmarshalText(%q) = %v, %v", want, u, err)
		}
	}
	// A factor that reads as 0 or less than 1 is refused as written.
	for _, w := range []string{"0", "1e-400", "-1", "0.999", "NaN", "-Inf"} {
		_, err := ParseMode("weighted " + w)
		if !errors.Is(err, ErrOption) || !strings.Contains(err.Error(), `"`+w+`"`) {
			t.Errorf("ParseMode(weighted %s): %v, want ErrOption quoting the factor", w, err)
		}
	}
	for _, bad := range []string{"", "weighted", "weighted x", "anytime 1", "fast 2", "quick"} {
		if _, err := ParseMode(bad); !errors.Is(err, ErrSyntax) {
			t.Errorf("ParseMode(%q): %v, want ErrSyntax", bad, err)
		}
	}
}

// FuzzParseMode checks that ParseMode never panics, refuses with
// ErrSyntax or ErrOption, and that a Mode it returns writes a text that
// parses back to it.
func FuzzParseMode(f *testing.F) {
	for _, s := range []string{"optimal", "fast", "weighted 1.5", "anytime 1s", "weighted NaN", "weighted 0", "anytime -1s", "weighted", "anytime 1", "", "weighted 1e400"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseMode(s)
		if err != nil {
			return
		}
		back, err := ParseMode(m.String())
		if err != nil || back != m {
			t.Fatalf("ParseMode(%q) = %v, which reads back as %v, %v", s, m, back, err)
		}
	})
}
