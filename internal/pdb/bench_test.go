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
			buildEach(b, spec)
		})
	}
}

// buildEach builds spec on every round of b, reports the seconds a build
// takes and the peak heap the runtime obtained from the system (peak-MB,
// runtime.MemStats.Sys after the builds, an upper bound of the resident
// set), checks that the goal's entries are 0, and returns the last build.
func buildEach(b *testing.B, spec Spec) *DB {
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
	return db
}

// BenchmarkBuildSeven builds the seven-tile table of the 7-8 partition
// alone (58 MB of table): the build's speed at a size that does not fit
// in cache, in a fraction of the 7-8 build's time.
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

// blockSpec returns the partition of the tiles of a rows x cols board with
// the blank's goal in cell 0 into blocks of size consecutive tiles
// (row-major), the last block taking what remains.
func blockSpec(rows, cols, size int) Spec {
	s := Spec{Rows: rows, Cols: cols, Blank: 0}
	for t := 1; t < rows*cols; t += size {
		var p []uint8
		for u := t; u < min(t+size, rows*cols); u++ {
			p = append(p, uint8(u))
		}
		s.Patterns = append(s.Patterns, p)
	}
	return s
}

// BenchmarkBuildLarge builds databases for boards beyond the 24-puzzle:
// 6 x 6 in seven blocks of 5 tiles (7 x 45,239,040 entries), and 7 x 7 in
// twelve blocks of 4 (12 x 5,085,024 entries), whose patterns leave 31 and
// 45 cells empty. It reports the seconds a build takes, the peak heap the
// runtime obtained from the system (as BenchmarkBuild), and the tables'
// bytes; it validates that the goal's entries are 0 and that every entry
// is at least the pattern's Manhattan distance.
func BenchmarkBuildLarge(b *testing.B) {
	for _, c := range []struct {
		name string
		spec Spec
	}{{"6x6-5", blockSpec(6, 6, 5)}, {"7x7-4", blockSpec(7, 7, 4)}} {
		b.Run(c.name, func(b *testing.B) {
			db := buildEach(b, c.spec)
			b.ReportMetric(float64(db.Bytes())/(1<<20), "table-MB")
			for i, tab := range db.Tables() {
				pos := make([]uint8, len(tab.Tiles()))
				for r := int64(0); r < tab.Len(); r += 9973 {
					tab.rk.unrank(r, pos)
					if h, md := tab.At(r), tab.manhattan(pos); h < md {
						b.Fatalf("pattern %d: %v has %d, below Manhattan %d", i, pos, h, md)
					}
				}
			}
		})
	}
}
