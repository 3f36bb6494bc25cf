package slide

import (
	"context"
	"errors"
	"fmt"
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

// TestBlocksGoalAt solves the Klotski puzzles of testdata/blocks to the
// classic goal, the large square in the middle of the exit (rows 2-3,
// columns 4-5 of the rotated board), against the optima in their headers,
// and again with the same goal as a predicate.
func TestBlocksGoalAt(t *testing.T) {
	ctx := context.Background()
	n := 0
	for _, c := range readBlockCases(t) {
		var want [numBlockMetrics]int
		for _, line := range strings.Split(c.text, "\n") {
			if !strings.HasPrefix(line, "# classic exact goal") {
				continue
			}
			_, counts, _ := strings.Cut(line, "BFS: ")
			if _, err := fmt.Sscanf(counts, "straight-line %d, piece-move %d, unit-step %d", &want[StraightMoves], &want[PieceMoves], &want[StepMoves]); err != nil {
				t.Fatalf("%s: %q: %v", c.name, line, err)
			}
			n++
		}
		if want[StraightMoves] == 0 {
			continue
		}
		at := BlockGoalAt(0, 1, 3)
		square := BlockGoalFunc(func(b Blocks) bool { p := b.Piece(0); return p.Row == 1 && p.Col == 3 })
		for m := range numBlockMetrics {
			for _, goal := range []BlockGoal{at, square} {
				if goal.match != nil && m != StraightMoves {
					continue // slow: a Blocks for each position
				}
				s := BlockSolver{Metric: m, Goal: goal}
				sol, err := s.Solve(ctx, c.puzzle)
				if err != nil || sol.Len() != want[m] {
					t.Fatalf("%s, %v, %v: %d moves, %v; want %d", c.name, m, goal, sol.Len(), err, want[m])
				}
				replayBlocks(t, c.puzzle, goal, sol)
			}
		}
	}
	if n != 4 {
		t.Errorf("%d classic goals in testdata/blocks, want 4", n)
	}
}

// TestBlocksDistinctPieces counts the positions of mixed_random_35 with
// its identical pieces told apart, against its header.
func TestBlocksDistinctPieces(t *testing.T) {
	c := blockCaseNamed(t, "mixed_random_35")
	counts, err := BlockSolver{DistinctPieces: true}.Distances(context.Background(), c.puzzle)
	if err != nil || sum(counts) != c.distinct {
		t.Fatalf("%d positions, %v; want %d", sum(counts), err, c.distinct)
	}
	sol, err := BlockSolver{DistinctPieces: true}.Solve(context.Background(), c.puzzle)
	if err != nil || sol.Len() != c.optimum[StraightMoves] {
		t.Fatalf("%d moves, %v; want %d", sol.Len(), err, c.optimum[StraightMoves])
	}
}

func TestBlocksSolveErrors(t *testing.T) {
	ctx := context.Background()
	klotski := blockCaseNamed(t, "klotski_hengdaolima_rotated").puzzle
	tests := []struct {
		name string
		s    BlockSolver
		err  error
	}{
		{"metric", BlockSolver{Metric: numBlockMetrics}, ErrOption},
		{"goal piece", BlockSolver{Goal: BlockGoalAt(10, 0, 0)}, ErrOption},
		{"negative goal piece", BlockSolver{Goal: BlockGoalAt(-1, 0, 0)}, ErrOption},
		{"goal outside", BlockSolver{Goal: BlockGoalAt(0, 3, 0)}, ErrOption},
		{"node limit", BlockSolver{Limits: Limits{MaxNodes: 1000}}, ErrLimit},
		{"memory limit", BlockSolver{Limits: Limits{MaxMemory: 10000}}, ErrLimit},
		{"unreachable goal", BlockSolver{Goal: BlockGoalFunc(func(Blocks) bool { return false })}, ErrUnsolvable},
	}
	for _, tt := range tests {
		_, err := tt.s.Solve(ctx, klotski)
		if !errors.Is(err, tt.err) {
			t.Errorf("%s: Solve = %v, want %v", tt.name, err, tt.err)
		}
		if tt.err != ErrUnsolvable {
			if _, err := tt.s.Distances(ctx, klotski); !errors.Is(err, tt.err) {
				t.Errorf("%s: Distances = %v, want %v", tt.name, err, tt.err)
			}
		}
	}
	var le *LimitError
	if _, err := (BlockSolver{Limits: Limits{MaxNodes: 1000}}).Solve(ctx, klotski); !errors.As(err, &le) || le.Limit != "nodes" {
		t.Errorf("node limit: %v, want a *LimitError", err)
	}
	canceled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := (BlockSolver{}).Solve(canceled, klotski); !errors.Is(err, context.Canceled) {
		t.Errorf("canceled: Solve = %v", err)
	}
	if _, err := (BlockSolver{}).Distances(canceled, klotski); !errors.Is(err, context.Canceled) {
		t.Errorf("canceled: Distances = %v", err)
	}
	_, err := BlockSolver{}.Solve(ctx, blockCaseNamed(t, "edge_unsolvable").puzzle)
	var e *Error
	if !errors.As(err, &e) || !strings.Contains(e.Msg, "no sequence of moves reaches piece Z in the last column: 18 positions explored") {
		t.Errorf("unsolvable: %v", err)
	}
}

// TestBlocksAllocs checks that expanding a position with at most 64 bits
// allocates nothing, and that a solution costs allocations for its path,
// not for the positions searched.
func TestBlocksAllocs(t *testing.T) {
	c := blockCaseNamed(t, "klotski_hengdaolima_rotated")
	for m := range numBlockMetrics {
		sp, err := newBlockSpace("test", c.puzzle, BlockSolver{Metric: m})
		if err != nil {
			t.Fatal(err)
		}
		start := sp.State64(sp.Pack64(sp.StartCodes()))
		buf := start.Successors(nil)
		if n := testing.AllocsPerRun(100, func() { buf = start.Successors(buf[:0]) }); n != 0 {
			t.Errorf("%v: Successors allocates %v times", m, n)
		}
		if n := testing.AllocsPerRun(100, func() { start.IsGoal() }); n != 0 {
			t.Errorf("%v: IsGoal allocates %v times", m, n)
		}
	}
	s := BlockSolver{}
	sol, _ := s.Solve(context.Background(), c.puzzle)
	n := testing.AllocsPerRun(5, func() { sol, _ = s.Solve(context.Background(), c.puzzle) })
	if most := 8*float64(sol.Len()) + 100; n > most {
		t.Errorf("Solve allocates %v times for %d moves and %d positions generated, want at most %v", n, sol.Len(), sol.Generated, most)
	}
}

// TestBlocksKlotskiGoal checks the zero BlockGoal on Klotski's board as
// drawn (5 x 4): the square at the bottom middle, not in the last column
// (7 moves away), while the rotated board keeps the last column; and
// Describe names the pieces as the puzzle does.
func TestBlocksKlotskiGoal(t *testing.T) {
	klotski := blockCaseNamed(t, "klotski_hengdaolima").puzzle
	rotated := blockCaseNamed(t, "klotski_hengdaolima_rotated").puzzle
	rush, err := ParseRushHour("..B.CC..B...AAB...DDD..E.....E.....E")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		b    Blocks
		goal BlockGoal
		want string
	}{
		{klotski, BlockGoal{}, "piece Z at row 4, column 2"},
		{rotated, BlockGoal{}, "piece Z in the last column"},
		{rush, BlockGoal{}, "piece A in the last column"},
		{rush, BlockGoalAt(1, 3, 2), "piece B at row 4, column 3"},
		{rush, BlockGoalFunc(func(Blocks) bool { return true }), "a position that matches"},
	} {
		if got := tt.goal.Describe(tt.b); got != tt.want {
			t.Errorf("Describe = %q, want %q", got, tt.want)
		}
	}
	sol, err := BlockSolver{Metric: PieceMoves}.Solve(context.Background(), klotski)
	if err != nil || sol.Len() != 81 {
		t.Fatalf("%d moves, %v; want 81", sol.Len(), err)
	}
	if p := sol.Positions[sol.Len()].Piece(0); p.Row != 3 || p.Col != 1 {
		t.Errorf("the square ends at row %d, column %d; want 4, 2", p.Row+1, p.Col+1)
	}
	moved := klotski.Pieces()
	moved[0].Motion = Horizontal // it cannot get down to the exit
	stuck, err := NewBlocks(5, 4, moved)
	if err != nil {
		t.Fatal(err)
	}
	var e *Error
	if _, err := (BlockSolver{}).Solve(context.Background(), stuck); !errors.Is(err, ErrUnsolvable) || !errors.As(err, &e) || !strings.Contains(e.Msg, "reaches piece Z at row 4, column 2") {
		t.Errorf("a square that cannot go down: %v", err)
	}
}

