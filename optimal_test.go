package slide

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/idastar"
	"github.com/slidekit/slide/internal/pdbcache"
	"github.com/slidekit/slide/internal/testsets"
	"github.com/slidekit/slide/internal/tiles"
)

// TestSolveAll3x3 solves every 3x3 board to the standard goal with the
// default solver and compares its length with the breadth-first distance.
func TestSolveAll3x3(t *testing.T) {
	goal := Goal(3, 3)
	layers := layersFrom(t, goal)
	if len(layers) != 32 {
		t.Fatalf("%d layers", len(layers))
	}
	every := shortEvery(16)
	for d, layer := range layers {
		for i, b := range layer {
			if i%every != 0 {
				continue
			}
			sol, err := Solver{}.Solve(context.Background(), b, goal)
			if err != nil {
				t.Fatal(err)
			}
			if sol.Len() != d {
				t.Fatalf("%v: %d moves, BFS distance %d", b, sol.Len(), d)
			}
		}
	}
}

// TestEnginesMatchBFS checks every engine with every heuristic against
// breadth-first distances on random boards: 3x3 and 2x4 from the full BFS,
// 3x4 (also to a random goal) from bidirectional BFS, itself checked here.
func TestEnginesMatchBFS(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	type combo struct {
		a Algorithm
		h Heuristic
	}
	var combos []combo
	for _, a := range []Algorithm{AlgoAStar, AlgoIDAStar} {
		for _, h := range []Heuristic{Zero, Hamming, Manhattan, LinearConflict} {
			combos = append(combos, combo{a, h})
		}
	}
	combos = append(combos, combo{AlgoBFS, Auto}, combo{AlgoBidirectional, Auto}, combo{AlgoAuto, Auto})
	for _, shape := range [][2]int{{3, 3}, {2, 4}, {4, 2}} {
		goal := Goal(shape[0], shape[1])
		layers := layersFrom(t, goal)
		for range 12 {
			d := rng.IntN(len(layers))
			b := layers[d][rng.IntN(len(layers[d]))]
			for _, c := range combos {
				if d > 20 && (c.h == Zero || c.h == Hamming) && c.a == AlgoIDAStar {
					continue // correct but slow
				}
				sol, err := Solver{Algorithm: c.a, Heuristic: c.h}.Solve(context.Background(), b, goal)
				if err != nil {
					t.Fatal(err)
				}
				checkSolution(t, sol, b, goal, d)
			}
		}
	}
	for range 6 {
		goal := randomBoard(rng, 3, 4)
		start := randomBoard(rng, 3, 4)
		if ok, _ := Solvable(start, goal); !ok {
			start = start.Twin()
		}
		ref, err := Solver{Algorithm: AlgoBidirectional}.Solve(context.Background(), start, goal)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []combo{{AlgoAStar, LinearConflict}, {AlgoIDAStar, Manhattan}, {AlgoIDAStar, LinearConflict}} {
			sol, err := Solver{Algorithm: c.a, Heuristic: c.h}.Solve(context.Background(), start, goal)
			if err != nil {
				t.Fatal(err)
			}
			checkSolution(t, sol, start, goal, ref.Len())
		}
	}
}

// TestBidirectionalMatchesBFS checks bidirectional BFS, in both metrics,
// against the full BFS of 2x4 boards.
func TestBidirectionalMatchesBFS(t *testing.T) {
	goal := Goal(2, 4)
	for _, metric := range []Metric{TileMoves, LineMoves} {
		tg, _ := newTarget("test", goal)
		code, _ := encode("test", tg, goal)
		sp := tiles.NewSpace(tg, Zero.tiles(), metric == LineMoves)
		bfs := BFS[packed, int]{Key: packedKey}
		for d, layer := range bfs.Layers(context.Background(), packed{sp.PackedStart(code)}) {
			for i, s := range layer {
				if i%41 != 0 {
					continue
				}
				b := boardOf(sp, s.s.At)
				sol, err := Solver{Metric: metric}.Solve(context.Background(), b, goal)
				if err != nil {
					t.Fatal(err)
				}
				checkSolution(t, sol, b, goal, d)
				if metric == LineMoves {
					a, err := Solver{Metric: metric, Algorithm: AlgoAStar}.Solve(context.Background(), b, goal)
					if err != nil {
						t.Fatal(err)
					}
					checkSolution(t, a, b, goal, d)
				}
			}
		}
	}
}

// TestSolveLabeled checks boards with repeated labels against BFS over
// their whole (small) space.
func TestSolveLabeled(t *testing.T) {
	goal := MustParseBoard("3\n1 1 2\n2 3 3\n4 4 0\n")
	layers := layersFrom(t, goal)
	for d, layer := range layers {
		for i, b := range layer {
			if i%97 != 0 {
				continue
			}
			for _, a := range []Algorithm{AlgoAuto, AlgoIDAStar, AlgoBidirectional} {
				sol, err := Solver{Algorithm: a}.Solve(context.Background(), b, goal)
				if err != nil {
					t.Fatal(err)
				}
				checkSolution(t, sol, b, goal, d)
			}
		}
	}
}

