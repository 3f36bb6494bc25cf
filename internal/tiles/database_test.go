package tiles

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/pdb"
)

// TestOrient checks how a shipped partition fits a goal: on its own
// board size only (an Option error otherwise); as it is for its own
// blank; through a quarter, half or three-quarter turn, a symmetry of the
// board that takes the blank's goal cell to the partition's, for a blank
// in another corner; and moved to the blank (a database of its own) for
// a blank off the corners.
func TestOrient(t *testing.T) {
	h := Heuristic{Kind: Database, Name: "pdb555", Spec: pdb.Korf555()}
	if _, _, err := Orient(h, 3, 3, 0); !engine.Is(err, engine.Option) {
		t.Errorf("a 4 x 4 partition on 3 x 3: %v, want an Option error", err)
	}
	for blank := range 16 {
		rot, spec, err := Orient(h, 4, 4, blank)
		if err != nil {
			t.Fatalf("blank on %d: %v", blank, err)
		}
		corner := blank == 0 || blank == 3 || blank == 12 || blank == 15
		switch {
		case blank == 0:
			if rot != nil || spec.String() != h.Spec.String() {
				t.Errorf("blank on 0: %v, %v; want the partition as it is", rot, spec)
			}
		case corner:
			if spec.String() != h.Spec.String() || rot == nil || int(rot[blank]) != 0 {
				t.Fatalf("blank on %d: %v takes it to %v, with %v", blank, rot, rot[blank], spec)
			}
			g := NewGoal(4, 4, standardLabels(16), true)
			for a := range 16 {
				if back := rot.Back(int(rot[a])); back != a {
					t.Fatalf("blank on %d: Back(%d) = %d, want %d", blank, rot[a], back, a)
				}
				for b := range 16 {
					if g.Dist(a, b) != g.Dist(int(rot[a]), int(rot[b])) {
						t.Fatalf("blank on %d: %v is not a symmetry of the board", blank, rot)
					}
				}
			}
		default:
			if rot != nil || spec.Blank != blank || spec.String() != h.Spec.WithBlank(blank).String() {
				t.Errorf("blank on %d: %v, %v; want the partition moved to the blank", blank, rot, spec)
			}
		}
	}
	var id Orientation
	if id.Back(7) != 7 {
		t.Error("the identity's Back is not the identity")
	}
	if (Orientation{1, 0}).Back(5) != -1 {
		t.Error("Back of a cell nothing maps to")
	}
}

// TestOrientationApply checks Apply against its definition, a tile whose
// goal is v on cell c becoming tile o[v] on cell o[c], on random boards.
func TestOrientationApply(t *testing.T) {
	rng := rand.New(rand.NewPCG(50, 51))
	h := Heuristic{Kind: Database, Name: "pdb663", Spec: pdb.Korf663()}
	rot, _, err := Orient(h, 4, 4, 15)
	if err != nil {
		t.Fatal(err)
	}
	for range 100 {
		vals := rng.Perm(16)
		got := rot.Apply(vals)
		for c, v := range vals {
			if got[rot[c]] != rot[v] {
				t.Fatalf("Apply(%v) = %v: cell %d", vals, got, c)
			}
		}
		ident := Orientation(nil).Apply(vals)
		for c, v := range vals {
			if int(ident[c]) != v {
				t.Fatalf("the identity's Apply(%v) = %v", vals, ident)
			}
		}
	}
}

// databaseSpace returns the space of a 3 x 3 goal whose blank belongs on
// cell blank, under a database of two four-tile patterns: one made for
// the goal (custom), or one for the blank on cell 0 that Orient fits to
// it; its tables are built in memory.
func databaseSpace(t *testing.T, blank int, custom bool) (*Goal, *Space) {
	t.Helper()
	g := NewCellGoal(3, 3, blank)
	var tiles []uint8
	for c := range 9 {
		if c != blank || !custom && c != 0 {
			tiles = append(tiles, uint8(c))
		}
	}
	spec := pdb.Spec{Rows: 3, Cols: 3, Blank: blank, Patterns: [][]uint8{tiles[:4], tiles[4:8]}}
	if !custom {
		spec = pdb.Spec{Rows: 3, Cols: 3, Blank: 0, Patterns: [][]uint8{{1, 2, 3, 4}, {5, 6, 7, 8}}}
	}
	sp := NewSpace(g, Heuristic{Kind: Database, Name: "test", Spec: spec, Custom: custom}, false)
	sp.Request = pdb.Request{DirSet: true, Build: true}
	return g, sp
}

