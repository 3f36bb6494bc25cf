package input

import (
	"strconv"
	"strings"
	"testing"
)

// FuzzBoardSize checks that ParseBoardSize, which reads pdb's -size,
// never panics and that a size it reads, written back as RxC, reads the
// same.
func FuzzBoardSize(f *testing.F) {
	for _, s := range []string{"3x5", "4", "3X3", "x3", "3x", "0x0", "-3x3", "99999999999999999999x2", "+3x+3", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		rows, cols, err := ParseBoardSize(s)
		if err != nil {
			if !strings.Contains(err.Error(), "is not a board size") {
				t.Fatalf("ParseBoardSize(%q): %v", s, err)
			}
			return
		}
		back := strconv.Itoa(rows) + "x" + strconv.Itoa(cols)
		if r, c, err := ParseBoardSize(back); err != nil || r != rows || c != cols {
			t.Fatalf("ParseBoardSize(%q) = %d x %d, which reads back as %d x %d, %v", s, rows, cols, r, c, err)
		}
	})
}
