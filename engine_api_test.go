package slide

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// step8 is a line 0 -> 1 -> ... -> 299 with uint8 costs of 1: a path cost
// of 299 overflows uint8.
type step8 int

func (n step8) Successors(dst []Arc[step8, uint8]) []Arc[step8, uint8] {
	if n < 299 {
		dst = append(dst, Arc[step8, uint8]{To: n + 1, Cost: 1})
	}
	return dst
}
func (n step8) Heuristic() uint8 { return 0 }
func (n step8) IsGoal() bool     { return n == 299 }

// TestCostOverflow checks that a path cost beyond the range of an integer
// cost type is an error (ErrCost), not a wrong cost: once 43 for 299 moves
// of uint8.
func TestCostOverflow(t *testing.T) {
	ctx := context.Background()
	res, err := (&AStar[step8, uint8]{}).Search(ctx, 0)
	if !errors.Is(err, ErrCost) || !strings.Contains(err.Error(), "overflows uint8") {
		t.Errorf("A*: cost %d, %v", res.Cost, err)
	}
	res, err = (&IDAStar[step8, uint8]{}).Search(ctx, 0)
	if !errors.Is(err, ErrCost) {
		t.Errorf("IDA*: cost %d, %v", res.Cost, err)
	}
	res, err = (&BFS[step8, uint8]{}).Search(ctx, 0)
	if !errors.Is(err, ErrCost) {
		t.Errorf("BFS: cost %d, %v", res.Cost, err)
	}
	res, err = (&BFS[step8, uint8]{}).Bidirectional(ctx, 0, 299)
	if !errors.Is(err, ErrCost) {
		t.Errorf("bidirectional BFS: cost %d, %v", res.Cost, err)
	}
	// Within range all is well: 255 moves.
	bfs := BFS[step8, uint8]{GoalFunc: func(n step8) bool { return n == 255 }}
	if res, err := bfs.Search(ctx, 0); err != nil || res.Cost != 255 {
		t.Errorf("255 moves: cost %d, %v", res.Cost, err)
	}
}

// pricey is a line 0 -> 1 -> ... whose move out of n costs n+1, for BFS
// costs that are not all 1.
type pricey int

var priceyCalls int

func (n pricey) Successors(dst []Arc[pricey, int]) []Arc[pricey, int] {
	priceyCalls++
	return append(dst, Arc[pricey, int]{To: n + 1, Cost: int(n) + 1}, Arc[pricey, int]{To: n + 2, Cost: 100})
}

// TestBFSKeepsCost checks that BFS.Search sums the costs it saw instead of
// asking the path's states for their moves again: as many Successors
// calls as expansions.
func TestBFSKeepsCost(t *testing.T) {
	bfs := BFS[pricey, int]{GoalFunc: func(n pricey) bool { return n == 7 }}
	priceyCalls = 0
	res, err := bfs.Search(context.Background(), 0)
	if err != nil {
		t.Fatal(err)
	}
	// Four moves: 0 -> 2 -> 4 -> 6 -> 7, or any path of 4 moves the
	// search found first; its cost is the sum along it.
	want := 0
	for i := 1; i < len(res.Path); i++ {
		if d := res.Path[i] - res.Path[i-1]; d == 1 {
			want += int(res.Path[i-1]) + 1
		} else {
			want += 100
		}
	}
	if len(res.Path) != 5 || res.Cost != want {
		t.Errorf("path %v cost %d, want 4 moves costing %d", res.Path, res.Cost, want)
	}
	if int64(priceyCalls) != res.Expanded {
		t.Errorf("%d calls of Successors for %d expansions", priceyCalls, res.Expanded)
	}
}

// maze is a Node without goal or heuristic methods: the engines take them
// from GoalFunc and HeuristicFunc.
type maze struct{ x, y int }

func (p maze) Successors(dst []Arc[maze, int]) []Arc[maze, int] {
	for _, d := range [4][2]int{{1, 0}, {0, 1}, {-1, 0}, {0, -1}} {
		q := maze{p.x + d[0], p.y + d[1]}
		if q.x >= 0 && q.y >= 0 && q.x < 8 && q.y < 8 && !(q.x == 3 && q.y < 7) {
			dst = append(dst, Arc[maze, int]{To: q, Cost: 1})
		}
	}
	return dst
}

