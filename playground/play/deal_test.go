package play

import (
	"context"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/slidekit/slide"
)

// TestDealTiles deals boards at chosen lengths and re-solves them: on 3 x 3
// and 2 x 4 optimally, a separate search, their length exactly the moves
// asked; on 6 x 6, past optimal reach, their Manhattan distance. The same
// seed deals the same board.
func TestDealTiles(t *testing.T) {
	h := Handler{Cache: testCache(t)}
	for _, tc := range []struct{ rows, cols, moves int }{{3, 3, 0}, {3, 3, 20}, {3, 3, 31}, {2, 4, 17}} {
		args := map[string]any{"rows": tc.rows, "cols": tc.cols, "seed": "7", "moves": tc.moves}
		a := ok(t, h, reqJSON("deal", args))
		b := boardOfResult(t, a.result["board"])
		sol, err := slide.Solver{}.Solve(context.Background(), b, slide.Goal(tc.rows, tc.cols))
		if err != nil {
			t.Fatal(err)
		}
		if sol.Len() != tc.moves || a.result["length"] != float64(tc.moves) || a.result["proven"] != true {
			t.Errorf("deal %d x %d of %d moves: %v; re-solved optimally in %d", tc.rows, tc.cols, tc.moves, a.result, sol.Len())
		}
		if again := ok(t, h, reqJSON("deal", args)); !slices.Equal(boardOfResult(t, again.result["board"]).Tiles(), b.Tiles()) {
			t.Errorf("deal %d x %d of %d moves, seed 7, twice: %v then %v", tc.rows, tc.cols, tc.moves, b, again.result["board"])
		}
	}
	a := ok(t, h, reqJSON("deal", map[string]any{"rows": 6, "cols": 6, "seed": "7", "moves": 100}))
	b := boardOfResult(t, a.result["board"])
	if m := b.Manhattan(); m != 100 || a.result["lower_bound"] != float64(100) || a.result["length"].(float64) < 100 {
		t.Errorf("deal 6 x 6 of Manhattan distance 100: distance %d, result %v", m, a.result)
	}
}

// TestDealBlocks deals positions of a Rush Hour puzzle at a length, and
// its farthest, and re-solves them by breadth-first search.
func TestDealBlocks(t *testing.T) {
	data, err := os.ReadFile("../../testdata/blocks/rh_fogleman_db_10_walls.txt")
	if err != nil {
		t.Fatal(err)
	}
	h := Handler{}
	solve := func(text string) int {
		b, err := slide.ParseBlocks(text)
		if err != nil {
			t.Fatalf("the position dealt does not parse: %v\n%s", err, text)
		}
		sol, err := slide.BlockSolver{}.Solve(context.Background(), b)
		if err != nil {
			t.Fatal(err)
		}
		return sol.Len()
	}
	far := ok(t, h, reqJSON("deal", map[string]any{"text": string(data), "seed": "1"}))
	most := int(far.result["length"].(float64))
	if n := solve(far.result["text"].(string)); n != most || most < 10 {
		t.Errorf("the farthest position: length %d, re-solved in %d", most, n)
	}
	for _, moves := range []int{0, 5, most} {
		a := ok(t, h, reqJSON("deal", map[string]any{"text": string(data), "seed": "3", "moves": moves}))
		if n := solve(a.result["text"].(string)); n != moves || a.result["length"] != float64(moves) {
			t.Errorf("a position of %d moves: result %v, re-solved in %d", moves, a.result, n)
		}
	}
	if a := do(t, h, reqJSON("deal", map[string]any{"text": string(data), "seed": "3", "moves": most + 1})); a.err == "" {
		t.Errorf("a position past the farthest: error %q", a.err)
	}
}

// TestDealErrors checks the refusals of deal.
func TestDealErrors(t *testing.T) {
	h := Handler{Cache: testCache(t)}
	for _, tc := range []struct {
		args map[string]any
		want string
	}{
		{map[string]any{"rows": 3, "cols": 3, "seed": "1", "moves": -1}, "-1 moves: want 0 or more"},
		{map[string]any{"rows": 3, "cols": 3, "seed": "1", "moves": 32}, "31"},
		{map[string]any{"rows": 3, "cols": 3, "seed": "1"}, `deal needs "moves" for a board`},
		{map[string]any{"rows": 3, "cols": 3, "seed": "x", "moves": 3}, `"seed": want a decimal number`},
		{map[string]any{"rows": 3, "cols": 3, "moves": 3}, `deal needs "seed"`},
		{map[string]any{"rows": 3, "cols": 3, "seed": "1", "moves": 3, "metric": "step"}, `a board's moves are tile moves`},
		{map[string]any{"rows": 3, "cols": 3, "text": "6 6\n", "seed": "1", "moves": 3}, "not both"},
		{map[string]any{"seed": "1", "moves": 3}, `deal needs a board's "rows" and "cols"`},
		{map[string]any{"rows": 300, "cols": 3, "seed": "1", "moves": 3}, "the page takes 2 to 255 rows and columns"},
		{map[string]any{"rows": 3, "cols": 3, "seed": "1", "moves": "3"}, `"moves": want an integer`},
		{map[string]any{"text": "hello world", "seed": "1", "moves": 3}, ""},
	} {
		if a := do(t, h, reqJSON("deal", tc.args)); a.err == "" || !strings.Contains(a.err, tc.want) {
			t.Errorf("deal %v: error %q, want %q", tc.args, a.err, tc.want)
		}
	}
}
