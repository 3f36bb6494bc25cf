package play

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/slidekit/slide"
)

// checkSolved checks a solve's result for start: the moves take it to the
// goal, and the length, the proof, the report, the text and the picture
// all say the same. It returns the length.
func checkSolved(t *testing.T, start slide.Board, res map[string]any) int {
	t.Helper()
	moves, _ := res["moves"].(string)
	length := int(res["length"].(float64))
	replay(t, start, moves, length)
	rep, _ := res["report"].(map[string]any)
	optimal := res["optimal"] == true
	header := fmt.Sprintf("Minimum number of moves = %d\n", length)
	if !optimal {
		header = fmt.Sprintf("Number of moves = %d (at least %v needed)\n", length, res["lower_bound"])
	}
	switch {
	case res["solvable"] != true:
		t.Errorf("a solution of a board that is not solvable: %v", res)
	case rep["moves"] != moves || rep["length"] != res["length"] || rep["optimal"] != res["optimal"] || rep["start"] != start.String():
		t.Errorf("the report %v does not say what the result says", rep)
	case res["text"] != header+moves+"\n":
		t.Errorf("the text %.100q, want %q and the moves", res["text"], header)
	case !strings.Contains(res["svg"].(string), fmt.Sprintf("%d x %d: %d moves", start.Rows(), start.Cols(), length)):
		t.Errorf("the picture's title does not give %d moves", length)
	case res["lower_bound"].(float64) > float64(length) || optimal && res["lower_bound"].(float64) != float64(length):
		t.Errorf("lower bound %v of %d moves, optimal %v", res["lower_bound"], length, optimal)
	}
	return length
}

// solveArgs returns the fields of a solve of b with more.
func solveArgs(b slide.Board, more ...any) map[string]any {
	m := map[string]any{"board": boardArg(b)}
	for i := 0; i < len(more); i += 2 {
		m[more[i].(string)] = more[i+1]
	}
	return m
}

// TestSolve3x3 solves the two 8-puzzle boards farthest from the goal,
// 31 moves, under both metrics.
func TestSolve3x3(t *testing.T) {
	h := Handler{Cache: testCache(t)}
	boards, optimal := instances(t, "hard8_31.txt", 3, 3, 2)
	for i, b := range boards {
		a := ok(t, h, reqJSON("solve", solveArgs(b)))
		if n := checkSolved(t, b, a.result); n != optimal[i] || a.result["optimal"] != true {
			t.Errorf("%v: %d moves, optimal %v, want %d", b, n, a.result["optimal"], optimal[i])
		}
		a = ok(t, h, reqJSON("solve", solveArgs(b, "metric", "line", "mode", "optimal")))
		if n := checkSolved(t, b, a.result); n >= optimal[i] || a.result["report"].(map[string]any)["metric"] != "line" {
			t.Errorf("%v: %d line moves, want fewer than %d tile moves", b, n, optimal[i])
		}
	}
}

// pdb663Held is set once a test has built pdb663, which the process
// then holds: a later build in another cache writes it out at once,
// without building it again.
var pdb663Held bool

