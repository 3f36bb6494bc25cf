package slide

import (
	"context"
	"errors"
	"fmt"
	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/solve"
	"github.com/slidekit/slide/internal/testsets"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
	"time"
)

// checkValid checks that sol's moves lead from start to goal, that its
// boards (when kept) follow them, and that its labels are consistent.
func checkValid(t testing.TB, sol Solution, start, goal Board, metric Metric) {
	t.Helper()
	b := start
	for i, m := range sol.Moves {
		if metric == TileMoves && m.Tiles != 1 {
			t.Fatalf("move %d slides %d tiles under single-tile moves", i, m.Tiles)
		}
		next, ok := b.Slide(m.Dir, m.Tiles)
		if !ok {
			t.Fatalf("move %d (%v) cannot be made on\n%v", i, m, b)
		}
		b = next
		if sol.Boards != nil && sol.Boards[i+1] != b {
			t.Fatalf("board %d does not follow move %d", i+1, i)
		}
	}
	if b != goal {
		t.Fatalf("moves end on\n%vnot on the goal\n%v", b, goal)
	}
	if sol.LowerBound > sol.Len() || sol.LowerBound < 0 {
		t.Fatalf("lower bound %d for %d moves", sol.LowerBound, sol.Len())
	}
	if sol.Optimal != (sol.LowerBound == sol.Len()) {
		t.Fatalf("Optimal = %v with lower bound %d and %d moves", sol.Optimal, sol.LowerBound, sol.Len())
	}
}

// TestWeightedCensus checks weighted A* on a sample of every distance of
// the 3 x 3 census: within its factor of the distance, with a lower bound
// that never exceeds it.
func TestWeightedCensus(t *testing.T) {
	goal := Goal(3, 3)
	layers := layersFrom(t, goal)
	for _, w := range []float64{1, 1.1, 1.5, 2, 5} {
		for d, layer := range layers {
			for i, b := range layer {
				if i%(1+len(layer)/40) != 0 {
					continue
				}
				sol, err := Solver{Mode: Weighted(w)}.Solve(context.Background(), b, goal)
				if err != nil {
					t.Fatal(err)
				}
				checkValid(t, sol, b, goal, TileMoves)
				if float64(sol.Len()) > w*float64(d) || sol.Len() < d || sol.LowerBound > d {
					t.Fatalf("w=%v, distance %d: %d moves, lower bound %d", w, d, sol.Len(), sol.LowerBound)
				}
			}
		}
	}
}

// TestWeightedKorf checks the weighted searches (weighted A* with linear
// conflicts, weighted IDA* with a database) on Korf's instances against
// their optimal lengths: within the factor, lower bound at most the
// optimum.
func TestWeightedKorf(t *testing.T) {
	goal := blankFirstGoal(4, 4)
	for i, in := range readInstances(t, "korf100.txt", 4, 4) {
		if !testsets.Long() && i%10 != 0 {
			continue
		}
		for _, c := range []struct {
			h Heuristic
			w float64
		}{{LinearConflict, 1.5}, {LinearConflict, 2}, {PDB555, 1.1}, {PDB555, 1.5}, {PDB555, 5}} {
			sol, err := Solver{Mode: Weighted(c.w), Heuristic: c.h}.Solve(context.Background(), in.board, goal)
			if err != nil {
				t.Fatalf("#%d: %v", in.id, err)
			}
			checkValid(t, sol, in.board, goal, TileMoves)
			if float64(sol.Len()) > c.w*float64(in.optimal) || sol.LowerBound > in.optimal || sol.Heuristic != c.h {
				t.Fatalf("#%d %v w=%v: %d moves, lower bound %d, optimal %d", in.id, sol.Heuristic, c.w, sol.Len(), sol.LowerBound, in.optimal)
			}
		}
	}
}

