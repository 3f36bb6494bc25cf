package slide

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/slidekit/slide/internal/pdbcache"
	"github.com/slidekit/slide/internal/solve"
	"github.com/slidekit/slide/internal/testsets"
)

// TestParallelSolve checks WithWorkers through Solve: the solution is
// optimal and the same on any number of workers, Solution.Workers says how
// many ran, and bad counts are ErrOption.
func TestParallelSolve(t *testing.T) {
	in := readInstances(t, "korf100.txt", 4, 4)[11] // #12, 45 moves
	goal := blankFirstGoal(4, 4)
	var first []Move
	for _, w := range []int{0, 1, 2, 5} {
		sol, err := Solver{Heuristic: LinearConflict, Workers: w}.Solve(context.Background(), in.board, goal)
		if err != nil {
			t.Fatal(err)
		}
		checkSolution(t, sol, in.board, goal, in.optimal)
		want := w
		if w == 0 {
			want = runtime.GOMAXPROCS(0)
		}
		if sol.Workers != want {
			t.Errorf("WithWorkers(%d): Solution.Workers %d, want %d", w, sol.Workers, want)
		}
		if first == nil {
			first = sol.Moves
		} else if !slices.Equal(sol.Moves, first) {
			t.Errorf("WithWorkers(%d): moves %v, want %v", w, FormatMoves(sol.Moves), FormatMoves(first))
		}
	}
	sol, err := Solver{Algorithm: AlgoAStar, Heuristic: LinearConflict, Workers: 4}.Solve(context.Background(), in.board, goal)
	if err != nil || sol.Workers != 1 {
		t.Errorf("A*: %d workers, %v", sol.Workers, err)
	}
	// The beams of the Anytime and Weighted modes run on the workers too.
	big := randomSolvable(rand.New(rand.NewPCG(6, 6)), 6, 6)
	for _, m := range []Mode{Anytime(50 * time.Millisecond), Weighted(3)} {
		sol, err := Solver{Mode: m, Heuristic: LinearConflict, Workers: 3}.Solve(context.Background(), big, Goal(6, 6))
		if err != nil || sol.Workers != 3 || m.kind == weighted && sol.Engine != "beam" {
			t.Errorf("%v: %s on %d workers, %v; want 3 (the weighted mode's beam)", m, sol.Engine, sol.Workers, err)
		}
	}
	for _, w := range []int{-1, maxWorkers + 1} {
		if _, err := (Solver{Workers: w}).Solve(context.Background(), in.board, goal); !errors.Is(err, ErrOption) {
			t.Errorf("WithWorkers(%d): %v, want ErrOption", w, err)
		}
	}
}

