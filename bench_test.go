package slide

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
)

// tileStart returns the packed State of b against goal, for the engines.
func tileStart(tb testing.TB, b, goal Board, h Heuristic, line bool) packedTile {
	tb.Helper()
	t, err := newTarget("bench", goal)
	if err != nil {
		tb.Fatal(err)
	}
	code, err := t.encode("bench", b)
	if err != nil {
		tb.Fatal(err)
	}
	return newTileSpace(t, h, line).packedStart(code)
}

// BenchmarkBFSWhole3x3 enumerates the whole 3x3 space (181,440 states) by
// layers with the generic BFS engine.
func BenchmarkBFSWhole3x3(b *testing.B) {
	start := tileStart(b, Goal(3, 3), Goal(3, 3), Zero, false)
	bfs := BFS[packedTile, int]{Key: packedKey}
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
		d, err := Distances(context.Background(), Goal(3, 3), TileMoves, Limits{})
		if err != nil || d.Total() != 181440 || len(d.Counts) != 32 {
			b.Fatalf("%v states, %d layers, %v", d.Total(), len(d.Counts), err)
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
					sol, err := Solve(in.board, goal, WithAlgorithm(algo), WithHeuristic(LinearConflict))
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
	for _, r := range readRows(b, "korf100_nodes.txt") {
		want[int(r.nums[0])] = r.nums[6]
	}
	for _, in := range readInstances(b, "korf100.txt", 4, 4) {
		if testing.Short() && want[in.id] > 5_000_000 {
			continue
		}
		b.Run(fmt.Sprint(in.id), func(b *testing.B) {
			var nodes int64
			for b.Loop() {
				sol, err := Solve(in.board, goal, WithAlgorithm(AlgoIDAStar), WithHeuristic(LinearConflict), WithWorkers(1))
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
				if _, err := Parse(text); err != nil {
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

// BenchmarkIndex compares packedMap, the engines' table for packed
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
			var m packedMap
			for i, k := range keys {
				m.put(k, int32(i))
			}
			for i, k := range keys {
				if v, ok := m.get(k); !ok || v != int32(i) {
					b.Fatal(k)
				}
			}
		}
		b.ReportMetric(float64(len(keys)), "nodes/op")
	})
	b.Run("packedSet", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			var s packedSet
			for _, k := range keys {
				s.add(k)
			}
			for _, k := range keys {
				if s.add(k) {
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
		if sol, err = Solve(start, goal); err != nil || sol.Len() > 12 {
			b.Fatal(sol.Len(), err)
		}
	}
	b.ReportMetric(float64(sol.Generated), "nodes/op")
}