// TestDatabaseIDA checks the pattern databases' IDA* against
// breadth-first distances on random 3 x 3 boards: a custom partition,
// and a partition for the blank on cell 0 turned to a goal with the blank
// in another corner or moved to a goal with the blank in the middle,
// with and without walking distance, on one worker and two; each answer
// is a legal path of the shortest length, in the board's own cells.
func TestDatabaseIDA(t *testing.T) {
	rng := rand.New(rand.NewPCG(52, 53))
	ctx := context.Background()
	for _, c := range []struct {
		blank  int
		custom bool
	}{{8, true}, {4, true}, {0, false}, {8, false}, {2, false}, {4, false}} {
		g, sp := databaseSpace(t, c.blank, c.custom)
		if !sp.SolverFits() {
			t.Fatalf("blank on %d, custom %v: the solver does not fit", c.blank, c.custom)
		}
		for i := range 6 {
			code := encodeBoard(t, g, randomWalk(rng, 3, 3, g.goalLabels, 40))
			want := bfsDistance(g, code)
			var st Stats
			blanks, err := sp.DatabaseIDA(ctx, code, engine.Limits{}, 1+i%2, i%3 == 0, &st)
			if err != nil {
				t.Fatalf("blank on %d, custom %v: %v", c.blank, c.custom, err)
			}
			checkBlanks(t, g, code, blanks, want)
			if want > 0 && (st.Generated == 0 || st.Workers != 1+i%2) {
				t.Errorf("blank on %d, custom %v: stats %+v", c.blank, c.custom, st)
			}
			if want < 8 {
				continue
			}
			var le *engine.LimitError
			if _, err := sp.DatabaseIDA(ctx, code, engine.Limits{MaxNodes: 2}, 1, false, &st); !errors.As(err, &le) || le.Limit != "nodes" {
				t.Errorf("node limit 2 for %d moves: %v", want, err)
			}
			if _, err := sp.DatabaseIDA(ctx, code, engine.Limits{MaxCost: float64(want - 1)}, 1, false, &st); !engine.Is(err, engine.NotFound) {
				t.Errorf("cost bound %d for %d moves: %v", want-1, want, err)
			}
		}
	}
}

// TestDatabaseIDAErrors checks that DatabaseIDA passes on a database
// that cannot be had: one not cached that may not be built, and one for
// another board size.
func TestDatabaseIDAErrors(t *testing.T) {
	g, sp := databaseSpace(t, 8, true)
	sp.heur.Spec.Patterns = [][]uint8{{0, 1, 2}, {3, 4, 5, 6, 7}} // a partition built nowhere
	sp.Request = pdb.Request{DirSet: true}
	code := encodeBoard(t, g, randomWalk(rand.New(rand.NewPCG(54, 55)), 3, 3, g.goalLabels, 20))
	var st Stats
	if _, err := sp.DatabaseIDA(context.Background(), code, engine.Limits{}, 1, false, &st); err == nil {
		t.Error("a database that may not be built: no error")
	}
	shipped := NewSpace(g, Heuristic{Kind: Database, Name: "pdb663", Spec: pdb.Korf663()}, false)
	if _, err := shipped.DatabaseIDA(context.Background(), code, engine.Limits{}, 1, false, &st); !engine.Is(err, engine.Option) {
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
		h          Heuristic
		want       bool
	}{
		{4, 4, Heuristic{Kind: Database, Spec: pdb.Korf663()}, true},
		{5, 5, Heuristic{Kind: Database, Spec: pdb.Korf6666()}, true},
		{6, 6, Heuristic{Kind: Database, Spec: pdb.Six35()}, false},
		{5, 5, Heuristic{Kind: Database, Spec: pdb.Spec{Rows: 5, Cols: 5, Patterns: many}, Custom: true}, false},
		{5, 5, Heuristic{Kind: Database, Spec: pdb.Spec{Rows: 5, Cols: 5, Patterns: many[:16]}, Custom: true}, true},
	} {
		sp := NewSpace(NewGoal(c.rows, c.cols, standardLabels(c.rows*c.cols), true), c.h, false)
		if got := sp.SolverFits(); got != c.want {
			t.Errorf("%dx%d, %d patterns, custom %v: SolverFits %v", c.rows, c.cols, len(c.h.Spec.Patterns), c.h.Custom, got)
		}
	}
}

// TestAutoDatabaseIDA checks the three ways AutoDatabaseIDA answers, each
// optimally: from the tables; with linear conflicts first, within its
// budget, for large tables only on disk (every table is large when
// AutoSmallTables is 0); and with linear conflicts when the tables cannot
// be had. Fallback tells which, and a node limit below the first
// attempt's budget stops the search.
func TestAutoDatabaseIDA(t *testing.T) {
	defer func(old int64) { AutoSmallTables = old }(AutoSmallTables)
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(56, 57))
	g, sp := databaseSpace(t, 8, true)
	_, missing := databaseSpace(t, 8, true)
	missing.heur.Spec.Patterns = [][]uint8{{0, 1, 2, 3, 4}, {5, 6, 7}}
	missing.Request = pdb.Request{DirSet: true}
	for i := range 4 {
		code := encodeBoard(t, g, randomWalk(rng, 3, 3, g.goalLabels, 40))
		want := bfsDistance(g, code)
		for _, c := range []struct {
			name     string
			sp       *Space
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
			var st Stats
			blanks, err := c.sp.AutoDatabaseIDA(ctx, code, engine.Limits{}, 1+i%2, c.onDisk, &st)
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			checkBlanks(t, g, code, blanks, want)
			if st.Fallback != c.fallback || want > 0 && st.Generated == 0 {
				t.Errorf("%s: stats %+v, want Fallback %v", c.name, st, c.fallback)
			}
		}
		if want < 10 {
			continue
		}
		AutoSmallTables = 0
		var st Stats
		var le *engine.LimitError
		if _, err := sp.AutoDatabaseIDA(ctx, code, engine.Limits{MaxNodes: 3}, 1, true, &st); !errors.As(err, &le) || !st.Fallback {
			t.Errorf("node limit 3 for %d moves: %v, stats %+v", want, err, st)
		}
	}
}
