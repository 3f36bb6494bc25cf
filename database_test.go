package slide

import (
	"context"
	"errors"
	"math/rand/v2"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/slidekit/slide/internal/pdbcache"
	"github.com/slidekit/slide/internal/tiles"
)

// TestParseDatabaseErrors checks that every bad partition is refused with
// its class and a message naming the problem.
func TestParseDatabaseErrors(t *testing.T) {
	g35, g44, g66 := Goal(3, 5), Goal(4, 4), Goal(6, 6)
	seq := func(from, to int) string {
		var s []string
		for i := from; i <= to; i++ {
			s = append(s, itoa(i))
		}
		return strings.Join(s, " ")
	}
	for _, c := range []struct {
		goal      Board
		partition string
		class     error
		want      string
	}{
		{Board{}, "1", ErrSize, "zero Board"},
		{Goal(1, 5), "1 2 3 4", ErrSize, "at least 2 x 2"},
		{Goal(9, 9), "1", ErrSize, "at most 64 cells"},
		{MustParseBoard("2\n1 1\n2 0\n"), "1/2", ErrTile, "label 1 twice"},
		{g35, "", ErrSyntax, "empty partition"},
		{g35, "1 2 3 4 5//6 7 8 9 10 11 12 13 14", ErrSyntax, "group 2 is empty"},
		{g35, "1 2 3 4 x5/6 7 8 9 10/11 12 13 14", ErrSyntax, `"x5" is not a tile label`},
		{g35, "1 2 3 4 " + strings.Repeat("9", 100) + "/6", ErrSyntax, "(100 bytes)"},
		{g35, "1 2 3 4 5/5 6 7 8 9 10/11 12 13 14", ErrTile, "label 5 is in groups 1 and 2"},
		{g35, "1 2 3 4 5 5/6 7 8 9 10/11 12 13 14", ErrTile, "group 1 holds label 5 twice"},
		{g35, "1 2 3 4 5/6 7 8 9 10/11 12 13", ErrTile, "label 14 is in no group"},
		{g35, "1 2 3 4 5/6 7 8 9 10", ErrTile, "labels 11, 12, 13 and 14 are in no group"},
		{g35, "1 2 3 4 5/6 7 8 9 10/11 12 13 14 15", ErrTile, "label 15 is not on the 3 x 5 goal"},
		{g35, "0 1 2 3 4 5/6 7 8 9 10/11 12 13 14", ErrTile, "group 1 holds the blank"},
		{g35, seq(1, 14), ErrSize, "over the builder's limit of 2^33"},
		{g66, seq(1, 6) + "/" + seq(7, 35), ErrSize, "has 29 tiles: the builder takes at most 24"},
		{g44, "1 2 3 4 5 6 7 8 9 10 11/12 13 14 15", ErrSize, "over the builder's limit"},
	} {
		_, err := ParseDatabase(c.goal, c.partition)
		if !errors.Is(err, c.class) || err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseDatabase(%q): %v, want %v containing %q", c.partition, err, c.class, c.want)
		}
		if err != nil && strings.Contains(err.Error(), "pdb:") {
			t.Errorf("ParseDatabase(%q): %v leaks the internal prefix", c.partition, err)
		}
	}
}

