package slide

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestNewAndAccessors(t *testing.T) {
	b, err := New(2, 3, []int{1, 2, 3, 4, 0, 5})
	if err != nil {
		t.Fatal(err)
	}
	if b.Rows() != 2 || b.Cols() != 3 || b.Len() != 6 {
		t.Errorf("size: got %d x %d, len %d", b.Rows(), b.Cols(), b.Len())
	}
	if got := b.At(1, 1); got != 0 {
		t.Errorf("At(1,1) = %d, want 0", got)
	}
	if got := b.At(1, 2); got != 5 {
		t.Errorf("At(1,2) = %d, want 5", got)
	}
	for _, rc := range [][2]int{{-1, 0}, {0, -1}, {2, 0}, {0, 3}} {
		if got := b.At(rc[0], rc[1]); got != -1 {
			t.Errorf("At(%d,%d) = %d, want -1", rc[0], rc[1], got)
		}
	}
	if r, c := b.Blank(); r != 1 || c != 1 {
		t.Errorf("Blank() = %d, %d", r, c)
	}
	if !b.IsPermutation() || !b.IsValid() {
		t.Error("IsPermutation or IsValid false")
	}
	if got := b.Hamming(); got != 1 {
		t.Errorf("Hamming = %d, want 1", got)
	}
	if got := b.Manhattan(); got != 1 {
		t.Errorf("Manhattan = %d, want 1", got)
	}
	if b.IsGoal() {
		t.Error("IsGoal true")
	}
	if !Goal(2, 3).IsGoal() {
		t.Error("Goal(2,3).IsGoal false")
	}
	sq := Goal(4, 4)
	if sq.Rows() != 4 || sq.Cols() != 4 {
		t.Errorf("size %d x %d", sq.Rows(), sq.Cols())
	}
}

func TestZeroBoard(t *testing.T) {
	var b Board
	if b.IsValid() || b.Rows() != 0 || b.Len() != 0 || b.At(0, 0) != -1 || b.String() != "" {
		t.Error("zero board is not empty")
	}
	if b.IsGoal() || b.IsSolvable() || b.Hamming() != 0 || b.Manhattan() != 0 {
		t.Error("zero board methods")
	}
	if _, ok := b.Slide(Up, 1); ok {
		t.Error("zero board slides")
	}
	for range b.Neighbors() {
		t.Error("zero board has neighbors")
	}
	if b.Twin() != b {
		t.Error("zero twin")
	}
	if r, c := b.Blank(); r != -1 || c != -1 {
		t.Error("zero blank")
	}
}

func TestNewErrors(t *testing.T) {
	tests := []struct {
		rows, cols int
		tiles      []int
		class      error
		msg        string
	}{
		{0, 3, nil, ErrSize, "at least 1"},
		{3, -1, nil, ErrSize, "at least 1"},
		{1, 1, []int{0}, ErrSize, "at least 2 cells"},
		{256, 256, nil, ErrSize, "more than"},
		{math.MaxInt, math.MaxInt, nil, ErrSize, "more than"},
		{2, 2, []int{1, 2, 0}, ErrSize, "needs 4 tiles, got 3"},
		{2, 2, []int{1, 2, 3, 4}, ErrTile, "out of range"},
		{2, 2, []int{1, 2, 3, 5}, ErrTile, "out of range"},
		{2, 2, []int{1, 2, 2, 0}, ErrTile, "tile 2 appears twice"},
		{2, 2, []int{1, 0, 3, 0}, ErrTile, "two blanks"},
		{2, 2, []int{1, -2, 3, 0}, ErrTile, "negative"},
	}
	for _, tt := range tests {
		_, err := New(tt.rows, tt.cols, tt.tiles)
		if !errors.Is(err, tt.class) || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("New(%d, %d, %v) = %v, want %v containing %q", tt.rows, tt.cols, tt.tiles, err, tt.class, tt.msg)
		}
		var e *Error
		if !errors.As(err, &e) || e.Func != "New" {
			t.Errorf("New error %v is not an *Error from New", err)
		}
	}
}