// TestModesShapes runs every mode on non-square boards and other goals.
func TestModesShapes(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	for _, sz := range [][2]int{{3, 8}, {8, 3}, {5, 10}, {2, 7}, {4, 5}} {
		goal := randomReaching(rng, Goal(sz[0], sz[1]))
		start := randomWalk(rng, goal, 60)
		for _, m := range []Mode{Fast(), Weighted(2), Anytime(150 * time.Millisecond)} {
			sol, err := Solver{Mode: m}.Solve(context.Background(), start, goal)
			if err != nil {
				t.Fatalf("%v: %v", sz, err)
			}
			checkValid(t, sol, start, goal, TileMoves)
		}
	}
}

// TestAnytimeProvesSmall checks that the anytime mode proves small boards
// optimal well within its budget, and labels larger ones honestly.
func TestAnytimeProvesSmall(t *testing.T) {
	goal := blankFirstGoal(4, 4)
	for _, in := range readInstances(t, "korf100.txt", 4, 4)[:5] {
		sol, err := Solver{Mode: Anytime(2 * time.Second)}.Solve(context.Background(), in.board, goal)
		if err != nil {
			t.Fatal(err)
		}
		checkValid(t, sol, in.board, goal, TileMoves)
		if sol.LowerBound > in.optimal || sol.Len() < in.optimal {
			t.Fatalf("#%d: %d moves, lower bound %d, optimal %d", in.id, sol.Len(), sol.LowerBound, in.optimal)
		}
		if sol.Optimal && sol.Len() != in.optimal {
			t.Fatalf("#%d: %d moves called optimal; optimal is %d", in.id, sol.Len(), in.optimal)
		}
	}
	six := readInstances(t, "deep6x6_sample50.txt", 6, 6)[0]
	sol, err := Solver{Mode: Anytime(300 * time.Millisecond)}.Solve(context.Background(), six.board, blankFirstGoal(6, 6))
	if err != nil {
		t.Fatal(err)
	}
	checkValid(t, sol, six.board, blankFirstGoal(6, 6), TileMoves)
	if sol.Optimal || sol.LowerBound >= sol.Len() {
		t.Fatalf("6 x 6 in 300 ms: %d moves labelled Optimal=%v, lower bound %d", sol.Len(), sol.Optimal, sol.LowerBound)
	}
}

// TestAnytime24Database checks the anytime mode on 5 x 5 boards with a
// database, whose beam takes a third of the budget before the optimal search:
// a board near the goal is still proven optimal, and a hard one is
// answered within its budget, labelled honestly.
func TestAnytime24Database(t *testing.T) {
	goal := blankFirstGoal(5, 5)
	db, err := ParseDatabase(goal, "1 2 3/4 5 6/7 8 9/10 11 12/13 14 15/16 17 18/19 20 21/22 23 24")
	if err != nil {
		t.Fatal(err)
	}
	s := Solver{Heuristic: db.Heuristic(), Cache: Cache{Dir: t.TempDir()}}
	if err := s.Cache.Build(context.Background(), db.Heuristic()); err != nil {
		t.Fatal(err)
	}
	near := randomWalk(rand.New(rand.NewPCG(5, 5)), goal, 30)
	s.Mode = Anytime(2 * time.Second)
	sol, err := s.Solve(context.Background(), near, goal)
	if err != nil {
		t.Fatal(err)
	}
	checkValid(t, sol, near, goal, TileMoves)
	if !sol.Optimal || sol.LowerBound != sol.Len() {
		t.Fatalf("30 moves from the goal: %d moves, Optimal=%v, lower bound %d", sol.Len(), sol.Optimal, sol.LowerBound)
	}
	hard := readInstances(t, "korf24_50.txt", 5, 5)[0]
	began := time.Now()
	s.Mode = Anytime(500 * time.Millisecond)
	sol, err = s.Solve(context.Background(), hard.board, goal)
	if err != nil {
		t.Fatal(err)
	}
	checkValid(t, sol, hard.board, goal, TileMoves)
	if sol.LowerBound > hard.optimal || sol.Len() < hard.optimal || sol.Optimal && sol.Len() != hard.optimal {
		t.Fatalf("#%d: %d moves, Optimal=%v, lower bound %d, optimal %d", hard.id, sol.Len(), sol.Optimal, sol.LowerBound, hard.optimal)
	}
	if d := time.Since(began); d > 5*time.Second {
		t.Errorf("#%d: a 500 ms budget took %v", hard.id, d)
	}
}