// TestSolve4x4 checks the tables: pdb663 listed as not cached in a cache
// of its own, built with progress by the first optimal solve of a 4 x 4
// board, then listed as cached, and used by the next solves without a
// build; and the build op, which then has nothing to build.
func TestSolve4x4(t *testing.T) {
	h := Handler{Cache: testCache(t)}
	listed := func() map[string]any {
		tables := ok(t, h, `{"id": 1, "op": "tables"}`).result["tables"].([]any)
		if len(tables) != 1 {
			t.Fatalf("tables: %v", tables)
		}
		return tables[0].(map[string]any)
	}
	if pdb := listed(); pdb["name"] != "pdb663" || pdb["board"] != "4x4" || pdb["cached"] != false || pdb["bytes"].(float64) < 5e6 {
		t.Errorf("pdb663 in an empty cache: %v", pdb)
	}
	boards, optimal := instances(t, "korf100.txt", 4, 4, 3)
	for i, b := range boards {
		a := ok(t, h, reqJSON("solve", solveArgs(b)))
		if n := checkSolved(t, b, a.result); n != optimal[i] || a.result["optimal"] != true || a.result["report"].(map[string]any)["heuristic"] != "pdb663" {
			t.Errorf("%v: %d moves, want %d by pdb663: %v", b, n, optimal[i], a.result["report"])
		}
		var builds []map[string]any
		for _, p := range a.progress {
			if p["build"] != nil {
				builds = append(builds, p["build"].(map[string]any))
			}
		}
		built := fmt.Sprint(a.result["built"])
		switch {
		case i == 0 && !pdb663Held && built != "[pdb663]":
			t.Errorf("the first solve built %s", built)
		case i == 0 && !pdb663Held:
			checkBuild(t, builds)
		case built != "[]" || len(builds) != 0:
			t.Errorf("solve %d built %s with %d progress messages", i+1, built, len(builds))
		}
		pdb663Held = true
	}
	pdb := listed()
	files, _ := filepath.Glob(filepath.Join(h.Cache.Dir, "*.pdb"))
	if len(files) != 1 || pdb["cached"] != true {
		t.Fatalf("after the build: %v, files %v", pdb, files)
	}
	if fi, err := os.Stat(files[0]); err != nil || pdb["bytes"] != float64(fi.Size()) {
		t.Errorf("pdb663 listed with %v bytes, its file %v", pdb["bytes"], fi)
	}
	a := ok(t, h, `{"id": 2, "op": "build", "name": "pdb663"}`)
	if a.result["cached"] != true || a.result["name"] != "pdb663" || a.result["bytes"] != pdb["bytes"] || a.result["warning"] != nil || len(a.progress) != 0 {
		t.Errorf("building pdb663 again: %v, %d progress messages", a.result, len(a.progress))
	}
	if a := do(t, h, `{"id": 1, "op": "build", "name": "pdb78"}`); a.err != `"name": the page builds the tables [pdb663], not "pdb78"` {
		t.Errorf("building pdb78: %q", a.err)
	}
}

// checkBuild checks the progress of pdb663's build: every table's
// layers, in order, each reaching more of the table's entries.
func checkBuild(t *testing.T, builds []map[string]any) {
	t.Helper()
	table, depth, tables := -1, -1, 0.0
	for _, b := range builds {
		tb, d := int(b["table"].(float64)), int(b["depth"].(float64))
		if tb != table {
			table, depth = tb, -1
		}
		if b["name"] != "pdb663" || d <= depth || b["reached"].(float64) > b["entries"].(float64) {
			t.Fatalf("progress %v after table %d depth %d", b, table, depth)
		}
		depth, tables = d, b["tables"].(float64)
	}
	if table != 2 || tables != 3 {
		t.Errorf("the last progress was of table %d of %v, want 2 of 3", table, tables)
	}
}

// TestSolveFast solves a random 50 x 50 board in the fast mode.
func TestSolveFast(t *testing.T) {
	h := Handler{Cache: testCache(t)}
	b, err := slide.RandomBoard(slide.Goal(50, 50), rand.New(rand.NewPCG(50, 0)))
	if err != nil {
		t.Fatal(err)
	}
	a := ok(t, h, reqJSON("solve", solveArgs(b, "mode", "fast")))
	if n := checkSolved(t, b, a.result); n < 50*50 || a.result["optimal"] != false || len(a.progress) != 0 {
		t.Errorf("fast: %d moves, optimal %v, %d progress messages", n, a.result["optimal"], len(a.progress))
	}
}

// TestSolveListed checks that past maxListed letters of moves, a
// solve's answer holds them once: its text and its report are those of
// slide solve -count and -count -json, without the moves, which only
// moves gives.
func TestSolveListed(t *testing.T) {
	h := Handler{Cache: testCache(t)}
	b, err := slide.RandomBoard(slide.Goal(100, 100), rand.New(rand.NewPCG(100, 0)))
	if err != nil {
		t.Fatal(err)
	}
	a := ok(t, h, reqJSON("solve", solveArgs(b, "mode", "fast")))
	moves, _ := a.result["moves"].(string)
	length := int(a.result["length"].(float64))
	if len(moves) != length || strings.Trim(moves, "UDLR") != "" { // a replay would take long: TestSolveFast replays
		t.Fatalf("%d moves: %d letters %.80q", length, len(moves), moves)
	}
	rep := a.result["report"].(map[string]any)
	header := fmt.Sprintf("Number of moves = %d (at least %v needed)\n", length, a.result["lower_bound"])
	if _, listed := rep["moves"]; len(moves) <= maxListed || listed || a.result["text"] != header || rep["length"] != a.result["length"] {
		t.Errorf("%d moves: text %.100q, report %.200v", len(moves), a.result["text"], rep)
	}
}