// TestSolveLarge solves a 127 x 127 board a dozen moves from its goal.
func TestSolveLarge(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	goal := Goal(127, 127)
	start := randomWalk(rng, goal, 12)
	ref := 0
	for _, h := range []Heuristic{LinearConflict, Manhattan} {
		sol, err := Solver{Heuristic: h}.Solve(context.Background(), start, goal)
		if err != nil {
			t.Fatal(err)
		}
		if ref == 0 {
			ref = sol.Len()
		}
		checkSolution(t, sol, start, goal, ref)
		if ref > 12 {
			t.Fatalf("%d moves for a 12-move walk", ref)
		}
	}
	a, err := Solver{Algorithm: AlgoAStar}.Solve(context.Background(), start, goal)
	if err != nil {
		t.Fatal(err)
	}
	checkSolution(t, a, start, goal, ref)
}

// TestAStar16MatchesGeneric checks that the specialized A* makes the same
// search as the generic engine on the same states: same length, same
// expansions and generated nodes.
func TestAStar16MatchesGeneric(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	for _, shape := range [][2]int{{3, 3}, {2, 4}, {3, 4}, {2, 6}} {
		goal := randomBoard(rng, shape[0], shape[1])
		for range 5 {
			start := randomWalk(rng, goal, 30)
			for _, h := range []Heuristic{Manhattan, LinearConflict} {
				tg, code := encodeFor(t, start, goal)
				sp := tiles.NewSpace(tg, h.tiles(), false)
				var st tiles.Stats
				blanks, err := sp.AStar16(context.Background(), code, engine.Bounds{}, &st)
				if err != nil {
					t.Fatal(err)
				}
				res, err := (&AStar[packed, int]{Key: packedKey}).Search(context.Background(), packed{sp.PackedStart(code)})
				if err != nil {
					t.Fatal(err)
				}
				if len(blanks)-1 != res.Cost || st.Expanded != res.Expanded || st.Generated != res.Generated {
					t.Errorf("%v: specialized %d moves, %d/%d nodes; generic %d moves, %d/%d", h,
						len(blanks)-1, st.Expanded, st.Generated, res.Cost, res.Expanded, res.Generated)
				}
			}
		}
	}
}

// cached555 builds the 5-5-5 tables into a fresh cache and leaves them
// there only, not in memory, and returns the path of their file.
func cached555(t *testing.T) string {
	t.Helper()
	dir := useTempCache(t)
	t.Cleanup(pdbcache.Release)
	if err := (Cache{}).Build(context.Background(), PDB555); err != nil {
		t.Fatal(err)
	}
	pdbcache.Release()
	spec, _ := PDB555.partition()
	return pdbcache.CachePath(filepath.Join(dir, "slide", "pdb"), spec)
}

// state555 tells where Auto finds the 5-5-5 tables.
func state555() pdbcache.State {
	spec, _ := PDB555.partition()
	req := Cache{}.request(false, Limits{})
	return pdbcache.StateOf(spec, &req)
}

// TestAutoSmallProblems: with large tables on disk only, Auto solves a
// problem that linear conflicts solve within autoBudget nodes without
// loading them, loads them for a harder one, and counts the nodes of both
// attempts; another Cache.Dir keeps it off the user's.
func TestAutoSmallProblems(t *testing.T) {
	cached555(t)
	defer func(v int64) { idastar.AutoSmallTables = v }(idastar.AutoSmallTables)
	idastar.AutoSmallTables = 0 // treat the 5-5-5 tables as large
	goal := blankFirstGoal(4, 4)

	easy := korfInstance(t, 9) // 88,588 nodes with linear conflicts
	sol, err := Solver{}.Solve(context.Background(), easy.board, goal)
	if err != nil {
		t.Fatal(err)
	}
	checkSolution(t, sol, easy.board, goal, easy.optimal)
	if sol.Heuristic != LinearConflict || state555() != pdbcache.OnDisk {
		t.Errorf("easy instance: solved with %v, tables %d", sol.Heuristic, state555())
	}

	hard := korfInstance(t, 83) // 2,155,880 nodes with linear conflicts
	if sol, err = (Solver{Cache: Cache{Dir: t.TempDir()}}).Solve(context.Background(), hard.board, goal); err != nil || sol.Heuristic != LinearConflict || state555() != pdbcache.OnDisk {
		t.Fatalf("another cache: %v with %v, tables %d", err, sol.Heuristic, state555())
	}
	sol, err = Solver{}.Solve(context.Background(), hard.board, goal)
	if err != nil {
		t.Fatal(err)
	}
	checkSolution(t, sol, hard.board, goal, hard.optimal)
	if sol.Heuristic != PDB555 || sol.Generated <= idastar.AutoBudget || state555() != pdbcache.InMemory {
		t.Errorf("hard instance: %v, %d nodes, tables %d", sol.Heuristic, sol.Generated, state555())
	}
	// In memory, the tables serve at once, even for the easy instance.
	if sol, err = (Solver{}).Solve(context.Background(), easy.board, goal); err != nil || sol.Heuristic != PDB555 {
		t.Errorf("tables in memory: %v, %v", sol.Heuristic, err)
	}
	// A node limit below the budget is the user's: no tables then.
	pdbcache.Release()
	_, err = Solver{Limits: Limits{MaxNodes: 1000}}.Solve(context.Background(), hard.board, goal)
	var le *LimitError
	if !errors.As(err, &le) || le.Value != 1000 || state555() != pdbcache.OnDisk {
		t.Errorf("MaxNodes 1000: %v, tables %d", err, state555())
	}
}