// TestParseDatabaseSyntax checks the forms of a partition that
// ParseDatabase documents: labels separated by spaces, tabs, line breaks
// or commas in any mix, groups by "/", all read as the same Database; a
// comma does not separate groups.
func TestParseDatabaseSyntax(t *testing.T) {
	g := Goal(3, 3)
	want := MustParseDatabase(g, "1 2 3/4 5 6 7 8")
	for _, form := range []string{
		"1,2,3/4,5,6,7,8",
		" 1, 2 3 / 4 5,6 7 8",
		"1\t2\t3/4\n5\r\n6,,7 , 8,",
		",1 2 3,/,4 5 6 7 8",
		"8 7 6 5 4/3 2 1",
	} {
		if d, err := ParseDatabase(g, form); err != nil || d != want {
			t.Errorf("ParseDatabase(%q) = %v, %v; want %v", form, d, err, want)
		}
	}
	if d, err := ParseDatabase(g, "1 2 3,4 5 6 7 8"); err != nil || d.String() != "1 2 3 4 5 6 7 8" {
		t.Errorf("a comma between groups: %v, %v; want one group", d, err)
	}
	for _, form := range []string{"1 2 3/,/4 5 6 7 8", "1 2 3/4 5 6 7 8/", "1;2;3/4 5 6 7 8"} {
		if d, err := ParseDatabase(g, form); err == nil {
			t.Errorf("ParseDatabase(%q) = %v, want an error", form, d)
		}
	}
}

func itoa(i int) string { return strconv.Itoa(i) }

// TestDatabaseValue checks that a Database is canonical: the order of the
// groups and labels does not matter, String round-trips, and the cost
// estimates follow the table sizes.
func TestDatabaseValue(t *testing.T) {
	g := Goal(3, 5)
	a := MustParseDatabase(g, "1 2 3 4 5/6 7 8 9 10/11 12 13 14")
	b := MustParseDatabase(g, " 14,13 12 11 / 10 9 8 7 6/5 4 3 2 1 ")
	if a != b || a.String() != "1 2 3 4 5/6 7 8 9 10/11 12 13 14" {
		t.Fatalf("%q != %q", a, b)
	}
	if c, err := ParseDatabase(g, a.String()); err != nil || c != a {
		t.Fatalf("round trip: %v %v", c, err)
	}
	if got := a.Groups(); len(got) != 3 || len(got[2]) != 4 || got[2][0] != 11 {
		t.Errorf("Groups: %v", got)
	}
	entries := a.Entries()
	if len(entries) != 3 || entries[0] != 15*14*13*12*11 || entries[2] != 15*14*13*12 {
		t.Errorf("Entries: %v", entries)
	}
	// Memory counts the compact entries of each table (half a byte) and
	// their sparse layouts for the beams (15^k entries, half a byte each).
	compact := int64(2*360360+32760) / 2
	sparse := int64(2*(15*15*15*15*15+1)/2 + (15*15*15*15+1)/2)
	if tables, build, _ := a.Heuristic().Memory(); tables != compact+sparse || build < tables || build > 10*tables {
		t.Errorf("Memory: tables %d, build %d", tables, build)
	}
	var zero Database
	if tables, _, _ := zero.Heuristic().Memory(); zero.IsValid() || tables != 0 || zero.Entries() != nil {
		t.Error("zero Database")
	}
	if err := (Cache{}).Build(context.Background(), zero.Heuristic()); !errors.Is(err, ErrOption) {
		t.Errorf("zero Build: %v", err)
	}
}