// TestGoalAndHeuristicFuncs runs the engines on a Node with the goal and
// heuristic as fields, checks that a search without a goal test fails
// with ErrOption, and that the fields override a State's methods.
func TestGoalAndHeuristicFuncs(t *testing.T) {
	ctx := context.Background()
	exit := maze{7, 0}
	goal := func(p maze) bool { return p == exit }
	h := func(p maze) int { return max(p.x-exit.x, exit.x-p.x) + max(p.y-exit.y, exit.y-p.y) }
	const want = 21 // round the wall at x = 3 through y = 7
	a := AStar[maze, int]{GoalFunc: goal, HeuristicFunc: h}
	res, err := a.Search(ctx, maze{0, 0})
	if err != nil || res.Cost != want {
		t.Errorf("A*: cost %d, %v", res.Cost, err)
	}
	d := IDAStar[maze, int]{GoalFunc: goal, HeuristicFunc: h}
	if res, err := d.Search(ctx, maze{0, 0}); err != nil || res.Cost != want {
		t.Errorf("IDA*: cost %d, %v", res.Cost, err)
	}
	b := BFS[maze, int]{GoalFunc: goal}
	if res, err := b.Search(ctx, maze{0, 0}); err != nil || res.Cost != want {
		t.Errorf("BFS: cost %d, %v", res.Cost, err)
	}
	if res, err := (&BFS[maze, int]{}).Bidirectional(ctx, maze{0, 0}, exit); err != nil || res.Cost != want {
		t.Errorf("bidirectional BFS: cost %d, %v", res.Cost, err)
	}
	if _, err := b.Bidirectional(ctx, maze{0, 0}, exit); !errors.Is(err, ErrOption) || !strings.Contains(err.Error(), "BFS.GoalFunc") {
		t.Errorf("bidirectional BFS: cost %d, %v", res.Cost, err)
	}
	if _, err := (&AStar[maze, int]{}).Search(ctx, maze{}); !errors.Is(err, ErrOption) || !strings.Contains(err.Error(), "GoalFunc") {
		t.Errorf("A* without a goal: %v", err)
	}
	if _, err := (&IDAStar[maze, int]{}).Search(ctx, maze{}); !errors.Is(err, ErrOption) {
		t.Errorf("IDA* without a goal: %v", err)
	}
	if _, err := (&BFS[maze, int]{}).Search(ctx, maze{}); !errors.Is(err, ErrOption) {
		t.Errorf("BFS without a goal: %v", err)
	}
	// The fields win over a State's methods: step8's goal is 299.
	s := BFS[step8, uint8]{GoalFunc: func(n step8) bool { return n == 3 }}
	if res, err := s.Search(ctx, 0); err != nil || len(res.Path) != 4 {
		t.Errorf("GoalFunc over IsGoal: %v, %v", res.Path, err)
	}
	hs := AStar[line, int]{GoalFunc: func(n line) bool { return n == 3 }, HeuristicFunc: func(line) int { return 0 }}
	if res, err := hs.Search(ctx, 0); err != nil || res.Cost != 3 {
		t.Errorf("HeuristicFunc over Heuristic (whose 1<<30 would prune all): %v, %v", res.Cost, err)
	}
}

// TestNilContext checks that every call that takes a context refuses a
// nil one with ErrOption, not a panic, and does no work.
func TestNilContext(t *testing.T) {
	var nilCtx context.Context
	start := MustParseBoard("3\n1 2 3\n4 0 6\n7 5 8\n")
	rush := MustParseBlocks("4 4\n3 1 2 1 b\n1 1 1 1 b\n")
	goal := func(p maze) bool { return p == maze{1, 1} }
	b := BFS[maze, int]{}
	layers := 0
	for range b.Layers(nilCtx, maze{}) {
		layers++
	}
	for name, err := range map[string]error{
		"Solver.Solve":          second(Solver{}.Solve(nilCtx, start, Goal(3, 3))),
		"Solver.Prepare":        second(Solver{}.Prepare(nilCtx, Goal(3, 3))),
		"Solver.Distances":      second(Solver{}.Distances(nilCtx, Goal(2, 2))),
		"AStar.Search":          second((&AStar[maze, int]{GoalFunc: goal}).Search(nilCtx, maze{})),
		"IDAStar.Search":        second((&IDAStar[maze, int]{GoalFunc: goal}).Search(nilCtx, maze{})),
		"BFS.Search":            second((&BFS[maze, int]{GoalFunc: goal}).Search(nilCtx, maze{})),
		"BFS.Bidirectional":     second(b.Bidirectional(nilCtx, maze{}, maze{2, 2})),
		"BFS.Layers":            b.Err(),
		"BlockSolver.Solve":     second(BlockSolver{}.Solve(nilCtx, rush)),
		"BlockSolver.Distances": second(BlockSolver{}.Distances(nilCtx, rush)),
		"Cache.Build":           Cache{Dir: t.TempDir()}.Build(nilCtx, PDB555),
		"Cache.Verify":          Cache{Dir: t.TempDir()}.Verify(nilCtx, PDB555),
	} {
		if !errors.Is(err, ErrOption) || !strings.Contains(err.Error(), "slide."+name+": nil Context") {
			t.Errorf("%s(nil): %v", name, err)
		}
	}
	if layers != 0 {
		t.Errorf("BFS.Layers(nil) yielded %d layers", layers)
	}
}

// TestErrorsNameTheirFunction checks the validation and the function
// names of errors that once said otherwise.
func TestErrorsNameTheirFunction(t *testing.T) {
	_, err := Solver{Metric: Metric(9)}.Distances(context.Background(), Goal(2, 2))
	if !errors.Is(err, ErrOption) || !strings.HasPrefix(err.Error(), "slide.Solver.Distances: unknown metric") {
		t.Errorf("Distances with Metric(9): %v", err)
	}
	_, err = PDB555.Estimate(Goal(3, 3), Goal(3, 3))
	if !errors.Is(err, ErrOption) || !strings.HasPrefix(err.Error(), "slide.Heuristic.Estimate:") {
		t.Errorf("PDB555.Estimate on 3 x 3: %v", err)
	}
	_, err = Manhattan.Estimate(Goal(3, 3), Goal(2, 2))
	if !errors.Is(err, ErrMismatch) || !strings.HasPrefix(err.Error(), "slide.Heuristic.Estimate:") {
		t.Errorf("Estimate on mismatched boards: %v", err)
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
