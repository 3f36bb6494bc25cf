package near

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/pdb"
	"github.com/slidekit/slide/internal/pdbcache"
	"github.com/slidekit/slide/internal/testsets"
	"github.com/slidekit/slide/internal/tiles"
)

// boundConfigs returns the configurations a bound search is tested
// under on rows x cols boards of the goal with the blank on cell 0:
// linear conflicts, and a database of groups of at most four tiles
// (built in memory) whose goal allows the reflected lookup.
func boundConfigs(rows, cols int) []Config {
	var pats [][]uint8
	for v := 1; v < rows*cols; v += 4 {
		var p []uint8
		for u := v; u < min(v+4, rows*cols); u++ {
			p = append(p, uint8(u))
		}
		pats = append(pats, p)
	}
	spec := pdb.Spec{Rows: rows, Cols: cols, Blank: 0, Patterns: pats}
	return []Config{*lcConfig(), {Heuristic: tiles.Heuristic{Kind: tiles.Database, Name: "pdb", Spec: spec, Custom: true},
		Request: pdbcache.Request{DirSet: true, Build: true}}}
}

// packCells packs the cells of a board of at most 16 cells four bits a
// cell, as testsets.Distances keys them.
func packCells(cells []uint8) uint64 {
	var k uint64
	for c, v := range cells {
		k |= uint64(v) << (4 * c)
	}
	return k
}

// TestBoundSearchOracle: on random 3 x 3 boards, under linear conflicts
// and under a database (with its reflected lookup), a bound search
// without a node limit returns the breadth-first distance and a solution
// of that length; cut short at any node budget, the bound it returns is
// at least the start's heuristic, at most the distance, and never falls
// as the budget grows.
func TestBoundSearchOracle(t *testing.T) {
	dist := testsets.Distances(3, 3, 0)
	tg := blankFirstGoal(3, 3)
	rng := rand.New(rand.NewPCG(41, 3))
	for _, cfg := range boundConfigs(3, 3) {
		for range 40 {
			code := randomReaching(rng, tg)
			f, err := newFrame(context.Background(), tg, code, &cfg)
			if err != nil {
				t.Fatal(err)
			}
			if f.rot != nil || (cfg.Heuristic.Kind == tiles.Database) != (f.db != nil) {
				t.Fatal("the frame is not the board under the heuristic asked for")
			}
			want, ok := dist[packCells(f.cells)]
			if !ok {
				t.Fatalf("board %v is not in the oracle", f.cells)
			}
			h := f.estimate()
			got, path := f.newBoundSearch().raise(context.Background(), 0, 0)
			if got != want || path == nil || len(path)-1 != want {
				t.Fatalf("%s, board %v: bound %d, path %v; want the distance %d", heuristicName(f.heur), f.cells, got, path, want)
			}
			checkFramePath(t, f, path)
			last := 0
			for _, nodes := range []int64{1, 10, 100, 1000, 10000} {
				s := f.newBoundSearch()
				b, p := s.raise(context.Background(), 0, nodes)
				if b < max(h, last) || b > want || (p != nil && len(p)-1 != want) || s.generated > nodes {
					t.Fatalf("%s, board %v, %d nodes: bound %d after %d nodes (heuristic %d, distance %d, %d with fewer nodes)",
						heuristicName(f.heur), f.cells, nodes, b, s.generated, h, want, last)
				}
				last = b
			}
		}
	}
}

// TestBoundSearchWalks: on 4 x 4 and 5 x 5 boards a random walk from
// the goal, a bound search under a database and one under linear
// conflicts, each without a node limit, agree on the fewest moves (each
// proves it, so either heuristic's error would show), at most the walk's
// length; so does a search that goes on from a bound an earlier search
// cut short proved.
func TestBoundSearchWalks(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 4))
	for _, size := range []int{4, 5} {
		tg := blankFirstGoal(size, size)
		cfgs := boundConfigs(size, size)
		for _, walk := range []int{10, 20, 30, 40} {
			code := testsets.RandomWalk(rng, tg.Rows, tg.Cols, goalCode(tg), tiles.BlankCode, walk)
			var got []int
			for _, cfg := range cfgs {
				f, err := newFrame(context.Background(), tg, code, &cfg)
				if err != nil {
					t.Fatal(err)
				}
				s := f.newBoundSearch()
				cut, _ := s.raise(context.Background(), 0, 200)
				b, path := f.newBoundSearch().raise(context.Background(), cut, 0)
				if path == nil || len(path)-1 != b || b > walk || cut > b {
					t.Fatalf("%dx%d walk of %d, %s: bound %d (from %d), path of %d moves", size, size, walk, heuristicName(f.heur), b, cut, len(path)-1)
				}
				checkBlanks(t, tg, code, f.back(path))
				got = append(got, b)
			}
			if got[0] != got[1] {
				t.Fatalf("%dx%d walk of %d: the searches found %v moves", size, size, walk, got)
			}
		}
	}
}

