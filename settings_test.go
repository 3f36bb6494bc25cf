package slide

import (
	"context"
	"errors"
	"io"
	"math"
	"strings"
	"testing"
	"time"
)

// A setting is one field of a settings value set to a value in range:
// set applies it to a fresh value of the type.
type setting[T any] struct {
	field string
	set   func(*T)
}

// checkUse checks the answer err of call given only the setting field:
// refused with ErrOption naming the field when the call does not use it,
// and not refused when it does.
func checkUse(t *testing.T, call, field string, uses bool, err error) {
	t.Helper()
	refused := errors.Is(err, ErrOption) && strings.Contains(err.Error(), field+":")
	switch {
	case uses && errors.Is(err, ErrOption):
		t.Errorf("%s with %s: %v; it uses the setting", call, field, err)
	case !uses && !refused:
		t.Errorf("%s with %s: %v; want ErrOption naming the setting", call, field, err)
	}
}

// solverSettings are the fields of a Solver, each set in range.
func solverSettings(dir string) []setting[Solver] {
	return []setting[Solver]{
		{"Solver.Heuristic", func(s *Solver) { s.Heuristic = LinearConflict }},
		{"Solver.Algorithm", func(s *Solver) { s.Algorithm = AlgoAStar }},
		{"Solver.Metric", func(s *Solver) { s.Metric = LineMoves }},
		{"Solver.Limits.MaxNodes", func(s *Solver) { s.Limits.MaxNodes = 1e7 }},
		{"Solver.Limits.MaxMemory", func(s *Solver) { s.Limits.MaxMemory = 1 << 30 }},
		{"Solver.Limits.MaxCost", func(s *Solver) { s.Limits.MaxCost = 100 }},
		{"Solver.Workers", func(s *Solver) { s.Workers = 1 }},
		{"Solver.Cache.Dir", func(s *Solver) { s.Cache.Dir = dir }},
		{"Solver.Cache.BuildMemory", func(s *Solver) { s.Cache.BuildMemory = 1 << 30 }},
		{"Solver.Cache.Progress", func(s *Solver) { s.Cache.Progress = func(DatabaseProgress) {} }},
		{"Solver.Progress", func(s *Solver) { s.Progress = func(Progress) {} }},
		{"Solver.OnMove", func(s *Solver) { s.OnMove = func(Move) {} }},
	}
}

// TestSolverSettings tries every setting of a Solver on every method, in
// every mode, against the table of Solver.Solve's doc: a setting a call
// does not use is refused, with its name, and none that it uses is.
func TestSolverSettings(t *testing.T) {
	useTempCache(t)
	dir := t.TempDir()
	ctx := context.Background()
	start := MustParseBoard("3\n1 2 3\n4 0 6\n7 5 8\n")
	goal := Goal(3, 3)
	unusedBy := map[string][]string{ // the settings each mode leaves, as the doc says
		"optimal":         {"Solver.Cache.BuildMemory"},
		"weighted 1.5":    {"Solver.Cache.BuildMemory"},
		"anytime 200ms":   {"Solver.Cache.BuildMemory"},
		"fast":            {"Solver.Cache.BuildMemory", "Solver.Heuristic", "Solver.Algorithm", "Solver.Workers", "Solver.Cache.Dir", "Solver.Cache.Progress", "Solver.Progress"},
		"Distances":       {"Solver.Cache.BuildMemory", "Solver.Heuristic", "Solver.Algorithm", "Solver.Workers", "Solver.Cache.Dir", "Solver.Cache.Progress", "Solver.Progress", "Solver.OnMove"},
		"Distances, mode": {"Solver.Mode"},
	}
	for _, m := range []Mode{Optimal(), Weighted(1.5), Anytime(200 * time.Millisecond), Fast()} {
		for _, set := range solverSettings(dir) {
			s := Solver{Mode: m}
			set.set(&s)
			uses := !contains(unusedBy[m.String()], set.field)
			_, err := s.Solve(ctx, start, goal)
			checkUse(t, "Solve, "+m.String(), set.field, uses, err)
			_, err = s.Prepare(ctx, goal)
			checkUse(t, "Prepare, "+m.String(), set.field, uses, err)
		}
		if m != Optimal() {
			_, err := Solver{Mode: m}.Distances(ctx, Goal(2, 3))
			checkUse(t, "Distances", "Solver.Mode", false, err)
		}
	}
	for _, set := range solverSettings(dir) {
		var s Solver
		set.set(&s)
		_, err := s.Distances(ctx, Goal(2, 3))
		checkUse(t, "Distances", set.field, !contains(unusedBy["Distances"], set.field), err)
	}
	// Weighted and Anytime rank boards by Auto, linear conflicts or a
	// database, and refuse the other heuristics.
	for _, m := range []Mode{Weighted(1.5), Anytime(200 * time.Millisecond)} {
		for _, h := range []Heuristic{Zero, Hamming, Manhattan, WalkingDistance, LinearConflict.WithWalkingDistance()} {
			_, err := Solver{Mode: m, Heuristic: h}.Solve(ctx, start, goal)
			checkUse(t, "Solve, "+m.String()+", "+h.String(), "Solver.Heuristic", false, err)
		}
	}
}

