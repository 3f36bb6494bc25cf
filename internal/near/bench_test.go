package near

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/learn"
	"github.com/slidekit/slide/internal/pdb"
	"github.com/slidekit/slide/internal/pdbcache"
	"github.com/slidekit/slide/internal/testsets"
	"github.com/slidekit/slide/internal/tiles"
)

// BenchmarkBeam runs beam searches of width 2000 on ten 6 x 6 boards
// (random walks of 300 moves from the goal, fixed seed: boards like the
// shared samples), ranking boards by PDB35 and linear conflicts if PDB35 is
// in the user's cache, else by linear conflicts, on one and two workers,
// and of width 20000 (as wide as the anytime mode's beams at a second) on
// two; and of width 4000 on two workers on ten 7 x 7 boards (random walks
// of 700 moves), by PDB48 if cached, reading its tables in the sparse
// layout and, as the anytime mode does where making that layout does not
// pay (see sparsePays), in the dense one (so also 6 x 6 at width 2000 on
// one worker). It checks every path and reports the
// nodes generated, the mean length, and the process's CPU time a node
// generated (all workers and the collector together), which depends less
// on the machine's load than the wall time does; on several workers, the
// share of the cores the expand steps left idle (expand-idle-%; with
// SLIDE_BEAM_BALANCE=off, without balance; with SLIDE_BEAM_SPIN=off, a
// goroutine started at every step in place of the spinners).
func BenchmarkBeam(b *testing.B) {
	if os.Getenv("SLIDE_BEAM_BALANCE") == "off" {
		balanceCuts = false
		defer func() { balanceCuts = true }()
	}
	if os.Getenv("SLIDE_BEAM_SPIN") == "off" {
		spinWorkers = false
		defer func() { spinWorkers = true }()
	}
	frames := map[int][]*frame{6: beamFrames(b, 6, 300), 7: beamFrames(b, 7, 700)}
	b.Logf("ranking by %s and %s", heuristicName(frames[6][0].heur), heuristicName(frames[7][0].heur))
	dense := map[int][]*frame{}
	for size, fs := range frames {
		for _, f := range fs {
			d := *f
			d.sparse = false
			dense[size] = append(dense[size], &d)
		}
	}
	for _, tc := range []struct {
		size, width, workers int
		dense                bool
	}{{6, 2000, 1, false}, {6, 2000, 2, false}, {6, 20000, 2, false}, {6, 2000, 1, true}, {7, 4000, 2, false}, {7, 4000, 2, true}} {
		name := fmt.Sprintf("width=%d/workers=%d", tc.width, tc.workers)
		if tc.dense {
			name = "dense/" + name
		}
		if tc.size != 6 {
			name = fmt.Sprintf("%dx%d/%s", tc.size, tc.size, name)
		}
		frames := frames[tc.size]
		if tc.dense {
			frames = dense[tc.size]
		}
		b.Run(name, func(b *testing.B) {
			var nodes, moves int64
			var cpu time.Duration // over every loop, as b.Loop's time
			var all int64         // and their nodes
			var idle, span time.Duration
			b.ReportAllocs()
			for b.Loop() {
				nodes, moves = 0, 0
				for _, f := range frames {
					bs := f.beam(tc.width, tc.workers)
					began := testsets.CPUTime()
					p, err := bs.search(context.Background(), f.cells, f.blank, 1000)
					cpu += testsets.CPUTime() - began
					if err != nil {
						b.Fatal(err)
					}
					all += bs.generated
					idle += bs.expandIdle
					span += time.Duration(tc.workers) * bs.expandSpan
					b.StopTimer()
					checkFramePath(b, f, p)
					b.StartTimer()
					nodes += bs.generated
					moves += int64(len(p) - 1)
				}
			}
			b.ReportMetric(float64(nodes), "nodes/op")
			b.ReportMetric(float64(moves)/float64(len(frames)), "moves/board")
			b.ReportMetric(float64(cpu.Nanoseconds())/float64(all), "cpu-ns/node")
			if span > 0 {
				b.ReportMetric(100*float64(idle)/float64(span), "expand-idle-%")
			}
		})
	}
}