// TestAnswerShare checks the answer's share of the page's memory: on
// every board the page takes, less than a fifth of it, the rest the
// search's; and that the fast mode's answers on random boards of the
// thinnest shapes, which take the most moves for their cells, stay
// within maxLetters.
func TestAnswerShare(t *testing.T) {
	if share := answerCopies * maxLetters(maxSide, maxSide); share > maxMemory/5 {
		t.Errorf("on %d x %d the answer's share is %d bytes of %d", maxSide, maxSide, share, maxMemory)
	}
	if m := searchMemory(slide.Goal(maxSide, maxSide)); m+answerCopies*int64(maxLetters(maxSide, maxSide)) != maxMemory {
		t.Errorf("the search's share %d and the answer's do not make up %d", m, maxMemory)
	}
	for _, size := range [][2]int{{2, maxSide}, {maxSide, 2}, {3, maxSide}, {2, 2}, {3, 3}} {
		for seed := range uint64(3) {
			b, _ := slide.RandomBoard(slide.Goal(size[0], size[1]), rand.New(rand.NewPCG(seed, 0)))
			var moves int
			s := slide.Solver{Mode: slide.Fast(), OnMove: func(slide.Move) { moves++ }}
			if _, err := s.Solve(context.Background(), b, slide.Goal(size[0], size[1])); err != nil {
				t.Fatal(err)
			}
			if moves > maxLetters(size[0], size[1]) {
				t.Errorf("random %d x %d board of seed %d: %d moves, more than %d", size[0], size[1], seed, moves, maxLetters(size[0], size[1]))
			}
		}
	}
}

// TestLargePeakHeap checks that the largest answers the page gives, a
// fast solve of 255 x 255 and its hint, hold less than the page's bound of
// memory at their peak: the heap's objects, read every millisecond. It
// takes seconds, and runs with SLIDE_PLAY_LARGE=1.
func TestLargePeakHeap(t *testing.T) {
	if os.Getenv("SLIDE_PLAY_LARGE") != "1" {
		t.Skip("set SLIDE_PLAY_LARGE=1 to solve a 255 x 255 board")
	}
	b, _ := slide.RandomBoard(slide.Goal(255, 255), rand.New(rand.NewPCG(1, 0)))
	for _, tc := range []struct{ name, req string }{
		{"fast solve", reqJSON("solve", solveArgs(b, "mode", "fast"))},
		{"hint", reqJSON("hint", solveArgs(b))},
	} {
		runtime.GC()
		var peak atomic.Uint64
		done, stopped := make(chan struct{}), make(chan struct{})
		go func() {
			defer close(stopped)
			s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
			for tick := time.NewTicker(time.Millisecond); ; {
				metrics.Read(s)
				peak.Store(max(peak.Load(), s[0].Value.Uint64()))
				select {
				case <-done:
					tick.Stop()
					return
				case <-tick.C:
				}
			}
		}()
		began := time.Now()
		var last int
		Handler{Cache: testCache(t)}.Handle(context.Background(), []byte(tc.req), func(msg []byte) { last = len(msg) })
		took := time.Since(began)
		close(done)
		<-stopped
		t.Logf("%s of 255 x 255: %v, peak heap %d MiB, result message %d bytes", tc.name, took, peak.Load()>>20, last)
		if peak.Load() > maxMemory {
			t.Errorf("%s of 255 x 255: peak heap %d bytes, more than %d", tc.name, peak.Load(), maxMemory)
		}
	}
}