// TestAnytimeContext checks Anytime(0) under a context deadline, and
// that an expired context before any answer is an error.
func TestAnytimeContext(t *testing.T) {
	in := readInstances(t, "deep7x7_sample50.txt", 7, 7)[0]
	goal := blankFirstGoal(7, 7)
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	began := time.Now()
	sol, err := Solver{Mode: Anytime(0)}.Solve(ctx, in.board, goal)
	if err != nil {
		t.Fatal(err)
	}
	checkValid(t, sol, in.board, goal, TileMoves)
	if took := time.Since(began); took > 2*time.Second {
		t.Errorf("300 ms deadline: returned after %v", took)
	}
	done, cancel2 := context.WithCancel(context.Background())
	cancel2()
	if _, err := (Solver{Mode: Anytime(0)}).Solve(done, in.board, goal); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled context: %v", err)
	}
}

// TestModesCountTables checks that every mode that reads a database
// counts its tables against the memory bound, as the optimal search does:
// the weighted and anytime modes once loaded tables of any size.
func TestModesCountTables(t *testing.T) {
	useTempCache(t)
	goal := Goal(3, 3)
	d := MustParseDatabase(goal, "1 2 3 4/5 6 7 8")
	if err := (Cache{}).Build(context.Background(), d.Heuristic()); err != nil {
		t.Fatal(err)
	}
	tables, _, _ := d.Heuristic().Memory()
	start := randomWalk(rand.New(rand.NewPCG(4, 4)), goal, 40)
	for _, m := range []Mode{Optimal(), Weighted(1.5), Anytime(time.Second)} {
		_, err := Solver{Heuristic: d.Heuristic(), Mode: m, Limits: Limits{MaxMemory: tables - 1}}.Solve(context.Background(), start, goal)
		if !errors.Is(err, ErrLimit) || !strings.Contains(err.Error(), "the tables of "+d.Heuristic().String()+" need") {
			t.Errorf("%v, tables of %d bytes within %d: %v", m, tables, tables-1, err)
		}
		if _, err := (Solver{Heuristic: d.Heuristic(), Mode: m, Limits: Limits{MaxMemory: tables + 1<<20}}).Solve(context.Background(), start, goal); err != nil {
			t.Errorf("%v, tables of %d bytes within 1 MiB more: %v", m, tables, err)
		}
	}
}

// TestFastCountsMoves checks that the moves the fast mode keeps count
// against the memory bound, and those it hands out do not.
func TestFastCountsMoves(t *testing.T) {
	b := randomSolvable(rand.New(rand.NewPCG(5, 5)), 60, 60) // about 430,000 moves, 7 MB
	s := Solver{Mode: Fast(), Limits: Limits{MaxMemory: 1 << 20}}
	_, err := s.Solve(context.Background(), b, Goal(60, 60))
	if !errors.Is(err, ErrLimit) || !strings.Contains(err.Error(), "pass the memory limit of 1 MiB") {
		t.Errorf("kept moves within 1 MiB: %v", err)
	}
	n := 0
	s.OnMove = func(Move) { n++ }
	sol, err := s.Solve(context.Background(), b, Goal(60, 60))
	if err != nil || n != sol.Len() || n < 100000 {
		t.Errorf("handed-out moves within 1 MiB: %d moves, %d handed out, %v", sol.Len(), n, err)
	}
}