// TestSolverSettingsRange checks that settings out of range are refused
// by every method of a Solver.
func TestSolverSettingsRange(t *testing.T) {
	ctx := context.Background()
	start, goal := MustParseBoard("2\n1 2\n0 3\n"), Goal(2, 2)
	for name, s := range map[string]Solver{
		"Workers -1":          {Workers: -1},
		"Workers 1025":        {Workers: maxWorkers + 1},
		"Metric(9)":           {Metric: 9},
		"Algorithm(9)":        {Algorithm: 9},
		"Heuristic{99}":       {Heuristic: Heuristic{kind: 99}},
		"weight 0.5":          {Mode: Weighted(0.5)},
		"weight NaN":          {Mode: Weighted(math.NaN())},
		"negative time":       {Mode: Anytime(-time.Second)},
		"unknown mode":        {Mode: Mode{kind: fast + 1}},
		"Cache.BuildMemory 1": {Cache: Cache{BuildMemory: 1}},
		"zero Database":       {Heuristic: Database{}.Heuristic()},
		"pdb663 on 2x2":       {Heuristic: PDB663},
		"walking distance+1":  {Heuristic: Hamming.WithWalkingDistance(), Metric: 9},
	} {
		for call, err := range map[string]error{
			"Solve":     second(s.Solve(ctx, start, goal)),
			"Prepare":   second(s.Prepare(ctx, goal)),
			"Distances": second(s.Distances(ctx, goal)),
		} {
			if !errors.Is(err, ErrOption) {
				t.Errorf("%s: %s: %v, want ErrOption", name, call, err)
			}
		}
	}
}

// TestCacheSettings tries every setting of a Cache on every method:
// Build and Verify use them all, the others the directory only.
func TestCacheSettings(t *testing.T) {
	ctx := context.Background()
	h := MustParseDatabase(Goal(2, 3), "1 2/3 4 5").Heuristic()
	for _, set := range []setting[Cache]{
		{"Cache.Dir", func(c *Cache) { c.Dir = t.TempDir() }},
		{"Cache.BuildMemory", func(c *Cache) { c.BuildMemory = 1 << 30 }},
		{"Cache.Progress", func(c *Cache) { c.Progress = func(DatabaseProgress) {} }},
	} {
		var c Cache
		useTempCache(t)
		set.set(&c)
		uses := set.field == "Cache.Dir"
		checkUse(t, "Build", set.field, true, c.Build(ctx, h))
		checkUse(t, "Verify", set.field, true, c.Verify(ctx, h))
		checkUse(t, "Path", set.field, uses, second(c.Path()))
		checkUse(t, "List", set.field, uses, second(c.List()))
		checkUse(t, "Remove", set.field, uses, second(c.Remove(h.String())))
		checkUse(t, "Clean", set.field, uses, second(c.Clean()))
	}
}

