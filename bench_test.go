package slide

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/testsets"
	"github.com/slidekit/slide/internal/tiles"
)

// tileStart returns the packed State of b against goal, for the engines.
func tileStart(tb testing.TB, b, goal Board, h Heuristic, line bool) packed {
	tb.Helper()
	t, code := encodeFor(tb, b, goal)
	return packed{tiles.NewSpace(t, h.tiles(), line).PackedStart(code)}
}

// BenchmarkBFSWhole3x3 enumerates the whole 3x3 space (181,440 states) by
// layers with the generic BFS engine.
func BenchmarkBFSWhole3x3(b *testing.B) {
	start := tileStart(b, Goal(3, 3), Goal(3, 3), Zero, false)
	bfs := BFS[packed, int]{Key: packedKey}
	b.ReportAllocs()
	for b.Loop() {
		n, depth := 0, 0
		for d, layer := range bfs.Layers(context.Background(), start) {
			n += len(layer)
			depth = d
		}
		if n != 181440 || depth != 31 {
			b.Fatalf("%d states, depth %d", n, depth)
		}
	}
	b.ReportMetric(181440, "nodes/op")
}

// BenchmarkDistances3x3 takes the census of the whole 3x3 space (181,440
// states) with the specialized packed BFS.
func BenchmarkDistances3x3(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		d, err := Solver{}.Distances(context.Background(), Goal(3, 3))
		if err != nil || sum(d.Counts) != 181440 || len(d.Counts) != 32 {
			b.Fatalf("%v states, %d layers, %v", sum(d.Counts), len(d.Counts), err)
		}
	}
	b.ReportMetric(181440, "nodes/op")
}

// BenchmarkHard8 solves the two 3x3 positions 31 moves from the goal
// (testdata/hard8_31.txt) with A* and IDA*, Manhattan plus linear
// conflicts.
func BenchmarkHard8(b *testing.B) {
	goal := blankFirstGoal(3, 3)
	for _, algo := range []Algorithm{AlgoAStar, AlgoIDAStar} {
		for _, in := range readInstances(b, "hard8_31.txt", 3, 3) {
			b.Run(fmt.Sprintf("%v/%d", algo, in.id), func(b *testing.B) {
				var nodes int64
				b.ReportAllocs()
				for b.Loop() {
					sol, err := Solver{Algorithm: algo, Heuristic: LinearConflict}.Solve(context.Background(), in.board, goal)
					if err != nil || sol.Len() != in.optimal {
						b.Fatalf("%d moves, %v", sol.Len(), err)
					}
					nodes = sol.Generated
				}
				b.ReportMetric(float64(nodes), "nodes/op")
			})
		}
	}
}

// BenchmarkKorf solves Korf's 15-puzzle instances with IDA*, Manhattan
// plus linear conflicts, checking the optimal length and the generated-node
// count against testdata/korf100_nodes.txt. -short keeps the instances
// under 5 million nodes.
func BenchmarkKorf(b *testing.B) {
	goal := blankFirstGoal(4, 4)
	want := map[int]int64{}
	for _, r := range testsets.Rows(b, "korf100_nodes.txt") {
		want[int(r.Nums[0])] = r.Nums[6]
	}
	for _, in := range readInstances(b, "korf100.txt", 4, 4) {
		if testing.Short() && want[in.id] > 5_000_000 {
			continue
		}
		b.Run(fmt.Sprint(in.id), func(b *testing.B) {
			var nodes int64
			for b.Loop() {
				sol, err := Solver{Algorithm: AlgoIDAStar, Heuristic: LinearConflict, Workers: 1}.Solve(context.Background(), in.board, goal)
				if err != nil || sol.Len() != in.optimal {
					b.Fatalf("%d moves, %v", sol.Len(), err)
				}
				nodes = sol.Generated
			}
			if nodes != want[in.id] {
				b.Errorf("generated %d nodes, want %d", nodes, want[in.id])
			}
			b.ReportMetric(float64(nodes), "nodes/op")
			b.ReportMetric(float64(nodes)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
		})
	}
}

// BenchmarkBoard measures the Board methods on n x n boards a few moves
// from the goal, to show their O(n^2) growth.
func BenchmarkBoard(b *testing.B) {
	for _, n := range []int{3, 4, 16, 64, 127} {
		board := randomWalk(rand.New(rand.NewPCG(uint64(n), 1)), Goal(n, n), 2*n)
		text := board.String()
		b.Run(fmt.Sprintf("Manhattan/n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if board.Manhattan() < 0 {
					b.Fatal()
				}
			}
		})
		b.Run(fmt.Sprintf("Hamming/n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if board.Hamming() < 0 {
					b.Fatal()
				}
			}
		})
		b.Run(fmt.Sprintf("Neighbors/n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				k := 0
				for range board.Neighbors() {
					k++
				}
				if k < 2 {
					b.Fatal(k)
				}
			}
		})
		b.Run(fmt.Sprintf("IsSolvable/n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if !board.IsSolvable() {
					b.Fatal()
				}
			}
		})
		b.Run(fmt.Sprintf("Twin/n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if board.Twin() == board {
					b.Fatal()
				}
			}
		})
		b.Run(fmt.Sprintf("Parse/n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := ParseBoard(text); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("String/n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if len(board.String()) == 0 {
					b.Fatal()
				}
			}
		})
	}
}