// TestMovesLimit checks that an answer whose letters pass the record's
// limit is refused, its search stopped, and no more letters kept.
func TestMovesLimit(t *testing.T) {
	h := Handler{Cache: testCache(t)}
	b, _ := slide.RandomBoard(slide.Goal(30, 30), rand.New(rand.NewPCG(30, 0)))
	for _, mode := range []slide.Mode{slide.Fast(), slide.Anytime(100 * time.Millisecond)} {
		moves := newMoveRecord(b)
		moves.limit = 100
		stopped := 0
		_, _, err := h.search(context.Background(), b, mode, slide.TileMoves, moves, func(progress) {})
		if err == nil || !strings.Contains(err.Error(), "the answer passes the page's memory bound: its moves take more than the 100 bytes it keeps for a 30 x 30 board") {
			t.Errorf("%v: %v", mode, err)
		}
		if moves.letters.Len() > 100 || !moves.over {
			t.Errorf("%v: %d letters kept of at most 100", mode, moves.letters.Len())
		}
		moves.stop = func() { stopped++ }
		moves.over = false
		moves.add(slide.Move{Dir: slide.Up, Tiles: 1})
		if !moves.over || stopped != 1 {
			t.Errorf("%v: a move past the limit: over %v, stopped %d times", mode, moves.over, stopped)
		}
	}
}

// TestMoveRecordAllocs checks that recording a move of one tile, once the
// first moves are kept and room made, allocates nothing.
func TestMoveRecordAllocs(t *testing.T) {
	r := newMoveRecord(slide.Goal(30, 30))
	for range slide.DefaultSVGMoves + 1 {
		r.add(slide.Move{Dir: slide.Left, Tiles: 1})
	}
	if n := testing.AllocsPerRun(1000, func() { r.add(slide.Move{Dir: slide.Down, Tiles: 1}) }); n != 0 || r.over {
		t.Errorf("%v allocations a move (over %v)", n, r.over)
	}
}

// TestSolveAnytime solves random 5 x 5 and 6 x 6 boards in the anytime
// mode, which tells how the search goes and each shorter answer it finds,
// with its moves: they take the board to the goal, each answer is shorter
// than the one before, and the last is the result.
func TestSolveAnytime(t *testing.T) {
	h := Handler{Cache: testCache(t)}
	for _, side := range []int{5, 6} {
		b, err := slide.RandomBoard(slide.Goal(side, side), rand.New(rand.NewPCG(5, 0)))
		if err != nil {
			t.Fatal(err)
		}
		a := ok(t, h, reqJSON("solve", solveArgs(b, "mode", "anytime", "budget_ms", 300)))
		n := checkSolved(t, b, a.result)
		var last map[string]any
		var best []map[string]any
		for _, p := range a.progress {
			if s, ok := p["search"].(map[string]any); ok {
				last = s
			}
			if s, ok := p["best"].(map[string]any); ok {
				best = append(best, s)
			}
		}
		if last == nil || last["best"].(float64) < float64(n) || last["lower_bound"].(float64) > float64(n) || last["generated"] == nil || last["seconds"] == nil {
			t.Errorf("%d x %d: the last progress %v of a %d-move answer", side, side, last, n)
		}
		if len(best) == 0 {
			t.Fatalf("%d x %d: no answer told before the result", side, side)
		}
		for i, s := range best {
			length := int(s["length"].(float64))
			replay(t, b, s["moves"].(string), length)
			if i > 0 && length >= int(best[i-1]["length"].(float64)) || s["lower_bound"].(float64) > float64(length) || s["seconds"] == nil {
				t.Fatalf("%d x %d: answer %d told: %v after one of %v moves", side, side, i, s["length"], best[i-1]["length"])
			}
		}
		if got := best[len(best)-1]; got["length"] != a.result["length"] || got["moves"] != a.result["moves"] {
			t.Errorf("%d x %d: the last answer told has %v moves, the result %v", side, side, got["length"], a.result["length"])
		}
		t.Logf("%d x %d: %d answers told, %v to %v moves", side, side, len(best), best[0]["length"], a.result["length"])
	}
	// A hint searches in the anytime mode, and tells no answer.
	b, _ := slide.RandomBoard(slide.Goal(6, 6), rand.New(rand.NewPCG(6, 0)))
	for _, p := range ok(t, h, reqJSON("hint", solveArgs(b))).progress {
		if p["best"] != nil {
			t.Fatalf("a hint tells an answer: %.200v", p)
		}
	}
}