// TestAnytimeTooSoon checks that the anytime mode answers with the fast
// mode's solution when its time is too short for anything better (once
// a context error), and says how long the fast mode needs when even that
// does not fit.
func TestAnytimeTooSoon(t *testing.T) {
	b := MustParseBoard("3\n8 6 7\n2 5 4\n3 0 1\n")
	sol, err := Solver{Mode: Anytime(time.Nanosecond)}.Solve(context.Background(), b, Goal(3, 3))
	if err != nil {
		t.Fatalf("3 x 3 within 1ns: %v", err)
	}
	checkValid(t, sol, b, Goal(3, 3), TileMoves)
	big := randomSolvable(rand.New(rand.NewPCG(6, 6)), 200, 200) // the fast mode takes over a second
	_, err = Solver{Mode: Anytime(time.Millisecond)}.Solve(context.Background(), big, Goal(200, 200))
	if !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "no answer within 1ms: the fast mode needs about") {
		t.Errorf("200 x 200 within 1ms: %v", err)
	}
	checkFastNeeds(t)
}

// checkFastNeeds checks, with generous slack, that the time the anytime
// mode says the fast mode needs follows its time on a 100 x 100 board
// 100,000 random moves from the goal, where it makes few moves for much
// searching: 0.2.0 estimated from its moves, and said 17.4 s for such a
// board that it solved in 0.75 s.
func checkFastNeeds(t *testing.T) {
	goal := Goal(100, 100)
	b := randomWalk(rand.New(rand.NewPCG(6, 7)), goal, 100_000)
	sol, err := Solver{Mode: Fast()}.Solve(context.Background(), b, goal)
	if err != nil {
		t.Fatal(err)
	}
	_, err = Solver{Mode: Anytime(sol.Elapsed / 8)}.Solve(context.Background(), b, goal)
	msg := fmt.Sprint(err)
	i := strings.Index(msg, "needs about ")
	if i < 0 {
		t.Skipf("within %v, after the fast mode's %v: %v", sol.Elapsed/8, sol.Elapsed, err) // a loaded machine
	}
	needs, perr := time.ParseDuration(strings.Fields(msg[i+len("needs about "):])[0])
	t.Logf("the fast mode took %v (%d moves), and is said to need %v", sol.Elapsed, sol.Len(), needs)
	if perr != nil || needs > 8*sol.Elapsed || needs < sol.Elapsed/8 {
		t.Errorf("the fast mode took %v (%d moves), and is said to need %v: %v", sol.Elapsed, sol.Len(), needs, err)
	}
}

// TestAnytimeBoundsCall checks, with generous slack, that Anytime(d)
// bounds the whole call, from its start to the answer.
func TestAnytimeBoundsCall(t *testing.T) {
	const budget = 300 * time.Millisecond
	rng := rand.New(rand.NewPCG(26, 1))
	for _, sz := range [][2]int{{4, 4}, {6, 6}, {7, 7}, {12, 12}} {
		b := randomSolvable(rng, sz[0], sz[1])
		began := time.Now()
		sol, err := Solver{Mode: Anytime(budget)}.Solve(context.Background(), b, Goal(sz[0], sz[1]))
		took := time.Since(began)
		if err != nil {
			t.Fatalf("%v: %v", sz, err)
		}
		checkValid(t, sol, b, Goal(sz[0], sz[1]), TileMoves)
		if took > budget*3/2+100*time.Millisecond {
			t.Errorf("%v: Anytime(%v) took %v", sz, budget, took)
		}
	}
}