func TestSolveErrors(t *testing.T) {
	goal := Goal(3, 3)
	if _, err := (Solver{}).Solve(context.Background(), goal.Twin(), goal); !errors.Is(err, ErrUnsolvable) {
		t.Errorf("twin of goal: %v", err)
	}
	if _, err := (Solver{}).Solve(context.Background(), Goal(2, 2), goal); !errors.Is(err, ErrMismatch) {
		t.Errorf("size mismatch: %v", err)
	}
	if _, err := (Solver{Heuristic: Heuristic{kind: 99}}).Solve(context.Background(), goal, goal); !errors.Is(err, ErrOption) {
		t.Errorf("bad heuristic: %v", err)
	}
	sol, err := Solver{}.Solve(context.Background(), goal, goal)
	if err != nil || sol.Len() != 0 || len(sol.Boards) != 1 {
		t.Errorf("goal to goal: %v, %v", sol, err)
	}
	far := MustParseBoard("3\n8 6 7\n2 5 4\n3 0 1\n")
	for _, a := range []Algorithm{AlgoAStar, AlgoIDAStar, AlgoBFS, AlgoBidirectional} {
		_, err := Solver{Algorithm: a, Limits: Limits{MaxNodes: 100}}.Solve(context.Background(), far, goal)
		var le *LimitError
		if !errors.As(err, &le) || !errors.Is(err, ErrLimit) {
			t.Errorf("%v with 100 nodes: %v", a, err)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, a := range []Algorithm{AlgoAStar, AlgoIDAStar, AlgoBFS, AlgoBidirectional} {
		if _, err := (Solver{Algorithm: a}).Solve(ctx, far, goal); !errors.Is(err, context.Canceled) {
			t.Errorf("%v cancelled: %v", a, err)
		}
	}
}

// TestSolveConcurrent solves boards from several goroutines at once, as
// the package documentation allows (run with -race to check it).
func TestSolveConcurrent(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	var boards []Board
	for range 8 {
		boards = append(boards, randomWalk(rng, Goal(3, 3), 30))
	}
	want := make([]int, len(boards))
	for i, b := range boards {
		sol, err := Solver{Algorithm: AlgoBFS}.Solve(context.Background(), b, Goal(3, 3))
		if err != nil {
			t.Fatal(err)
		}
		want[i] = sol.Len()
	}
	errs := make(chan error, 4*len(boards))
	for _, a := range []Algorithm{AlgoAStar, AlgoIDAStar, AlgoBidirectional, AlgoAuto} {
		for i, b := range boards {
			go func() {
				sol, err := Solver{Algorithm: a}.Solve(context.Background(), b, Goal(3, 3))
				if err == nil && sol.Len() != want[i] {
					err = fmt.Errorf("%v: %d moves, want %d", a, sol.Len(), want[i])
				}
				errs <- err
			}()
		}
	}
	for range 4 * len(boards) {
		if err := <-errs; err != nil {
			t.Error(err)
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

// TestSolveSettings checks that a Solver's settings reach internal/solve
// as they are: the modes and engines in the same order, under the same
// names, and the heuristic as asked or left to Auto.
func TestSolveSettings(t *testing.T) {
	for a := AlgoAuto; a < numAlgorithms; a++ {
		if got := (Solver{Algorithm: a}).settings(time.Now()).Algo; got.String() != a.String() {
			t.Errorf("%v reaches the modes as %v", a, got)
		}
	}
	modes := map[Mode]solve.Kind{Optimal(): solve.Optimal, Weighted(2): solve.Weighted, Anytime(0): solve.Anytime, Fast(): solve.Fast}
	for m, want := range modes {
		if got := (Solver{Mode: m}).settings(time.Now()).Mode; got.Kind != want || got.Weight != m.weight || got.Budget != m.budget {
			t.Errorf("%v reaches the modes as %+v", m, got)
		}
	}
	if set := (Solver{}).settings(time.Now()); !set.Auto || set.WD {
		t.Errorf("Auto reaches the modes as %+v", set)
	}
	if set := (Solver{Heuristic: PDB663.WithWalkingDistance()}).settings(time.Now()); set.Auto || !set.WD || set.Heuristic.Name != "pdb663" {
		t.Errorf("pdb663+wd reaches the modes as %+v", set)
	}
}

// strictLatency runs TestCancelLatencyStrict: every trial of every mode
// and size within 20 ms of its cancellation.
var strictLatency = flag.Bool("latency", false, "run the strict cancellation latency trials (TestCancelLatencyStrict)")

// latencyCase is a solve of one board in one mode, cancelled at a random
// moment before it would end.
type latencyCase struct {
	name  string
	mode  Mode
	board Board
	// within is the span the cancellations are drawn from: about the
	// time the solve takes, so that most land while it runs.
	within time.Duration
}

// latencyCases are every mode on boards of 4 x 4 to 255 x 255, and the
// fast mode on a board of 255 x 255 a random walk from the goal.
func latencyCases() []latencyCase {
	rng := rand.New(rand.NewPCG(34, 7))
	sizes := []struct {
		rows, cols int
		within     time.Duration
	}{{4, 4, 30 * time.Millisecond}, {6, 6, 200 * time.Millisecond}, {13, 17, 200 * time.Millisecond},
		{100, 100, 300 * time.Millisecond}, {255, 255, 1500 * time.Millisecond}}
	modes := []Mode{Optimal(), Weighted(1.5), Anytime(0), Fast()}
	var out []latencyCase
	for _, s := range sizes {
		b := randomSolvable(rng, s.rows, s.cols)
		for _, m := range modes {
			out = append(out, latencyCase{fmt.Sprintf("%v %dx%d", m, s.rows, s.cols), m, b, s.within})
		}
	}
	// The fast mode searched long for a tile's way on boards near the
	// goal, without looking at its context.
	walk := randomWalk(rng, Goal(255, 255), 255*255/4)
	return append(out, latencyCase{"fast 255x255 near the goal", Fast(), walk, 300 * time.Millisecond})
}

// cancelLatencies solves c trials times, each cancelled at a random
// moment within c.within, and returns how long each solve took to return
// after its cancellation (solves that ended first are not counted).
func cancelLatencies(t *testing.T, c latencyCase, trials int, rng *rand.Rand) []time.Duration {
	var out []time.Duration
	goal := Goal(c.board.Rows(), c.board.Cols())
	for range trials {
		settle()
		ctx, cancel := context.WithCancel(context.Background())
		fired := make(chan time.Time, 1)
		timer := time.AfterFunc(time.Duration(rng.Int64N(int64(c.within))), func() {
			fired <- time.Now()
			cancel()
		})
		_, err := Solver{Mode: c.mode}.Solve(ctx, c.board, goal)
		returned := time.Now()
		if timer.Stop() {
			cancel()
			if le := new(LimitError); err != nil && !errors.As(err, &le) {
				t.Fatalf("%s: %v", c.name, err)
			}
			continue // it ended, or refused (a weight out of reach), before the cancellation
		}
		cancelled := <-fired
		if err != nil && !errors.Is(err, context.Canceled) {
			t.Fatalf("%s, cancelled: %v", c.name, err)
		}
		out = append(out, returned.Sub(cancelled))
	}
	return out
}

// settle waits, for a second at most, until the goroutines that a
// cancelled solve left behind have ended (engine.Make's, which finish
// making arrays of hundreds of megabytes after the solve returned), then
// collects their garbage: on a machine of two cores a trial that starts
// beside them measures them, not its own cancellation.
func settle() {
	for wait := time.Now().Add(time.Second); runtime.NumGoroutine() > settled && time.Now().Before(wait); {
		time.Sleep(time.Millisecond)
	}
	runtime.GC()
}

// settled is the number of goroutines a test of this package runs beside
// a solve: its own, the testing package's, and the runtime's.
const settled = 4

// TestCancelLatency cancels every mode on boards of 4 x 4 to 255 x 255
// at random moments and checks that the median of all the trials returns
// within 20 ms of its cancellation, the median of each case within 100 ms
// and every one within 250 ms: generous for a loaded machine, where a
// case of one or two trials may wait for a core
// (TestCancelLatencyStrict holds every trial to 20 ms). A case that
// misses runs its trials again, and fails only if it misses twice: a
// stretch without a poll misses every time, a trial that waited for a core
// beside other processes does not. Before, the fast
// mode on 255 x 255 took 227-292 ms, the anytime mode 143 ms, and the
// weighted mode on 100 x 100 and 255 x 255, cancelled in its fast phase,
// went on into an optimal search that made its tables first (0.8 to 1.9 s
// beside two busy processes on two cores).
func TestCancelLatency(t *testing.T) {
	if !testsets.Long() {
		t.Skip("quick form (SLIDE_LONG=1 runs it)")
	}
	all := checkLatencies(t, 3, 100*time.Millisecond, 250*time.Millisecond)
	if len(all) == 0 {
		t.Fatal("every solve ended before its cancellation")
	}
	if med := all[len(all)/2]; med > 20*time.Millisecond {
		t.Errorf("the median of %d cancellations is %v, want at most 20ms", len(all), med)
	}
}

// TestCancelLatencyStrict is TestCancelLatency over 20 trials a case,
// every one within 20 ms; it runs with -latency.
func TestCancelLatencyStrict(t *testing.T) {
	if !*strictLatency {
		t.Skip("the strict trials run with -latency")
	}
	all := checkLatencies(t, 20, 20*time.Millisecond, 20*time.Millisecond)
	if len(all) > 0 {
		t.Logf("every case: %d cancelled, median %v", len(all), all[len(all)/2])
	}
}

// checkLatencies runs trials cancellations of every latency case, checks
// the median of each against median and the slowest against most, and
// returns every latency, sorted.
func checkLatencies(t *testing.T, trials int, median, most time.Duration) []time.Duration {
	var all []time.Duration
	rng := rand.New(rand.NewPCG(34, 34))
	for _, c := range latencyCases() {
		runtime.GC() // the cases before leave no collection to this one
		lat := cancelLatencies(t, c, trials, rng)
		if len(lat) == 0 {
			t.Logf("%s: ended before every cancellation", c.name)
			continue
		}
		if !withinLatency(t, c.name, lat, median, most) {
			// A poll missing from a search fails again; a trial that
			// waited for a core or a collection beside other processes
			// does not, so a case that fails once runs its trials again.
			runtime.GC()
			lat = cancelLatencies(t, c, trials, rng)
			if len(lat) > 0 && !withinLatency(t, c.name+" (again)", lat, median, most) {
				t.Errorf("%s: returned %v after the cancellation, twice, want a median within %v and every one within %v",
					c.name, lat, median, most)
			}
		}
		all = append(all, lat...)
	}
	slices.Sort(all)
	return all
}

// withinLatency sorts lat, logs its median and slowest, and reports
// whether the median is within median and every one within most.
func withinLatency(t *testing.T, name string, lat []time.Duration, median, most time.Duration) bool {
	slices.Sort(lat)
	med, worst := lat[len(lat)/2], lat[len(lat)-1]
	t.Logf("%s: %d cancelled, median %v, slowest %v", name, len(lat), med.Round(10*time.Microsecond), worst.Round(10*time.Microsecond))
	return med <= median && worst <= most
}

// firstUseCases are the near-optimal modes on 6 x 6 and 7 x 7 with the
// shipped databases for them: the first solve in a process reads the
// tables and makes their sparse layouts, then searches.
var firstUseCases = []struct {
	rows int
	db   Heuristic
	mode Mode
	// within is the span the cancellations are drawn from: the reading
	// of the tables, the making of their layouts, and the first searches.
	within time.Duration
}{
	{6, PDB35, Weighted(1.5), 1500 * time.Millisecond},
	{6, PDB35, Anytime(30 * time.Second), 1500 * time.Millisecond},
	{7, PDB48, Weighted(1.5), time.Second},
	{7, PDB48, Anytime(30 * time.Second), time.Second},
}

// TestCancelFirstUse cancels the first near-optimal solve of a 6 x 6 and
// a 7 x 7 board in a process of its own (TestCancelFirstUseChild), at a
// random moment, and checks that the median of every case returns within
// 20 ms of its cancellation and every trial within 250 ms (100 ms with
// -latency, which runs 20 trials a case instead of 3). It reads PDB35 and
// PDB48 from the user's cache (go run ./cmd/slide pdb build 35 48), and is
// skipped without them. The first solve once made the tables' sparse
// layouts without looking at its context, for a second or more.
func TestCancelFirstUse(t *testing.T) {
	if !testsets.Long() {
		t.Skip("quick form (SLIDE_LONG=1 runs it)")
	}
	dir := testsets.UserPDBCache
	cached, _ := Cache{Dir: dir}.List()
	for _, c := range firstUseCases {
		if !slices.ContainsFunc(cached, func(d CachedDatabase) bool { return d.Name == c.db.String() && d.Err == nil }) {
			t.Skipf("%v is not in the user's cache %s (go run ./cmd/slide pdb build %v)", c.db, dir, c.db)
		}
	}
	exe, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	trials, most := 3, 250*time.Millisecond
	if *strictLatency {
		trials, most = 20, 100*time.Millisecond
	}
	rng := rand.New(rand.NewPCG(44, 3))
	for i, c := range firstUseCases {
		name := fmt.Sprintf("%v %dx%d", c.mode, c.rows, c.rows)
		var lat []time.Duration
		for trial := range trials {
			delay := time.Duration(rng.Int64N(int64(c.within)))
			cmd := exec.Command(exe, "-test.run=^TestCancelFirstUseChild$")
			cmd.Env = append(os.Environ(), fmt.Sprintf("SLIDE_FIRST_USE=%d %d %d", i, trial, delay), "SLIDE_FIRST_USE_DIR="+dir)
			cmd.Dir = filepath.Dir(exe)
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("%s: %v\n%s", name, err, out)
			}
			var ns int64
			if j := strings.Index(string(out), "latency "); j >= 0 {
				fmt.Sscan(string(out[j+len("latency "):]), &ns)
				lat = append(lat, time.Duration(ns))
			} else if !strings.Contains(string(out), "ended\n") {
				t.Fatalf("%s: no latency in\n%s", name, out)
			}
		}
		if len(lat) == 0 {
			t.Logf("%s: ended before every cancellation", name)
			continue
		}
		slices.Sort(lat)
		med, worst := lat[len(lat)/2], lat[len(lat)-1]
		t.Logf("%s: %d cancelled, median %v, slowest %v", name, len(lat), med.Round(10*time.Microsecond), worst.Round(10*time.Microsecond))
		if med > 20*time.Millisecond || worst > most {
			t.Errorf("%s: returned %v after the cancellation, want a median within 20ms and every one within %v", name, lat, most)
		}
	}
}

// TestCancelFirstUseChild is one trial of TestCancelFirstUse, in a
// process of its own: SLIDE_FIRST_USE names the case, the trial and the
// delay of the cancellation in nanoseconds, SLIDE_FIRST_USE_DIR the cache.
// It prints "latency" and the nanoseconds the solve took to return after
// its cancellation, or "ended" if it ended first.
func TestCancelFirstUseChild(t *testing.T) {
	var i, trial int
	var delay time.Duration
	if n, _ := fmt.Sscan(os.Getenv("SLIDE_FIRST_USE"), &i, &trial, &delay); n != 3 {
		t.Skip("a trial of TestCancelFirstUse")
	}
	c := firstUseCases[i]
	b := randomSolvable(rand.New(rand.NewPCG(uint64(trial), 44)), c.rows, c.rows)
	ctx, cancel := context.WithCancel(context.Background())
	fired := make(chan time.Time, 1)
	timer := time.AfterFunc(delay, func() {
		fired <- time.Now()
		cancel()
	})
	s := Solver{Mode: c.mode, Heuristic: c.db, Cache: Cache{Dir: os.Getenv("SLIDE_FIRST_USE_DIR")}}
	_, err := s.Solve(ctx, b, Goal(c.rows, c.rows))
	returned := time.Now()
	if timer.Stop() {
		if le := new(LimitError); err != nil && !errors.As(err, &le) {
			t.Fatal(err)
		}
		fmt.Println("ended")
		return
	}
	if err != nil && !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v", err)
	}
	fmt.Println("latency", returned.Sub(<-fired).Nanoseconds())
}

// TestAnytimeOnImprove checks that the Anytime mode hands OnImprove
// answers that reach the goal, each shorter than the one before, the
// last as long as the Solution returned, on boards each of its ways
// solves: optimal search (4 x 4), beams (6 x 6), edges and regions
// (17 x 17, past a frame) and line moves.
func TestAnytimeOnImprove(t *testing.T) {
	rng := rand.New(rand.NewPCG(43, 1))
	for _, c := range []struct {
		rows, cols int
		metric     Metric
	}{{4, 4, TileMoves}, {6, 6, TileMoves}, {17, 17, TileMoves}, {4, 4, LineMoves}} {
		goal := Goal(c.rows, c.cols)
		start := randomReaching(rng, goal)
		var got []Solution
		s := Solver{Mode: Anytime(300 * time.Millisecond), Metric: c.metric, OnImprove: func(sol Solution) { got = append(got, sol) }}
		sol, err := s.Solve(context.Background(), start, goal)
		if err != nil {
			t.Fatalf("%d x %d: %v", c.rows, c.cols, err)
		}
		if len(got) == 0 {
			t.Fatalf("%d x %d: no answer handed to OnImprove", c.rows, c.cols)
		}
		for i, imp := range got {
			if imp.Start != start || imp.Boards != nil {
				t.Fatalf("%d x %d: answer %d from another start, or with boards", c.rows, c.cols, i)
			}
			checkValid(t, imp, start, goal, c.metric)
			if i > 0 && imp.Len() >= got[i-1].Len() {
				t.Fatalf("%d x %d: answer %d of %d moves after one of %d", c.rows, c.cols, i, imp.Len(), got[i-1].Len())
			}
			if imp.LowerBound > sol.LowerBound {
				t.Fatalf("%d x %d: answer %d's lower bound %d passes the last one, %d", c.rows, c.cols, i, imp.LowerBound, sol.LowerBound)
			}
		}
		if last := got[len(got)-1]; last.Len() != sol.Len() {
			t.Fatalf("%d x %d: last answer handed has %d moves, the Solution %d", c.rows, c.cols, last.Len(), sol.Len())
		}
		t.Logf("%d x %d %v: %d answers, %d to %d moves", c.rows, c.cols, c.metric, len(got), got[0].Len(), sol.Len())
	}
}

// TestOnImproveRefused checks that the modes other than Anytime refuse
// OnImprove, and that Anytime hands no answer whose moves pass the memory
// bound.
func TestOnImproveRefused(t *testing.T) {
	goal := Goal(3, 3)
	start := randomReaching(rand.New(rand.NewPCG(43, 2)), goal)
	on := func(Solution) {}
	for _, m := range []Mode{Optimal(), Weighted(2), Fast()} {
		_, err := Solver{Mode: m, OnImprove: on}.Solve(context.Background(), start, goal)
		if !errors.Is(err, ErrOption) {
			t.Fatalf("%v: OnImprove gets %v, want ErrOption", m, err)
		}
	}
	if _, err := (Solver{OnImprove: on}).Distances(context.Background(), goal); !errors.Is(err, ErrOption) {
		t.Fatalf("Distances: OnImprove gets %v, want ErrOption", err)
	}
	// A path of two moves: the blank's cells from the 3 x 3 goal's.
	cell := func(b Board) int { r, c := b.Blank(); return r*3 + c }
	var next Board
	for _, d := range []Direction{Up, Down, Left, Right} {
		if b, ok := goal.Slide(d, 1); ok {
			next = b
		}
	}
	blanks := []int{cell(goal), cell(next), cell(goal)}
	for _, fit := range []bool{false, true} {
		calls := 0
		s := Solver{Limits: Limits{MaxMemory: movesBytes(1)}, OnImprove: func(sol Solution) { calls++; checkValid(t, sol, goal, goal, TileMoves) }}
		if fit {
			s.Limits.MaxMemory = movesBytes(2)
		}
		s.answer(goal).Improve(context.Background(), blanks, 0, "fast", time.Now())
		if want := map[bool]int{false: 0, true: 1}[fit]; calls != want {
			t.Fatalf("an answer of 2 moves under a bound of %d B: %d calls, want %d", s.Limits.MaxMemory, calls, want)
		}
	}
}

// checkTidy fails t unless sol, an answer from start, replays move by
// move to goal and holds no move followed by its undo; with line moves,
// no two moves in a row along one row or column, which one move makes.
func checkTidy(t *testing.T, name string, sol Solution, start, goal Board, line bool) {
	t.Helper()
	b := start
	for i, m := range sol.Moves {
		next, ok := b.Slide(m.Dir, m.Tiles)
		if !ok {
			t.Fatalf("%s: move %d (%v) is not possible", name, i, m)
		}
		b = next
		if i == 0 {
			continue
		}
		prev := sol.Moves[i-1]
		if !line && m.Dir == prev.Dir^1 {
			t.Fatalf("%s: move %d (%v) undoes move %d", name, i, m, i-1)
		}
		if line && (m.Dir == prev.Dir || m.Dir == prev.Dir^1) {
			t.Fatalf("%s: moves %d and %d (%v, %v) go along one line", name, i-1, i, prev, m)
		}
	}
	if b != goal {
		t.Fatalf("%s: the moves end on\n%v", name, b)
	}
	if sol.LowerBound > sol.Len() {
		t.Fatalf("%s: lower bound %d above the %d moves", name, sol.LowerBound, sol.Len())
	}
}

// TestAnswersTidy solves random boards of every size class in the Fast,
// Weighted and Anytime modes and checks that no answer holds a move
// followed by its undo (the fast mode's moves held some on boards past
// 4 x 4, and the beams' answers where the fast mode finished them).
func TestAnswersTidy(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 2))
	sizes, boards := [][2]int{{3, 3}, {4, 4}, {2, 9}, {10, 10}}, 1
	if testsets.Long() {
		sizes, boards = append(sizes, [2]int{5, 5}, [2]int{6, 6}, [2]int{7, 7}, [2]int{9, 2}, [2]int{30, 30}), 3
	}
	for _, sz := range sizes {
		goal := Goal(sz[0], sz[1])
		for k := range boards {
			start := randomReaching(rng, goal)
			modes := []Mode{Fast(), Anytime(100 * time.Millisecond)}
			if sz[0]*sz[1] <= 49 {
				modes = append(modes, Weighted(3))
			}
			for _, metric := range []Metric{TileMoves, LineMoves} {
				for _, m := range modes {
					if metric == LineMoves && m.kind != fast && sz[0]*sz[1] > 9 {
						continue // the optimal search under line moves
					}
					s := Solver{Mode: m, Metric: metric}
					if m.kind != fast {
						s.Workers = 1
					}
					sol, err := s.Solve(context.Background(), start, goal)
					name := fmt.Sprintf("%dx%d board %d %v metric %d", sz[0], sz[1], k, m, metric)
					if err != nil {
						t.Fatalf("%s: %v", name, err)
					}
					checkTidy(t, name, sol, start, goal, metric == LineMoves)
				}
			}
		}
	}
}

// TestSmallProven checks that on boards where the optimal search is
// cheap, the Fast and Weighted answers say what it proves: on 3 x 3 and
// 3 x 4 boards, optimal, the answer shortened to a shortest one where it
// was longer, also where the moves go to OnMove.
func TestSmallProven(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 3))
	for _, sz := range [][2]int{{3, 3}, {2, 4}, {3, 4}, {2, 5}} {
		goal := Goal(sz[0], sz[1])
		for k := range 3 {
			start := randomReaching(rng, goal)
			opt, err := Solver{}.Solve(context.Background(), start, goal)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range []Mode{Fast(), Weighted(1.5), Weighted(3)} {
				name := fmt.Sprintf("%dx%d board %d %v", sz[0], sz[1], k, m)
				var handed []Move
				for _, stream := range []bool{false, true} {
					s := Solver{Mode: m}
					if stream {
						handed = nil
						s.OnMove = func(mv Move) { handed = append(handed, mv) }
					}
					sol, err := s.Solve(context.Background(), start, goal)
					if err != nil {
						t.Fatalf("%s: %v", name, err)
					}
					if !sol.Optimal || sol.LowerBound != opt.Len() || sol.Len() != opt.Len() {
						t.Fatalf("%s (moves handed %v): %d moves, lower bound %d, optimal %v; the optimum is %d",
							name, stream, sol.Len(), sol.LowerBound, sol.Optimal, opt.Len())
					}
					if stream {
						sol.Moves = handed
					}
					checkTidy(t, name, sol, start, goal, false)
				}
			}
		}
	}
}

