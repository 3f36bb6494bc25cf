package slide

import (
	"context"
	"errors"
	"strings"
	"testing"
	"unicode"

	"github.com/google/go-cmp/cmp"
)

// specSample is the 4 x 4 puzzle of the format's description, whose
// printed solution takes 6 moves; 5 is the optimum.
const specSample = `4  4
3  1  2  1  b
1  1  1  1  b
1  2  1  1  b
2  1  1  1  b
2  3  2  1  b
3  3  1  2  b
4  1  2  1  b
4  4  1  1  b
`

func mustParseBlocks(t testing.TB, text string) Blocks {
	t.Helper()
	b, discarded, err := ParseBlocks(text)
	if err != nil || len(discarded) > 0 {
		t.Fatalf("ParseBlocks: %v %v", err, discarded)
	}
	return b
}

func TestBlocksSpecSample(t *testing.T) {
	b := mustParseBlocks(t, specSample)
	want := "******\n*12..*\n*3.44*\n*ZZ5.*\n*6657*\n******\n"
	if got := b.Grid(); got != want {
		t.Errorf("Grid:\n%s\nwant\n%s", got, want)
	}
	// The description lists the first moves: piece 2 down 1, right 1 or
	// right 2; 3 right 1; 4 up 1 or left 1; 7 up 1.
	sp, err := newBlockSpace("test", b, BlockSolver{})
	if err != nil {
		t.Fatal(err)
	}
	start := block64{sp, sp.pack64(sp.startCodes())}
	if n := len(start.Successors(nil)); n != 7 {
		t.Errorf("%d first moves, want 7", n)
	}
	sol, err := BlockSolver{}.Solve(context.Background(), b)
	if err != nil || sol.Len() != 5 {
		t.Fatalf("%d moves, %v; want 5", sol.Len(), err)
	}
	replayBlocks(t, b, BlockGoal{}, sol)
}

func TestBlocksAccessors(t *testing.T) {
	b := mustParseBlocks(t, specSample)
	if b.Rows() != 4 || b.Cols() != 4 || b.NumPieces() != 8 || !b.IsValid() {
		t.Errorf("%d x %d, %d pieces, valid %v", b.Rows(), b.Cols(), b.NumPieces(), b.IsValid())
	}
	if got, want := b.Piece(0), (Piece{Row: 2, Col: 0, Width: 2, Height: 1, Motion: Both}); got != want {
		t.Errorf("Piece(0) = %+v, want %+v", got, want)
	}
	if got := b.Piece(8); got != (Piece{}) {
		t.Errorf("Piece(8) = %+v, want the zero Piece", got)
	}
	for _, c := range []struct{ r, c, want int }{{0, 0, 1}, {2, 1, 0}, {3, 3, 7}, {0, 3, -1}, {-1, 0, -1}, {4, 0, -1}, {0, 4, -1}} {
		if got := b.At(c.r, c.c); got != c.want {
			t.Errorf("At(%d, %d) = %d, want %d", c.r, c.c, got, c.want)
		}
	}
	if !cmp.Equal(b.Pieces()[1:3], []Piece{{0, 0, 1, 1, Both}, {0, 1, 1, 1, Both}}) {
		t.Errorf("Pieces()[1:3] = %v", b.Pieces()[1:3])
	}
	var zero Blocks
	if zero.IsValid() || zero.NumPieces() != 0 || zero.Grid() != "" || zero.String() != "" || zero.At(0, 0) != -1 {
		t.Error("the zero Blocks is not empty")
	}
	if _, ok := zero.Slide(0, Up, 1); ok {
		t.Error("the zero Blocks slides")
	}
	if _, err := (BlockSolver{}).Solve(context.Background(), zero); !errors.Is(err, ErrPiece) {
		t.Errorf("Solve(zero) = %v, want ErrPiece", err)
	}
}

func TestBlocksSlide(t *testing.T) {
	b := mustParseBlocks(t, "3 4\n2 1 2 1 h\n1 1 1 1 v\n1 4 1 1 b\n3 4 1 1 n\n")
	// ....   Z = 0 (h), 1 = 1 (v), 2 = 2 (b), 3 = 3 (n)
	tests := []struct {
		piece int
		d     Direction
		cells int
		ok    bool
		grid  string
	}{
		{0, Right, 2, true, "*1..2*\n*..ZZ*\n*...3*"},
		{0, Right, 3, false, ""}, // out of the grid
		{0, Up, 1, false, ""},    // h moves in its row only
		{1, Down, 1, false, ""},  // Z is in the way
		{1, Right, 1, false, ""}, // v moves in its column only
		{2, Left, 2, true, "*12..*\n*ZZ..*\n*...3*"},
		{2, Down, 1, true, "*1...*\n*ZZ.2*\n*...3*"},
		{2, Down, 2, false, ""}, // 3 is in the way
		{3, Up, 1, false, ""},   // fixed
		{0, Right, 0, false, ""},
		{4, Up, 1, false, ""},
		{-1, Up, 1, false, ""},
		{2, Direction(9), 1, false, ""},
	}
	for _, tt := range tests {
		next, ok := b.Slide(tt.piece, tt.d, tt.cells)
		if ok != tt.ok {
			t.Errorf("Slide(%d, %v, %d): ok %v", tt.piece, tt.d, tt.cells, ok)
			continue
		}
		if !ok && next != b {
			t.Errorf("Slide(%d, %v, %d) failed but changed the puzzle", tt.piece, tt.d, tt.cells)
		}
		if ok && !strings.Contains(next.Grid(), tt.grid) {
			t.Errorf("Slide(%d, %v, %d):\n%s\nwant\n%s", tt.piece, tt.d, tt.cells, next.Grid(), tt.grid)
		}
	}
	m := BlockMove{Piece: 2, Slides: []Slide{{Left, 1}, {Down, 1}}}
	if next, ok := b.Move(m); !ok || !strings.Contains(next.Grid(), "*1...*\n*ZZ2.*") {
		t.Errorf("Move(%v): %v\n%s", m, ok, next.Grid())
	}
	if m.String() != "Piece 2 left 1 space, down 1 space" {
		t.Errorf("String() = %q", m.String())
	}
	if next, ok := b.Move(BlockMove{Piece: 2, Slides: []Slide{{Left, 1}, {Down, 1}, {Left, 1}}}); ok || next != b {
		t.Error("a move whose last slide is blocked is made")
	}
	if next, ok := b.Move(BlockMove{Piece: 2}); ok || next != b {
		t.Error("a move without slides is made")
	}
	if got := (Slide{Up, 3}).String(); got != "up 3 spaces" {
		t.Errorf("Slide.String() = %q", got)
	}
}