// TestDatabaseWholeSpaces checks custom databases on every board of the
// 2 x 3, 2 x 4 and 3 x 3 shapes against BFS distances, with the blank's
// goal in a corner, in the middle and last: each estimate is a lower bound
// (0 exactly at the goal), and Solve with it finds the BFS distance, on
// every board of the smaller spaces and a sample of the 3 x 3 one, by the
// database IDA* and by A*.
func TestDatabaseWholeSpaces(t *testing.T) {
	useTempCache(t)
	mid3 := MustParseBoard("3\n1 2 3\n4 0 5\n6 7 8\n")
	for _, c := range []struct {
		goal       Board
		partitions []string
		every      int // solve every board whose index in its layer is a multiple
	}{
		{Goal(2, 3), []string{"1 2/3 4 5", "1 4/2 3 5", "1/2/3/4/5"}, 1},
		{MustParseBoard("2 3\n1 0 2\n3 4 5\n"), []string{"1 2 3/4 5"}, 1},
		{Goal(2, 4), []string{"1 2 3/4 5 6 7", "1 5/2 6/3 7/4"}, 3},
		{blankFirstGoal(3, 3), []string{"1 2 3 4/5 6 7 8", "1 2 3/4 5 6/7 8"}, 197},
		{mid3, []string{"1 2 3 4/5 6 7 8", "1 4 6/2 3 5 7 8"}, 197},
		{Goal(3, 3), []string{"1 2 3 4/5 6 7 8"}, 197},
	} {
		layers := layersFrom(t, c.goal)
		tg, err := newTarget("test", c.goal)
		if err != nil {
			t.Fatal(err)
		}
		for _, text := range c.partitions {
			d := MustParseDatabase(c.goal, text)
			if err := (Cache{}).Build(context.Background(), d.Heuristic()); err != nil {
				t.Fatal(err)
			}
			// One estimator for the whole space (Heuristic.Estimate makes
			// one a call), checked against Heuristic.Estimate below.
			sp := tiles.NewSpace(tg, d.Heuristic().tiles(), false)
			sp.Request = Cache{}.request(true, Limits{})
			if err := sp.Attach(context.Background(), false); err != nil {
				t.Fatal(err)
			}
			solved := 0
			for dist, layer := range layers {
				for i, b := range layer {
					code, err := encode("test", tg, b)
					if err != nil {
						t.Fatal(err)
					}
					h := sp.EstimateCode(code)
					if md := tg.Estimate(tiles.Manhattan, code); h > dist || (h == 0) != (dist == 0) || h < md {
						t.Fatalf("%v %q: estimate %d for a board %d moves away, Manhattan %d\n%v", c.goal, text, h, dist, md, b)
					}
					if every := c.every * shortEvery(min(c.every, 8)); i%every != 0 {
						continue
					}
					if h2, err := d.Heuristic().Estimate(b, c.goal); err != nil || h2 != h {
						t.Fatalf("Heuristic.Estimate %d (%v), want %d", h2, err, h)
					}
					algos := []Algorithm{AlgoAuto}
					if solved%5 == 0 {
						algos = append(algos, AlgoAStar)
					}
					for _, a := range algos {
						sol, err := Solver{Heuristic: d.Heuristic(), Algorithm: a}.Solve(context.Background(), b, c.goal)
						if err != nil {
							t.Fatal(err)
						}
						checkSolution(t, sol, b, c.goal, dist)
						if sol.Heuristic != d.Heuristic() {
							t.Fatalf("solved with %v", sol.Heuristic)
						}
					}
					solved++
				}
			}
			if solved < 100 && len(layers) > 20 {
				t.Errorf("%q: only %d boards solved", text, solved)
			}
		}
	}
}

// sampleBoards returns n boards at the end of random walks of 20 to
// 20+spread-1 moves from goal, with their distances by bidirectional BFS.
func sampleBoards(t *testing.T, rng *rand.Rand, goal Board, n, spread int) ([]Board, []int) {
	t.Helper()
	var boards []Board
	var dists []int
	for range n {
		b := randomWalk(rng, goal, 20+rng.IntN(spread))
		sol, err := Solver{Algorithm: AlgoBidirectional}.Solve(context.Background(), b, goal)
		if err != nil {
			t.Fatal(err)
		}
		boards, dists = append(boards, b), append(dists, sol.Len())
	}
	return boards, dists
}

// TestDatabase3x4 checks a 6-5 and a 4-4-3 database of the 3 x 4 board on
// sampled boards against bidirectional BFS.
func TestDatabase3x4(t *testing.T) {
	useTempCache(t)
	goal := Goal(3, 4)
	boards, dists := sampleBoards(t, rand.New(rand.NewPCG(3, 4)), goal, 40, 40)
	for _, text := range []string{"1 2 3 4 5 6/7 8 9 10 11", "1 2 5 6/3 4 7 8/9 10 11"} {
		d := MustParseDatabase(goal, text)
		for i, b := range boards {
			sol, err := Solver{Heuristic: d.Heuristic()}.Solve(context.Background(), b, goal)
			if err != nil {
				t.Fatal(err)
			}
			checkSolution(t, sol, b, goal, dists[i])
			if h, err := d.Heuristic().Estimate(b, goal); err != nil || h > dists[i] {
				t.Fatalf("estimate %d (%v) for %d moves", h, err, dists[i])
			}
		}
	}
}