// TestBoundSearchStops: a bound search stops within boundPoll boards of a
// cancel, with the bound it started from proven; it stops short of its
// node budget where its next iteration would not complete within it;
// and, once its scratch has grown, generating boards allocates nothing.
func TestBoundSearchStops(t *testing.T) {
	tg := blankFirstGoal(7, 7)
	code := randomReaching(rand.New(rand.NewPCG(41, 7)), tg)
	f, err := newFrame(context.Background(), tg, code, lcConfig())
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s := f.newBoundSearch()
	h := f.estimate()
	if b, path := s.raise(ctx, h+4, 0); b != h+4 || path != nil || s.generated > boundPoll {
		t.Fatalf("cancelled: bound %d (from %d) after %d boards, path %v", b, h+4, s.generated, path)
	}
	// Within 200000 boards it stops where the next iteration would not
	// complete within them; run, that iteration takes more than it left.
	const budget = 200000
	s = f.newBoundSearch()
	b, _ := s.raise(context.Background(), 0, budget)
	left := budget - s.generated
	next := f.newBoundSearch()
	nb, _ := next.raise(context.Background(), b, 20*budget)
	if left <= 0 || b < h || nb != b+2 || next.generated <= left {
		t.Fatalf("bound %d after %d of %d boards; the next iteration proved %d in %d boards", b, s.generated, budget, nb, next.generated)
	}
	s = f.newBoundSearch()
	lower, _ := s.raise(context.Background(), 0, 100000)
	allocs := testing.AllocsPerRun(5, func() {
		lower, _ = s.raise(context.Background(), lower, s.generated+50000)
	})
	if allocs != 0 {
		t.Errorf("a bound search of 50000 boards allocated %.0f times", allocs)
	}
}