// beamFrames returns the frames of ten n x n boards, random walks of the
// given moves from the goal (fixed seed), with the strongest database in
// the user's cache.
func beamFrames(b *testing.B, n, walk int) []*frame {
	rng := rand.New(rand.NewPCG(uint64(n), uint64(walk)))
	t := blankFirstGoal(n, n)
	cfg := Config{Request: pdbcache.Request{Dir: testsets.UserPDBCache, DirSet: true}}
	cfg.Heuristic = cachedDatabase(t, &cfg.Request)
	var frames []*frame
	for range 10 {
		f, err := newFrame(context.Background(), t, testsets.RandomWalk(rng, t.Rows, t.Cols, goalCode(t), tiles.BlankCode, walk), &cfg)
		if err != nil {
			b.Fatal(err)
		}
		frames = append(frames, f)
	}
	return frames
}

// cachedDatabase returns the strongest shipped database for boards of
// goal t that is in memory or in req's cache (as the root package's Auto
// heuristic chooses it), or else linear conflicts. SLIDE_NEAR_DB, a
// comma-separated list of shipped names (such as 48x5), replaces the
// databases looked for.
func cachedDatabase(t *tiles.Goal, req *pdbcache.Request) tiles.Heuristic {
	names := []string{"78", "663", "555", "6666", "35", "48"}
	if only := os.Getenv("SLIDE_NEAR_DB"); only != "" {
		names = strings.Split(only, ",")
	}
	for _, name := range names {
		spec, err := pdb.Named(name)
		if err != nil {
			panic(err)
		}
		h := tiles.Heuristic{Kind: tiles.Database, Name: "pdb" + name, Spec: spec}
		if _, oriented, err := tiles.Orient(h, t.Rows, t.Cols, t.BlankGoal); err == nil && pdbcache.StateOf(oriented, req) != pdbcache.Absent {
			return h
		}
	}
	return tiles.Heuristic{Kind: tiles.LinearConflict}
}

// heuristicName names h as the root package's Heuristic.String does.
func heuristicName(h tiles.Heuristic) string {
	if h.Kind == tiles.LinearConflict {
		return "linear"
	}
	return h.Name
}

// BenchmarkChild measures one child's rank, on 7 x 7 boards (random
// walks of 700 moves, PDB48 if cached, in the sparse layout), by the
// database's bound alone (a table lookup a direction), by the hand-made
// ranking (see rankBeam) and by a learned one (see learnBeam, with
// random weights: the cost does not depend on them). The children are
// those of one board, whose table entries stay in the cache: the cost
// of the arithmetic, which a beam's cache misses add to alike.
func BenchmarkChild(b *testing.B) {
	f := beamFrames(b, 7, 700)[0]
	if f.db == nil {
		b.Skip("PDB48 is not cached")
	}
	f.db.Sparse()
	f.sparse = true
	rng := rand.New(rand.NewPCG(36, 5))
	m := learn.ByDistance(f.rows, f.cols, f.blankVal, 16, 16, 32, []int32{-16, -32, -24, -24, -16, -8})
	for i := range m.Cell {
		m.Cell[i] += int32(rng.IntN(5))
	}
	mdlc := func() *mdlcBeam { return &mdlcBeam{mdlcEval: newMDLC(f.rows, f.cols, uint8(f.blankVal))} }
	for _, c := range []struct {
		name string
		ev   bEval
	}{
		{"table", newSparseBeam(f.db)},
		{"handmade", newRankBeam(&sumBeam[*sparseBeam]{p: newSparseBeam(f.db), m: mdlc()}, f.blankVal, 4, 4, 8)},
		{"learned", newLearnBeam(newSparseBeam(f.db), mdlc(), m, f.blankVal)},
	} {
		b.Run(c.name, func(b *testing.B) {
			aux := make([]uint8, c.ev.auxLen())
			moves := children(f.cells, uint8(f.blankVal), f.cols)
			c.ev.load(f.cells, aux, c.ev.root(f.cells, aux))
			b.ReportAllocs()
			k := 0
			for b.Loop() {
				mv := moves[k%len(moves)]
				c.ev.child(mv.v, mv.from, mv.to)
				k++
			}
		})
	}
}