// TestImproves checks which boards an anytime solve tells shorter answers
// of: those whose letters fit maxListed, up to 63 x 63.
func TestImproves(t *testing.T) {
	for _, c := range []struct {
		rows, cols int
		want       bool
	}{{2, 2, true}, {63, 63, true}, {64, 64, false}, {2, 255, true}, {255, 255, false}} {
		if got := improves(slide.Goal(c.rows, c.cols)); got != c.want {
			t.Errorf("%d x %d: improves %v, want %v", c.rows, c.cols, got, c.want)
		}
	}
}

// TestSolveWeighted solves a random 5 x 5 board in the weighted mode of
// factor 1.5: an answer within 1.5 times its lower bound, the same as
// the library's Weighted(1.5) gives.
func TestSolveWeighted(t *testing.T) {
	h := Handler{Cache: testCache(t)}
	b, err := slide.RandomBoard(slide.Goal(5, 5), rand.New(rand.NewPCG(5, 0)))
	if err != nil {
		t.Fatal(err)
	}
	a := ok(t, h, reqJSON("solve", solveArgs(b, "mode", "weighted", "weight", 1.5)))
	n := checkSolved(t, b, a.result)
	lb := int(a.result["lower_bound"].(float64))
	if lb <= 0 || float64(n) > 1.5*float64(lb) {
		t.Errorf("weighted 1.5: %d moves, lower bound %d", n, lb)
	}
	sol, err := slide.Solver{Mode: slide.Weighted(1.5), Cache: h.Cache}.Solve(context.Background(), b, slide.Goal(5, 5))
	if err != nil {
		t.Fatal(err)
	}
	if sol.Len() != n {
		t.Errorf("weighted 1.5 in the page: %d moves; the library's Weighted(1.5): %d", n, sol.Len())
	}
}

// TestSolveNoSVG checks that a solve whose svg is false leaves the
// picture out, and the rest as it is.
func TestSolveNoSVG(t *testing.T) {
	h := Handler{Cache: testCache(t)}
	b, err := slide.RandomBoard(slide.Goal(5, 5), rand.New(rand.NewPCG(5, 0)))
	if err != nil {
		t.Fatal(err)
	}
	with := ok(t, h, reqJSON("solve", solveArgs(b, "mode", "fast", "svg", true)))
	without := ok(t, h, reqJSON("solve", solveArgs(b, "mode", "fast", "svg", false)))
	if !strings.Contains(with.result["svg"].(string), "<svg") || without.result["svg"] != "" {
		t.Errorf("svg true: %.40q; svg false: %.40q", with.result["svg"], without.result["svg"])
	}
	if with.result["moves"] != without.result["moves"] || with.result["text"] != without.result["text"] {
		t.Error("svg false changes the moves or the text")
	}
	if a := do(t, h, reqJSON("solve", solveArgs(b, "mode", "fast", "svg", "no"))); !strings.Contains(a.err, `"svg": want true or false`) {
		t.Errorf("svg \"no\": error %q", a.err)
	}
}

// TestSolveUnsolvable checks the answer for a board that cannot reach
// the goal: solve's, as slide solve gives it, and hint's.
func TestSolveUnsolvable(t *testing.T) {
	h := Handler{Cache: testCache(t)}
	b := slide.Goal(3, 3).Twin()
	a := ok(t, h, reqJSON("solve", solveArgs(b)))
	if a.result["solvable"] != false || a.result["text"] != "No solution possible\n" || a.result["report"].(map[string]any)["solvable"] != false ||
		!strings.Contains(a.result["svg"].(string), "no solution") {
		t.Errorf("solve of an unsolvable board: %v", a.result)
	}
	if a := ok(t, h, reqJSON("hint", solveArgs(b))); a.result["solvable"] != false || a.result["move"] != "" {
		t.Errorf("hint of an unsolvable board: %v", a.result)
	}
}