// TestAnytimeRaisesBound: the anytime mode's lower bound on a random
// 6 x 6 board passes the start's heuristic (the bound search beside the
// beams completes iterations within its boards), and its node count
// includes the bound search's boards, within the node limit.
func TestAnytimeRaisesBound(t *testing.T) {
	tg := standardGoal(6, 6)
	code := randomReaching(rand.New(rand.NewPCG(41, 6)), tg)
	f, err := newFrame(context.Background(), tg, code, lcConfig())
	if err != nil {
		t.Fatal(err)
	}
	h := f.estimate()
	cfg := *lcConfig()
	cfg.Workers, cfg.clock = 2, &workClock{start: time.Now(), per: 2 * time.Microsecond}
	ans, err := Anytime(context.Background(), tg, code, 400*time.Millisecond, cfg)
	if err != nil {
		t.Fatal(err)
	}
	checkBlanks(t, tg, code, ans.Blanks)
	if ans.Lower <= h || ans.Lower > len(ans.Blanks)-1 {
		t.Errorf("lower bound %d, the start's heuristic %d, the answer %d moves", ans.Lower, h, len(ans.Blanks)-1)
	}
	const limit = 300000
	cfg.clock = &workClock{start: time.Now(), per: 2 * time.Microsecond}
	cfg.Limits = engine.Bounds{Nodes: limit}
	ans, err = Anytime(context.Background(), tg, code, 400*time.Millisecond, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if ans.Generated > limit {
		t.Errorf("%d boards generated, the limit %d", ans.Generated, limit)
	}
}

// randomBoundSearch returns the goal (blank first) of size x size
// boards, the frame of a random board that reaches it under a database
// of groups of four (see boundConfigs), and a bound search of the board,
// its state set to the start (see boundSearch.root).
func randomBoundSearch(t *testing.T, rng *rand.Rand, size int) (*tiles.Goal, *frame, *boundSearch) {
	t.Helper()
	tg := blankFirstGoal(size, size)
	cfg := boundConfigs(size, size)[1]
	f, err := newFrame(context.Background(), tg, randomReaching(rng, tg), &cfg)
	if err != nil {
		t.Fatal(err)
	}
	s := f.newBoundSearch()
	s.root()
	return tg, f, s
}

// TestSplitBound: along random walks on 4 x 4 and 5 x 5 boards under a
// database of groups of four, each split of the bound search scores every
// child as a split of the same patterns scores it from scratch, and moves
// and their undoing keep its state so; some splits bound their start
// above both the database and linear conflicts.
func TestSplitBound(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 5))
	above := 0
	for _, size := range []int{4, 5} {
		for range 20 {
			tg, f, s := randomBoundSearch(t, rng, size)
			for _, sp := range s.splits {
				if sp.value() > max(s.lc, s.p.value()) {
					above++
				}
			}
			// scratch scores the board under split i's patterns from scratch.
			scratch := func(i int) int {
				sp := s.splits[i]
				e := newPDBEval(f.db)
				e.estimate(s.board)
				vals, group := e.vals, func(v uint8) int { return int(e.patOf[v]) }
				if sp.refl {
					vals, group = e.rvals, func(v uint8) int { return int(e.patOf[e.tr[v]]) }
				}
				md := make([]int, len(vals))
				for c, v := range s.board {
					if v != s.blankVal {
						md[group(v)] += s.m.dist(v, c)
					}
				}
				c := *sp
				c.counts, c.lines = make([]bool, len(sp.counts)), make([]int, len(sp.lines))
				return c.reset(s.board, group, vals, md)
			}
			prev := -1
			var undos []boundUndo
			var moved [][3]int
			for range 60 {
				b := s.path[len(s.path)-1]
				var nbs []int
				for _, nb := range []int{b - size, b - 1, b + 1, b + size} {
					if nb >= 0 && nb < size*size && tg.Dist(b, nb) == 1 && nb != prev {
						nbs = append(nbs, nb)
					}
				}
				nb := nbs[rng.IntN(len(nbs))]
				v := s.board[nb]
				s.m.h = s.lc
				lc, _ := s.m.child(v, nb, b)
				_, delta := s.p.child(v, nb, b)
				var steps [2]splitStep
				want := make([]int, len(s.splits))
				for i, sp := range s.splits {
					var h int
					h, steps[i] = sp.child(s.board, v, nb, b, delta)
					s.board[b], s.board[nb] = v, s.blankVal
					want[i] = scratch(i)
					s.board[b], s.board[nb] = s.blankVal, v
					if h != want[i] {
						t.Fatalf("split %d scores a child %d, from scratch %d", i, h, want[i])
					}
				}
				undos = append(undos, s.move(v, nb, b, lc, delta, &steps))
				moved = append(moved, [3]int{int(v), nb, b})
				s.path = append(s.path, nb)
				for i, sp := range s.splits {
					if sp.value() != want[i] {
						t.Fatalf("split %d holds %d after the move, want %d", i, sp.value(), want[i])
					}
				}
				prev = b
			}
			for k := len(undos) - 1; k >= 0; k-- {
				s.unmove(uint8(moved[k][0]), moved[k][1], moved[k][2], undos[k])
			}
			if !slices.Equal(s.board, f.cells) {
				t.Fatal("undoing the moves does not give the start back")
			}
			for i, sp := range s.splits {
				if got := scratch(i); sp.value() != got {
					t.Fatalf("split %d holds %d back at the start, want %d", i, sp.value(), got)
				}
			}
		}
	}
	if above == 0 {
		t.Error("no split bounds its start above both the database and linear conflicts")
	}
}

// TestBoundChild: a bound search's child, which scores the heuristics in
// turn and stops at the first that puts the child past the iteration's
// limit, keeps a child exactly when the largest of them all would, with
// that largest as its heuristic, and otherwise raises the next limit to
// no more than the largest would and past the limit; on random walks of
// 4 x 4 and 5 x 5 boards under a database with splits, at limits that
// each heuristic alone decides.
func TestBoundChild(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 7))
	pruned, kept := 0, 0
	for _, size := range []int{4, 5} {
		for range 10 {
			tg, _, s := randomBoundSearch(t, rng, size)
			prev := -1
			for g := range 40 {
				b := s.path[len(s.path)-1]
				var nbs []int
				for _, nb := range []int{b - size, b - 1, b + 1, b + size} {
					if nb >= 0 && nb < size*size && tg.Dist(b, nb) == 1 && nb != prev {
						nbs = append(nbs, nb)
					}
				}
				for _, nb := range nbs {
					v := s.board[nb]
					s.m.h = s.lc
					lc, _ := s.m.child(v, nb, b)
					db, delta := s.p.child(v, nb, b)
					hs := []int{lc, db}
					for _, sp := range s.splits {
						x, _ := sp.child(s.board, v, nb, b, delta)
						hs = append(hs, x)
					}
					full := slices.Max(hs)
					for _, x := range hs {
						for _, limit := range []int{g + x, g + x + 1, g + full, g + full + 1} {
							s.limit, s.next = limit, math.MaxInt
							h, gotLC, _, _, ok := s.child(g, v, nb, b)
							if want := g+1+full <= limit; ok != want {
								t.Fatalf("at limit %d a child of heuristics %v (depth %d) kept: %v, want %v", limit, hs, g+1, ok, want)
							}
							if ok {
								kept++
								if h != full || gotLC != lc {
									t.Fatalf("a kept child of heuristics %v scored %d (lc %d)", hs, h, gotLC)
								}
							} else if pruned++; s.next <= limit || s.next > g+1+full {
								t.Fatalf("at limit %d a child of heuristics %v (depth %d) sets next %d", limit, hs, g+1, s.next)
							}
						}
					}
				}
				nb := nbs[rng.IntN(len(nbs))]
				v := s.board[nb]
				s.limit = math.MaxInt
				_, lc, delta, steps, _ := s.child(g, v, nb, b)
				s.move(v, nb, b, lc, delta, &steps)
				s.path = append(s.path, nb)
				prev = b
			}
		}
	}
	if pruned == 0 || kept == 0 {
		t.Errorf("%d children pruned and %d kept: the limits test nothing", pruned, kept)
	}
}