// TestDatabaseShapesEveryMode solves boards of non-square shapes in every
// mode with a database of their own: the weighted and anytime evaluators
// once indexed non-square boards as if square (a panic on 2 x 3). Answers
// are checked for validity, and their bounds against the optimum where
// bidirectional BFS finds it.
func TestDatabaseShapesEveryMode(t *testing.T) {
	useTempCache(t)
	rng := rand.New(rand.NewPCG(25, 1))
	for _, c := range []struct {
		rows, cols int
		partition  string
	}{
		{2, 3, "1 2/3 4 5"},
		{3, 2, "1 2 3/4 5"},
		{3, 4, "1 2 5 6/3 4 7 8/9 10 11"},
		{3, 5, "1 2 3 4 5/6 7 8 9 10/11 12 13 14"},
		{4, 6, "1 2 7 8/3 4 9 10/5 6 11 12/13 14 19 20/15 16 21 22/17 18 23"},
	} {
		goal := Goal(c.rows, c.cols)
		d := MustParseDatabase(goal, c.partition)
		start := randomWalk(rng, goal, 24)
		ref, err := Solver{Algorithm: AlgoBidirectional}.Solve(context.Background(), start, goal)
		if err != nil {
			t.Fatal(err)
		}
		modes := []Mode{Optimal(), Weighted(1.5), Anytime(200 * time.Millisecond), Fast()}
		for _, m := range modes {
			s := Solver{Heuristic: d.Heuristic(), Mode: m}
			if m == Fast() {
				s.Heuristic = Auto // the fast mode searches with none
			}
			sol, err := s.Solve(context.Background(), start, goal)
			if err != nil {
				t.Fatalf("%dx%d %v: %v", c.rows, c.cols, m, err)
			}
			checkValid(t, sol, start, goal, TileMoves)
			if sol.Len() < ref.Len() || sol.LowerBound > ref.Len() || sol.Optimal && sol.Len() != ref.Len() {
				t.Fatalf("%dx%d %v: %d moves, lower bound %d, optimal %v; BFS finds %d", c.rows, c.cols, m, sol.Len(), sol.LowerBound, sol.Optimal, ref.Len())
			}
		}
	}
}

func TestSolveFastShapes(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for _, sz := range [][2]int{{2, 2}, {2, 3}, {3, 2}, {3, 3}, {4, 4}, {3, 8}, {8, 3}, {5, 10}, {2, 9}, {9, 2}, {1, 7}, {7, 1}, {12, 12}} {
		for _, metric := range []Metric{TileMoves, LineMoves} {
			for range 5 {
				goal := Goal(sz[0], sz[1])
				if sz[0] > 1 && sz[1] > 1 && rng.IntN(2) == 0 { // another goal: the blank elsewhere
					goal = randomReaching(rng, goal)
				}
				start := randomReaching(rng, goal)
				if sz[0] == 1 || sz[1] == 1 { // tiles keep their order: move the blank
					start = goal
					for range 50 {
						if next, ok := start.Slide(Direction(rng.IntN(4)), 1); ok {
							start = next
						}
					}
				}
				sol, err := Solver{Mode: Fast(), Metric: metric}.Solve(context.Background(), start, goal)
				if err != nil {
					t.Fatalf("%v: %v", sz, err)
				}
				checkValid(t, sol, start, goal, metric)
			}
		}
	}
}

func TestSolveFastLabeled(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, sz := range [][2]int{{3, 3}, {4, 5}, {6, 6}} {
		for range 10 {
			n := sz[0] * sz[1]
			labels := make([]int, n)
			for i := 1; i < n; i++ {
				labels[i] = 1 + rng.IntN(3)
			}
			goal, err := NewLabeled(sz[0], sz[1], labels)
			if err != nil {
				t.Fatal(err)
			}
			rng.Shuffle(n, func(i, j int) { labels[i], labels[j] = labels[j], labels[i] })
			start, _ := NewLabeled(sz[0], sz[1], labels)
			sol, err := Solver{Mode: Fast()}.Solve(context.Background(), start, goal)
			if err != nil {
				t.Fatalf("%v: %v\n%v", sz, err, start)
			}
			checkValid(t, sol, start, goal, TileMoves)
		}
	}
}

