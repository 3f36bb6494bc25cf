package slide

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// TestWeightedCensus checks weighted A* on a sample of every distance of
// the 3 x 3 census: within its factor of the distance, with a lower bound
// that never exceeds it.
func TestWeightedCensus(t *testing.T) {
	goal := Goal(3, 3)
	layers := layersFrom(t, goal)
	for _, w := range []float64{1, 1.1, 1.5, 2, 5} {
		for d, layer := range layers {
			for i, b := range layer {
				if i%(1+len(layer)/40) != 0 {
					continue
				}
				sol, err := Solve(b, goal, WithWeight(w))
				if err != nil {
					t.Fatal(err)
				}
				checkValid(t, sol, b, goal, TileMoves)
				if float64(sol.Len()) > w*float64(d) || sol.Len() < d || sol.LowerBound > d {
					t.Fatalf("w=%v, distance %d: %d moves, lower bound %d", w, d, sol.Len(), sol.LowerBound)
				}
			}
		}
	}
}

// TestWeightedKorf checks the weighted searches (weighted A* with linear
// conflicts, weighted IDA* with a database) on Korf's instances against
// their optimal lengths: within the factor, lower bound at most the
// optimum.
func TestWeightedKorf(t *testing.T) {
	goal := blankFirstGoal(4, 4)
	for i, in := range readInstances(t, "korf100.txt", 4, 4) {
		if testing.Short() && i%10 != 0 {
			continue
		}
		for _, c := range []struct {
			h Heuristic
			w float64
		}{{LinearConflict, 1.5}, {LinearConflict, 2}, {PDB555, 1.1}, {PDB555, 1.5}, {PDB555, 5}} {
			sol, err := Solve(in.board, goal, WithWeight(c.w), WithHeuristic(c.h))
			if err != nil {
				t.Fatalf("#%d: %v", in.id, err)
			}
			checkValid(t, sol, in.board, goal, TileMoves)
			if float64(sol.Len()) > c.w*float64(in.optimal) || sol.LowerBound > in.optimal || sol.Heuristic != c.h {
				t.Fatalf("#%d %v w=%v: %d moves, lower bound %d, optimal %d", in.id, sol.Heuristic, c.w, sol.Len(), sol.LowerBound, in.optimal)
			}
		}
	}
}

// TestModesShapes runs every mode on non-square boards and other goals.
func TestModesShapes(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	for _, sz := range [][2]int{{3, 8}, {8, 3}, {5, 10}, {2, 7}, {4, 5}} {
		goal := randomReaching(rng, Goal(sz[0], sz[1]))
		start := randomWalk(rng, goal, 60)
		for _, opt := range []Option{WithFast(), WithWeight(2), WithTimeLimit(150 * time.Millisecond)} {
			sol, err := Solve(start, goal, opt)
			if err != nil {
				t.Fatalf("%v: %v", sz, err)
			}
			checkValid(t, sol, start, goal, TileMoves)
		}
	}
}

