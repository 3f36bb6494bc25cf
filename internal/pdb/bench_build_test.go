package pdb

import (
	"context"
	"runtime"
	"testing"
	"time"
)

// BenchmarkBuild builds the shipped partitions (run one at a time, e.g.
// -bench 'Build/78$' -benchtime 1x: the 7-8 build takes about a gigabyte).
// It reports the seconds a build takes and the peak heap the runtime
// obtained from the system (peak-MB, runtime.MemStats.Sys after the build,
// an upper bound of the resident set), and validates the table: every entry
// is a distance, the goal's is 0.
func BenchmarkBuild(b *testing.B) {
	for _, name := range []string{"555", "663", "78", "6666"} {
		b.Run(name, func(b *testing.B) {
			spec, _ := Named(name)
			b.ReportAllocs()
			var db *DB
			start := time.Now()
			for b.Loop() {
				var err error
				db, err = Build(context.Background(), spec, BuildOptions{})
				if err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(time.Since(start).Seconds()/float64(b.N), "s/build")
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			b.ReportMetric(float64(ms.Sys)/(1<<20), "peak-MB")
			for i, tab := range db.Tables() {
				if h := tab.Lookup(spec.Patterns[i]); h != 0 {
					b.Fatalf("pattern %d: goal has %d", i, h)
				}
			}
		})
	}
}

// BenchmarkBuildSeven builds the seven-tile table of the 7-8 partition
// alone (58 MB of table, 288 MB while built): the build's speed at a size
// that does not fit in cache, in about a tenth of the 7-8 build's time.
func BenchmarkBuildSeven(b *testing.B) {
	spec := Spec{Rows: 4, Cols: 4, Blank: 0, Patterns: Korf78().Patterns[:1]}
	start := time.Now()
	for b.Loop() {
		if _, err := Build(context.Background(), spec, BuildOptions{}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(time.Since(start).Seconds()/float64(b.N), "s/build")
}
