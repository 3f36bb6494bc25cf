package idastar

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"runtime/debug"
	"slices"
	"testing"
	"time"

	"github.com/slidekit/slide/internal/pdb"
	"github.com/slidekit/slide/internal/pdbcache"
	"github.com/slidekit/slide/internal/testsets"
	"github.com/slidekit/slide/internal/testsets/pdbtest"
	"github.com/slidekit/slide/internal/tiles"
)

// mustBuild builds the tables of a spec, failing the test on an error.
var mustBuild = pdbtest.MustBuild

// TestSolverOptimal8: the solver's lengths equal the BFS distances on
// sampled 8-puzzle positions, under every heuristic combination, for two
// goals, and the paths replay to the goal.
func TestSolverOptimal8(t *testing.T) {
	for _, blank := range []int{0, 4} {
		var pats [][]uint8
		var a, b []uint8
		for v := range 9 {
			switch {
			case v == blank:
			case len(a) < 4:
				a = append(a, uint8(v))
			default:
				b = append(b, uint8(v))
			}
		}
		pats = [][]uint8{a, b}
		db := mustBuild(t, pdb.Spec{Rows: 3, Cols: 3, Blank: blank, Patterns: pats})
		wd, err := tiles.NewWalkingTables(3, 3, blank)
		if err != nil {
			t.Fatal(err)
		}
		truth := testsets.Distances(3, 3, blank)
		rng := rand.New(rand.NewPCG(1, uint64(blank)))
		var boards []uint64
		for k := range truth {
			boards = append(boards, k)
		}
		for _, opt := range []SolverOptions{{}, {Reflect: true}, {WD: wd}, {Reflect: true, WD: wd, NoMovePruning: true}, {Reflect: true, Dense: true}} {
			s, err := NewSolver(db, opt)
			if err != nil {
				t.Fatal(err)
			}
			for range 200 {
				k := boards[rng.IntN(len(boards))]
				cells := testsets.Cells(k, make([]uint8, 9))
				res, err := s.Solve(context.Background(), cells, Limit{})
				if err != nil {
					t.Fatal(err)
				}
				if len(res.Path) != truth[k] {
					t.Fatalf("blank %d %+v: %v solved in %d, distance %d", blank, opt, cells, len(res.Path), truth[k])
				}
				checkPath(t, 3, 3, blank, cells, res.Path)
			}
		}
	}
}

