package near

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/slidekit/slide/internal/learn"
	"github.com/slidekit/slide/internal/pdb"
	"github.com/slidekit/slide/internal/pdbcache"
	"github.com/slidekit/slide/internal/testsets"
	"github.com/slidekit/slide/internal/tiles"
)

// learnSpec is a database of three groups of five tiles of the 4 x 4
// goal with the blank last, which tests build in memory.
var learnSpec = pdb.Spec{Rows: 4, Cols: 4, Blank: 15, Patterns: [][]uint8{{0, 1, 2, 3, 4}, {5, 6, 7, 8, 9}, {10, 11, 12, 13, 14}}}

// learnFrame returns the frame of a board a random walk of walk moves
// from the 4 x 4 goal, under a database of three groups of five tiles
// (built in memory), ranking by a model of random weights.
func learnFrame(t testing.TB, rng *rand.Rand, walk int) (*frame, *learn.Model) {
	t.Helper()
	tg := standardGoal(4, 4)
	spec := learnSpec
	m := &learn.Model{Rows: 4, Cols: 4, Partition: spec.String(), Scale: 16, DB: 11, LC: 7, Cycles: 30, Bias: -5, Cell: make([]int32, 256)}
	for i := range m.Cell {
		m.Cell[i] = int32(rng.IntN(41) - 20)
	}
	cfg := Config{Heuristic: tiles.Heuristic{Kind: tiles.Database, Name: "pdb", Spec: spec, Custom: true},
		Request: pdbcache.Request{DirSet: true, Build: true}, Ranking: m}
	code := testsets.RandomWalk(rng, tg.Rows, tg.Cols, goalCode(tg), tiles.BlankCode, walk)
	f, err := newFrame(context.Background(), tg, code, &cfg)
	if err != nil {
		t.Fatal(err)
	}
	return f, m
}

// TestLearnBeam: a learnBeam's rank of every child, from its parent's
// data, equals the model's value from scratch of the child's board (and
// its rank from scratch), and the data apply makes (with a pdbBeam's
// patterns' ranks) equals the child's from scratch, reading the tables in
// the sparse layout and not; a goal
// ranks 0 and no other board does. Evaluating a child allocates nothing.
func TestLearnBeam(t *testing.T) {
	rng := rand.New(rand.NewPCG(36, 1))
	f, m := learnFrame(t, rng, 100)
	if _, ok := f.bEval().(*learnBeam[*sparseBeam]); !ok {
		t.Fatalf("the frame ranks by %T, not the model", f.bEval())
	}
	mdlc := func() *mdlcBeam { return &mdlcBeam{mdlcEval: newMDLC(f.rows, f.cols, uint8(f.blankVal))} }
	for name, mk := range map[string]func() bEval{
		"sparse": func() bEval { return newLearnBeam(newSparseBeam(f.db), mdlc(), m, f.blankVal) },
		"kept": func() bEval {
			return newLearnBeam(newPDBBeam(f.db, true), mdlc(), m, f.blankVal)
		},
	} {
		e, scratch := mk(), mk()
		db, lc := f.wEval(), newMDLC(f.rows, f.cols, uint8(f.blankVal))
		counts := tileCounts{blankVal: uint8(f.blankVal), withCycles: true}
		cells := slices.Clone(f.cells)
		for step := range 300 {
			if step%100 == 99 {
				for i := range cells { // the goal and boards next to it
					cells[i] = uint8(i)
				}
			}
			aux := make([]uint8, e.auxLen())
			rank := e.root(cells, aux)
			if goal := slices.IsSorted(cells); (rank == 0) != goal {
				t.Fatalf("%s: rank %d of a board that is the goal: %v", name, rank, goal)
			}
			e.load(cells, aux, rank)
			moves := children(cells, uint8(f.blankVal), f.cols)
			for _, c := range moves {
				got, delta := e.child(c.v, c.from, c.to)
				want := make([]uint8, e.auxLen())
				r := scratch.root(c.board, want)
				_, cycles := counts.count(c.board)
				value := m.Value(c.board, db.root(c.board, make([]uint8, db.auxLen())), lc.estimate(c.board), cycles)
				if slices.IsSorted(c.board) {
					value = 0
				}
				if got != r || got != value {
					t.Fatalf("%s: tile %d from %d to %d: rank %d, from scratch %d, the model's value %d", name, c.v, c.from, c.to, got, r, value)
				}
				made := slices.Clone(aux)
				e.apply(c.board, made, delta, c.v, c.from, c.to)
				if !slices.Equal(made, want) {
					t.Fatalf("%s: tile %d from %d to %d: data %v, from scratch %v", name, c.v, c.from, c.to, made, want)
				}
			}
			c := moves[0]
			if allocs := testing.AllocsPerRun(100, func() { e.child(c.v, c.from, c.to) }); allocs != 0 {
				t.Fatalf("%s: a child's rank allocates %v times", name, allocs)
			}
			copy(cells, moves[rng.IntN(len(moves))].board)
		}
	}
}

