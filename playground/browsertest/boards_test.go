package browsertest

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// A testBoard is a board of the repository's testdata with its optimal
// length, converted to the playground's goal (1 2 3 ... blank last).
type testBoard struct {
	id, length int
	side       int
	tiles      []int
}

// readBoards reads the n x n boards of a testdata file ("id length
// tiles...", for the goal with the blank first) and converts each as the
// files' headers say: rotated 180 degrees, every tile t relabelled N-t.
func readBoards(t testing.TB, file string, side int) []testBoard {
	f, err := os.Open(filepath.Join(repoRoot(t), "testdata", file))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var boards []testBoard
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var v []int
		for _, field := range strings.Fields(line) {
			n, err := strconv.Atoi(field)
			if err != nil {
				t.Fatalf("%s: %q: %v", file, line, err)
			}
			v = append(v, n)
		}
		n := side * side
		if len(v) != n+2 {
			t.Fatalf("%s: %q has %d numbers, want %d", file, line, len(v), n+2)
		}
		tiles := make([]int, n)
		for i, x := range v[2:] {
			if x != 0 {
				x = n - x
			}
			tiles[n-1-i] = x
		}
		boards = append(boards, testBoard{id: v[0], length: v[1], side: side, tiles: tiles})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return boards
}

// text returns the board in slide solve's format: the side, then the rows.
func (b testBoard) text() string {
	var s strings.Builder
	fmt.Fprintln(&s, b.side)
	for r := range b.side {
		fmt.Fprintln(&s, strings.Trim(fmt.Sprint(b.tiles[r*b.side:(r+1)*b.side]), "[]"))
	}
	return s.String()
}

// spaced returns tiles joined by spaces, as #board's data-tiles.
func spaced(tiles []int) string { return strings.Trim(fmt.Sprint(tiles), "[]") }

// goalTiles returns the tiles of the goal of a board of n cells.
func goalTiles(n int) []int {
	tiles := make([]int, n)
	for i := range n - 1 {
		tiles[i] = i + 1
	}
	return tiles
}

// play makes the moves (letters U, D, L, R, each the way a tile slides
// into the blank, a line move's letter followed by its count) on the
// board of rows x cols tiles, and returns the board reached, or an error
// for a move off the board.
func play(tiles []int, rows, cols int, moves string) ([]int, error) {
	b := append([]int(nil), tiles...)
	blank := -1
	for i, x := range b {
		if x == 0 {
			blank = i
		}
	}
	if blank < 0 {
		return nil, fmt.Errorf("no blank")
	}
	for i := 0; i < len(moves); {
		dir := moves[i]
		i++
		count := 1
		if j := i; j < len(moves) && moves[j] >= '0' && moves[j] <= '9' {
			for j < len(moves) && moves[j] >= '0' && moves[j] <= '9' {
				j++
			}
			count, _ = strconv.Atoi(moves[i:j])
			i = j
		}
		dr, dc := 0, 0
		switch dir {
		case 'U':
			dr = 1
		case 'D':
			dr = -1
		case 'L':
			dc = 1
		case 'R':
			dc = -1
		default:
			return nil, fmt.Errorf("move %q at %d", dir, i-1)
		}
		for range count {
			r, c := blank/cols+dr, blank%cols+dc
			if r < 0 || c < 0 || r >= rows || c >= cols {
				return nil, fmt.Errorf("move %c at %d leaves the board", dir, i-1)
			}
			next := r*cols + c
			b[blank], b[next] = b[next], 0
			blank = next
		}
	}
	return b, nil
}

func TestReadBoards(t *testing.T) {
	b := readBoards(t, "hard8_31.txt", 3)[0]
	// The header's own conversion: 647/85_/321.
	if got, want := spaced(b.tiles), "6 4 7 8 5 0 3 2 1"; got != want || b.length != 31 {
		t.Errorf("hard8_31 #1 = %s (%d moves), want %s (31)", got, b.length, want)
	}
	got, err := play([]int{1, 2, 3, 4, 5, 6, 7, 0, 8}, 3, 3, "L")
	if err != nil || spaced(got) != spaced(goalTiles(9)) {
		t.Errorf("play L = %v, %v", got, err)
	}
	got, err = play(goalTiles(9), 3, 3, "D2R2")
	if err != nil || spaced(got) != "0 1 2 4 5 3 7 8 6" {
		t.Errorf("play D2R2 = %v, %v", got, err)
	}
	if _, err := play(goalTiles(9), 3, 3, "U"); err == nil {
		t.Error("play U on the goal: no error for a move off the board")
	}
}
