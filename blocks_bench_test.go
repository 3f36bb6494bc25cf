package slide

import (
	"context"
	"testing"
)

// blockCaseNamed returns the puzzle of testdata/blocks/name.txt.
func blockCaseNamed(tb testing.TB, name string) blockCase {
	tb.Helper()
	for _, c := range readBlockCases(tb) {
		if c.name == name {
			return c
		}
	}
	tb.Fatalf("no puzzle %s in testdata/blocks", name)
	return blockCase{}
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
