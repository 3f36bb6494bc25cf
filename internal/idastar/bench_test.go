package idastar

import (
	"context"
	"fmt"
	"sync/atomic"
	"testing"
)

// BenchmarkParallel runs the driver on the toy tree, whose nodes cost
// next to nothing, so that what it measures is the driver's own work:
// trials, seed frontiers, phases and the loading of tasks. "miss" searches
// every iteration to depth 20 and finds nothing (2^21 nodes in the last);
// "goal" finds a goal near the middle of the last iteration.
//
//	go test -run XXX -bench Parallel ./internal/idastar
func BenchmarkParallel(b *testing.B) {
	const depth = 20
	for _, tc := range []struct {
		name  string
		goals []uint64
	}{{"miss", nil}, {"goal", []uint64{1<<(depth-1) + 12345}}} {
		for _, workers := range []int{1, 2, 16} {
			b.Run(fmt.Sprintf("%s/workers=%d", tc.name, workers), func(b *testing.B) {
				p := newToys(workers, toy{depth: depth, goals: tc.goals, sleeps: new(atomic.Int64)})
				b.ReportAllocs()
				var gen int64
				for b.Loop() {
					_, _, err := p.Run(context.Background(), toyNode{}, 1, depth, 0)
					if (err != nil) != (tc.goals == nil) {
						b.Fatal(err)
					}
					_, gen = p.Counts()
				}
				b.ReportMetric(float64(gen), "nodes/op")
			})
		}
	}
}