// TestSolveErrors checks the refusals of solve.
func TestSolveErrors(t *testing.T) {
	h := Handler{Cache: testCache(t)}
	b5 := slide.Goal(5, 5)
	for _, tc := range []struct {
		args map[string]any
		want string
	}{
		{solveArgs(b5), "a shortest solution of a 5 x 5 board may take hours: the page searches up to 4 x 4; choose anytime or fast"},
		{solveArgs(slide.Goal(2, 8)), "a shortest solution of a 2 x 8 board may take hours"},
		{solveArgs(b5, "mode", "optimal"), "choose anytime or fast"},
		{solveArgs(b5, "mode", "anytime"), `"budget_ms": the anytime mode needs a budget above 0 milliseconds, got 0`},
		{solveArgs(b5, "mode", "anytime", "budget_ms", -5), "got -5"},
		{solveArgs(b5, "mode", "anytime", "budget_ms", 3600001), `"budget_ms": want at most 3600000 (an hour), got 3600001`},
		{solveArgs(b5, "mode", "fast", "budget_ms", 10), `"budget_ms": only the anytime mode takes a budget, not "fast"`},
		{solveArgs(b5, "budget_ms", 10), "not optimal"},
		{solveArgs(b5, "mode", "weighted"), `"weight": the weighted mode needs a factor of at least 1, such as 1.5, got 0`},
		{solveArgs(b5, "mode", "weighted", "weight", 0.5), "got 0.5"},
		{solveArgs(b5, "mode", "weighted", "weight", 2, "budget_ms", 10), `"budget_ms": only the anytime mode takes a budget, not "weighted"`},
		{solveArgs(b5, "mode", "fast", "weight", 2), `"weight": only the weighted mode takes a factor, not "fast"`},
		{solveArgs(b5, "weight", 2), `"weight": only the weighted mode takes a factor, not optimal`},
		{solveArgs(b5, "mode", "weighted", "weight", "2"), `"weight": want a number`},
		{solveArgs(b5, "mode", "greedy"), `"mode": want optimal, weighted, anytime or fast, got "greedy"`},
		{solveArgs(b5, "mode", "fast", "metric", "diagonal"), `"metric": `},
	} {
		if a := do(t, h, reqJSON("solve", tc.args)); !strings.Contains(a.err, tc.want) {
			t.Errorf("solve %v: error %q, want %q", tc.args, a.err, tc.want)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	big, _ := slide.RandomBoard(slide.Goal(100, 100), rand.New(rand.NewPCG(100, 0)))
	if a := doContext(t, ctx, h, reqJSON("solve", solveArgs(big, "mode", "fast"))); a.err != "context canceled" {
		t.Errorf("a solve cancelled: %q", a.err)
	}
}

// TestHint checks that a hint is the first move of a shortest solution
// up to 4 x 4, and of a good one within a second past it (2 x 8
// included), and that the goal has none.
func TestHint(t *testing.T) {
	h := Handler{Cache: testCache(t)}
	boards, optimal := instances(t, "hard8_31.txt", 3, 3, 2)
	for i, b := range boards {
		a := ok(t, h, reqJSON("hint", solveArgs(b)))
		if a.result["optimal"] != true || a.result["length"] != float64(optimal[i]) {
			t.Fatalf("hint of %v: %v", b, a.result)
		}
		next := ok(t, h, reqJSON("solve", solveArgs(moved(t, b, a.result["move"].(string)))))
		if next.result["length"] != float64(optimal[i]-1) {
			t.Errorf("the hint %v of a board %d moves from the goal leaves %v", a.result["move"], optimal[i], next.result["length"])
		}
	}
	for _, size := range [][2]int{{6, 6}, {2, 8}} { // 2 x 8: minutes for a shortest solution
		b, _ := slide.RandomBoard(slide.Goal(size[0], size[1]), rand.New(rand.NewPCG(6, 0)))
		a := ok(t, h, reqJSON("hint", solveArgs(b)))
		moved(t, b, a.result["move"].(string))
		if length, _ := a.result["length"].(float64); a.result["optimal"] != false || length < 20 {
			t.Errorf("hint of a random %d x %d board: %v", size[0], size[1], a.result)
		}
	}
	// 255 x 255: the fast mode's answer takes seconds, past the hint's
	// budget; the hint is its first move, of a length not known.
	b, _ := slide.RandomBoard(slide.Goal(255, 255), rand.New(rand.NewPCG(255, 0)))
	a := ok(t, h, reqJSON("hint", solveArgs(b)))
	if _, known := a.result["length"]; a.result["optimal"] != false || known || a.result["solvable"] != true {
		t.Errorf("hint of a random 255 x 255 board: %v", a.result)
	}
	first, err := fastMove(context.Background(), b)
	if err != nil || a.result["move"] != first {
		t.Errorf("hint of a random 255 x 255 board: %v, want the fast mode's first move %q (%v)", a.result["move"], first, err)
	}
	moved(t, b, first)
	if a := ok(t, h, reqJSON("hint", solveArgs(slide.Goal(3, 4)))); a.result["move"] != "" || a.result["length"] != 0.0 || a.result["optimal"] != true {
		t.Errorf("hint of the goal: %v", a.result)
	}
}

// moved returns b after the move named, failing t if there is none.
func moved(t *testing.T, b slide.Board, move string) slide.Board {
	t.Helper()
	ms, err := slide.ParseMoves(move)
	if err != nil || len(ms) != 1 {
		t.Fatalf("the move %q: %v", move, err)
	}
	next, ok := b.Apply(ms)
	if !ok {
		t.Fatalf("the move %q cannot be made on %v", move, b)
	}
	return next
}

// TestSearchRecordsMoves checks that a search records its solution's
// moves, as letters and the first few as moves, and that the Solution
// keeps neither its moves nor its boards, which the results do not use.
func TestSearchRecordsMoves(t *testing.T) {
	h := Handler{Cache: testCache(t)}
	b5, _ := slide.RandomBoard(slide.Goal(5, 5), rand.New(rand.NewPCG(5, 0)))
	b30, _ := slide.RandomBoard(slide.Goal(30, 30), rand.New(rand.NewPCG(30, 0)))
	for _, tc := range []struct {
		b      slide.Board
		mode   slide.Mode
		metric slide.Metric
	}{
		{b5, slide.Fast(), slide.TileMoves},
		{b5, slide.Anytime(50 * time.Millisecond), slide.TileMoves},
		{b5, slide.Fast(), slide.LineMoves},
		{b30, slide.Fast(), slide.TileMoves},
	} {
		moves := newMoveRecord(tc.b)
		sol, _, err := h.search(context.Background(), tc.b, tc.mode, tc.metric, moves, func(progress) {})
		if err != nil || sol.Boards != nil || sol.Moves != nil {
			t.Fatalf("%v %v: %d moves and %d boards kept (%v)", tc.mode, tc.metric, len(sol.Moves), len(sol.Boards), err)
		}
		letters := moves.letters.String()
		replay(t, tc.b, letters, sol.Len())
		first := slide.FormatMoves(moves.first)
		if len(moves.first) != min(sol.Len(), slide.DefaultSVGMoves) || !strings.HasPrefix(letters, first) {
			t.Errorf("%v %v: the first %d moves recorded of %d: %.40q, not the start of %.40q", tc.mode, tc.metric, len(moves.first), sol.Len(), first, letters)
		}
		if tc.metric == slide.LineMoves && !strings.ContainsAny(letters, "23456789") {
			t.Errorf("no line move of several tiles in %.80q", letters)
		}
	}
}

// TestPrepareOnce checks that an optimal solve on 4 x 4 makes pdb663
// ready in its cache once: the next ones, in a process that holds the
// tables, look at no file, and so do not write the file again once it is
// removed.
func TestPrepareOnce(t *testing.T) {
	h := Handler{Cache: slide.Cache{Dir: filepath.Join(t.TempDir(), "cache")}}
	boards, _ := instances(t, "korf100.txt", 4, 4, 2)
	ok(t, h, reqJSON("solve", solveArgs(boards[0])))
	if files, _ := filepath.Glob(filepath.Join(h.Cache.Dir, "*.pdb")); len(files) != 1 {
		t.Fatalf("the first solve left %v in the cache", files)
	}
	if err := os.RemoveAll(h.Cache.Dir); err != nil {
		t.Fatal(err)
	}
	a := ok(t, h, reqJSON("solve", solveArgs(boards[1])))
	if _, err := os.Stat(h.Cache.Dir); !os.IsNotExist(err) || a.result["optimal"] != true {
		t.Errorf("the second solve looked at the cache (%v): %v", err, a.result["report"])
	}
}