// TestDatabase3x5 solves 3 x 5 boards optimally with a 5-5-4 database:
// sampled boards against bidirectional BFS, and boards far from the goal
// against IDA* with linear conflicts, which is also optimal, with fewer
// nodes.
func TestDatabase3x5(t *testing.T) {
	useTempCache(t)
	goal := Goal(3, 5)
	d := MustParseDatabase(goal, "1 2 3 4 5/6 7 8 9 10/11 12 13 14")
	var seen []DatabaseProgress
	if err := (Cache{Progress: func(p DatabaseProgress) { seen = append(seen, p) }}).Build(context.Background(), d.Heuristic()); err != nil {
		t.Fatal(err)
	}
	if len(seen) == 0 || seen[0].Tables != 3 || seen[0].Reason != "" || seen[len(seen)-1].Table > 2 || seen[0].Heuristic != d.Heuristic() {
		t.Fatalf("progress: %v", seen)
	}
	rng := rand.New(rand.NewPCG(3, 5))
	boards, dists := sampleBoards(t, rng, goal, 40, 20)
	for i, b := range boards {
		sol, err := Solver{Heuristic: d.Heuristic()}.Solve(context.Background(), b, goal)
		if err != nil {
			t.Fatal(err)
		}
		checkSolution(t, sol, b, goal, dists[i])
	}
	compared := 0
	for range 8 {
		b := randomWalk(rng, goal, 200+rng.IntN(100))
		// Boards that take linear conflicts over 5M nodes are skipped,
		// to keep the test short.
		ref, err := Solver{Heuristic: LinearConflict, Algorithm: AlgoIDAStar, Limits: Limits{MaxNodes: 5e6}}.Solve(context.Background(), b, goal)
		if errors.Is(err, ErrLimit) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		compared++
		sol, err := Solver{Heuristic: d.Heuristic()}.Solve(context.Background(), b, goal)
		if err != nil {
			t.Fatal(err)
		}
		checkSolution(t, sol, b, goal, ref.Len())
		if sol.Generated > ref.Generated {
			t.Errorf("%d moves: the database generated %d nodes, linear conflicts %d", ref.Len(), sol.Generated, ref.Generated)
		}
	}
	if compared < 4 {
		t.Errorf("only %d boards compared with linear conflicts", compared)
	}
}

// TestDatabaseCenterBlank solves the 15-puzzle with its blank's goal in
// the middle by a 5-5-5 database, against linear conflicts.
func TestDatabaseCenterBlank(t *testing.T) {
	useTempCache(t)
	goal := MustParseBoard("4\n1 2 3 4\n5 0 6 7\n8 9 10 11\n12 13 14 15\n")
	d := MustParseDatabase(goal, "1 2 3 4 7/5 8 9 12 13/6 10 11 14 15")
	rng := rand.New(rand.NewPCG(4, 4))
	for range 6 {
		b := randomWalk(rng, goal, 30+rng.IntN(40))
		ref, err := Solver{Heuristic: LinearConflict}.Solve(context.Background(), b, goal)
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range []Heuristic{d.Heuristic(), d.Heuristic().WithWalkingDistance()} {
			sol, err := Solver{Heuristic: h}.Solve(context.Background(), b, goal)
			if err != nil {
				t.Fatal(err)
			}
			checkSolution(t, sol, b, goal, ref.Len())
		}
	}
}