// TestBlockSolverMaxCost checks that a bound below a puzzle's optimum is
// ErrNotFound, as Limits promises, and that a puzzle that cannot be solved
// at all is ErrUnsolvable whatever the bound, on every search path.
func TestBlockSolverMaxCost(t *testing.T) {
	ctx := context.Background()
	rush, _ := ParseRushHour("IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM") // 60 moves
	for m := range numBlockMetrics {
		s := BlockSolver{Metric: m, Limits: Limits{MaxCost: 5}}
		_, err := s.Solve(ctx, rush)
		if !errors.Is(err, ErrNotFound) || errors.Is(err, ErrUnsolvable) {
			t.Errorf("%v, MaxCost 5: %v, want ErrNotFound", m, err)
		}
		s.Limits.MaxCost = 200
		if sol, err := s.Solve(ctx, rush); err != nil || sol.Len() == 0 {
			t.Errorf("%v, MaxCost 200: %v", m, err)
		}
	}
	// The goal car walled in: unsolvable within any bound.
	stuck, err := NewBlocks(3, 3, []Piece{{0, 0, 1, 1, Horizontal, 0}, {0, 1, 1, 1, Fixed, 0}})
	if err != nil {
		t.Fatal(err)
	}
	for _, lim := range []Limits{{}, {MaxCost: 50}} {
		if _, err := (BlockSolver{Limits: lim}).Solve(ctx, stuck); !errors.Is(err, ErrUnsolvable) {
			t.Errorf("walled in, %+v: %v", lim, err)
		}
	}
	// A wide key (hundreds of pieces) goes through the generic engine.
	var ps []Piece
	for r := range 20 {
		for c := range 20 {
			if (r+c)%3 != 0 {
				ps = append(ps, Piece{r, c, 1, 1, Both, 0})
			}
		}
	}
	wide, err := NewBlocks(20, 20, ps)
	if err != nil {
		t.Fatal(err)
	}
	_, err = (BlockSolver{Limits: Limits{MaxCost: 2}}).Solve(ctx, wide)
	if !errors.Is(err, ErrNotFound) {
		t.Errorf("wide key, MaxCost 2: %v", err)
	}
}
