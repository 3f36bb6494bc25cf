package slide

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/slidekit/slide/internal/idastar"
	"github.com/slidekit/slide/internal/pdbcache"
)

// korfInstance returns Korf's 15-puzzle instance id.
func korfInstance(t *testing.T, id int) instance {
	t.Helper()
	for _, in := range readInstances(t, "korf100.txt", 4, 4) {
		if in.id == id {
			return in
		}
	}
	t.Fatalf("no instance %d", id)
	return instance{}
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
// directory, says that it cannot cache).
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
			continue // their reasons are internal/pdb's TestCheck's; rebuilds cost
		}
		var reasons []string
		err := Cache{Progress: func(p DatabaseProgress) { reasons = append(reasons, p.Reason) }}.Build(context.Background(), PDB555)
		if len(reasons) == 0 || !strings.Contains(reasons[0], c.reason) || !strings.Contains(reasons[0], path) || strings.Contains(reasons[0], "pdb:") {
			t.Errorf("%s: rebuild reasons %q", c.name, reasons[:min(1, len(reasons))])
		}
		if c.name == "directory" {
			if !errors.Is(err, ErrCache) {
				t.Errorf("directory at the cache path: %v, want ErrCache", err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if back, _ := os.ReadFile(path); string(back) != string(good) {
			t.Errorf("%s: rebuilt file differs", c.name)
		}
	}
}

// TestWalkingDistanceSizes: walking distance outside 2 x 2 to 4 x 4 is
// refused at once, in the documented terms, before anything is built.
func TestWalkingDistanceSizes(t *testing.T) {
	dir := useTempCache(t)
	for _, n := range []int{5, 6} {
		b := Goal(n, n).Twin().Twin()
		for _, h := range []Heuristic{Auto.WithWalkingDistance(), WalkingDistance, PDB6666.WithWalkingDistance()} {
			began := time.Now()
			_, err := Solver{Heuristic: h}.Solve(context.Background(), b, Goal(n, n))
			if !errors.Is(err, ErrOption) || time.Since(began) > 50*time.Millisecond {
				t.Errorf("%dx%d: %v after %v", n, n, err, time.Since(began))
			}
			if msg := err.Error(); strings.Contains(msg, "pdb:") || !strings.Contains(msg, "2 x 2 to 4 x 4") && !strings.Contains(msg, "pdb6666 is for 5 x 5") {
				t.Errorf("%dx%d: message %q", n, n, msg)
			}
		}
		if _, err := (Solver{Heuristic: WalkingDistance}).Prepare(context.Background(), Goal(n, n)); !errors.Is(err, ErrOption) {
			t.Errorf("Prepare %dx%d: %v", n, n, err)
		}
	}
	if h, err := (Solver{Heuristic: WalkingDistance}).Prepare(context.Background(), Goal(3, 4)); err != nil || h != WalkingDistance {
		t.Errorf("Prepare 3x4: %v, %v", h, err)
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "slide", "pdb", "*")); len(files) != 0 {
		t.Errorf("built %v", files)
	}
}

// TestDatabaseSizeFirst: a database heuristic for another board size is
// refused before anything is built.
func TestDatabaseSizeFirst(t *testing.T) {
	dir := useTempCache(t)
	b := Goal(3, 3).Twin().Twin()
	for _, h := range []Heuristic{PDB555, PDB663, PDB78, PDB6666} {
		began := time.Now()
		if _, err := (Solver{Heuristic: h}).Solve(context.Background(), b, Goal(3, 3)); !errors.Is(err, ErrOption) || time.Since(began) > 50*time.Millisecond {
			t.Errorf("%v on 3x3: %v after %v", h, err, time.Since(began))
		}
		if _, err := (Solver{Heuristic: h}).Prepare(context.Background(), Goal(3, 3)); !errors.Is(err, ErrOption) || !strings.Contains(err.Error(), "not 3 x 3") {
			t.Errorf("%v: Prepare(3x3): %v", h, err)
		}
	}
	if _, err := (Solver{Heuristic: PDB663}).Prepare(context.Background(), MustParseBoard("4\n1 1 2 2\n3 3 4 4\n5 5 6 6\n7 7 8 0\n")); !errors.Is(err, ErrOption) {
		t.Errorf("PDB663: Prepare(labeled): %v", err)
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "slide", "pdb", "*")); len(files) != 0 {
		t.Errorf("built %v", files)
	}
}

// TestShippedSizes keeps Heuristic.check's sizes in step with the
// shipped partitions.
func TestShippedSizes(t *testing.T) {
	for _, h := range []Heuristic{PDB555, PDB663, PDB78, PDB6666} {
		spec, _ := h.partition()
		tg, err := newTarget("test", Goal(spec.Rows, spec.Cols))
		if err != nil {
			t.Fatal(err)
		}
		if err := h.check("test", tg, Goal(spec.Rows, spec.Cols)); err != nil {
			t.Errorf("%v: %v", h, err)
		}
	}
}

// TestPrepareAuto: under Auto, Prepare names linear conflicts until a
// database for the size is cached, then that database, read into memory;
// other sizes and boards with repeated labels get linear conflicts
// (Manhattan distance for repeated labels).
func TestPrepareAuto(t *testing.T) {
	t.Cleanup(pdbcache.Release)
	dir := t.TempDir()
	goal := blankFirstGoal(4, 4)
	ctx := context.Background()
	s := Solver{Cache: Cache{Dir: dir}}
	if h, err := s.Prepare(ctx, goal); err != nil || h != LinearConflict {
		t.Errorf("empty cache: %v, %v", h, err)
	}
	if err := s.Cache.Build(ctx, PDB555); err != nil {
		t.Fatal(err)
	}
	pdbcache.Release() // on disk only
	small := s
	small.Limits.MaxMemory = 1 << 10
	if h, err := small.Prepare(ctx, goal); err != nil || h != LinearConflict {
		t.Errorf("5-5-5 cached, 1 KiB of memory: %v, %v", h, err)
	}
	if h, err := s.Prepare(ctx, goal); err != nil || h != PDB555 {
		t.Errorf("5-5-5 cached: %v, %v", h, err)
	}
	spec, _ := PDB555.partition()
	req := s.Cache.request(false, Limits{})
	if st := pdbcache.StateOf(spec, &req); st != pdbcache.InMemory {
		t.Errorf("after Prepare: state %d, want the tables in memory", st)
	}
	labeled, err := NewLabeled(4, 4, []int{0, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14})
	if err != nil {
		t.Fatal(err)
	}
	for g, want := range map[Board]Heuristic{Goal(3, 3): LinearConflict, Goal(4, 5): LinearConflict, labeled: Manhattan} {
		if h, err := s.Prepare(ctx, g); err != nil || h != want {
			t.Errorf("%dx%d goal: %v, %v; want %v", g.Rows(), g.Cols(), h, err, want)
		}
	}
}