// TestBoundBudgets measures, when SLIDE_BOUND_BUDGETS is set (SIZE or
// SIZE:N1,N2,...), the mean lower bound a bound search proves on the
// shared sample of SIZE x SIZE boards (testdata/deepSxS_sample50.txt)
// within each node budget (default 2^18, 2^20 and 2^21 boards; each from
// the start, the mean boards used in brackets), under the
// strongest shipped database in the user's cache: a figure of
// docs/PERFORMANCE.md, independent of the machine's speed and load.
func TestBoundBudgets(t *testing.T) {
	arg := os.Getenv("SLIDE_BOUND_BUDGETS")
	if arg == "" {
		t.Skip("SLIDE_BOUND_BUDGETS is not set")
	}
	sizeArg, list, _ := strings.Cut(arg, ":")
	size, err := strconv.Atoi(sizeArg)
	if err != nil {
		t.Fatal(err)
	}
	budgets := []int64{1 << 18, boundRate, 1 << 21}
	if list != "" {
		budgets = budgets[:0]
		for _, f := range strings.Split(list, ",") {
			n, err := strconv.ParseInt(f, 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			budgets = append(budgets, n)
		}
	}
	tg := blankFirstGoal(size, size)
	cfg := Config{Request: pdbcache.Request{Dir: testsets.UserPDBCache, DirSet: true}}
	cfg.Heuristic = cachedDatabase(tg, &cfg.Request)
	ins := testsets.Instances(t, fmt.Sprintf("deep%dx%d_sample50.txt", size, size), size*size)
	start, sums, used := 0, make([]int, len(budgets)), make([]int64, len(budgets))
	for _, in := range ins {
		code, err := tg.Encode(in.Labels)
		if err != nil {
			t.Fatal(err)
		}
		f, err := newFrame(context.Background(), tg, code, &cfg)
		if err != nil {
			t.Fatal(err)
		}
		lower := max(f.estimate(), tg.LowerBound(code, false))
		start += lower
		line := fmt.Sprintf("board %d (reference %d): %d at the start", in.ID, in.Optimal, lower)
		for i, n := range budgets {
			s := f.newBoundSearch()
			b, _ := s.raise(context.Background(), lower, n)
			used[i] += s.generated
			sums[i] += b
			line += fmt.Sprintf(", %d within %d boards", b, n)
		}
		t.Log(line)
	}
	k := float64(len(ins))
	out := fmt.Sprintf("%s, %d boards: mean bound %.2f at the start", heuristicName(cfg.Heuristic), len(ins), float64(start)/k)
	for i, n := range budgets {
		out += fmt.Sprintf(", %.2f within %d boards (%.0f used)", float64(sums[i])/k, n, float64(used[i])/k)
	}
	t.Log(out)
}

// TestAnytimeProvesShort: on 6 x 6 boards a random walk of 60 moves from
// the goal, the anytime mode's answer is proven a shortest one (its lower
// bound equals its length, at most the walk's): the bound search beside
// the beams completes its iterations up to the goal.
func TestAnytimeProvesShort(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 30))
	tg := blankFirstGoal(6, 6)
	below := 0
	for range 4 {
		code := testsets.RandomWalk(rng, tg.Rows, tg.Cols, goalCode(tg), tiles.BlankCode, 60)
		cfg := *lcConfig()
		cfg.Workers, cfg.clock = 2, &workClock{start: time.Now(), per: 2 * time.Microsecond}
		ans, err := Anytime(context.Background(), tg, code, 200*time.Millisecond, cfg)
		if err != nil {
			t.Fatal(err)
		}
		checkBlanks(t, tg, code, ans.Blanks)
		if n := len(ans.Blanks) - 1; ans.Lower != n || n > 60 {
			t.Errorf("%d moves, lower bound %d", n, ans.Lower)
		}
		if tg.LowerBound(code, false) < ans.Lower {
			below++
		}
	}
	if below == 0 {
		t.Error("every board's heuristic was its distance: the test proves nothing")
	}
}
