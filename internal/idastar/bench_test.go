package idastar

import (
	"context"
	"flag"
	"fmt"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/slidekit/slide/internal/pdb"
	"github.com/slidekit/slide/internal/pdbcache"
	"github.com/slidekit/slide/internal/testsets"
	"github.com/slidekit/slide/internal/tiles"
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

// The target benchmarks. Each opens its DB through the cache (pdbcache.Open
// with the default directory: the first run builds and stores it, later
// runs read it), so run them one at a time with -benchtime 1x. They
// validate every solution's length against the published one and report,
// for the whole set: total generated and expanded nodes, total CPU seconds
// of the searches (not of loading the DB), nodes generated per CPU second,
// and the largest single instance's CPU seconds.
//
//	go test -run XXX -bench 'Korf100/663$' -benchtime 1x ./internal/idastar

type solveSet struct {
	name string
	spec func() pdb.Spec
	file string
	n    int
	opt  func(*testing.B) SolverOptions
	pick func(testing.TB, []instance) []instance
}

func openShipped(b *testing.B, spec pdb.Spec) *pdb.DB {
	b.Helper()
	start := time.Now()
	progress := func(p pdb.Progress) {
		fmt.Fprintf(os.Stderr, "%7.1fs table %d (%d tiles): depth %d, %d of %d entries\n",
			time.Since(start).Seconds(), p.Table, p.Tiles, p.Depth, p.Reached, p.Entries)
	}
	db, err := pdbcache.Open(context.Background(), spec, pdbcache.OpenOptions{Logf: b.Logf, Build: pdb.BuildOptions{Progress: progress}})
	if err != nil {
		b.Fatal(err)
	}
	return db
}

func reflectOnly(*testing.B) SolverOptions { return SolverOptions{Reflect: true} }

func withWD(rows, cols int) func(*testing.B) SolverOptions {
	return func(b *testing.B) SolverOptions {
		wd, err := tiles.NewWalkingTables(rows, cols, 0)
		if err != nil {
			b.Fatal(err)
		}
		return SolverOptions{Reflect: true, WD: wd}
	}
}

func runSet(b *testing.B, set solveSet) {
	insts := readInstances(b, set.file, set.n)
	if set.pick != nil {
		insts = set.pick(b, insts)
	}
	db := openShipped(b, set.spec())
	s, err := NewSolver(db, set.opt(b))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	var gen, exp int64
	var cpu, worst time.Duration
	for b.Loop() {
		gen, exp, cpu, worst = 0, 0, 0, 0
		for _, in := range insts {
			c0 := testsets.CPUTime()
			res, err := s.Solve(context.Background(), in.cells, Limit{})
			c := testsets.CPUTime() - c0
			if err != nil {
				b.Fatalf("#%d: %v", in.id, err)
			}
			if len(res.Path) != in.length {
				b.Fatalf("#%d: %d moves, want %d", in.id, len(res.Path), in.length)
			}
			gen += res.Generated
			exp += res.Expanded
			cpu += c
			worst = max(worst, c)
			if testing.Verbose() {
				b.Logf("#%d: %d moves, %d generated, %.3f CPU-s", in.id, len(res.Path), res.Generated, c.Seconds())
			}
		}
	}
	b.ReportMetric(float64(gen), "nodes/op")
	b.ReportMetric(float64(exp), "expanded/op")
	b.ReportMetric(cpu.Seconds(), "CPU-s/op")
	b.ReportMetric(worst.Seconds(), "max-CPU-s")
	b.ReportMetric(float64(gen)/cpu.Seconds()/1e6, "Mnodes/CPU-s")
}

// BenchmarkKorf100 solves Korf's 100 random 15-puzzle instances.
func BenchmarkKorf100(b *testing.B) {
	for _, set := range []solveSet{
		{name: "555", spec: pdb.Korf555, opt: reflectOnly},
		{name: "663", spec: pdb.Korf663, opt: reflectOnly},
		{name: "663-dense", spec: pdb.Korf663, opt: func(*testing.B) SolverOptions { return SolverOptions{Reflect: true, Dense: true} }},
		{name: "663-noreflect", spec: pdb.Korf663, opt: func(*testing.B) SolverOptions { return SolverOptions{} }},
		{name: "663+wd", spec: pdb.Korf663, opt: withWD(4, 4)},
		{name: "78", spec: pdb.Korf78, opt: reflectOnly},
		{name: "78+wd", spec: pdb.Korf78, opt: withWD(4, 4)},
	} {
		set.file, set.n = "korf100.txt", 16
		b.Run(set.name, func(b *testing.B) { runSet(b, set) })
	}
}

// BenchmarkHard80 solves the 17 15-puzzle positions 80 moves from the goal.
func BenchmarkHard80(b *testing.B) {
	for _, set := range []solveSet{
		{name: "663", spec: pdb.Korf663, opt: reflectOnly},
		{name: "78", spec: pdb.Korf78, opt: reflectOnly},
		{name: "78+wd", spec: pdb.Korf78, opt: withWD(4, 4)},
	} {
		set.file, set.n = "hard15_80.txt", 16
		b.Run(set.name, func(b *testing.B) { runSet(b, set) })
	}
}

// BenchmarkKorf24Easy solves the ten (or -easiest) of Korf and Felner's
// fifty 24-puzzle instances that took their IDA* the fewest nodes.
//
//	go test -run XXX -bench 'Korf24Easy' -benchtime 1x -easiest 25 ./internal/idastar
func BenchmarkKorf24Easy(b *testing.B) {
	set := solveSet{name: "6666", spec: pdb.Korf6666, opt: reflectOnly, file: "korf24_50.txt", n: 25, pick: easiest24}
	b.Run(set.name, func(b *testing.B) { runSet(b, set) })
}

// easiest is the number of instances easiest24 keeps.
var easiest = flag.Int("easiest", 10, "the `number` of Korf and Felner's 24-puzzles, fewest nodes first, that the 24-puzzle benchmarks solve")

// easiest24 keeps the -easiest instances with the fewest nodes in the
// first count column of korf24_50_nodes.txt.
func easiest24(t testing.TB, all []instance) []instance {
	nodes := readNodeCounts(t, "korf24_50_nodes.txt")
	sorted := append([]instance(nil), all...)
	sort.SliceStable(sorted, func(i, j int) bool { return nodes[sorted[i].id] < nodes[sorted[j].id] })
	return sorted[:min(max(*easiest, 1), len(sorted))]
}

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
