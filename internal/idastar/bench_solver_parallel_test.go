package idastar

import (
	"context"
	"flag"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/slidekit/slide/internal/pdb"
)

// ids selects the instances of BenchmarkSolverParallel, by id.
var ids = flag.String("ids", "", "comma-separated `ids` of the instances BenchmarkSolverParallel solves (default all)")

// cores adds BenchmarkSolverParallel's modes for a bigger machine.
var cores = flag.Int("cores", 0, "also run BenchmarkSolverParallel on `N` workers and N jobs")

// BenchmarkSolverParallel solves a set on several goroutines, reporting wall
// seconds (of the searches, not of loading the DB) beside the nodes:
// "workers=N" solves the instances one after the other, each on N
// workers; "jobs=N" solves N instances at once, each on one worker, as
// slide bench -j N -workers 1 does. Every length is checked. The 24-puzzle set
// (the ten easiest of Korf and Felner's) takes minutes a run on one
// worker: -ids selects some of its instances. -cores N adds "workers=N"
// and "jobs=N".
//
//	go test -run XXX -bench 'Parallel/663' -benchtime 1x ./internal/idastar
//	go test -run XXX -bench 'Parallel/6666/workers=2' -benchtime 1x ./internal/idastar -args -ids 38,40
func BenchmarkSolverParallel(b *testing.B) {
	for _, set := range []solveSet{
		{name: "663", spec: pdb.Korf663, file: "korf100.txt", n: 16},
		{name: "6666", spec: pdb.Korf6666, file: "korf24_50.txt", n: 25, pick: easiest24},
	} {
		b.Run(set.name, func(b *testing.B) {
			insts := readInstances(b, set.file, set.n)
			if set.pick != nil {
				insts = set.pick(b, insts)
			}
			if *ids != "" {
				want := strings.Split(*ids, ",")
				insts = slices.DeleteFunc(insts, func(in instance) bool { return !slices.Contains(want, strconv.Itoa(in.id)) })
			}
			db := openShipped(b, set.spec())
			type setMode struct {
				name          string
				workers, jobs int
			}
			modes := []setMode{{"workers=1", 1, 1}, {"workers=2", 2, 1}, {"jobs=2", 1, 2}}
			if n := *cores; n > 2 {
				modes = append(modes, setMode{"workers=" + strconv.Itoa(n), n, 1}, setMode{"jobs=" + strconv.Itoa(n), 1, n})
			}
			for _, mode := range modes {
				b.Run(mode.name, func(b *testing.B) { runParallelSet(b, db, insts, mode.workers, mode.jobs) })
			}
		})
	}
}

// runParallelSet solves insts on jobs goroutines, each with a Solver on
// workers workers.
func runParallelSet(b *testing.B, db *pdb.DB, insts []instance, workers, jobs int) {
	solvers := make([]*Solver, jobs)
	for i := range solvers {
		var err error
		if solvers[i], err = NewSolver(db, SolverOptions{Reflect: true, Workers: workers}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	var gen atomic.Int64
	for b.Loop() {
		gen.Store(0)
		var next atomic.Int64
		var wg sync.WaitGroup
		for _, s := range solvers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					i := int(next.Add(1) - 1)
					if i >= len(insts) {
						return
					}
					in := insts[i]
					began := time.Now()
					res, err := s.Solve(context.Background(), in.cells, Limit{})
					if err != nil || len(res.Path) != in.length {
						b.Errorf("#%d: %d moves, want %d, %v", in.id, len(res.Path), in.length, err)
						return
					}
					gen.Add(res.Generated)
					if testing.Verbose() {
						b.Logf("#%d: %d moves, %d generated, %.3f s", in.id, len(res.Path), res.Generated, time.Since(began).Seconds())
					}
				}
			}()
		}
		wg.Wait()
	}
	b.ReportMetric(float64(gen.Load()), "nodes/op")
	b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "wall-s/op")
	b.ReportMetric(float64(workers*jobs), "goroutines")
}
