package slide

import (
	"errors"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestFormatParseMoves(t *testing.T) {
	moves := []Move{{Up, 1}, {Down, 1}, {Left, 3}, {Right, 1}, {Up, 12}}
	s := FormatMoves(moves)
	if s != "UDL3RU12" {
		t.Fatalf("FormatMoves = %q", s)
	}
	got, err := ParseMoves(s)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(moves, got); diff != "" {
		t.Fatalf("round trip (-want +got):\n%s", diff)
	}
	if got, err := ParseMoves("u d\nl r"); err != nil || FormatMoves(got) != "UDLR" {
		t.Fatalf("lower case with spaces: %v, %v", got, err)
	}
	for _, bad := range []string{"UX", "U0", "U99999999999", "1", "ü"} {
		if _, err := ParseMoves(bad); !errors.Is(err, ErrSyntax) {
			t.Errorf("ParseMoves(%q) = %v, want ErrSyntax", bad, err)
		}
	}
}

func FuzzParseMoves(f *testing.F) {
	for _, s := range []string{"UDLR", "L3U12", "u d", "X", "U0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		moves, err := ParseMoves(s)
		if err != nil {
			if !errors.Is(err, ErrSyntax) {
				t.Fatalf("error %v does not wrap ErrSyntax", err)
			}
			return
		}
		again, err := ParseMoves(FormatMoves(moves))
		if err != nil || !cmp.Equal(moves, again) {
			t.Fatalf("round trip of %q failed: %v", s, err)
		}
	})
}

func ExampleDirection_String() {
	fmt.Println(Up, Left.Opposite())
	// Output: up right
}
