package bfsform

import (
	"math"
	"strings"
	"testing"
)

// TestParse checks the arguments Parse takes, and that it names the first
// wrong one, in the order bfs reads them.
func TestParse(t *testing.T) {
	a, err := Parse([]string{"99999999999999999999", "236158-47", "12345678-"})
	if err != nil || a.Rows != 3 || a.Cols != 3 || a.MaxLength != math.MaxInt || a.Start.Tiles()[6] != 0 {
		t.Fatalf("3 x 3 by default: %+v, %v", a, err)
	}
	if a, err = Parse([]string{"1", "1", "0", "-", "-"}); err != nil || !a.BlankAlone {
		t.Fatalf("1 x 1: %+v, %v", a, err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"1", "a", "b", "c"}, "got 4 arguments"},
		{[]string{"0", "3", "x", "a", "b"}, "HEIGHT \"0\""},
		{[]string{"3", "w", "x", "a", "b"}, "WIDTH \"w\""},
		{[]string{"1", "2", "x", "a", "b"}, "MAXLENGTH \"x\""},
		{[]string{"-1", "a-", "-a"}, "MAXLENGTH \"-1\""},
		{[]string{"1", "1", "3", "a", "-"}, "INITIAL \"a\": a 1 x 1 tray"},
		{[]string{"1", "1", "3", "-", "a"}, "GOAL \"a\": a 1 x 1 tray"},
		{[]string{"3", "12-", "12-"}, "INITIAL \"12-\""},
		{[]string{"3", "1234567-8", "12-"}, "GOAL \"12-\""},
		{[]string{"3", "1234567-8", "1234567-9"}, "'8' appears 1 times in INITIAL and 0 in GOAL"},
	} {
		if _, err := Parse(tc.args); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want %q", tc.args, err, tc.want)
		}
	}
}