// TestRankingFor: the frame ranks by the model asked for when it was
// trained for the board's shape and database, by the hand-made ranking
// when learn.Handmade is asked for, and by the shipped model, if any,
// otherwise.
func TestRankingFor(t *testing.T) {
	spec := learnSpec
	m := &learn.Model{Rows: 4, Cols: 4, Partition: spec.String(), Cell: make([]int32, 256)}
	other := &learn.Model{Rows: 4, Cols: 4, Partition: "4x4-b15-0.1", Cell: make([]int32, 256)}
	for _, c := range []struct {
		asked, want *learn.Model
	}{{m, m}, {learn.Handmade, nil}, {other, learn.For(4, 4, spec.String())}, {nil, learn.For(4, 4, spec.String())}} {
		if got := rankingFor(c.asked, spec); got != c.want {
			t.Errorf("asked %p: got %p, want %p", c.asked, got, c.want)
		}
	}
	// pdb48x5 and pdb48 rank 7 x 7 boards by models of their own.
	x5, x4 := rankingFor(nil, pdb.Seven48x5()), rankingFor(nil, pdb.Seven48())
	if x5 == nil || x4 == nil || x5 == x4 || x5.Partition != pdb.Seven48x5().String() {
		t.Errorf("pdb48x5 ranks by %p, pdb48 by %p: want two models, each its database's", x5, x4)
	}
}

// TestBeamSamples: a training beam's path replays to the goal, and the
// samples along it are the boards of the path in the frame, with the
// database's bound of each, the moves left as targets.
func TestBeamSamples(t *testing.T) {
	rng := rand.New(rand.NewPCG(36, 2))
	tg := standardGoal(4, 4)
	spec := learnSpec
	cfg := Config{Heuristic: tiles.Heuristic{Kind: tiles.Database, Name: "pdb", Spec: spec, Custom: true},
		Request: pdbcache.Request{DirSet: true, Build: true}, Ranking: learn.Handmade}
	code := testsets.RandomWalk(rng, 4, 4, goalCode(tg), tiles.BlankCode, 300)
	blanks, err := Beam(context.Background(), tg, code, 64, cfg)
	if err != nil {
		t.Fatal(err)
	}
	checkBlanks(t, tg, code, blanks)
	samples, name, err := Samples(context.Background(), tg, code, blanks, cfg)
	if err != nil || name != spec.String() || len(samples) != len(blanks)-1 {
		t.Fatalf("%d samples of %q, %v; want %d of %q", len(samples), name, err, len(blanks)-1, spec.String())
	}
	f, _ := newFrame(context.Background(), tg, code, &cfg)
	for i, s := range samples {
		ev := f.wEval()
		if db := ev.root(s.Board, make([]uint8, ev.auxLen())); s.DB != db || s.Target != float64(len(samples)-i) || db > len(samples)-i {
			t.Fatalf("sample %d: bound %d (from scratch %d), target %v of %d moves", i, s.DB, db, s.Target, len(samples))
		}
	}
	if !slices.Equal(samples[0].Board, f.cells) {
		t.Errorf("the first sample is not the start")
	}
}

// TestLearnAsHandmade: a model that weighs boards as the hand-made
// ranking of boards past 6 x 6 does, four times over (see rankBeam),
// gives beams the same paths and nodes, on one and two workers: the
// learned ranking differs from it by its weights alone.
func TestLearnAsHandmade(t *testing.T) {
	rng := rand.New(rand.NewPCG(36, 6))
	f, _ := learnFrame(t, rng, 200)
	m := learn.ByDistance(f.rows, f.cols, f.blankVal, 16, 16, 32, []int32{-16})
	m.Partition = f.db.Spec().String()
	mdlc := func() *mdlcBeam { return &mdlcBeam{mdlcEval: newMDLC(f.rows, f.cols, uint8(f.blankVal))} }
	hand := func() bEval {
		return newRankBeam(&sumBeam[*sparseBeam]{p: newSparseBeam(f.db), m: mdlc()}, f.blankVal, 4, 4, 8)
	}
	learned := func() bEval { return newLearnBeam(newSparseBeam(f.db), mdlc(), m, f.blankVal) }
	for _, workers := range []int{1, 2} {
		hb, lb := f.beamOf(500, workers, hand), f.beamOf(500, workers, learned)
		p, perr := hb.search(context.Background(), f.cells, f.blank, 500)
		q, qerr := lb.search(context.Background(), f.cells, f.blank, 500)
		if perr != nil || qerr != nil || !slices.Equal(p, q) || hb.generated != lb.generated {
			t.Errorf("%d workers: hand-made %d moves, %d nodes, %v; learned %d moves, %d nodes, %v",
				workers, len(p)-1, hb.generated, perr, len(q)-1, lb.generated, qerr)
		}
		checkFramePath(t, f, q)
	}
}
