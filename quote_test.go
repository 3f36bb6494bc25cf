package slide

import (
	"strings"
	"testing"
)

// TestMessagesQuoteLittle checks that an error quotes at most 40
// characters of an offending field, however long, and gives its length.
func TestMessagesQuoteLittle(t *testing.T) {
	big := strings.Repeat("9", 10<<20)
	nul := strings.Repeat("\x00", 10<<20)
	for _, tc := range []struct {
		name string
		err  error
	}{
		{"Parse size", second(ParseBoard(big))},
		{"Parse tile", second(ParseBoard("2\n1 2 3 " + nul))},
		{"Parse extra", second(ParseBoard("2\n1 2 3 0 " + big))},
		{"ParsePosition", second(ParsePosition(2, 2, "\xff"+big))},
		{"ParseBlocks", second(ParseBlocks("4 " + big))},
		{"ParseRushHour", second(ParseRushHour(nul))},
	} {
		msg := tc.err.Error()
		if len(msg) > 300 || !strings.Contains(msg, "... (10485") {
			t.Errorf("%s: %d bytes: %.300s", tc.name, len(msg), msg)
		}
	}
}

func second[A any](_ A, err error) error { return err }
