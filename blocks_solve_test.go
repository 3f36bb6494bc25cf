package slide

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

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
		var skipped []error
		if c.puzzle, skipped, err = ParseBlocks(c.text); err != nil || len(skipped) > 0 {
			t.Fatalf("%s: %v %v", f, err, skipped)
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

// TestBlocksData solves every puzzle of testdata/blocks in the three
// metrics, checks each optimum against its "# expect:" line, replays each
// solution, and counts the reachable positions.
func TestBlocksData(t *testing.T) {
	ctx := context.Background()
	for _, c := range readBlockCases(t) {
		t.Run(c.name, func(t *testing.T) {
			for m := range numBlockMetrics {
				s := BlockSolver{Metric: m}
				sol, err := s.Solve(ctx, c.puzzle)
				if c.optimum[m] < 0 {
					if !errors.Is(err, ErrUnsolvable) {
						t.Errorf("%v: got %d moves, %v; want ErrUnsolvable", m, sol.Len(), err)
					}
					continue
				}
				if err != nil {
					t.Fatalf("%v: %v", m, err)
				}
				if sol.Len() != c.optimum[m] {
					t.Errorf("%v: %d moves, want %d", m, sol.Len(), c.optimum[m])
				}
				replayBlocks(t, c.puzzle, s.Goal, sol)
			}
			counts, err := BlockSolver{}.Distances(ctx, c.puzzle)
			if err != nil {
				t.Fatal(err)
			}
			if got := sum(counts); got != c.states {
				t.Errorf("%d states reachable, want %d", got, c.states)
			}
		})
	}
}

func sum(counts []int64) int64 {
	var n int64
	for _, c := range counts {
		n += c
	}
	return n
}

// TestBlocksFastPath checks successors64, the hot path, against the
// general move generation, position by position over every position
// reachable in the narrow puzzles of testdata/blocks (the first 8,000 in
// the larger ones): the same moves in the same order.
func TestBlocksFastPath(t *testing.T) {
	const most = 8000
	for _, c := range readBlockCases(t) {
		for _, m := range []BlockMetric{StraightMoves, StepMoves} {
			sp, err := newBlockSpace("test", c.puzzle, BlockSolver{Metric: m})
			if err != nil {
				t.Fatal(err)
			}
			if !sp.narrow || sp.wideKey {
				continue
			}
			bfs := BFS[block64, int]{Key: block64Key}
			n := 0
			var fast []Arc[block64, int]
			for _, layer := range bfs.Layers(context.Background(), block64{sp, sp.pack64(sp.startCodes())}) {
				if n >= most {
					break
				}
				for _, s := range layer {
					fast = sp.successors64(s.key, fast[:0])
					sp.words[0] = s.key
					sp.decode()
					moves := sp.generate()
					if len(moves) != len(fast) {
						t.Fatalf("%s %v: %d moves, successors64 has %d", c.name, m, len(moves), len(fast))
					}
					for i, mv := range moves {
						if k := sp.key64(s.key, mv); k != fast[i].To.key {
							t.Fatalf("%s %v: move %d: key %x, successors64 has %x", c.name, m, i, k, fast[i].To.key)
						}
					}
					n++
				}
			}
			if n < most && int64(n) != c.states {
				t.Errorf("%s %v: %d positions, want %d", c.name, m, n, c.states)
			}
		}
	}
}
