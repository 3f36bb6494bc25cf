package report

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/testsets"
)

// decode returns the keys and values of the JSON line WriteJSON writes
// for r.
func decode(t *testing.T, r Report) map[string]any {
	t.Helper()
	var buf bytes.Buffer
	WriteJSON(&buf, r)
	if n := strings.Count(buf.String(), "\n"); n != 1 || !strings.HasSuffix(buf.String(), "\n") {
		t.Fatalf("WriteJSON wrote %d lines: %q", n, buf.String())
	}
	var m map[string]any
	if err := json.Unmarshal(buf.Bytes(), &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// keys returns the keys of m, sorted.
func keys(m map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// TestSolve checks the report of a board solved, whose every field is
// known, and of one that cannot reach its goal, which leaves out what is
// not known.
func TestSolve(t *testing.T) {
	goal := slide.Goal(3, 3)
	start := slide.MustParseBoard("3\n1 2 3\n4 5 6\n0 7 8\n")
	sol, err := slide.Solver{}.Solve(context.Background(), start, goal)
	if err != nil {
		t.Fatal(err)
	}
	m := decode(t, Solve(start, goal, slide.TileMoves, sol, true, time.Now()))
	want := []string{"algorithm", "expanded", "generated", "goal", "heuristic", "length", "lower_bound", "metric", "moves", "optimal", "seconds", "solvable", "start"}
	if got := keys(m); !slices.Equal(got, want) {
		t.Errorf("keys of a solution's report: %v, want %v", got, want)
	}
	if m["moves"] != "LL" || m["length"] != 2.0 || m["optimal"] != true || m["start"] != start.String() || m["metric"] != "tile" {
		t.Errorf("report of a 2-move solution: %v", m)
	}
	twin := start.Twin()
	m = decode(t, Solve(twin, goal, slide.LineMoves, slide.Solution{}, false, time.Now()))
	want = []string{"goal", "metric", "seconds", "solvable", "start"}
	if got := keys(m); !slices.Equal(got, want) || m["solvable"] != false || m["metric"] != "line" {
		t.Errorf("report of an unsolvable board: %v, want the keys %v", m, want)
	}
}

// TestWriteMoves checks the two headers of the moves' text: the
// spec's for an optimum, the bound proven for another answer.
func TestWriteMoves(t *testing.T) {
	moves, err := slide.ParseMoves("UL")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		sol  slide.Solution
		want string
	}{
		{slide.Solution{Moves: moves, Optimal: true, LowerBound: 2}, "Minimum number of moves = 2\nUL\n"},
		{slide.Solution{Moves: moves, LowerBound: 1}, "Number of moves = 2 (at least 1 needed)\nUL\n"},
	} {
		var buf bytes.Buffer
		WriteMoves(&buf, tc.sol)
		if buf.String() != tc.want {
			t.Errorf("WriteMoves: %q, want %q", buf.String(), tc.want)
		}
	}
}

// readBlocks reads the puzzle of testdata/blocks/name.
func readBlocks(t *testing.T, name string) slide.Blocks {
	t.Helper()
	data, err := os.ReadFile(testsets.Path("blocks/" + name))
	if err != nil {
		t.Fatal(err)
	}
	return slide.MustParseBlocks(string(data))
}

// TestBlocks solves a puzzle whose three metrics give three lengths, and
// one without a solution, and checks their reports, texts and pictures.
func TestBlocks(t *testing.T) {
	detour := readBlocks(t, "edge_detour_b.txt")
	for _, tc := range []struct {
		metric  slide.BlockMetric
		length  int
		heading string
	}{
		{slide.StraightMoves, 2, "Shortest solution: 2 moves"},
		{slide.PieceMoves, 1, "Shortest solution: 1 piece move"},
		{slide.StepMoves, 5, "Shortest solution: 5 single-cell moves"},
	} {
		r, err := SolveBlocks(context.Background(), detour, tc.metric, slide.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		m := decode(t, r.Report())
		slides, _ := m["moves"].([]any)
		if m["length"] != float64(tc.length) || len(slides) < tc.length || m["metric"] != tc.metric.String() {
			t.Errorf("%v: report %v, want %d moves", tc.metric, m, tc.length)
		}
		var text, svg bytes.Buffer
		r.WriteText(&text)
		if !strings.Contains(text.String(), "\n"+tc.heading+"\n1. ") || !strings.HasSuffix(text.String(), r.Sol.Positions[tc.length].Grid()) {
			t.Errorf("%v: text %q, want the heading %q, the moves and the final grid", tc.metric, text.String(), tc.heading)
		}
		if err := r.Draw(&svg, "detour"); err != nil || !strings.Contains(svg.String(), "detour: "+tc.heading+", "+tc.metric.String()+" metric") {
			t.Errorf("%v: the picture's title is not the heading (err %v)", tc.metric, err)
		}
	}
	r, err := SolveBlocks(context.Background(), readBlocks(t, "edge_unsolvable.txt"), slide.StraightMoves, slide.Limits{})
	if err != nil || !strings.HasPrefix(r.Unsolvable, "No solution: piece Z cannot reach the last column (") {
		t.Fatalf("an unsolvable puzzle: %q, %v", r.Unsolvable, err)
	}
	if m := decode(t, r.Report()); m["solvable"] != false || m["length"] != nil || m["expanded"] == nil {
		t.Errorf("report of an unsolvable puzzle: %v", m)
	}
	_, err = SolveBlocks(context.Background(), detour, slide.StraightMoves, slide.Limits{MaxNodes: 1})
	if !errors.Is(err, slide.ErrLimit) {
		t.Errorf("a search past its limit: %v, want ErrLimit", err)
	}
}

// TestDiscarded checks the messages of discarded piece lines: the first
// slide.MaxDiscards, then a count of the others.
func TestDiscarded(t *testing.T) {
	text := "4 4\n1 1 1 1 b\n" + strings.Repeat("9 9 1 1 b\n", slide.MaxDiscards+2)
	_, err := slide.ParseBlocks(text)
	var e *slide.DiscardError
	if !errors.As(err, &e) {
		t.Fatalf("ParseBlocks: %v, want a *DiscardError", err)
	}
	msgs := Discarded(e, func(err error) string { return "said: " + err.Error() })
	if len(msgs) != slide.MaxDiscards+1 || !strings.HasPrefix(msgs[0], "said: ") || msgs[len(msgs)-1] != "and 2 more piece lines discarded" {
		t.Errorf("Discarded: %q", msgs)
	}
}

// TestDrawSolution checks the picture of a solution whose moves went to
// Solver.OnMove: titled with its length, it replays the first moves
// given, as it replays those of a solution that keeps them.
func TestDrawSolution(t *testing.T) {
	start, err := slide.RandomBoard(slide.Goal(10, 10), rand.New(rand.NewPCG(10, 0)))
	if err != nil {
		t.Fatal(err)
	}
	kept, err := slide.Solver{Mode: slide.Fast()}.Solve(context.Background(), start, slide.Goal(10, 10))
	if err != nil {
		t.Fatal(err)
	}
	var handed []slide.Move
	sol, err := slide.Solver{Mode: slide.Fast(), OnMove: func(m slide.Move) { handed = append(handed, m) }}.Solve(context.Background(), start, slide.Goal(10, 10))
	if err != nil || sol.Moves != nil || sol.Len() != kept.Len() || sol.Len() <= slide.DefaultSVGMoves {
		t.Fatalf("the fast mode's solutions: %d and %d moves (%v)", kept.Len(), sol.Len(), err)
	}
	var want, got bytes.Buffer
	if err := DrawSolution(&want, "b", start, kept, true, nil); err != nil {
		t.Fatal(err)
	}
	if err := DrawSolution(&got, "b", start, sol, true, handed[:slide.DefaultSVGMoves]); err != nil {
		t.Fatal(err)
	}
	if got.String() != want.String() || !strings.Contains(got.String(), fmt.Sprintf("b: %d moves (at least", sol.Len())) {
		t.Errorf("the picture of the moves handed over differs from that of the moves kept, or is not titled with %d moves", sol.Len())
	}
}
