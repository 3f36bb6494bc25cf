package pdb

import "testing"

// smallSpec is a partition of the 8-puzzle, for tests.
var smallSpec = Spec{Rows: 3, Cols: 3, Blank: 0, Patterns: [][]uint8{{1, 2, 3, 4}, {5, 6, 7, 8}}}

// TestNamedCover checks that every shipped partition is valid and
// covers every tile of its board but the blank.
func TestNamedCover(t *testing.T) {
	for _, name := range []string{"555", "663", "78", "6666", "35", "48", "48x5"} {
		s, err := Named(name)
		if err != nil {
			t.Fatalf("Named(%q): %v", name, err)
		}
		if err := s.Validate(); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		tiles := 0
		for _, p := range s.Patterns {
			tiles += len(p)
		}
		if tiles != s.Rows*s.Cols-1 {
			t.Errorf("%s: %d tiles in its patterns, want %d", name, tiles, s.Rows*s.Cols-1)
		}
	}
}

// TestParseSpec checks that ParseSpec reads what String writes and only
// that.
func TestParseSpec(t *testing.T) {
	for _, s := range []Spec{smallSpec, Korf663(), Seven48(), Seven48x5(), smallSpec.WithBlank(4)} {
		got, err := ParseSpec(s.String())
		if err != nil || got.String() != s.String() {
			t.Errorf("ParseSpec(%q) = %v, %v", s.String(), got, err)
		}
	}
	for _, name := range []string{"", "3x3", "3x3-b0", "3x3-b0-1.2.3-", "3x3-b0-01.2", "3x3-b0-1.1", "3x3-b9-1", "3x3-x0-1", "3x-b0-1", "3x3-b0-1.300", "3x3-b0-+1"} {
		if s, err := ParseSpec(name); err == nil {
			t.Errorf("ParseSpec(%q) = %v, want an error", name, s)
		}
	}
}