// TestDatabaseGenericRoute solves with databases the pattern-database IDA*
// does not take (a board of more than 32 cells, more than 16 groups),
// through the generic engines, against linear conflicts.
func TestDatabaseGenericRoute(t *testing.T) {
	useTempCache(t)
	g57 := Goal(5, 7)
	var groups []string // ten groups of 3 and one of 4
	for i := 1; i <= 28; i += 3 {
		groups = append(groups, itoa(i)+" "+itoa(i+1)+" "+itoa(i+2))
	}
	groups = append(groups, "31 32 33 34")
	single := make([]string, 24)
	for i := range single {
		single[i] = itoa(i + 1)
	}
	rng := rand.New(rand.NewPCG(5, 7))
	for _, c := range []struct {
		goal      Board
		partition string
	}{
		{g57, strings.Join(groups, "/")},
		{Goal(5, 5), strings.Join(single, "/")},
	} {
		d := MustParseDatabase(c.goal, c.partition)
		for range 3 {
			b := randomWalk(rng, c.goal, 14+rng.IntN(10))
			ref, err := Solver{Heuristic: LinearConflict}.Solve(context.Background(), b, c.goal)
			if err != nil {
				t.Fatal(err)
			}
			sol, err := Solver{Heuristic: d.Heuristic()}.Solve(context.Background(), b, c.goal)
			if err != nil {
				t.Fatal(err)
			}
			checkSolution(t, sol, b, c.goal, ref.Len())
			if sol.Heuristic != d.Heuristic() || sol.Engine != "idastar" {
				t.Errorf("ran %v with %v", sol.Engine, sol.Heuristic)
			}
		}
	}
}

// TestDatabaseHeuristicErrors checks the misuses of a Database's
// heuristic: for another goal, of the zero Database, maxed with walking
// distance where that does not fit.
func TestDatabaseHeuristicErrors(t *testing.T) {
	dir := useTempCache(t)
	d := MustParseDatabase(Goal(2, 3), "1 2/3 4 5")
	b := Goal(2, 3).Twin().Twin()
	for name, c := range map[string]struct {
		goal Board
		h    Heuristic
		want string
	}{
		"other goal": {blankFirstGoal(2, 3), d.Heuristic(), "another goal"},
		"zero":       {Goal(2, 3), Database{}.Heuristic(), "zero Database"},
		"wd on 2x5":  {Goal(2, 5), MustParseDatabase(Goal(2, 5), "1 2 3 4 5/6 7 8 9").Heuristic().WithWalkingDistance(), "2 x 2 to 4 x 4"},
	} {
		start := b
		if c.goal != Goal(2, 3) {
			start = randomWalk(rand.New(rand.NewPCG(1, 1)), c.goal, 5)
		}
		if _, err := (Solver{Heuristic: c.h}).Solve(context.Background(), start, c.goal); !errors.Is(err, ErrOption) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want ErrOption with %q", name, err, c.want)
		}
		if _, err := c.h.Estimate(start, c.goal); !errors.Is(err, ErrOption) {
			t.Errorf("%s: Estimate: %v, want ErrOption", name, err)
		}
	}
	if err := (Cache{}).Build(context.Background(), Database{}.Heuristic()); !errors.Is(err, ErrOption) {
		t.Errorf("Build of the zero Database: %v", err)
	}
	if _, err := d.Heuristic().Estimate(Goal(3, 2), d.Goal()); !errors.Is(err, ErrMismatch) {
		t.Errorf("Estimate of another size: %v", err)
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "slide", "pdb", "*")); len(files) != 0 {
		t.Errorf("errors left files: %v", files)
	}
}