func TestNewLabeled(t *testing.T) {
	b, err := NewLabeled(2, 2, []int{7, 7, 0, 3})
	if err != nil {
		t.Fatal(err)
	}
	if b.IsPermutation() {
		t.Error("repeated labels reported as permutation")
	}
	want := MustParseBoard("2\n3 7\n7 0\n")
	if got := b.StandardGoal(); got != want {
		t.Errorf("StandardGoal = %v, want %v", got, want)
	}
	if _, err := NewLabeled(2, 2, []int{1, 2, 3, 1}); !errors.Is(err, ErrTile) || !strings.Contains(err.Error(), "no blank") {
		t.Errorf("no blank: %v", err)
	}
	if _, err := NewLabeled(2, 2, []int{1, MaxLabel + 1, 0, 3}); !errors.Is(err, ErrTile) {
		t.Errorf("label above MaxLabel: %v", err)
	}
	p, _ := NewLabeled(2, 2, []int{3, 1, 2, 0})
	q, _ := New(2, 2, []int{3, 1, 2, 0})
	if p != q || !p.IsPermutation() {
		t.Error("NewLabeled of a permutation differs from New")
	}
}

func TestSlideAndNeighbors(t *testing.T) {
	b := MustParseBoard("3\n1 2 3\n4 0 5\n6 7 8\n")
	var got []string
	for nb := range b.Neighbors() {
		got = append(got, strings.ReplaceAll(nb.String()[2:], "\n", "/"))
	}
	want := []string{
		"1 2 3/4 7 5/6 0 8/", // up: the 7 below moves up
		"1 0 3/4 2 5/6 7 8/", // down
		"1 2 3/4 5 0/6 7 8/", // left
		"1 2 3/0 4 5/6 7 8/", // right
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Neighbors (-want +got):\n%s", diff)
	}
	corner := Goal(3, 3)
	n := 0
	for range corner.Neighbors() {
		n++
	}
	if n != 2 {
		t.Errorf("corner has %d neighbors", n)
	}
	row := MustParseBoard("1 4\n0 1 2 3\n")
	line, ok := row.Slide(Left, 3)
	if !ok || line != MustParseBoard("1 4\n1 2 3 0\n") {
		t.Errorf("Slide(Left, 3) = %v, %v", line, ok)
	}
	if _, ok := row.Slide(Left, 4); ok {
		t.Error("Slide past the edge")
	}
	if _, ok := row.Slide(Direction(9), 1); ok {
		t.Error("bad direction slides")
	}
	count := 0
	for range MustParseBoard("3\n1 2 3\n4 5 6\n7 8 0\n").LineNeighbors() {
		count++
	}
	if count != 4 {
		t.Errorf("corner of 3x3 has %d line neighbors, want 4", count)
	}
	for nb := range b.Neighbors() { // stop early
		_ = nb
		break
	}
	if got := Direction(7).String(); got != "Direction(7)" {
		t.Error(got)
	}
	for d := Up; d <= Right; d++ {
		next, _ := b.Slide(d, 1)
		back, _ := next.Slide(d.Opposite(), 1)
		if back != b {
			t.Errorf("%v then %v does not return", d, d.Opposite())
		}
	}
}

func TestTwin(t *testing.T) {
	b := MustParseBoard("2\n0 1\n2 3\n")
	if got, want := b.Twin(), MustParseBoard("2\n0 2\n1 3\n"); got != want {
		t.Errorf("Twin = %v, want %v", got, want)
	}
	if b.IsSolvable() == b.Twin().IsSolvable() {
		t.Error("twin in the same class")
	}
	one := Goal(1, 2)
	if one.Twin() != one {
		t.Error("1x2 twin")
	}
	lab := MustParseBoard("2\n5 5\n0 6\n")
	if got, want := lab.Twin(), MustParseBoard("2\n6 5\n0 5\n"); got != want {
		t.Errorf("labeled Twin = %v, want %v", got, want)
	}
}