// TestSolveFastBound checks the fast mode's lower bound against the true
// distance of every seventh 3 x 3 board of each layer (every 28th in the
// quick form of the tests), and its length against the same.
func TestSolveFastBound(t *testing.T) {
	goal := Goal(3, 3)
	for d, layer := range layersFrom(t, goal) {
		for i, b := range layer {
			if i%(7*shortEvery(4)) != 0 {
				continue
			}
			sol, err := Solver{Mode: Fast()}.Solve(context.Background(), b, goal)
			if err != nil {
				t.Fatal(err)
			}
			if sol.LowerBound > d || sol.Len() < d {
				t.Fatalf("distance %d: lower bound %d, %d moves", d, sol.LowerBound, sol.Len())
			}
			if sol.Len() != d { // a 3 x 3 board is solved optimally
				t.Fatalf("distance %d: %d moves", d, sol.Len())
			}
		}
	}
}

func TestSolveFastStream(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 3))
	goal := Goal(20, 20)
	start := randomReaching(rng, goal)
	var moves []Move
	sol, err := Solver{Mode: Fast(), OnMove: func(m Move) { moves = append(moves, m) }}.Solve(context.Background(), start, goal)
	if err != nil {
		t.Fatal(err)
	}
	if sol.Moves != nil || sol.Boards != nil {
		t.Fatalf("WithMoves kept %d moves and %d boards in the solution", len(sol.Moves), len(sol.Boards))
	}
	if end, ok := start.Apply(moves); !ok || end != goal {
		t.Fatalf("streamed moves do not solve the board")
	}
}

// TestFastAllocations checks that the fast mode's memory stays near
// linear in the cells: a random 255 x 255 board once allocated 50 GB in
// one solve, in 30 s (breadth-first searches over windows whose area
// squared was allocated whole); now about 0.3 GB in 2 s.
func TestFastAllocations(t *testing.T) {
	if !testsets.Long() {
		t.Skip("quick form (SLIDE_LONG=1 runs it): a 255 x 255 solve of about 2 s")
	}
	rng := rand.New(rand.NewPCG(255, 9)) // BenchmarkFast's boards
	goal := Goal(255, 255)
	var start Board
	for range 4 { // the fourth: the others never needed a large window
		start = randomReaching(rng, goal)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	moves := 0
	if _, err := (Solver{Mode: Fast(), OnMove: func(Move) { moves++ }}).Solve(context.Background(), start, goal); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	if got := after.TotalAlloc - before.TotalAlloc; got > 1<<30 {
		t.Errorf("%d moves: %d MB allocated, want under 1 GB", moves, got>>20)
	}
}

// TestWeightedHandsOneAnswer checks that the weighted mode on boards the
// frame searches do not take (line moves here) hands OnMove the moves of
// its answer only: it once handed the fast mode's moves, found not within
// the factor, before the optimal search's.
func TestWeightedHandsOneAnswer(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 7))
	goal := Goal(5, 5)
	start := randomWalk(rng, goal, 14)
	var moves []Move
	sol, err := Solver{Mode: Weighted(1.2), Metric: LineMoves, OnMove: func(m Move) { moves = append(moves, m) }}.Solve(context.Background(), start, goal)
	if err != nil {
		t.Fatal(err)
	}
	if end, ok := start.Apply(moves); !ok || end != goal || len(moves) != sol.Len() {
		t.Errorf("%d moves handed for an answer of %d, ending on the goal: %v", len(moves), sol.Len(), ok && end == goal)
	}
}