// TestBlockSolverSettings tries every setting of a BlockSolver on its two
// methods: Distances refuses a Goal, which counts every position.
func TestBlockSolverSettings(t *testing.T) {
	ctx := context.Background()
	b := MustParseBlocks("3 3\n2 1 1 1 b\n1 1 1 1 b\n")
	for _, set := range []setting[BlockSolver]{
		{"BlockSolver.Metric", func(s *BlockSolver) { s.Metric = StepMoves }},
		{"BlockSolver.Goal", func(s *BlockSolver) { s.Goal = BlockGoalAt(0, 1, 2) }},
		{"BlockSolver.Goal", func(s *BlockSolver) { s.Goal = BlockGoalFunc(func(Blocks) bool { return true }) }},
		{"BlockSolver.Limits", func(s *BlockSolver) { s.Limits = Limits{MaxNodes: 1e6, MaxMemory: 1 << 30, MaxCost: 50} }},
		{"BlockSolver.DistinctPieces", func(s *BlockSolver) { s.DistinctPieces = true }},
	} {
		var s BlockSolver
		set.set(&s)
		checkUse(t, "BlockSolver.Solve", set.field, true, second(s.Solve(ctx, b)))
		checkUse(t, "BlockSolver.Distances", set.field, set.field != "BlockSolver.Goal", second(s.Distances(ctx, b)))
	}
	if _, err := (BlockSolver{Metric: 9}).Solve(ctx, b); !errors.Is(err, ErrOption) {
		t.Errorf("Metric(9): %v", err)
	}
}

// TestSVGSettings tries every setting of an SVG on its two methods: Write
// refuses a Goal, which only a sliding-block puzzle has.
func TestSVGSettings(t *testing.T) {
	boards := []Board{Goal(2, 2)}
	positions := []Blocks{MustParseBlocks("2 2\n1 1 1 1 b\n")}
	for _, set := range []setting[SVG]{
		{"SVG.MaxMoves", func(s *SVG) { s.MaxMoves = 3 }},
		{"SVG.TotalMoves", func(s *SVG) { s.TotalMoves = 9 }},
		{"SVG.MoveSeconds", func(s *SVG) { s.MoveSeconds = 1 }},
		{"SVG.Title", func(s *SVG) { s.Title = "t" }},
		{"SVG.Goal", func(s *SVG) { s.Goal = BlockGoalAt(0, 1, 1) }},
	} {
		var s SVG
		set.set(&s)
		checkUse(t, "SVG.Write", set.field, set.field != "SVG.Goal", s.Write(io.Discard, boards))
		checkUse(t, "SVG.WriteBlocks", set.field, true, s.WriteBlocks(io.Discard, positions))
	}
}

// TestEngineSettings tries every setting of the generic engines on their
// methods: only BFS's Search takes a GoalFunc.
func TestEngineSettings(t *testing.T) {
	ctx := context.Background()
	exit := maze{7, 0}
	goal := func(p maze) bool { return p == exit }
	h := func(p maze) int { return max(exit.x-p.x, p.x-exit.x) + max(exit.y-p.y, p.y-exit.y) }
	key := func(p maze) uint64 { return uint64(p.x)<<32 | uint64(uint32(p.y)) }
	lim := Limits{MaxNodes: 1e6, MaxMemory: 1 << 30, MaxCost: 100}
	for field, a := range map[string]AStar[maze, int]{
		"Limits": {Limits: lim, GoalFunc: goal}, "Key": {Limits: lim, Key: key, GoalFunc: goal},
		"GoalFunc": {Limits: lim, GoalFunc: goal}, "HeuristicFunc": {Limits: lim, GoalFunc: goal, HeuristicFunc: h},
	} {
		checkUse(t, "AStar.Search", "AStar."+field, true, second(a.Search(ctx, maze{})))
	}
	for field, d := range map[string]IDAStar[maze, int]{
		"Limits": {Limits: lim, GoalFunc: goal}, "GoalFunc": {Limits: lim, GoalFunc: goal}, "HeuristicFunc": {Limits: lim, GoalFunc: goal, HeuristicFunc: h},
	} {
		checkUse(t, "IDAStar.Search", "IDAStar."+field, true, second(d.Search(ctx, maze{})))
	}
	for field, b := range map[string]BFS[maze, int]{"Limits": {Limits: lim}, "Key": {Limits: lim, Key: key}, "GoalFunc": {Limits: lim, GoalFunc: goal}} {
		b := b
		if field != "GoalFunc" {
			b.GoalFunc = goal
		}
		checkUse(t, "BFS.Search", "BFS."+field, true, second(b.Search(ctx, maze{})))
		b.GoalFunc = nil
		if field == "GoalFunc" {
			b.GoalFunc = goal
		}
		checkUse(t, "BFS.Bidirectional", "BFS."+field, field != "GoalFunc", second(b.Bidirectional(ctx, maze{}, exit)))
		for range b.Layers(ctx, maze{}) {
		}
		checkUse(t, "BFS.Layers", "BFS."+field, field != "GoalFunc", b.Err())
	}
}

// contains reports whether list holds s.
func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
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
