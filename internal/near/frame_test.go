package near

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/pdb"
	"github.com/slidekit/slide/internal/pdbcache"
	"github.com/slidekit/slide/internal/testsets"
	"github.com/slidekit/slide/internal/tiles"
)

// TestBeamNarrowing expands a narrow layer after wide ones, as a beam
// does when its width falls near its deadline: the duplicate set of the
// layer must hold the wider layers before it (it was once sized by the
// current layer, filled up, and looped forever).
func TestBeamNarrowing(t *testing.T) {
	f := randomFrame(t, 7, 7, 7, 7)
	for _, workers := range []int{1, 2} {
		bs := f.beam(4096, workers)
		// Twelve layers at full width (no goal that close), then a layer
		// of 16 boards.
		if _, err := bs.search(context.Background(), f.cells, f.blank, 12); !engine.Is(err, engine.NotFound) {
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
	tg := standardGoal(7, 7)
	plain, escaped, solved := 0, 0, 0
	for range 12 {
		code := testsets.RandomWalk(rng, tg.Rows, tg.Cols, goalCode(tg), tiles.BlankCode, 1200)
		f, err := newFrame(context.Background(), tg, code, lcConfig())
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

// TestBeamKeep: a beam whose database evaluator keeps every board's
// patterns' ranks in the layer (see newPDBBeam), and one reading the
// tables in the sparse layout (see sparseBeam), search as one that finds
// the cells again on every board, path for path and node for node, with and without
// the reflected lookup, on one and two workers; so does weighted A*. The
// frame's beams read the sparse layout when every tile is in a pattern.
func TestBeamKeep(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	tg := standardGoal(4, 4)
	korf, err := pdb.Named("555")
	if err != nil {
		t.Fatal(err)
	}
	// The groups "1 2 3 4 5/6 7 8 9 10/11 12 13 14 15" of the standard
	// goal (tile t on cell t-1), as goal cells.
	custom := pdb.Spec{Rows: 4, Cols: 4, Blank: 15, Patterns: [][]uint8{{0, 1, 2, 3, 4}, {5, 6, 7, 8, 9}, {10, 11, 12, 13, 14}}}
	req := pdbcache.Request{DirSet: true, Build: true} // built in memory, no disk cache
	for _, cfg := range []Config{
		{Heuristic: tiles.Heuristic{Kind: tiles.Database, Name: "pdb555", Spec: korf}, Request: req},
		{Heuristic: tiles.Heuristic{Kind: tiles.Database, Name: "pdb", Spec: custom, Custom: true}, Request: req},
	} {
		boards := 4
		if !testsets.Long() {
			boards = 2
		}
		for range boards {
			code := testsets.RandomWalk(rng, tg.Rows, tg.Cols, goalCode(tg), tiles.BlankCode, 200)
			f, err := newFrame(context.Background(), tg, code, &cfg)
			if err != nil {
				t.Fatal(err)
			}
			if _, ok := f.bEval().(*rankBeam[*sumBeam[*sparseBeam]]); !ok {
				t.Fatalf("%s: the frame's beams do not read the sparse layout", f.heur.Name)
			}
			mdlc := func() *mdlcBeam { return &mdlcBeam{mdlcEval: newMDLC(f.rows, f.cols, uint8(f.blankVal))} }
			scan := func() bEval { return &sumBeam[*pdbBeam]{p: &pdbBeam{pdbEval: *newPDBEval(f.db)}, m: mdlc()} }
			evals := map[string]func() bEval{
				"kept ranks": func() bEval {
					return &sumBeam[*pdbBeam]{p: newPDBBeam(f.db, true), m: mdlc()}
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
						t.Errorf("%s, %d workers: %s %d moves, %d nodes; scanned %d moves, %d nodes",
							f.heur.Name, workers, name, len(p)-1, kb.generated, len(q)-1, sb.generated)
					}
				}
				// Weighted A* takes either evaluator too.
				ka, sa := newWAStar(f.rows, f.cols, f.blankVal, 3, 4, eval()), newWAStar(f.rows, f.cols, f.blankVal, 3, 4, scan())
				p, perr := ka.search(context.Background(), f.cells, f.blank)
				q, qerr := sa.search(context.Background(), f.cells, f.blank)
				if perr != nil || qerr != nil || !slices.Equal(p, q) || ka.generated != sa.generated {
					t.Errorf("%s, weighted A*: %s %d moves, %d nodes, %v; scanned %d moves, %d nodes, %v",
						f.heur.Name, name, len(p)-1, ka.generated, perr, len(q)-1, sa.generated, qerr)
				}
			}
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

// TestFrameSparseMemory checks that a frame makes its database's sparse
// layout only where it takes at most half the memory left, and takes its
// bytes out of the memory the searches may hold; a layout made already
// is held whatever the bound, and counted.
func TestFrameSparseMemory(t *testing.T) {
	spec := pdb.Spec{Rows: 4, Cols: 4, Blank: 0, Patterns: [][]uint8{{1, 2, 3, 4, 5}, {6, 7, 8, 9, 10}, {11, 12, 13, 14, 15}}}
	base := Config{Heuristic: tiles.Heuristic{Kind: tiles.Database, Name: "pdb", Spec: spec, Custom: true},
		Request: pdbcache.Request{DirSet: true, Build: true}}
	tg := blankFirstGoal(4, 4)
	code := randomReaching(rand.New(rand.NewPCG(41, 4)), tg)
	frame := func(memory int64) (*frame, Config) {
		t.Helper()
		cfg := base
		cfg.Limits.Memory = memory
		f, err := newFrame(context.Background(), tg, code, &cfg)
		if err != nil {
			t.Fatal(err)
		}
		return f, cfg
	}
	f, cfg := frame(1 << 10)
	bytes := f.db.SparseBytes()
	if bytes <= 1<<10 || f.sparse || cfg.Limits.Memory != 1<<10 {
		t.Fatalf("under 1 KiB: layout of %d bytes made %v, memory %d", bytes, f.sparse, cfg.Limits.Memory)
	}
	if f, cfg = frame(1 << 30); !f.sparse || cfg.Limits.Memory != 1<<30-bytes {
		t.Fatalf("under 1 GiB: layout made %v, memory %d, want %d", f.sparse, cfg.Limits.Memory, 1<<30-bytes)
	}
	if f, cfg = frame(1 << 10); !f.sparse || cfg.Limits.Memory != 1 {
		t.Errorf("made already, under 1 KiB: layout read %v, memory %d, want 1", f.sparse, cfg.Limits.Memory)
	}
}
