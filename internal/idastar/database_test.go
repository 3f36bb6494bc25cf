package idastar

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/pdb"
	"github.com/slidekit/slide/internal/pdbcache"
	"github.com/slidekit/slide/internal/testsets"
	"github.com/slidekit/slide/internal/tiles"
)

// cellLabels returns the labels of tiles.NewCellGoal(rows, cols, blank),
// row-major: the cells' numbers around the blank.
func cellLabels(rows, cols, blank int) []int {
	labels := make([]int, rows*cols)
	for c := range labels {
		switch {
		case c < blank:
			labels[c] = c + 1
		case c > blank:
			labels[c] = c
		}
	}
	return labels
}

// databaseSpace returns the space of the 3 x 3 goal of cellLabels whose
// blank belongs on cell blank, under a database of two four-tile patterns:
// one made for the goal (custom), or one for the blank on cell 0 that
// tiles.Orient fits to it; its tables are built in memory.
func databaseSpace(t *testing.T, blank int, custom bool) (*tiles.Goal, *tiles.Space) {
	t.Helper()
	var cells []uint8
	for c := range 9 {
		if c != blank || !custom && c != 0 {
			cells = append(cells, uint8(c))
		}
	}
	spec := pdb.Spec{Rows: 3, Cols: 3, Blank: blank, Patterns: [][]uint8{cells[:4], cells[4:8]}}
	if !custom {
		spec = pdb.Spec{Rows: 3, Cols: 3, Blank: 0, Patterns: [][]uint8{{1, 2, 3, 4}, {5, 6, 7, 8}}}
	}
	g := tiles.NewCellGoal(3, 3, blank)
	return g, databaseSpaceOf(g, spec, custom, pdbcache.Request{DirSet: true, Build: true})
}

// databaseSpaceOf returns the space of g under the database spec, opened
// as req says.
func databaseSpaceOf(g *tiles.Goal, spec pdb.Spec, custom bool, req pdbcache.Request) *tiles.Space {
	sp := tiles.NewSpace(g, tiles.Heuristic{Kind: tiles.Database, Name: "test", Spec: spec, Custom: custom}, false)
	sp.Request = req
	return sp
}

// walkFrom returns the board n random moves from the 3 x 3 goal of
// cellLabels with the blank on cell blank, as labels and as codes of g.
func walkFrom(t *testing.T, rng *rand.Rand, g *tiles.Goal, blank, n int) ([]int, []int32) {
	t.Helper()
	labels := testsets.RandomWalk(rng, 3, 3, cellLabels(3, 3, blank), 0, n)
	return labels, encodeBoard(t, g, labels)
}

// distance returns the fewest moves from the 3 x 3 board code, of the goal
// whose blank is on cell blank, by breadth-first search.
func distance(t *testing.T, distances map[uint64]int, blank int, code []int32) int {
	t.Helper()
	var key uint64
	for c, v := range code {
		cell := uint64(v)
		if v == tiles.BlankCode {
			cell = uint64(blank)
		}
		key |= cell << (4 * c)
	}
	d, ok := distances[key]
	if !ok {
		t.Fatalf("%v: no distance", code)
	}
	return d
}

// TestDatabaseIDA checks the pattern databases' IDA* against
// breadth-first distances on random 3 x 3 boards: a custom partition, and
// a partition for the blank on cell 0 turned to a goal with the blank in
// another corner or moved to a goal with the blank in the middle, with and
// without walking distance, on one worker and two; each answer is a legal
// path of the shortest length, in the board's own cells.
func TestDatabaseIDA(t *testing.T) {
	rng := rand.New(rand.NewPCG(52, 53))
	ctx := context.Background()
	for _, c := range []struct {
		blank  int
		custom bool
	}{{8, true}, {4, true}, {0, false}, {8, false}, {2, false}, {4, false}} {
		g, sp := databaseSpace(t, c.blank, c.custom)
		if !SolverFits(sp) {
			t.Fatalf("blank on %d, custom %v: the solver does not fit", c.blank, c.custom)
		}
		dist := testsets.Distances(3, 3, c.blank)
		for i := range 6 {
			labels, code := walkFrom(t, rng, g, c.blank, 40)
			want := distance(t, dist, c.blank, code)
			var st tiles.Stats
			blanks, err := DatabaseIDA(ctx, sp, code, engine.Bounds{}, 1+i%2, i%3 == 0, nil, &st)
			if err != nil {
				t.Fatalf("blank on %d, custom %v: %v", c.blank, c.custom, err)
			}
			testsets.CheckBlanks(t, 3, labels, cellLabels(3, 3, c.blank), blanks, want)
			if want > 0 && (st.Generated == 0 || st.Workers != 1+i%2) {
				t.Errorf("blank on %d, custom %v: stats %+v", c.blank, c.custom, st)
			}
			if want < 8 {
				continue
			}
			var le *engine.LimitError
			if _, err := DatabaseIDA(ctx, sp, code, engine.Bounds{Nodes: 2}, 1, false, nil, &st); !errors.As(err, &le) || le.Limit != "nodes" {
				t.Errorf("node limit 2 for %d moves: %v", want, err)
			}
			if _, err := DatabaseIDA(ctx, sp, code, engine.Bounds{Cost: float64(want - 1)}, 1, false, nil, &st); !engine.Is(err, engine.NotFound) {
				t.Errorf("cost bound %d for %d moves: %v", want-1, want, err)
			}
		}
	}
}