// TestAutoBadCacheFiles: a directory, an empty file, a truncated file or
// a file damaged inside at a cache path is never used by Auto, never
// rebuilt by it, and Cache.Build rebuilds it with the reason (or, for a
// directory, which no build replaces, says at once that it cannot cache).
func TestAutoBadCacheFiles(t *testing.T) {
	path := cached555(t)
	good, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	goal := blankFirstGoal(4, 4)
	hard := korfInstance(t, 83)
	damaged := append([]byte(nil), good...)
	damaged[len(damaged)/2] ^= 0x10
	for _, c := range []struct {
		name   string
		make   func() error
		reason string
		auto   pdbcache.State // where Auto sees the tables
	}{
		{"directory", func() error { return os.Mkdir(path, 0o755) }, "is a directory", pdbcache.Absent},
		{"empty", func() error { return os.WriteFile(path, nil, 0o644) }, "is empty", pdbcache.Absent},
		{"truncated", func() error { return os.WriteFile(path, good[:len(good)-100], 0o644) }, "truncated", pdbcache.Absent},
		{"damaged", func() error { return os.WriteFile(path, damaged, 0o644) }, "is corrupt: checksum", pdbcache.OnDisk},
	} {
		pdbcache.Release()
		os.RemoveAll(path)
		if err := c.make(); err != nil {
			t.Fatal(err)
		}
		if s := state555(); s != c.auto {
			t.Errorf("%s: Auto sees state %d, want %d", c.name, s, c.auto)
		}
		for range 2 { // the second time without trying the file again
			began := time.Now()
			sol, err := Solver{}.Solve(context.Background(), hard.board, goal)
			if err != nil || sol.Heuristic != LinearConflict || sol.Len() != hard.optimal {
				t.Fatalf("%s: Auto: %v with %v", c.name, err, sol.Heuristic)
			}
			if s := state555(); s != pdbcache.Absent {
				t.Errorf("%s: after a failed load, Auto sees state %d", c.name, s)
			}
			t.Logf("%s: Auto in %v", c.name, time.Since(began))
		}
		if c.name == "empty" || c.name == "truncated" {
			continue // their reasons are internal/pdbcache's TestCheck's; rebuilds cost
		}
		var reasons []string
		err := Cache{Progress: func(p DatabaseProgress) { reasons = append(reasons, p.Reason) }}.Build(context.Background(), PDB555)
		if c.name == "directory" {
			if !errors.Is(err, ErrCache) || !strings.Contains(err.Error(), "is a directory, which a build does not replace") || len(reasons) != 0 {
				t.Errorf("directory at the cache path: %v after %d reports, want ErrCache before any build", err, len(reasons))
			}
			continue
		}
		if len(reasons) == 0 || !strings.Contains(reasons[0], c.reason) || !strings.Contains(reasons[0], path) || strings.Contains(reasons[0], "pdb:") {
			t.Errorf("%s: rebuild reasons %q", c.name, reasons[:min(1, len(reasons))])
		}
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if back, _ := os.ReadFile(path); string(back) != string(good) {
			t.Errorf("%s: rebuilt file differs", c.name)
		}
	}
}

// TestKorfShort solves the Korf instances whose IDA* search with
// Manhattan distance and linear conflicts generates under 2 million nodes,
// checking the published optimal length and the recorded node count.
func TestKorfShort(t *testing.T) {
	goal := blankFirstGoal(4, 4)
	want := map[int]int64{}
	for _, r := range testsets.Rows(t, "korf100_nodes.txt") {
		want[int(r.Nums[0])] = r.Nums[6]
	}
	solved := 0
	for _, in := range readInstances(t, "korf100.txt", 4, 4) {
		if want[in.id] > 2_000_000 {
			continue
		}
		sol, err := Solver{Heuristic: LinearConflict, Algorithm: AlgoIDAStar, Workers: 1}.Solve(context.Background(), in.board, goal)
		if err != nil {
			t.Fatal(err)
		}
		checkSolution(t, sol, in.board, goal, in.optimal)
		if sol.Generated != want[in.id] {
			t.Errorf("#%d: %d nodes generated, recorded %d", in.id, sol.Generated, want[in.id])
		}
		solved++
	}
	if solved < 10 {
		t.Errorf("only %d instances checked", solved)
	}
}