// TestDatabaseBuildLimits: a build over the memory bound is refused at
// once, before any table is built; a cancelled build stops.
func TestDatabaseBuildLimits(t *testing.T) {
	useTempCache(t)
	g66 := Goal(6, 6)
	var groups []string
	for i := 1; i <= 35; i += 5 {
		groups = append(groups, itoa(i)+" "+itoa(i+1)+" "+itoa(i+2)+" "+itoa(i+3)+" "+itoa(i+4))
	}
	big := MustParseDatabase(g66, strings.Join(groups, "/")) // seven groups of 5
	if _, build, _ := big.Heuristic().Memory(); build < 250e6 || build > 350e6 {
		t.Errorf("6x6 5-5-5-5-5-5-5 build %d bytes, want about 0.3 GB (285 MB measured)", build)
	}
	called := false
	began := time.Now()
	err := Cache{BuildMemory: 100 << 20, Progress: func(DatabaseProgress) { called = true }}.Build(context.Background(), big.Heuristic())
	if !errors.Is(err, ErrLimit) || called || !strings.Contains(err.Error(), "100 MiB") || time.Since(began) > time.Second {
		t.Errorf("over the bound: %v, progress %v, after %v", err, called, time.Since(began))
	}
	start := randomWalk(rand.New(rand.NewPCG(6, 6)), g66, 10)
	if _, err := (Solver{Heuristic: big.Heuristic(), Limits: Limits{MaxMemory: 100 << 20}}).Solve(context.Background(), start, g66); !errors.Is(err, ErrLimit) {
		t.Errorf("Solve over the bound: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := (Cache{}).Build(ctx, MustParseDatabase(Goal(3, 5), "1 2 3 4 6/5 7 8 9 10/11 12 13 14").Heuristic()); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled build: %v", err)
	}
}

// FuzzParseDatabase: no text makes ParseDatabase panic; what it accepts
// covers every tile once, and its String reads back to the same value.
func FuzzParseDatabase(f *testing.F) {
	for _, s := range []string{"1 2 3 4 5/6 7 8 9 10/11 12 13 14", "1,2/3", "14 13/12 11 10 9 8 7 6 5 4 3 2 1", "0/1", "//", "1 2 3 4 5 6 7 8 9 10 11 12 13 14"} {
		f.Add(s)
	}
	goal := Goal(3, 5)
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseDatabase(goal, s)
		if err != nil {
			if !errors.Is(err, ErrSyntax) && !errors.Is(err, ErrTile) && !errors.Is(err, ErrSize) {
				t.Fatalf("%q: error of no class: %v", s, err)
			}
			return
		}
		seen := map[int]bool{}
		for _, g := range d.Groups() {
			for _, l := range g {
				if seen[l] || l < 1 || l > 14 {
					t.Fatalf("%q: label %d", s, l)
				}
				seen[l] = true
			}
		}
		if len(seen) != 14 {
			t.Fatalf("%q: %d labels", s, len(seen))
		}
		if back, err := ParseDatabase(goal, d.String()); err != nil || back != d {
			t.Fatalf("%q: %q reads back as %v, %v", s, d.String(), back, err)
		}
	})
}

// TestDatabaseParallel: goroutines that solve with one Database share its
// build, and releasing the tables meanwhile harms none of them (run with
// -race).
func TestDatabaseParallel(t *testing.T) {
	useTempCache(t)
	t.Cleanup(pdbcache.Release)
	goal := Goal(2, 4)
	d := MustParseDatabase(goal, "1 2 5 6/3 4 7")
	layers := layersFrom(t, goal)
	builds := make(chan int, 64)
	errs := make(chan error, 8)
	for w := range 8 {
		go func() {
			for i := w; i < len(layers); i += 8 {
				if w == 3 && i%5 == 3 {
					pdbcache.Release()
				}
				if err := (Cache{Progress: func(p DatabaseProgress) {
					if p.Depth == 1 {
						builds <- p.Table
					}
				}}).Build(context.Background(), d.Heuristic()); err != nil {
					errs <- err
					return
				}
				b := layers[i][0]
				sol, err := Solver{Heuristic: d.Heuristic()}.Solve(context.Background(), b, goal)
				if err == nil && sol.Len() != i {
					err = errors.New("wrong length")
				}
				if err != nil {
					errs <- err
					return
				}
			}
			errs <- nil
		}()
	}
	for range 8 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	if len(builds) != 2 {
		t.Errorf("%d tables built, want 2 (one build shared, reloads from disk)", len(builds))
	}
}