// BenchmarkIndex compares engine.Map, the engines' table for packed
// states, with a Go map on the 3x3 puzzle's 181,440 packed boards: insert
// all, then look each up.
func BenchmarkIndex(b *testing.B) {
	d := layersFrom(b, Goal(3, 3))
	var keys []uint64
	for _, layer := range d {
		for _, board := range layer {
			k, _ := board.Pack()
			keys = append(keys, k)
		}
	}
	b.Run("packedMap", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var m engine.Map
			for i, k := range keys {
				m.Put(k, int32(i))
			}
			for i, k := range keys {
				if v, ok := m.Get(k); !ok || v != int32(i) {
					b.Fatal(k)
				}
			}
		}
		b.ReportMetric(float64(len(keys)), "nodes/op")
	})
	b.Run("packedSet", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var s engine.Set
			for _, k := range keys {
				s.Add(k)
			}
			for _, k := range keys {
				if s.Add(k) {
					b.Fatal(k)
				}
			}
		}
		b.ReportMetric(float64(len(keys)), "nodes/op")
	})
	b.Run("map", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			m := map[uint64]int32{}
			for i, k := range keys {
				m[k] = int32(i)
			}
			for i, k := range keys {
				if v, ok := m[k]; !ok || v != int32(i) {
					b.Fatal(k)
				}
			}
		}
		b.ReportMetric(float64(len(keys)), "nodes/op")
	})
}

// BenchmarkSolveLarge solves a 127 x 127 board 12 random moves from its
// goal with the default solver.
func BenchmarkSolveLarge(b *testing.B) {
	goal := Goal(127, 127)
	start := randomWalk(rand.New(rand.NewPCG(5, 6)), goal, 12)
	var sol Solution
	var err error
	b.ReportAllocs()
	for b.Loop() {
		if sol, err = (Solver{}).Solve(context.Background(), start, goal); err != nil || sol.Len() > 12 {
			b.Fatal(sol.Len(), err)
		}
	}
	b.ReportMetric(float64(sol.Generated), "nodes/op")
}

// replayMoves makes moves on a copy of b's cells, O(1) a move, and reports
// whether they are all legal and end on goal: the check of solutions of
// millions of moves, where Board.Slide's O(R*C) a move is too slow.
func replayMoves(b, goal Board, moves func(yield func(Move) bool)) (n int, ok bool) {
	cells := b.Tiles()
	rows, cols := b.Rows(), b.Cols()
	br, bc := b.Blank()
	for m := range moves {
		dr, dc := m.Dir.source()
		for range m.Tiles {
			r, c := br+dr, bc+dc
			if r < 0 || c < 0 || r >= rows || c >= cols {
				return n, false
			}
			cells[br*cols+bc], cells[r*cols+c] = cells[r*cols+c], 0
			br, bc = r, c
		}
		n++
	}
	for i, v := range goal.Tiles() {
		if cells[i] != v {
			return n, false
		}
	}
	return n, true
}

// BenchmarkFast solves random n x n boards (uniform among the solvable,
// a fixed seed) in the fast mode, streaming the moves, and reports the
// moves per n^3 (the classic greedy method makes (8/3) n^3) and the
// nodes/op metric as the moves. Every solution is replayed and checked.
func BenchmarkFast(b *testing.B) {
	for _, n := range []int{10, 32, 64, 127, 255} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			rng := rand.New(rand.NewPCG(uint64(n), 9))
			goal := Goal(n, n)
			starts := make([]Board, 4)
			for i := range starts {
				starts[i] = randomReaching(rng, goal)
			}
			var total, solved int
			var generated int64
			b.ReportAllocs()
			for b.Loop() {
				start := starts[solved%len(starts)]
				var moves []byte // one byte a move: a fraction of Move's size
				sol, err := Solver{Mode: Fast(), OnMove: func(m Move) { moves = append(moves, byte(m.Dir)) }}.Solve(context.Background(), start, goal)
				if err != nil {
					b.Fatal(err)
				}
				b.StopTimer()
				count, ok := replayMoves(start, goal, func(yield func(Move) bool) {
					for _, d := range moves {
						if !yield(Move{Dir: Direction(d), Tiles: 1}) {
							return
						}
					}
				})
				if !ok || count != sol.Len() {
					b.Fatalf("the %d moves do not solve the board", sol.Len())
				}
				b.StartTimer()
				total += sol.Len()
				generated += sol.Generated
				solved++
			}
			mean := float64(total) / float64(solved)
			b.ReportMetric(mean/float64(n*n*n), "moves/n^3")
			b.ReportMetric(mean, "moves/op")
			b.ReportMetric(float64(generated)/float64(solved), "nodes/op")
		})
	}
}