// TestWeightedCancelLarge cancels the Weighted mode on a 255 x 255 board,
// before it starts and while its fast phase runs: it returns the
// context's error with the lower bound it proved, having allocated less
// than 64 MiB. Its fast phase counts the fast mode's moves rather than
// keep them (over 500 MB on this board), and a cancelled one returns at
// once; before, it went on into the optimal search, whose lower bound of
// 0 it returned.
func TestWeightedCancelLarge(t *testing.T) {
	b := randomSolvable(rand.New(rand.NewPCG(44, 44)), 255, 255)
	goal := Goal(255, 255)
	for _, after := range []time.Duration{0, 30 * time.Millisecond} {
		ctx, cancel := context.WithCancel(context.Background())
		if after == 0 {
			cancel()
		}
		timer := time.AfterFunc(after, cancel)
		var before, done runtime.MemStats
		runtime.ReadMemStats(&before)
		sol, err := Solver{Mode: Weighted(1.5)}.Solve(ctx, b, goal)
		runtime.ReadMemStats(&done)
		timer.Stop()
		cancel()
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("cancelled after %v: %v, want context.Canceled", after, err)
		}
		if sol.LowerBound < b.Manhattan() {
			t.Errorf("cancelled after %v: lower bound %d, below the Manhattan distance %d", after, sol.LowerBound, b.Manhattan())
		}
		if got := done.TotalAlloc - before.TotalAlloc; got > 64<<20 {
			t.Errorf("cancelled after %v: allocated %d bytes, want at most 64 MiB", after, got)
		}
	}
}

// TestFastLowerBoundMemory: the fast mode refuses at once, before any
// move, an answer whose lower bound's moves pass the memory bound, and
// says so; handed to OnMove, they are not kept, and it answers.
func TestFastLowerBoundMemory(t *testing.T) {
	b := randomSolvable(rand.New(rand.NewPCG(7, 7)), 2, 2000) // at least 2.6 M moves, 42 MB
	s := Solver{Mode: Fast(), Limits: Limits{MaxMemory: 16 << 20}}
	sol, err := s.Solve(context.Background(), b, Goal(2, 2000))
	want := fmt.Sprintf("the answer's moves, at least %d, take %s and pass the memory limit of 16 MiB", sol.LowerBound, engine.FormatBytes(movesBytes(sol.LowerBound)))
	if !errors.Is(err, ErrLimit) || !strings.Contains(err.Error(), want) || sol.Generated != 0 {
		t.Errorf("2 x 2000 within 16 MiB: %d moves made, %v; want none and %q", sol.Generated, err, want)
	}
	n := 0
	s.OnMove = func(Move) { n++ }
	if sol, err = s.Solve(context.Background(), b, Goal(2, 2000)); err != nil || n != sol.Len() || n < sol.LowerBound {
		t.Errorf("2 x 2000 within 16 MiB, handed out: %d moves, %d handed out, %v", sol.Len(), n, err)
	}
}

// TestWeightedThin runs the Weighted mode at 1.5 on random 2 x 8 boards
// (slide random -seed N 2 8), within 512 MiB: each answers within the
// factor, or refuses naming a factor at which it then answers, as on
// boards past 4 x 4, having held at most reachMemory in weighted A*.
// Before, weighted A* with linear conflicts ran on them until it answered
// or reached the memory bound: up to 11 s and 1.15 GB (seeds 2 and 5
// failed at the bound).
func TestWeightedThin(t *testing.T) {
	if !testsets.Long() {
		t.Skip("quick form (SLIDE_LONG=1 runs it): seconds of beams")
	}
	goal := Goal(2, 8)
	for _, seed := range []uint64{1, 2, 5, 6} {
		start, err := RandomBoard(goal, rand.New(rand.NewPCG(seed, 0)))
		if err != nil {
			t.Fatal(err)
		}
		s := Solver{Mode: Weighted(1.5), Limits: Limits{MaxMemory: 512 << 20}}
		sol, err := s.Solve(context.Background(), start, goal)
		var le *LimitError
		switch {
		case err == nil:
			t.Logf("seed %d: %d moves, at least %d, by %s after %d boards", seed, sol.Len(), sol.LowerBound, sol.Engine, sol.Generated)
			checkValid(t, sol, start, goal, TileMoves)
			if float64(sol.Len()) > 1.5*float64(sol.LowerBound) {
				t.Errorf("seed %d: %d moves, lower bound %d", seed, sol.Len(), sol.LowerBound)
			}
		case errors.As(err, &le) && le.Limit == "weight":
			t.Logf("seed %d: refused after %d boards: %v", seed, sol.Generated, err)
			s.Mode = Weighted(le.Reach)
			if again, err := s.Solve(context.Background(), start, goal); err != nil || int64(again.Len()) != le.Value {
				t.Errorf("seed %d: at the factor named, %v: %d moves, want %d (%v)", seed, le.Reach, again.Len(), le.Value, err)
			}
		default:
			t.Errorf("seed %d: %v after %d boards", seed, err, sol.Generated)
		}
	}
}