// TestDatabaseIDAErrors checks that DatabaseIDA passes on a database that
// cannot be had: one not cached that may not be built, and one for another
// board size.
func TestDatabaseIDAErrors(t *testing.T) {
	g := tiles.NewCellGoal(3, 3, 8)
	nowhere := pdb.Spec{Rows: 3, Cols: 3, Blank: 8, Patterns: [][]uint8{{0, 1, 2}, {3, 4, 5, 6, 7}}} // built nowhere
	sp := databaseSpaceOf(g, nowhere, true, pdbcache.Request{DirSet: true})
	_, code := walkFrom(t, rand.New(rand.NewPCG(54, 55)), g, 8, 20)
	var st tiles.Stats
	if _, err := DatabaseIDA(context.Background(), sp, code, engine.Bounds{}, 1, false, nil, &st); err == nil {
		t.Error("a database that may not be built: no error")
	}
	shipped := tiles.NewSpace(g, tiles.Heuristic{Kind: tiles.Database, Name: "pdb663", Spec: pdb.Korf663()}, false)
	if _, err := DatabaseIDA(context.Background(), shipped, code, engine.Bounds{}, 1, false, nil, &st); !engine.Is(err, engine.Option) {
		t.Errorf("a 4 x 4 partition on 3 x 3: %v, want an Option error", err)
	}
}

// TestSolverFits pins which spaces the database IDA* takes: at most 32
// cells, and a custom partition of at most 16 patterns.
func TestSolverFits(t *testing.T) {
	many := make([][]uint8, 17)
	for i := range many {
		many[i] = []uint8{uint8(i + 1)}
	}
	for _, c := range []struct {
		rows, cols int
		h          tiles.Heuristic
		want       bool
	}{
		{4, 4, tiles.Heuristic{Kind: tiles.Database, Spec: pdb.Korf663()}, true},
		{5, 5, tiles.Heuristic{Kind: tiles.Database, Spec: pdb.Korf6666()}, true},
		{6, 6, tiles.Heuristic{Kind: tiles.Database, Spec: pdb.Six35()}, false},
		{5, 5, tiles.Heuristic{Kind: tiles.Database, Spec: pdb.Spec{Rows: 5, Cols: 5, Patterns: many}, Custom: true}, false},
		{5, 5, tiles.Heuristic{Kind: tiles.Database, Spec: pdb.Spec{Rows: 5, Cols: 5, Patterns: many[:16]}, Custom: true}, true},
	} {
		sp := tiles.NewSpace(tiles.NewGoal(c.rows, c.cols, testsets.BlankLast(c.rows*c.cols), true), c.h, false)
		if got := SolverFits(sp); got != c.want {
			t.Errorf("%dx%d, %d patterns, custom %v: SolverFits %v", c.rows, c.cols, len(c.h.Spec.Patterns), c.h.Custom, got)
		}
	}
}

// TestAutoDatabaseIDA checks the three ways AutoDatabaseIDA answers, each
// optimally: from the tables; with linear conflicts first, within its
// budget, for large tables only on disk (every table is large when
// AutoSmallTables is 0); and with linear conflicts when the tables cannot
// be had. Fallback tells which, and a node limit below the first attempt's
// budget stops the search.
func TestAutoDatabaseIDA(t *testing.T) {
	defer func(old int64) { AutoSmallTables = old }(AutoSmallTables)
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(56, 57))
	g, sp := databaseSpace(t, 8, true)
	missing := databaseSpaceOf(g, pdb.Spec{Rows: 3, Cols: 3, Blank: 8, Patterns: [][]uint8{{0, 1, 2, 3, 4}, {5, 6, 7}}}, true, pdbcache.Request{DirSet: true})
	dist := testsets.Distances(3, 3, 8)
	for i := range 4 {
		labels, code := walkFrom(t, rng, g, 8, 40)
		want := distance(t, dist, 8, code)
		for _, c := range []struct {
			name     string
			sp       *tiles.Space
			onDisk   bool
			small    int64
			fallback bool
		}{
			{"in memory", sp, false, 4 << 20, false},
			{"small on disk", sp, true, 4 << 20, false},
			{"large on disk", sp, true, 0, true},
			{"not to be had", missing, false, 4 << 20, true},
		} {
			AutoSmallTables = c.small
			var st tiles.Stats
			blanks, err := AutoDatabaseIDA(ctx, c.sp, code, engine.Bounds{}, 1+i%2, c.onDisk, nil, &st)
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			testsets.CheckBlanks(t, 3, labels, cellLabels(3, 3, 8), blanks, want)
			if st.Fallback != c.fallback || want > 0 && st.Generated == 0 {
				t.Errorf("%s: stats %+v, want Fallback %v", c.name, st, c.fallback)
			}
		}
		if want < 10 {
			continue
		}
		AutoSmallTables = 0
		var st tiles.Stats
		var le *engine.LimitError
		if _, err := AutoDatabaseIDA(ctx, sp, code, engine.Bounds{Nodes: 3}, 1, true, nil, &st); !errors.As(err, &le) || !st.Fallback {
			t.Errorf("node limit 3 for %d moves: %v, stats %+v", want, err, st)
		}
	}
}