// BenchmarkWeightedKorf solves Korf's 100 15-puzzle instances with weight
// 1.5 (Manhattan distance and linear conflicts, so that it compares with
// BenchmarkKorf), checking every length against the factor.
func BenchmarkWeightedKorf(b *testing.B) {
	goal := blankFirstGoal(4, 4)
	instances := readInstances(b, "korf100.txt", 4, 4)
	var nodes, moves, optimal int64
	b.ReportAllocs()
	for b.Loop() {
		nodes, moves, optimal = 0, 0, 0
		for _, in := range instances {
			sol, err := Solver{Mode: Weighted(1.5), Heuristic: LinearConflict}.Solve(context.Background(), in.board, goal)
			if err != nil || float64(sol.Len()) > 1.5*float64(in.optimal) || sol.LowerBound > in.optimal {
				b.Fatalf("#%d: %d moves (at least %d), optimal %d: %v", in.id, sol.Len(), sol.LowerBound, in.optimal, err)
			}
			nodes += sol.Generated
			moves += int64(sol.Len())
			optimal += int64(in.optimal)
		}
	}
	b.ReportMetric(float64(nodes), "nodes/op")
	b.ReportMetric(float64(moves)/float64(optimal), "length/optimal")
}

// BenchmarkAnytime solves the 6 x 6 and 7 x 7 samples of
// testdata/deep*_sample50.txt with a time limit per board and reports the
// mean length over the mean reference length (a GPU-trained solver's) and
// the mean lower bound over the same; an iteration solves every board of
// the sample, so run it with -benchtime 1x. Pattern databases are used if
// in the user's cache (go run ./cmd/slide pdb build 35, 48).
func BenchmarkAnytime(b *testing.B) {
	for _, tc := range []struct {
		file   string
		n      int
		budget time.Duration
	}{
		{"deep6x6_sample50.txt", 6, time.Second},
		{"deep7x7_sample50.txt", 7, time.Second},
		{"deep6x6_sample50.txt", 6, 10 * time.Second},
		{"deep7x7_sample50.txt", 7, 10 * time.Second},
	} {
		b.Run(fmt.Sprintf("%dx%d/%v", tc.n, tc.n, tc.budget), func(b *testing.B) {
			goal := blankFirstGoal(tc.n, tc.n)
			instances := readInstances(b, tc.file, tc.n, tc.n)
			var moves, ref, lower, nodes int64
			for b.Loop() {
				moves, ref, lower, nodes = 0, 0, 0, 0
				for _, in := range instances {
					sol, err := Solver{Mode: Anytime(tc.budget), Cache: Cache{Dir: testsets.UserPDBCache}}.Solve(context.Background(), in.board, goal)
					if err != nil {
						b.Fatalf("#%d: %v", in.id, err)
					}
					b.StopTimer()
					if _, ok := replayMoves(in.board, goal, slices.Values(sol.Moves)); !ok {
						b.Fatalf("#%d: the solution does not solve the board", in.id)
					}
					b.StartTimer()
					moves += int64(sol.Len())
					ref += int64(in.optimal)
					lower += int64(sol.LowerBound)
					nodes += sol.Generated
				}
			}
			b.ReportMetric(float64(moves)/float64(ref), "length/reference")
			b.ReportMetric(float64(lower)/float64(ref), "lowerbound/reference")
			b.ReportMetric(float64(nodes)/float64(len(instances)), "nodes/op")
		})
	}
}