// TestSmallProvenLimits checks the search that labels a small board's
// answer under a node limit too small for its proof: the answer stands,
// its bound proven, between the mode's own and the optimum, and the
// nodes within the limit.
func TestSmallProvenLimits(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 4))
	goal := Goal(3, 4)
	raised := 0 // answers whose bound rose above the heuristic's, not proven optimal
	for k := range 6 {
		start := randomReaching(rng, goal)
		opt, err := Solver{}.Solve(context.Background(), start, goal)
		if err != nil {
			t.Fatal(err)
		}
		for _, nodes := range []int64{200, 2000, 20000} {
			s := Solver{Mode: Weighted(3), Limits: Limits{MaxNodes: nodes}, Workers: 1}
			sol, err := s.Solve(context.Background(), start, goal)
			if err != nil {
				continue // the mode's own search passed the limit
			}
			if sol.Generated > nodes+4 {
				t.Errorf("board %d, %d nodes: %d generated", k, nodes, sol.Generated)
			}
			if sol.LowerBound > opt.Len() || sol.Len() < opt.Len() || sol.Optimal != (sol.Len() == sol.LowerBound) {
				t.Fatalf("board %d, %d nodes: %d moves, lower bound %d, optimal %v; the optimum is %d",
					k, nodes, sol.Len(), sol.LowerBound, sol.Optimal, opt.Len())
			}
			if !sol.Optimal && sol.LowerBound > LinearConflict.mustEstimate(start, goal) {
				raised++
			}
		}
	}
	if raised == 0 {
		t.Error("no node limit left a bound raised short of a proof")
	}
}

// TestHeuristicOf checks that heuristicOf reverses Heuristic.tiles for
// every named heuristic, with and without walking distance, and for a
// Database's own, and names each shipped database internal/solve chooses
// from as its String does.
func TestHeuristicOf(t *testing.T) {
	d := MustParseDatabase(Goal(3, 3), "1 2 3 4/5 6 7 8")
	hs := append(Heuristics()[1:], d.Heuristic())
	for _, h := range slices.Clone(hs) {
		hs = append(hs, h.WithWalkingDistance())
	}
	for _, h := range hs {
		if got := heuristicOf(h.base().tiles(), h.wd, d); got != h {
			t.Errorf("heuristicOf(%v.tiles()) = %v", h, got)
		}
	}
	for _, th := range slices.Concat(solve.NearOptimal(), solve.Stronger()) {
		if h := heuristicOf(th, false, Database{}); !h.IsDatabase() || h.String() != th.Name {
			t.Errorf("heuristicOf(shipped %s) = %v", th.Name, h)
		}
	}
}
