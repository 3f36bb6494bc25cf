package slide

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/google/go-cmp/cmp"
)

func TestBlocksSpecSample(t *testing.T) {
	b := MustParseBlocks(specSample)
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
	start := sp.State64(sp.Pack64(sp.StartCodes()))
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
	b := MustParseBlocks(specSample)
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
	if !cmp.Equal(b.Pieces()[1:3], []Piece{{0, 0, 1, 1, Both, 0}, {0, 1, 1, 1, Both, 0}}) {
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
	b := MustParseBlocks("3 4\n2 1 2 1 h\n1 1 1 1 v\n1 4 1 1 b\n3 4 1 1 n\n")
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
	m := BlockMove{Piece: 2, Slides: []BlockSlide{{Left, 1}, {Down, 1}}}
	if next, ok := b.Move(m); !ok || !strings.Contains(next.Grid(), "*1...*\n*ZZ2.*") {
		t.Errorf("Move(%v): %v\n%s", m, ok, next.Grid())
	}
	if m.String() != "Piece 2 left 1 space, down 1 space" {
		t.Errorf("String() = %q", m.String())
	}
	if next, ok := b.Move(BlockMove{Piece: 2, Slides: []BlockSlide{{Left, 1}, {Down, 1}, {Left, 1}}}); ok || next != b {
		t.Error("a move whose last slide is blocked is made")
	}
	if next, ok := b.Move(BlockMove{Piece: 2}); ok || next != b {
		t.Error("a move without slides is made")
	}
	if got := (BlockSlide{Up, 3}).String(); got != "up 3 spaces" {
		t.Errorf("BlockSlide.String() = %q", got)
	}
}

// TestBlocksSlideOracle checks Slide against a cell-by-cell test of the
// way on random puzzles, every piece, direction and distance.
func TestBlocksSlideOracle(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	for range 200 {
		b := randomBlocks(rng, 2+rng.IntN(5), 2+rng.IntN(5), 1+rng.IntN(6), []Motion{Fixed, Horizontal, Vertical, Both})
		own := b.owners()
		for i := range b.NumPieces() {
			p := b.Piece(i)
			for d := Up; d <= Right; d++ {
				for cells := 1; cells <= 6; cells++ {
					dr, dc := d.offset()
					want := p.Motion.allows(d)
					for k := 1; k <= cells && want; k++ {
						for r := p.Row + k*dr; r < p.Row+k*dr+p.Height && want; r++ {
							for c := p.Col + k*dc; c < p.Col+k*dc+p.Width && want; c++ {
								if r < 0 || c < 0 || r >= b.Rows() || c >= b.Cols() {
									want = false
								} else if o := own.own[r*b.Cols()+c]; o >= 0 && int(o) != i {
									want = false
								}
							}
						}
					}
					next, ok := b.Slide(i, d, cells)
					if ok != want {
						t.Fatalf("%v\nSlide(%d, %v, %d) = %v, want %v", b, i, d, cells, ok, want)
					}
					if ok {
						q := next.Piece(i)
						if q.Row != p.Row+cells*dr || q.Col != p.Col+cells*dc {
							t.Fatalf("Slide(%d, %v, %d) put the piece at %d, %d", i, d, cells, q.Row, q.Col)
						}
					}
				}
			}
		}
	}
}

// TestBlocksSlideLong slides a piece along a 1 x 65535 grid: each slide
// costs O(pieces), not a grid of the puzzle's size (once 256 KB a slide).
func TestBlocksSlideLong(t *testing.T) {
	b, err := NewBlocks(1, MaxCells, []Piece{{Row: 0, Col: 0, Width: 1, Height: 1, Motion: Both}, {Row: 0, Col: MaxCells - 1, Width: 1, Height: 1, Motion: Fixed}})
	if err != nil {
		t.Fatal(err)
	}
	var ms0, ms1 runtime.MemStats
	runtime.ReadMemStats(&ms0)
	for range 1000 {
		next, ok := b.Slide(0, Right, 1)
		if !ok {
			t.Fatal("slide failed")
		}
		b = next
	}
	runtime.ReadMemStats(&ms1)
	if perSlide := (ms1.TotalAlloc - ms0.TotalAlloc) / 1000; perSlide > 256 {
		t.Errorf("a slide allocates %d bytes", perSlide)
	}
	if _, ok := b.Slide(0, Right, MaxCells-1001); ok {
		t.Error("slid onto the fixed piece")
	}
	if _, ok := b.Slide(0, Right, MaxCells-1002); !ok {
		t.Error("cannot slide up to the fixed piece")
	}
}

func TestNewBlocksErrors(t *testing.T) {
	tests := []struct {
		rows, cols int
		pieces     []Piece
		err        error
		msg        string
	}{
		{0, 4, []Piece{{0, 0, 1, 1, Both, 0}}, ErrSize, "at least 1"},
		{4, -2, []Piece{{0, 0, 1, 1, Both, 0}}, ErrSize, "at least 1"},
		{300, 300, []Piece{{0, 0, 1, 1, Both, 0}}, ErrSize, "more than"},
		{4, 4, nil, ErrPiece, "no pieces"},
		{4, 4, []Piece{{0, 0, 0, 1, Both, 0}}, ErrPiece, "piece 0 is 0 x 1"},
		{4, 4, []Piece{{0, 0, 1, 1, Both, 0}, {3, 3, 2, 1, Both, 0}}, ErrPiece, "piece 1 at row 4, column 4"},
		{4, 4, []Piece{{0, 0, 1, 1, Both, 0}, {-1, 0, 1, 1, Both, 0}}, ErrPiece, "piece 1 at row 0"},
		{4, 4, []Piece{{0, 0, 2, 2, Both, 0}, {1, 1, 1, 1, Both, 0}}, ErrPiece, "piece 1 overlaps piece 0"},
		{4, 4, []Piece{{0, 0, 1, 1, Motion(7), 0}}, ErrPiece, "unknown motion"},
	}
	for _, tt := range tests {
		_, err := NewBlocks(tt.rows, tt.cols, tt.pieces)
		var e *Error
		if !errors.Is(err, tt.err) || !errors.As(err, &e) || !strings.Contains(e.Msg, tt.msg) {
			t.Errorf("NewBlocks(%d, %d, %v) = %v, want %v containing %q", tt.rows, tt.cols, tt.pieces, err, tt.err, tt.msg)
		}
	}
	if _, err := NewBlocks(1, 1, []Piece{{0, 0, 1, 1, Fixed, 0}}); err != nil {
		t.Errorf("1 x 1: %v", err)
	}
}

func TestPieceNames(t *testing.T) {
	var first61 []rune
	for i := range 61 {
		first61 = append(first61, pieceName(i))
	}
	if got := string(first61); got != "Z123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXY" {
		t.Errorf("first 61 names: %s", got)
	}
	if pieceName(61) != 'À' || pieceName(61+23) != 'Ø' || pieceName(458) != 'ɏ' || pieceName(-1) != '?' {
		t.Errorf("names 61, 84, 458, -1: %c %c %c %c", pieceName(61), pieceName(61+23), pieceName(458), pieceName(-1))
	}
	// Beyond the ASCII names, every Unicode letter from U+00C0 on, in
	// order: the names are distinct, and run out only past MaxCells.
	i := len(asciiNames)
	for r := rune(0xC0); r <= unicode.MaxRune; r++ {
		if !unicode.IsLetter(r) {
			continue
		}
		if got := pieceName(i); got != r {
			t.Fatalf("pieceName(%d) = %U, want %U", i, got, r)
		}
		i++
	}
	if i != numPieceNames() || i <= MaxCells {
		t.Errorf("%d names, NumPieceNames %d, MaxCells %d", i, numPieceNames(), MaxCells)
	}
	for _, k := range []int{numPieceNames(), math.MaxInt32, math.MaxInt} {
		if pieceName(k) != '?' {
			t.Errorf("pieceName(%d) = %U, want '?'", k, pieceName(k))
		}
	}
}

// TestBlocksStringRoundTrip parses the String form of every test puzzle
// back to the same puzzle.
func TestBlocksStringRoundTrip(t *testing.T) {
	for _, c := range readBlockCases(t) {
		if got := MustParseBlocks(c.puzzle.String()); got != c.puzzle {
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

// numPieceNames returns how many pieces PieceName names, each differently.
func numPieceNames() int { return len(asciiNames) + letterTable().total }

// TestBlocksNames checks the names NewBlocks takes and refuses, that a
// solution's moves and positions keep them, and that names split no
// position: a named Rush Hour puzzle has as many positions and the same
// optimum as the unnamed file of the same board.
func TestBlocksNames(t *testing.T) {
	named := []Piece{{0, 0, 2, 1, Horizontal, 'R'}, {1, 0, 1, 1, Fixed, 'x'}, {1, 1, 1, 1, Fixed, 'x'}, {2, 0, 1, 1, Both, 0}}
	b, err := NewBlocks(3, 3, named)
	if err != nil {
		t.Fatal(err)
	}
	if got := string([]rune{b.Name(0), b.Name(1), b.Name(2), b.Name(3), b.Name(4), b.Name(-1)}); got != "Rxx3??" {
		t.Errorf("names %q, want Rxx3??", got)
	}
	if got, want := b.Grid(), "*****\n*RR.*\n*xx.*\n*3..*\n*****\n"; got != want {
		t.Errorf("Grid:\n%s\nwant\n%s", got, want)
	}
	if again, err := ParseBlocks(b.String()); err != nil || again != b {
		t.Errorf("String %q reads back as %v, %v", b.String(), again, err)
	}
	for _, tt := range []struct {
		pieces []Piece
		msg    string
	}{
		{[]Piece{{0, 0, 1, 1, Both, '*'}}, `piece 0 has the name '*': a name is a letter or a digit`},
		{[]Piece{{0, 0, 1, 1, Both, 'A'}, {1, 1, 1, 1, Both, 'A'}}, "piece 1 has the name A of piece 0"},
		{[]Piece{{0, 0, 1, 1, Both, 'A'}, {1, 1, 1, 1, Fixed, 'A'}}, "piece 1 has the name A of piece 0"},
		{[]Piece{{0, 0, 1, 1, Both, 0}, {1, 1, 1, 1, Fixed, 'x'}, {2, 2, 1, 1, Vertical, 'x'}}, "piece 2 has the name x of piece 1"},
	} {
		var e *Error
		if _, err := NewBlocks(3, 3, tt.pieces); !errors.Is(err, ErrPiece) || !errors.As(err, &e) || e.Msg != tt.msg {
			t.Errorf("NewBlocks(%v) = %v, want %q", tt.pieces, err, tt.msg)
		}
	}

	c := blockCaseNamed(t, "rh_fogleman_forty_10")
	rush, err := ParseRushHour(rushString(c.text))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	counts, err := BlockSolver{}.Distances(ctx, rush)
	if err != nil || sum(counts) != c.states {
		t.Fatalf("%d positions, %v; want %d", sum(counts), err, c.states)
	}
	sol, err := BlockSolver{}.Solve(ctx, rush)
	if err != nil || sol.Len() != c.optimum[StraightMoves] {
		t.Fatalf("%d moves, %v; want %d", sol.Len(), err, c.optimum[StraightMoves])
	}
	for k, m := range sol.Moves {
		if m.Name != rush.Name(m.Piece) || !strings.HasPrefix(m.String(), "Piece "+string(m.Name)+" ") {
			t.Errorf("move %d: %v names piece %d %q, want %q", k+1, m, m.Piece, m.Name, rush.Name(m.Piece))
		}
	}
	for k, p := range sol.Positions {
		for i := range p.NumPieces() {
			if p.Name(i) != rush.Name(i) {
				t.Fatalf("position %d names piece %d %q, want %q", k, i, p.Name(i), rush.Name(i))
			}
		}
	}
}

// Helpers that the tests of this package share: sliding-block puzzles.

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

// blockCase is a puzzle of testdata/blocks with the optima and the
// reachable-state count of its "# expect:" line; -1 stands for none.
type blockCase struct {
	name     string
	text     string
	puzzle   Blocks
	optimum  [numBlockMetrics]int
	states   int64
	distinct int64 // states with identical pieces told apart, if given
}

// readBlockCases reads every puzzle of testdata/blocks.
func readBlockCases(t testing.TB) []blockCase {
	t.Helper()
	files, err := filepath.Glob("testdata/blocks/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no puzzles in testdata/blocks: %v", err)
	}
	var cases []blockCase
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		c := blockCase{name: strings.TrimSuffix(filepath.Base(f), ".txt"), text: string(data), distinct: -1}
		if c.puzzle, err = ParseBlocks(c.text); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		expect := ""
		for _, line := range strings.Split(c.text, "\n") {
			if rest, ok := strings.CutPrefix(line, "# expect:"); ok {
				expect = rest
			}
		}
		if expect == "" {
			t.Fatalf("%s: no # expect: line", f)
		}
		for _, kv := range strings.Fields(expect) {
			k, v, _ := strings.Cut(kv, "=")
			n := -1
			if v != "none" {
				if n, err = strconv.Atoi(v); err != nil {
					t.Fatalf("%s: %q: %v", f, kv, err)
				}
			}
			switch k {
			case "states":
				c.states = int64(n)
			case "states_distinct":
				c.distinct = int64(n)
			default:
				m, err := ParseBlockMetric(k)
				if err != nil {
					t.Fatalf("%s: %q: %v", f, kv, err)
				}
				c.optimum[m] = n
			}
		}
		cases = append(cases, c)
	}
	return cases
}

// blockCaseNamed returns the puzzle of testdata/blocks/name.txt.
func blockCaseNamed(tb testing.TB, name string) blockCase {
	tb.Helper()
	for _, c := range readBlockCases(tb) {
		if c.name == name {
			return c
		}
	}
	tb.Fatalf("no puzzle %s in testdata/blocks", name)
	return blockCase{}
}

// rushString returns the Rush Hour string in the header of a puzzle of
// testdata/blocks, or "" if it has none.
func rushString(text string) string {
	for _, line := range strings.Split(text, "\n") {
		if rest, ok := strings.CutPrefix(line, "# source: Fogleman board string: "); ok {
			return strings.Fields(rest)[0]
		}
	}
	return ""
}

// replayBlocks checks sol move by move on a grid of its own: each slide
// allowed by the piece's motion, through free cells inside the grid, to
// the next position of the solution, and the last position a goal.
func replayBlocks(t *testing.T, start Blocks, goal BlockGoal, sol BlockSolution) {
	t.Helper()
	if len(sol.Positions) != sol.Len()+1 || sol.Positions[0] != start {
		t.Fatalf("%d positions for %d moves, or not from the start", len(sol.Positions), sol.Len())
	}
	rows, cols := start.Rows(), start.Cols()
	pieces := start.Pieces()
	grid := make([]int, rows*cols)
	draw := func(i, v int) {
		p := pieces[i]
		for r := p.Row; r < p.Row+p.Height; r++ {
			for c := p.Col; c < p.Col+p.Width; c++ {
				grid[r*cols+c] = v
			}
		}
	}
	for i := range pieces {
		draw(i, i+1)
	}
	for k, m := range sol.Moves {
		if m.Piece < 0 || m.Piece >= len(pieces) || len(m.Slides) == 0 {
			t.Fatalf("move %d: %+v", k+1, m)
		}
		if sol.Metric != PieceMoves && len(m.Slides) != 1 || sol.Metric == StepMoves && m.Slides[0].Cells != 1 {
			t.Fatalf("move %d (%v) is not one %v move", k+1, m, sol.Metric)
		}
		for _, s := range m.Slides {
			mo := pieces[m.Piece].Motion
			if mo == Fixed || (s.Dir == Up || s.Dir == Down) && mo == Horizontal || (s.Dir == Left || s.Dir == Right) && mo == Vertical || s.Cells < 1 {
				t.Fatalf("move %d (%v): a %v piece cannot slide %v", k+1, m, mo, s)
			}
			step := map[Direction][2]int{Up: {-1, 0}, Down: {1, 0}, Left: {0, -1}, Right: {0, 1}}[s.Dir]
			for range s.Cells {
				draw(m.Piece, 0)
				pieces[m.Piece].Row += step[0]
				pieces[m.Piece].Col += step[1]
				p := pieces[m.Piece]
				if p.Row < 0 || p.Col < 0 || p.Row+p.Height > rows || p.Col+p.Width > cols {
					t.Fatalf("move %d (%v) leaves the grid", k+1, m)
				}
				for r := p.Row; r < p.Row+p.Height; r++ {
					for c := p.Col; c < p.Col+p.Width; c++ {
						if grid[r*cols+c] != 0 {
							t.Fatalf("move %d (%v) runs into piece %d", k+1, m, grid[r*cols+c]-1)
						}
					}
				}
				draw(m.Piece, m.Piece+1)
			}
		}
		want, _ := NewBlocks(rows, cols, pieces)
		if sol.Positions[k+1] != want {
			t.Fatalf("move %d (%v) leads to\n%v, the solution has\n%v", k+1, m, want.Grid(), sol.Positions[k+1].Grid())
		}
	}
	if !goal.Reached(sol.Positions[sol.Len()]) {
		t.Fatalf("the last position is not a goal:\n%v", sol.Positions[sol.Len()].Grid())
	}
}

// randomBlocks returns a rows x cols puzzle of up to pieces pieces placed
// at random: a goal piece in the first column that may move left and
// right, and others of common shapes (identical ones are frequent) and of
// motions drawn from motions.
func randomBlocks(rng *rand.Rand, rows, cols, pieces int, motions []Motion) Blocks {
	shapes := [][2]int{{1, 1}, {1, 1}, {1, 1}, {2, 1}, {1, 2}, {2, 2}, {3, 1}}
	goal := Piece{Width: 1 + rng.IntN(min(2, cols-1)), Height: 1 + rng.IntN(min(2, rows)), Motion: []Motion{Both, Horizontal}[rng.IntN(2)]}
	goal.Row = rng.IntN(rows - goal.Height + 1)
	ps := []Piece{goal}
	for range 20 * pieces {
		if len(ps) == pieces {
			break
		}
		wh := shapes[rng.IntN(len(shapes))]
		p := Piece{Width: wh[0], Height: wh[1], Motion: motions[rng.IntN(len(motions))]}
		if p.Width > cols || p.Height > rows {
			continue
		}
		p.Row, p.Col = rng.IntN(rows-p.Height+1), rng.IntN(cols-p.Width+1)
		if _, err := NewBlocks(rows, cols, append(ps, p)); err == nil {
			ps = append(ps, p)
		}
	}
	b, err := NewBlocks(rows, cols, ps)
	if err != nil {
		panic(err)
	}
	return b
}