// TestSolverHard8 solves the two 31-move 8-puzzle positions.
func TestSolverHard8(t *testing.T) {
	db := mustBuild(t, pdb.Spec{Rows: 3, Cols: 3, Blank: 0, Patterns: [][]uint8{{1, 2, 3, 4}, {5, 6, 7, 8}}})
	s, err := NewSolver(db, SolverOptions{Reflect: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range readInstances(t, "hard8_31.txt", 9) {
		res, err := s.Solve(context.Background(), in.cells, Limit{})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Path) != in.length {
			t.Errorf("#%d: %d moves, want %d", in.id, len(res.Path), in.length)
		}
		checkPath(t, 3, 3, 0, in.cells, res.Path)
	}
}

// TestSolverKorfShort solves the Korf instances with the shortest
// solutions under the 5-5-5 partition (built in about a second) and checks
// their published lengths.
func TestSolverKorfShort(t *testing.T) {
	db := mustBuild(t, pdb.Korf555())
	s, err := NewSolver(db, SolverOptions{Reflect: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range readInstances(t, "korf100.txt", 16) {
		if in.length > 45 {
			continue
		}
		res, err := s.Solve(context.Background(), in.cells, Limit{})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Path) != in.length {
			t.Errorf("#%d: %d moves, want %d", in.id, len(res.Path), in.length)
		}
		checkPath(t, 4, 4, 0, in.cells, res.Path)
		t.Logf("#%d: %d moves, %d generated", in.id, len(res.Path), res.Generated)
	}
}

func TestSolverErrors(t *testing.T) {
	db := mustBuild(t, pdb.Spec{Rows: 3, Cols: 3, Blank: 0, Patterns: [][]uint8{{1, 2, 3, 4}, {5, 6, 7, 8}}})
	s, err := NewSolver(db, SolverOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, cells := range [][]uint8{{0, 1, 2}, {0, 1, 2, 3, 4, 5, 6, 7, 7}, {0, 1, 2, 3, 4, 5, 6, 7, 9}} {
		if _, err := s.Solve(context.Background(), cells, Limit{}); err == nil {
			t.Errorf("%v: no error", cells)
		}
	}
	if _, err := s.Solve(context.Background(), []uint8{0, 2, 1, 3, 4, 5, 6, 7, 8}, Limit{}); err != ErrUnsolvable {
		t.Errorf("swapped tiles: %v, want ErrUnsolvable", err)
	}
	hard := []uint8{8, 7, 6, 0, 4, 1, 2, 5, 3}
	if _, err := s.Solve(context.Background(), hard, Limit{Nodes: 10}); err != ErrNodeLimit {
		t.Errorf("limit 10: %v, want ErrNodeLimit", err)
	}
	if _, err := s.Solve(context.Background(), hard, Limit{Depth: 30}); err != ErrNotFound {
		t.Errorf("depth 30 for a 31-move board: %v, want ErrNotFound", err)
	}
	if res, err := s.Solve(context.Background(), hard, Limit{Depth: 31}); err != nil || len(res.Path) != 31 {
		t.Errorf("depth 31: %d moves, %v", len(res.Path), err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := s.Solve(ctx, hard, Limit{}); err != context.Canceled {
		t.Errorf("canceled: %v", err)
	}
	if _, err := NewSolver(mustBuild(t, pdb.Spec{Rows: 3, Cols: 3, Blank: 0, Patterns: [][]uint8{{1, 2}}}), SolverOptions{}); err == nil {
		t.Error("partial partition accepted")
	}
}

// TestSparseMatchesDense checks that solvers on the sparse layout and on
// dense ranks search the same trees.
func TestSparseMatchesDense(t *testing.T) {
	db := mustBuild(t, pdb.Korf555())
	sparse, _ := NewSolver(db, SolverOptions{Reflect: true})
	dense, _ := NewSolver(db, SolverOptions{Reflect: true, Dense: true})
	for _, in := range readInstances(t, "korf100.txt", 16) {
		if in.length > 45 {
			continue
		}
		a, err1 := sparse.Solve(context.Background(), in.cells, Limit{})
		b, err2 := dense.Solve(context.Background(), in.cells, Limit{})
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if !slices.Equal(a.Path, b.Path) || a.Generated != b.Generated || a.Expanded != b.Expanded {
			t.Errorf("#%d: sparse %d moves, %d generated; dense %d moves, %d generated",
				in.id, len(a.Path), a.Generated, len(b.Path), b.Generated)
		}
	}
}

// TestMovePruning: the automaton keeps every solution optimal (against
// BFS on sampled 2 x 4 and 3 x 3 positions, where walls cut many of its
// strings short) and generates fewer nodes than the inverse-move rule on
// 15-puzzle instances.
func TestMovePruning(t *testing.T) {
	for _, spec := range []pdb.Spec{
		{Rows: 2, Cols: 4, Blank: 0, Patterns: [][]uint8{{1, 2, 3}, {4, 5, 6, 7}}},
		{Rows: 3, Cols: 3, Blank: 0, Patterns: [][]uint8{{1, 2, 3, 4}, {5, 6, 7, 8}}},
		{Rows: 3, Cols: 3, Blank: 4, Patterns: [][]uint8{{0, 1, 2, 3}, {5, 6, 7, 8}}},
	} {
		db := mustBuild(t, spec)
		s, err := NewSolver(db, SolverOptions{})
		if err != nil {
			t.Fatal(err)
		}
		truth := testsets.Distances(spec.Rows, spec.Cols, spec.Blank)
		n := spec.Rows * spec.Cols
		i := 0
		for k, d := range truth {
			if i++; i > 2000 {
				break
			}
			cells := testsets.Cells(k, make([]uint8, n))
			res, err := s.Solve(context.Background(), cells, Limit{})
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Path) != d {
				t.Fatalf("%v: %v solved in %d, distance %d", spec, cells, len(res.Path), d)
			}
		}
	}
	db := mustBuild(t, pdb.Korf555())
	full, _ := NewSolver(db, SolverOptions{})
	basic, _ := NewSolver(db, SolverOptions{NoMovePruning: true})
	for _, in := range readInstances(t, "korf100.txt", 16)[:100] {
		if in.length > 43 {
			continue
		}
		a, err1 := full.Solve(context.Background(), in.cells, Limit{})
		b, err2 := basic.Solve(context.Background(), in.cells, Limit{})
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if len(a.Path) != in.length || len(b.Path) != in.length {
			t.Fatalf("#%d: %d and %d moves, want %d", in.id, len(a.Path), len(b.Path), in.length)
		}
		if a.Generated >= b.Generated {
			t.Errorf("#%d: automaton generated %d, inverse rule %d", in.id, a.Generated, b.Generated)
		}
		t.Logf("#%d: automaton %d, inverse rule %d generated", in.id, a.Generated, b.Generated)
	}
}

// TestSolverNearGoal checks lengths on the 15- and 24-puzzles against BFS
// around the goal, under small partitions, with reflection, walking
// distance and the automaton: every position up to 12 (4 x 4) or 10
// (5 x 5) moves away, sampled.
func TestSolverNearGoal(t *testing.T) {
	for _, c := range []struct {
		spec  pdb.Spec
		depth int
	}{
		{pdb.Korf555(), 12},
		{pdb.Spec{Rows: 4, Cols: 4, Blank: 5, Patterns: [][]uint8{{0, 1, 2, 3, 4}, {6, 7, 8, 9, 10}, {11, 12, 13, 14, 15}}}, 12},
		{pdb.Spec{Rows: 5, Cols: 5, Blank: 0, Patterns: [][]uint8{{1, 2, 3}, {4, 8, 9}, {5, 6, 7}, {10, 15, 20}, {11, 12, 13}, {14, 19, 24}, {16, 17, 21}, {18, 22, 23}}}, 10},
	} {
		db := mustBuild(t, c.spec)
		opts := map[string]SolverOptions{"plain": {NoMovePruning: true}, "reflect": {Reflect: true}}
		if c.spec.Rows*c.spec.Cols <= 16 {
			wd, err := tiles.NewWalkingTables(c.spec.Rows, c.spec.Cols, c.spec.Blank)
			if err != nil {
				t.Fatal(err)
			}
			opts["wd"] = SolverOptions{Reflect: true, WD: wd}
		}
		solvers := map[string]*Solver{}
		var err error
		for name, opt := range opts {
			if solvers[name], err = NewSolver(db, opt); err != nil {
				t.Fatal(err)
			}
		}
		if !db.Compact() {
			t.Fatalf("%v: tables not compact", c.spec)
		}
		bytesDB, err := pdb.Build(context.Background(), c.spec, pdb.BuildOptions{Bytes: true})
		if err != nil {
			t.Fatal(err)
		}
		if solvers["bytes"], err = NewSolver(bytesDB, SolverOptions{Reflect: true}); err != nil {
			t.Fatal(err)
		}
		truth := testsets.NearDistances(c.spec.Rows, c.spec.Cols, c.spec.Blank, c.depth)
		i := 0
		for key, d := range truth {
			if i++; i%37 != 0 {
				continue
			}
			cells := []uint8(key)
			for name, s := range solvers {
				res, err := s.Solve(context.Background(), cells, Limit{})
				if err != nil {
					t.Fatal(err)
				}
				if len(res.Path) != d {
					t.Fatalf("%v %s: %v solved in %d, distance %d", c.spec, name, cells, len(res.Path), d)
				}
				checkPath(t, c.spec.Rows, c.spec.Cols, c.spec.Blank, cells, res.Path)
			}
		}
	}
}

// TestSolverAllocs: a search allocates only the returned path, however
// many nodes it generates.
func TestSolverAllocs(t *testing.T) {
	db := mustBuild(t, pdb.Spec{Rows: 3, Cols: 3, Blank: 0, Patterns: [][]uint8{{1, 2, 3, 4}, {5, 6, 7, 8}}})
	wd, err := tiles.NewWalkingTables(3, 3, 0)
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewSolver(db, SolverOptions{Reflect: true, WD: wd})
	if err != nil {
		t.Fatal(err)
	}
	hard := []uint8{8, 7, 6, 0, 4, 1, 2, 5, 3}
	var gen int64
	allocs := testing.AllocsPerRun(20, func() {
		res, err := s.Solve(context.Background(), hard, Limit{})
		if err != nil || len(res.Path) != 31 {
			t.Fatalf("%v, %d moves", err, len(res.Path))
		}
		gen = res.Generated
	})
	if allocs > 1 {
		t.Errorf("Solve allocates %v times a run (%d nodes)", allocs, gen)
	}
}

// TestMappedOutlivesRelease: a search that reads tables loaded from the
// cache directly (Dense), mapped where the system maps files, keeps
// solving right while the shared database is released and the garbage
// collector runs.
func TestMappedOutlivesRelease(t *testing.T) {
	spec := pdb.Spec{Rows: 3, Cols: 3, Blank: 0, Patterns: [][]uint8{{1, 2, 3, 4}, {5, 6, 7, 8}}}
	dir := t.TempDir()
	if err := pdbcache.Save(context.Background(), dir, mustBuild(t, spec)); err != nil {
		t.Fatal(err)
	}
	pdbcache.Release()
	t.Cleanup(pdbcache.Release)
	ctx := context.Background()
	db, got, err := pdbcache.Shared(ctx, spec, pdbcache.Request{Dir: dir, DirSet: true})
	if err != nil || got.Source != pdbcache.FromDisk {
		t.Fatalf("%v, %v: want a database from disk", got.Source, err)
	}
	s, err := NewSolver(db, SolverOptions{Reflect: true, Dense: true})
	if err != nil {
		t.Fatal(err)
	}
	if &s.pats[1].data[0] != &db.Tables()[1].Data()[0] {
		t.Fatal("the solver reads a copy")
	}
	db = nil
	type board struct {
		cells []uint8
		moves int
	}
	var boards []board
	for cells, d := range testsets.NearDistances(3, 3, 0, 18) {
		if d >= 12 && len(boards) < 40 {
			boards = append(boards, board{[]uint8(cells), d})
		}
	}
	stop, done := make(chan struct{}), make(chan error)
	go func() {
		for i := 0; ; i++ {
			select {
			case <-stop:
				done <- nil
				return
			default:
			}
			b := boards[i%len(boards)]
			res, err := s.Solve(ctx, b.cells, Limit{})
			if err != nil || len(res.Path) != b.moves {
				done <- fmt.Errorf("board %v: %d moves (%v), want %d", b.cells, len(res.Path), err, b.moves)
				return
			}
		}
	}()
	for range 5 {
		pdbcache.Release()
		runtime.GC()
		debug.FreeOSMemory()
		time.Sleep(5 * time.Millisecond)
	}
	close(stop)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// An instance is a line of a testdata file: id, optimal length, the tiles
// row-major (0 the blank) for the goal 0 1 2 ... with the blank on cell 0,
// as labels and as cells in the goal-relative form, where they are the
// same numbers.
type instance struct {
	id, length int
	labels     []int
	cells      []uint8
}

// readInstances reads the instances of the testdata file name, with n
// cells each.
func readInstances(t testing.TB, name string, n int) []instance {
	t.Helper()
	var out []instance
	for _, in := range testsets.Instances(t, name, n) {
		cells := make([]uint8, n)
		for i, l := range in.Labels {
			cells[i] = uint8(l)
		}
		out = append(out, instance{in.ID, in.Optimal, in.Labels, cells})
	}
	return out
}

// readNodeCounts maps each id of the testdata file name to the number in
// its third column (the first node count after id and length).
func readNodeCounts(t testing.TB, name string) map[int]int64 {
	t.Helper()
	out := map[int]int64{}
	for _, r := range testsets.Rows(t, name) {
		if len(r.Nums) < 3 {
			t.Fatalf("%s: a line of %d numbers", name, len(r.Nums))
		}
		out[int(r.Nums[0])] = r.Nums[2]
	}
	return out
}

// checkPath replays a solution (the blank's cells) from cells and fails
// unless every move is legal and it ends on the goal.
func checkPath(t testing.TB, rows, cols, blankVal int, cells []uint8, path []uint8) {
	t.Helper()
	b := append([]uint8(nil), cells...)
	blank := -1
	for c, v := range b {
		if int(v) == blankVal {
			blank = c
		}
	}
	for i, to := range path {
		d := abs(int(to)/cols-blank/cols) + abs(int(to)%cols-blank%cols)
		if int(to) >= rows*cols || d != 1 {
			t.Fatalf("move %d: blank %d to %d is not a move", i, blank, to)
		}
		b[blank], b[to] = b[to], b[blank]
		blank = int(to)
	}
	for c, v := range b {
		if int(v) != c {
			t.Fatalf("path of %d moves ends on %v, not the goal", len(path), b)
		}
	}
}

// encodeBoard returns the codes of the board labels against g, failing t
// on an error.
func encodeBoard(t testing.TB, g *tiles.Goal, labels []int) []int32 {
	t.Helper()
	code, err := g.Encode(labels)
	if err != nil {
		t.Fatal(err)
	}
	return code
}