// TestAnytimeProvesSmall checks that the anytime mode proves small boards
// optimal well within its budget, and labels larger ones honestly.
func TestAnytimeProvesSmall(t *testing.T) {
	goal := blankFirstGoal(4, 4)
	for _, in := range readInstances(t, "korf100.txt", 4, 4)[:5] {
		sol, err := Solve(in.board, goal, WithTimeLimit(2*time.Second))
		if err != nil {
			t.Fatal(err)
		}
		checkValid(t, sol, in.board, goal, TileMoves)
		if sol.LowerBound > in.optimal || sol.Len() < in.optimal {
			t.Fatalf("#%d: %d moves, lower bound %d, optimal %d", in.id, sol.Len(), sol.LowerBound, in.optimal)
		}
		if sol.Optimal && sol.Len() != in.optimal {
			t.Fatalf("#%d: %d moves called optimal; optimal is %d", in.id, sol.Len(), in.optimal)
		}
	}
	six := readInstances(t, "deep6x6_sample50.txt", 6, 6)[0]
	sol, err := Solve(six.board, blankFirstGoal(6, 6), WithTimeLimit(300*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	checkValid(t, sol, six.board, blankFirstGoal(6, 6), TileMoves)
	if sol.Optimal || sol.LowerBound >= sol.Len() {
		t.Fatalf("6 x 6 in 300 ms: %d moves labelled Optimal=%v, lower bound %d", sol.Len(), sol.Optimal, sol.LowerBound)
	}
}

// TestAnytimeContext checks WithAnytime under a context deadline, and
// that an expired context before any answer is an error.
func TestAnytimeContext(t *testing.T) {
	in := readInstances(t, "deep7x7_sample50.txt", 7, 7)[0]
	goal := blankFirstGoal(7, 7)
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	began := time.Now()
	sol, err := SolveContext(ctx, in.board, goal, WithAnytime())
	if err != nil {
		t.Fatal(err)
	}
	checkValid(t, sol, in.board, goal, TileMoves)
	if took := time.Since(began); took > 2*time.Second {
		t.Errorf("300 ms deadline: returned after %v", took)
	}
	done, cancel2 := context.WithCancel(context.Background())
	cancel2()
	if _, err := SolveContext(done, in.board, goal, WithAnytime()); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled context: %v", err)
	}
}

func TestModeOptions(t *testing.T) {
	b, g := Goal(3, 3).Twin().Twin(), Goal(3, 3)
	for _, opts := range [][]Option{{WithWeight(0.5)}, {WithWeight(-1)}, {WithFast(), WithWeight(2)}, {WithWeight(2), WithAnytime()}, {WithTimeLimit(-time.Second)}} {
		if _, err := Solve(b, g, opts...); !errors.Is(err, ErrOption) {
			t.Errorf("%d options: %v, want ErrOption", len(opts), err)
		}
	}
}

// TestOptimalProgress checks that an optimal IDA* search reports its
// progress: bounds that never exceed the optimal length and never go
// down, node counts that grow, on one worker and on two.
func TestOptimalProgress(t *testing.T) {
	if testing.Short() {
		t.Skip("a search of a few tenths of a second")
	}
	in := korfInstance(t, 3)
	for _, workers := range []int{1, 2} {
		var reports []Progress
		sol, err := Solve(in.board, blankFirstGoal(4, 4), WithHeuristic(LinearConflict), WithWorkers(workers),
			WithProgress(func(p Progress) { reports = append(reports, p) }))
		if err != nil || sol.Len() != in.optimal {
			t.Fatalf("%d workers: %d moves, %v; want %d", workers, sol.Len(), err, in.optimal)
		}
		if len(reports) == 0 && sol.Elapsed > 300*time.Millisecond {
			t.Errorf("%d workers: no progress in %v", workers, sol.Elapsed)
		}
		for i, p := range reports {
			if p.Bound > in.optimal || p.LowerBound > in.optimal || p.Best != 0 || p.Generated > sol.Generated {
				t.Errorf("%d workers: report %d: %+v (optimal %d, %d nodes in all)", workers, i, p, in.optimal, sol.Generated)
			}
			if i > 0 && (p.Bound < reports[i-1].Bound || p.Generated <= reports[i-1].Generated || p.Elapsed < reports[i-1].Elapsed) {
				t.Errorf("%d workers: report %d went back: %+v after %+v", workers, i, p, reports[i-1])
			}
		}
		t.Logf("%d workers: %d reports in %v", workers, len(reports), sol.Elapsed)
	}
}

// TestBeamNarrowing expands a narrow layer after wide ones, as a beam
// does when its width falls near its deadline: the duplicate set of the
// layer must hold the wider layers before it (it was once sized by the
// current layer, filled up, and looped forever).
func TestBeamNarrowing(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	goal := Goal(7, 7)
	start := randomReaching(rng, goal)
	tg, code := encodeFor(t, start, goal)
	f, err := newFrame(context.Background(), tg, code, options{heur: LinearConflict})
	if err != nil {
		t.Fatal(err)
	}
	for _, workers := range []int{1, 2} {
		bs := f.beam(4096, workers)
		// Twelve layers at full width (no goal that close), then a layer
		// of 16 boards.
		if _, err := bs.search(context.Background(), f.cells, f.blank, 12); !errors.Is(err, ErrNotFound) {
			t.Fatalf("%d workers: %v", workers, err)
		}
		if len(bs.cur.h) < 2048 {
			t.Fatalf("%d workers: a layer of %d boards, want a wide one", workers, len(bs.cur.h))
		}
		n, aux := bs.n, bs.aux
		c := &bs.cur
		c.cells, c.aux, c.h, c.hash, c.blank, c.prev = c.cells[:16*n], c.aux[:16*aux], c.h[:16], c.hash[:16], c.blank[:16], c.prev[:16]
		done := make(chan struct{})
		go func() {
			bs.expand()
			close(done)
		}()
		select {
		case <-done:
			if len(bs.cands) == 0 {
				t.Errorf("%d workers: no children", workers)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%d workers: expanding the narrow layer did not end", workers)
		}
	}
}

// TestBeamStall: narrow beams ranking 7 x 7 random-walk boards by linear
// conflicts are often trapped and circle; with stall set they escape
// (check children against every board kept from there on) and solve more
// boards than the plain ones, with paths that reach the goal, and a beam
// that never stalls is the plain beam, path for path.
func TestBeamStall(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	goal := Goal(7, 7)
	plain, escaped, solved := 0, 0, 0
	for range 12 {
		tg, code := encodeFor(t, randomWalk(rng, goal, 1200), goal)
		f, err := newFrame(context.Background(), tg, code, options{heur: LinearConflict})
		if err != nil {
			t.Fatal(err)
		}
		bs := f.beamOf(100, 1, f.lcEval)
		p, err := bs.search(context.Background(), f.cells, f.blank, 3000)
		if err == nil {
			plain++
			checkFramePath(t, f, p)
		}
		es := f.beamOf(100, 2, f.lcEval)
		es.stall = beamStall
		q, qerr := es.search(context.Background(), f.cells, f.blank, 3000)
		if es.escaped > 0 {
			escaped++
		} else if !slices.Equal(p, q) {
			t.Errorf("a beam that did not stall found %d moves, the plain beam %d", len(q)-1, len(p)-1)
		}
		if qerr == nil {
			solved++
			checkFramePath(t, f, q)
		}
	}
	if escaped == 0 || solved <= plain {
		t.Errorf("%d solved by the plain beams; %d escaped, %d solved by the escaping ones", plain, escaped, solved)
	}
	t.Logf("%d solved by the plain beams; %d escaped, %d solved by the escaping ones", plain, escaped, solved)
}

// TestBeamKeep: a beam whose database evaluator keeps every board's tile
// cells in the layer (see pdbBeam), and one reading the tables in the
// sparse layout (see sparseBeam), search as one that finds the cells
// again on every board, path for path and node for node, with and without
// the reflected lookup, on one and two workers; so does weighted A*. The
// frame's beams read the sparse layout when every tile is in a pattern.
func TestBeamKeep(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	goal := Goal(4, 4)
	custom := MustParseDatabase(goal, "1 2 3 4 5/6 7 8 9 10/11 12 13 14 15")
	for _, o := range []options{{heur: PDB555}, {db: custom, dbSet: true, heur: PDBCustom}} {
		for range 4 {
			tg, code := encodeFor(t, randomWalk(rng, goal, 200), goal)
			f, err := newFrame(context.Background(), tg, code, o)
			if err != nil {
				t.Fatal(err)
			}
			if _, ok := f.bEval().(*rankBeam[*sumBeam[*sparseBeam]]); !ok {
				t.Fatalf("%v: the frame's beams do not read the sparse layout", f.heur)
			}
			mdlc := func() *mdlcBeam { return &mdlcBeam{mdlcEval: newMDLC(f.rows, f.cols, uint8(f.blankVal))} }
			scan := func() bEval { return &sumBeam[*pdbBeam]{p: &pdbBeam{pdbEval: *newPDBEval(f.db)}, m: mdlc()} }
			evals := map[string]func() bEval{
				"kept cells": func() bEval {
					return &sumBeam[*pdbBeam]{p: &pdbBeam{pdbEval: *newPDBEval(f.db), keep: true}, m: mdlc()}
				},
				"sparse": func() bEval { return &sumBeam[*sparseBeam]{p: newSparseBeam(f.db), m: mdlc()} },
			}
			for name, eval := range evals {
				for _, workers := range []int{1, 2} {
					kb := f.beamOf(2048, workers, eval)
					p, err := kb.search(context.Background(), f.cells, f.blank, 500)
					if err != nil {
						t.Fatal(err)
					}
					checkFramePath(t, f, p)
					sb := f.beamOf(2048, workers, scan)
					q, err := sb.search(context.Background(), f.cells, f.blank, 500)
					if err != nil {
						t.Fatal(err)
					}
					if !slices.Equal(p, q) || kb.generated != sb.generated {
						t.Errorf("%v, %d workers: %s %d moves, %d nodes; scanned %d moves, %d nodes",
							f.heur, workers, name, len(p)-1, kb.generated, len(q)-1, sb.generated)
					}
				}
				// Weighted A* takes either evaluator too.
				ka, sa := newWAStar(f.rows, f.cols, f.blankVal, 3, 4, eval()), newWAStar(f.rows, f.cols, f.blankVal, 3, 4, scan())
				p, perr := ka.search(context.Background(), f.cells, f.blank)
				q, qerr := sa.search(context.Background(), f.cells, f.blank)
				if perr != nil || qerr != nil || !slices.Equal(p, q) || ka.generated != sa.generated {
					t.Errorf("%v, weighted A*: %s %d moves, %d nodes, %v; scanned %d moves, %d nodes, %v",
						f.heur, name, len(p)-1, ka.generated, perr, len(q)-1, sa.generated, qerr)
				}
			}
		}
	}
}

// checkFramePath checks that a path of blank cells in frame f moves the
// blank one cell at a time and leaves the goal.
func checkFramePath(t testing.TB, f *frame, path []int) {
	t.Helper()
	b := slices.Clone(f.cells)
	if path[0] != f.blank {
		t.Fatalf("path starts on cell %d, the blank is on %d", path[0], f.blank)
	}
	for k := 1; k < len(path); k++ {
		d := path[k] - path[k-1]
		if d != 1 && d != -1 && d != f.cols && d != -f.cols || (d == 1 || d == -1) && path[k]/f.cols != path[k-1]/f.cols {
			t.Fatalf("move %d: from cell %d to %d", k, path[k-1], path[k])
		}
		slideBlank(b, path[k-1], path[k])
	}
	for c, v := range b {
		if int(v) != c {
			t.Fatalf("cell %d holds %d at the end", c, v)
		}
	}
}

// TestMDLCChild: the beam's incremental Manhattan distance with linear
// conflicts (by conflict tables for lines of up to maxMDLCTableLine cells, by
// scoring the line otherwise) equals the estimate from scratch of every
// child, on boards with short and long lines.
func TestMDLCChild(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for _, sz := range [][2]int{{3, 5}, {6, 6}, {4, 7}, {7, 4}, {7, 7}, {2, 9}} {
		rows, cols := sz[0], sz[1]
		n := rows * cols
		blankVal := uint8(rng.IntN(n))
		for range 50 {
			cells := make([]uint8, n)
			for i, v := range rng.Perm(n) {
				cells[i] = uint8(v)
			}
			e := &mdlcBeam{mdlcEval: newMDLC(rows, cols, blankVal)}
			h := e.estimate(cells)
			e.load(cells, nil, h)
			for _, m := range children(cells, blankVal, cols) {
				got, _ := e.child(m.v, m.from, m.to)
				if want := e.estimate(m.board); got != want {
					t.Fatalf("%dx%d: tile %d from %d to %d: %d, from scratch %d", rows, cols, m.v, m.from, m.to, got, want)
				}
				if !slices.Equal(cells, e.board) {
					t.Fatalf("%dx%d: child changed the parent board", rows, cols)
				}
			}
		}
	}
}