// BenchmarkAnytimeLarge solves four uniformly random solvable n x n boards
// (fixed seed) for n = 8, 10, 12, 15 and 20 in the anytime mode with a budget
// of a second, checks every solution, and reports the mean length, its
// ratio to the mean lower bound, and the fast mode's mean length on the
// same boards.
func BenchmarkAnytimeLarge(b *testing.B) {
	for _, n := range []int{8, 10, 12, 15, 20} {
		b.Run(fmt.Sprintf("%dx%d", n, n), func(b *testing.B) {
			rng := rand.New(rand.NewPCG(20, uint64(n)))
			goal := Goal(n, n)
			boards := make([]Board, 4)
			for i := range boards {
				boards[i] = randomSolvable(rng, n, n)
			}
			var moves, lower, fast int64
			for b.Loop() {
				moves, lower, fast = 0, 0, 0
				for _, start := range boards {
					sol, err := Solver{Mode: Anytime(time.Second)}.Solve(context.Background(), start, goal)
					if err != nil {
						b.Fatal(err)
					}
					b.StopTimer()
					if _, ok := replayMoves(start, goal, slices.Values(sol.Moves)); !ok {
						b.Fatalf("%d x %d: the solution does not solve the board", n, n)
					}
					f, err := Solver{Mode: Fast()}.Solve(context.Background(), start, goal)
					if err != nil {
						b.Fatal(err)
					}
					b.StartTimer()
					moves += int64(sol.Len())
					lower += int64(sol.LowerBound)
					fast += int64(f.Len())
				}
			}
			b.ReportMetric(float64(moves)/float64(len(boards)), "moves/board")
			b.ReportMetric(float64(moves)/float64(lower), "length/lowerbound")
			b.ReportMetric(float64(fast)/float64(len(boards)), "fastmoves/board")
		})
	}
}

// BenchmarkKorfPDB solves the first 25 of Korf's 15-puzzle instances
// through Solve with the 6-6-3 pattern database (opened once, before the
// timer: this measures the solve path with the tables in memory), checking
// every length. CPU-s/op, the process's CPU time, is steadier than the
// wall time on a shared machine.
func BenchmarkKorfPDB(b *testing.B) {
	goal := blankFirstGoal(4, 4)
	if err := (Cache{}).Build(context.Background(), PDB663); err != nil {
		b.Fatal(err)
	}
	insts := readInstances(b, "korf100.txt", 4, 4)[:25]
	var nodes int64
	b.ReportAllocs()
	cpu0 := testsets.CPUTime()
	for b.Loop() {
		nodes = 0
		for _, in := range insts {
			sol, err := Solver{Heuristic: PDB663}.Solve(context.Background(), in.board, goal)
			if err != nil || sol.Len() != in.optimal {
				b.Fatalf("#%d: %d moves, %v", in.id, sol.Len(), err)
			}
			nodes += sol.Generated
		}
	}
	b.ReportMetric(float64(nodes), "nodes/op")
	b.ReportMetric((testsets.CPUTime()-cpu0).Seconds()/float64(b.N), "CPU-s/op")
}

// benchBlocks are the benchmark puzzles: the hardest position of the
// public Rush Hour database (60 moves, 2,332 positions) and the standard
// Klotski start (66 straight moves to the right edge, 25,955 positions).
var benchBlocks = []string{"rh_fogleman_db_60_walls", "klotski_hengdaolima_rotated"}

// BenchmarkBlocksSolve times a shortest solution, checking its length
// against the puzzle's "# expect:" line, in each metric. states/op counts
// the positions expanded, generated/op the moves generated.
func BenchmarkBlocksSolve(b *testing.B) {
	for _, name := range benchBlocks {
		c := blockCaseNamed(b, name)
		for m := range numBlockMetrics {
			b.Run(name+"/"+m.String(), func(b *testing.B) {
				s := BlockSolver{Metric: m}
				var sol BlockSolution
				var err error
				b.ReportAllocs()
				for b.Loop() {
					sol, err = s.Solve(context.Background(), c.puzzle)
					if err != nil || sol.Len() != c.optimum[m] {
						b.Fatalf("%d moves, %v; want %d", sol.Len(), err, c.optimum[m])
					}
				}
				b.ReportMetric(float64(sol.Expanded), "states/op")
				b.ReportMetric(float64(sol.Generated), "generated/op")
			})
		}
	}
}

// BenchmarkBlocksDistances times the census of every position reachable
// from each benchmark puzzle, checking the count.
func BenchmarkBlocksDistances(b *testing.B) {
	for _, name := range benchBlocks {
		c := blockCaseNamed(b, name)
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				counts, err := BlockSolver{}.Distances(context.Background(), c.puzzle)
				if err != nil || sum(counts) != c.states {
					b.Fatalf("%d states, %v; want %d", sum(counts), err, c.states)
				}
			}
			b.ReportMetric(float64(c.states), "states/op")
		})
	}
}