func TestNewBlocksErrors(t *testing.T) {
	tests := []struct {
		rows, cols int
		pieces     []Piece
		err        error
		msg        string
	}{
		{0, 4, []Piece{{0, 0, 1, 1, Both}}, ErrSize, "at least 1"},
		{4, -2, []Piece{{0, 0, 1, 1, Both}}, ErrSize, "at least 1"},
		{300, 300, []Piece{{0, 0, 1, 1, Both}}, ErrSize, "more than"},
		{4, 4, nil, ErrPiece, "no pieces"},
		{4, 4, []Piece{{0, 0, 0, 1, Both}}, ErrPiece, "piece 0 is 0 x 1"},
		{4, 4, []Piece{{0, 0, 1, 1, Both}, {3, 3, 2, 1, Both}}, ErrPiece, "piece 1 at row 4, column 4"},
		{4, 4, []Piece{{0, 0, 1, 1, Both}, {-1, 0, 1, 1, Both}}, ErrPiece, "piece 1 at row 0"},
		{4, 4, []Piece{{0, 0, 2, 2, Both}, {1, 1, 1, 1, Both}}, ErrPiece, "piece 1 overlaps piece 0"},
		{4, 4, []Piece{{0, 0, 1, 1, Motion(7)}}, ErrPiece, "unknown motion"},
	}
	for _, tt := range tests {
		_, err := NewBlocks(tt.rows, tt.cols, tt.pieces)
		var e *Error
		if !errors.Is(err, tt.err) || !errors.As(err, &e) || !strings.Contains(e.Msg, tt.msg) {
			t.Errorf("NewBlocks(%d, %d, %v) = %v, want %v containing %q", tt.rows, tt.cols, tt.pieces, err, tt.err, tt.msg)
		}
	}
	if _, err := NewBlocks(1, 1, []Piece{{0, 0, 1, 1, Fixed}}); err != nil {
		t.Errorf("1 x 1: %v", err)
	}
}

func TestPieceName(t *testing.T) {
	var first61 []rune
	for i := range 61 {
		first61 = append(first61, PieceName(i))
	}
	if got := string(first61); got != "Z123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXY" {
		t.Errorf("first 61 names: %s", got)
	}
	if PieceName(61) != 'À' || PieceName(61+23) != 'Ø' || PieceName(458) != 'ɏ' || PieceName(-1) != '?' {
		t.Errorf("names 61, 84, 458, -1: %c %c %c %c", PieceName(61), PieceName(61+23), PieceName(458), PieceName(-1))
	}
	const n = 1000
	names := pieceNames(n)
	seen := map[rune]int{'.': -1, '*': -1}
	for i, r := range names {
		if r != PieceName(i) {
			t.Fatalf("pieceNames(%d)[%d] = %c, PieceName = %c", n, i, r, PieceName(i))
		}
		if j, dup := seen[r]; dup {
			t.Fatalf("pieces %d and %d are both named %c", i, j, r)
		}
		if i >= 61 && !unicode.IsLetter(r) {
			t.Fatalf("piece %d is named %U, not a letter", i, r)
		}
		seen[r] = i
	}
}

// TestBlocksStringRoundTrip parses the String form of every test puzzle
// back to the same puzzle.
func TestBlocksStringRoundTrip(t *testing.T) {
	for _, c := range readBlockCases(t) {
		if got := mustParseBlocks(t, c.puzzle.String()); got != c.puzzle {
			t.Errorf("%s: String does not round-trip:\n%s", c.name, c.puzzle.String())
		}
	}
}

// TestBlocksGridNames draws a 13 x 13 grid of 169 pieces, more than the
// 127 a puzzle file may hold, each with a name of its own.
func TestBlocksGridNames(t *testing.T) {
	var ps []Piece
	for r := range 13 {
		for c := range 13 {
			ps = append(ps, Piece{Row: r, Col: c, Width: 1, Height: 1, Motion: Both})
		}
	}
	b, err := NewBlocks(13, 13, ps)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(b.Grid(), "\n"), "\n")
	seen := map[rune]bool{}
	for _, line := range lines[1 : len(lines)-1] {
		row := []rune(line)
		if len(row) != 15 || row[0] != '*' || row[14] != '*' {
			t.Fatalf("row %q: want 13 names between two *", line)
		}
		for _, r := range row[1:14] {
			seen[r] = true
		}
	}
	if len(seen) != 169 || seen['.'] || seen['*'] {
		t.Errorf("%d distinct names in the grid, want 169:\n%s", len(seen), b.Grid())
	}
}