// BenchmarkRounds runs the anytime mode's beams on five 7 x 7 boards
// (random walks of 700 moves, PDB48 if cached) for a budget of 0.5 s on a
// clock that counts 70 ns a board generated (see workClock), on one
// worker (beams at once would share the clock in an order that varies
// from run to run), with a memory bound of 16 MiB that caps the first
// round's width, so that it ends early: the first round alone, and every
// round (see anytime.rounds), each then polished. It reports
// the mean length and the share of the budget used, which depend on the
// boards generated only, not on the machine's speed or load.
func BenchmarkRounds(b *testing.B) {
	t := blankFirstGoal(7, 7)
	rng := rand.New(rand.NewPCG(7, 700)) // BenchmarkBeam's first boards
	req := pdbcache.Request{Dir: testsets.UserPDBCache, DirSet: true}
	h := cachedDatabase(t, &req)
	var codes [][]int32
	for range 5 {
		codes = append(codes, testsets.RandomWalk(rng, t.Rows, t.Cols, goalCode(t), tiles.BlankCode, 700))
	}
	for _, all := range []bool{false, true} {
		b.Run(fmt.Sprintf("rounds=%v", all), func(b *testing.B) {
			var moves int64
			var used float64
			for b.Loop() {
				moves, used = 0, 0
				for _, code := range codes {
					cfg := Config{Heuristic: h, Request: req, Workers: 1, Limits: engine.Bounds{Memory: 16 << 20}}
					a, f := clockedAnytime(b, t, code, cfg, 70*time.Nanosecond, 500*time.Millisecond)
					if all {
						a.rounds(f, 1)
					} else {
						a.beams(f, a.beamDeadline(), f.roundBeams(0, 1)...)
					}
					a.polish()
					checkBlanks(b, t, code, a.blanks)
					moves += int64(len(a.blanks) - 1)
					used += a.used()
				}
			}
			b.ReportMetric(float64(moves)/float64(len(codes)), "moves/board")
			b.ReportMetric(used/float64(len(codes)), "budget/board")
		})
	}
}

// BenchmarkBoundSearch runs bound searches (see boundSearch) of at most
// boundRate boards on ten 7 x 7 boards (random walks of 700 moves, PDB48
// if cached) and reports the boards generated, the mean bound proven over
// the start's heuristic, and the process's CPU time a board generated.
func BenchmarkBoundSearch(b *testing.B) {
	frames := beamFrames(b, 7, 700)
	b.Logf("bounding by %s", heuristicName(frames[0].heur))
	var gain, nodes int64
	var cpu time.Duration
	b.ReportAllocs()
	for b.Loop() {
		gain, nodes = 0, 0
		began := testsets.CPUTime()
		for _, f := range frames {
			s := f.newBoundSearch()
			lower, _ := s.raise(context.Background(), 0, boundRate)
			gain += int64(lower - max(f.estimate(), s.root()))
			nodes += s.generated
		}
		cpu = testsets.CPUTime() - began
	}
	b.ReportMetric(float64(nodes), "nodes/op")
	b.ReportMetric(float64(gain)/float64(len(frames)), "gain/board")
	b.ReportMetric(float64(cpu.Nanoseconds())/float64(nodes), "cpu-ns/node")
}

// BenchmarkShorten shortens the fast mode's answers of five random 7 x 7
// boards by windows of 8 to 16 moves (see polisher.shorten), the windows
// solved by shortSearch or by internal/idastar's search (which builds a
// search space a window), and checks that both save the same moves.
func BenchmarkShorten(b *testing.B) {
	rng := rand.New(rand.NewPCG(7, 49))
	g := blankFirstGoal(7, 7)
	type board struct {
		vals   []int32
		blanks []int
	}
	var boards []board
	for range 5 {
		code := randomReaching(rng, g)
		blanks, err := fastBlanks(context.Background(), g, code, false, 0, math.MaxInt64, nil)
		if err != nil {
			b.Fatal(err)
		}
		boards = append(boards, board{cellValues(g, code), blanks})
	}
	saved := map[string]int{}
	for _, name := range []string{"short", "idastar"} {
		b.Run("windows="+name, func(b *testing.B) {
			var nodes int64
			b.ReportAllocs()
			for b.Loop() {
				nodes, saved[name] = 0, 0
				for _, bd := range boards {
					p := &polisher{rows: g.Rows, cols: g.Cols, blankVal: int32(g.BlankGoal), ctx: context.Background(), maxNodes: 200_000, budget: math.MaxInt64}
					var out []int
					if name == "short" {
						out = p.shorten(bd.vals, bd.blanks)
					} else {
						out = bd.blanks
						for _, w := range fastWindows {
							for {
								before := len(out)
								if out = p.polish(bd.vals, out, w, 1); len(out) == before {
									break
								}
							}
						}
					}
					saved[name] += len(bd.blanks) - len(out)
					nodes += p.work.Generated
				}
			}
			b.ReportMetric(float64(nodes), "nodes/op")
			b.ReportMetric(float64(saved[name]), "saved/op")
		})
	}
	if saved["short"] != saved["idastar"] {
		b.Errorf("short windows saved %d moves, idastar's %d", saved["short"], saved["idastar"])
	}
}