// TestWeightedReachLarge checks the Weighted mode on boards the frame
// searches do not take (more than 255 cells, line moves): the fast mode's
// answer where it is within the factor; the optimal search, bounded, on
// boards near the goal; and otherwise a refusal at once, a *LimitError
// naming the weight and the factor the fast mode's answer meets, which
// then returns it. 0.2.0 ran the optimal search on every one, for ever
// on a random 50 x 50 board.
func TestWeightedReachLarge(t *testing.T) {
	rng := rand.New(rand.NewPCG(34, 3))
	for _, c := range []struct {
		rows, cols, walk int
		metric           Metric
		w                float64
	}{
		{50, 50, 0, TileMoves, 1.5}, {50, 50, 0, TileMoves, 3.5}, {20, 20, 30, TileMoves, 1.5},
		{20, 20, 300, TileMoves, 1.5}, {6, 6, 12, LineMoves, 1.2}, {6, 6, 0, LineMoves, 1.5},
	} {
		goal := Goal(c.rows, c.cols)
		start := randomReaching(rng, goal)
		if c.walk > 0 {
			start = randomWalk(rng, goal, c.walk)
		}
		name := fmt.Sprintf("%dx%d walk %d %v w=%v", c.rows, c.cols, c.walk, c.metric, c.w)
		fast, err := Solver{Mode: Fast(), Metric: c.metric}.Solve(context.Background(), start, goal)
		if err != nil {
			t.Fatal(err)
		}
		s := Solver{Mode: Weighted(c.w), Metric: c.metric, Limits: Limits{MaxNodes: 50_000_000}}
		sol, err := s.Solve(context.Background(), start, goal)
		var le *LimitError
		switch {
		case err == nil:
			t.Logf("%s: %d moves, at least %d, by %s after %d boards", name, sol.Len(), sol.LowerBound, sol.Engine, sol.Generated)
			checkValid(t, sol, start, goal, c.metric)
			if float64(sol.Len()) > c.w*float64(sol.LowerBound) {
				t.Errorf("%s: %d moves, lower bound %d", name, sol.Len(), sol.LowerBound)
			}
		case errors.As(err, &le) && le.Limit == "weight":
			t.Logf("%s: refused after %d boards: %v", name, sol.Generated, err)
			reach := float64(fast.Len()) / float64(fast.LowerBound)
			if le.Value != int64(fast.Len()) || le.Reach < reach || le.Reach > reach+0.01 || le.Reach <= c.w || !errors.Is(err, ErrLimit) {
				t.Errorf("%s: %v (%+v), the fast mode's answer within %v", name, err, *le, reach)
			}
			if sol.LowerBound != fast.LowerBound || sol.Generated > int64(fast.Len())+int64(solve.ReachOptimalWork/(c.rows*c.cols)) {
				t.Errorf("%s: refused with lower bound %d after %d boards", name, sol.LowerBound, sol.Generated)
			}
			s.Mode = Weighted(le.Reach)
			if again, err := s.Solve(context.Background(), start, goal); err != nil || again.Len() != fast.Len() {
				t.Errorf("%s: at the factor named, %v: %d moves, want %d (%v)", name, le.Reach, again.Len(), fast.Len(), err)
			}
		default:
			t.Errorf("%s: %v after %d boards", name, err, sol.Generated)
		}
	}
}
