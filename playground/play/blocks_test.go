package play

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/testsets"
)

// readPuzzle returns the text of testdata/blocks/name.
func readPuzzle(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(testsets.Path("blocks/" + name))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestBlocksKlotski solves the classic Klotski start in the piece metric,
// 81 moves, and replays the moves, by their piece names, through the
// positions given, to the goal.
func TestBlocksKlotski(t *testing.T) {
	h := Handler{Cache: testCache(t)}
	text := readPuzzle(t, "klotski_hengdaolima.txt")
	a := ok(t, h, reqJSON("blocks", map[string]any{"text": text, "metric": "piece"}))
	res := a.result
	rep := res["report"].(map[string]any)
	if rep["length"] != 81.0 || rep["optimal"] != true || rep["metric"] != "piece" || res["rows"] != 5.0 || res["cols"] != 4.0 {
		t.Fatalf("Klotski: %v", rep)
	}
	puzzle := slide.MustParseBlocks(text)
	pieces := res["pieces"].([]any)
	names := map[string]int{}
	for i, p := range pieces {
		p := p.(map[string]any)
		want := puzzle.Piece(i)
		if p["name"] != string(puzzle.Name(i)) || p["row"] != float64(want.Row) || p["col"] != float64(want.Col) ||
			p["width"] != float64(want.Width) || p["height"] != float64(want.Height) || p["goal"] != (i == 0) || p["motion"] != want.Motion.String() {
			t.Errorf("piece %d: %v, want %+v", i, p, want)
		}
		names[p["name"].(string)] = i
	}
	moves, positions := res["moves"].([]any), res["positions"].([]any)
	if len(moves) != 81 || len(positions) != 82 {
		t.Fatalf("%d moves and %d positions, want 81 and 82", len(moves), len(positions))
	}
	at := puzzle
	for k, m := range moves {
		m := m.(map[string]any)
		i, known := names[m["piece"].(string)]
		if !known || float64(i) != m["index"] || !strings.Contains(m["text"].(string), "Piece "+m["piece"].(string)+" ") {
			t.Fatalf("move %d: %v", k+1, m)
		}
		for _, s := range m["slides"].([]any) {
			s := s.(map[string]any)
			d, err := slide.ParseDirection(s["dir"].(string))
			next, ok := at.Slide(i, d, int(s["distance"].(float64)))
			if err != nil || !ok || s["piece"] != m["piece"] {
				t.Fatalf("move %d: the slide %v cannot be made", k+1, s)
			}
			at = next
		}
		if got := cells(at); got != fmt.Sprint(positions[k+1]) {
			t.Fatalf("after move %d: %s, want the position %v", k+1, got, positions[k+1])
		}
	}
	if !(slide.BlockGoal{}).Reached(at) {
		t.Error("the moves do not reach the goal")
	}
	if !strings.Contains(res["text"].(string), "Shortest solution: 81 piece moves\n1. ") || !strings.Contains(res["svg"].(string), "5 x 4 puzzle: Shortest solution: 81 piece moves, piece metric") {
		t.Errorf("the text or the picture does not say 81 piece moves")
	}
	if fmt.Sprint(res["discarded"]) != "[]" {
		t.Errorf("discarded: %v", res["discarded"])
	}
}

// cells returns the pieces' cells of b as a result's position prints.
func cells(b slide.Blocks) string {
	var out []map[string]any
	for _, p := range b.Pieces() {
		out = append(out, map[string]any{"row": float64(p.Row), "col": float64(p.Col)})
	}
	return fmt.Sprint(out)
}

// TestBlocksOther checks the default metric, a puzzle without a solution,
// discarded lines, and the refusals.
func TestBlocksOther(t *testing.T) {
	h := Handler{Cache: testCache(t)}
	a := ok(t, h, reqJSON("blocks", map[string]any{"text": readPuzzle(t, "edge_detour_b.txt")}))
	if rep := a.result["report"].(map[string]any); rep["length"] != 2.0 || rep["metric"] != "straight" {
		t.Errorf("the detour in the default metric: %v", rep)
	}
	a = ok(t, h, reqJSON("blocks", map[string]any{"text": readPuzzle(t, "edge_unsolvable.txt"), "metric": "step"}))
	if rep := a.result["report"].(map[string]any); rep["solvable"] != false || len(a.result["moves"].([]any)) != 0 ||
		len(a.result["positions"].([]any)) != 1 || !strings.Contains(a.result["text"].(string), "No solution: piece Z cannot reach") {
		t.Errorf("an unsolvable puzzle: %v", a.result)
	}
	a = ok(t, h, reqJSON("blocks", map[string]any{"text": "2 3\n1 1 1 1 b\n9 9 1 1 b\n1 2 1 1 q\n"}))
	if d := fmt.Sprint(a.result["discarded"]); !strings.Contains(d, "line 3") || !strings.Contains(d, "line 4") || len(a.result["pieces"].([]any)) != 1 {
		t.Errorf("discarded lines: %v, pieces %v", d, a.result["pieces"])
	}
	for _, tc := range []struct{ text, metric, want string }{
		{"2 3\n9 9 1 1 b\n", "", "no valid piece: a puzzle needs a goal piece (discarded: line 2: "},
		{"", "", "size"},
		{"2 3\n1 1 1 1 b\n", "diagonal", `"metric": `},
	} {
		if a := do(t, h, reqJSON("blocks", map[string]any{"text": tc.text, "metric": tc.metric})); !strings.Contains(a.err, tc.want) {
			t.Errorf("blocks %q %q: error %q, want %q", tc.text, tc.metric, a.err, tc.want)
		}
	}
}
