package near

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/slidekit/slide/internal/pdb"
)

// TestPDBBeamKept: a pdbBeam that keeps its patterns' ranks in a board's
// data (see newPDBBeam) gives every child the bound a pdbBeam computes
// from scratch, and apply makes the child's data, ranks and excesses
// included, as the child's root does; on databases of compact entries
// and of bytes, with the reflected lookup (blank in a corner of a square)
// and without, on boards shuffled and next to the goal. Evaluating a
// child allocates nothing. Where a tile is in no pattern, it keeps no
// ranks.
func TestPDBBeamKept(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 2))
	partial, err := pdb.Build(context.Background(), pdb.Spec{Rows: 3, Cols: 3, Patterns: [][]uint8{{1, 2, 3}, {4, 5}}}, pdb.BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if newPDBBeam(partial, true).keep {
		t.Error("a database that leaves tiles out keeps ranks")
	}
	for _, c := range []struct {
		rows, cols, blank int
		bytes             bool
	}{{4, 4, 0, false}, {4, 4, 0, true}, {5, 5, 0, false}, {4, 5, 0, false}, {5, 5, 12, true}} {
		n := c.rows * c.cols
		spec := pdb.Spec{Rows: c.rows, Cols: c.cols, Blank: c.blank}
		var tiles []uint8
		for v := range n {
			if v != c.blank {
				tiles = append(tiles, uint8(v))
			}
		}
		rng.Shuffle(len(tiles), func(i, j int) { tiles[i], tiles[j] = tiles[j], tiles[i] })
		for len(tiles) > 0 {
			k := min(len(tiles), 3)
			spec.Patterns = append(spec.Patterns, tiles[:k])
			tiles = tiles[k:]
		}
		db, err := pdb.Build(context.Background(), spec, pdb.BuildOptions{Bytes: c.bytes})
		if err != nil {
			t.Fatal(err)
		}
		if db.Compact() == c.bytes {
			t.Fatalf("%v: compact %v, asked for bytes %v", spec, db.Compact(), c.bytes)
		}
		e, scratch := newPDBBeam(db, true), newPDBBeam(db, true)
		if !e.keep || e.reflect != spec.Transposable() {
			t.Fatalf("%v: keeps ranks %v, reflects %v", spec, e.keep, e.reflect)
		}
		plain := newPDBBeam(db, false)
		cells := make([]uint8, n)
		for trial := range 200 {
			for i := range cells {
				cells[i] = uint8(i)
			}
			if trial%2 == 0 {
				for i, v := range rng.Perm(n) {
					cells[i] = uint8(v)
				}
			} else {
				walkBoard(rng, cells, uint8(c.blank), c.cols, trial%7)
			}
			aux := make([]uint8, e.auxLen())
			h := e.root(cells, aux)
			e.load(cells, aux, h)
			paux := make([]uint8, plain.auxLen())
			plain.load(cells, paux, plain.root(cells, paux))
			for _, m := range children(cells, uint8(c.blank), c.cols) {
				got, delta := e.child(m.v, m.from, m.to)
				want := make([]uint8, e.auxLen())
				r := scratch.root(m.board, want)
				if pgot, _ := plain.child(m.v, m.from, m.to); got != r || pgot != r {
					t.Fatalf("%v: tile %d from %d to %d: bound %d, without ranks %d, from scratch %d", spec, m.v, m.from, m.to, got, pgot, r)
				}
				made := slices.Clone(aux)
				e.apply(m.board, made, delta, m.v, m.from, m.to)
				if !slices.Equal(made, want) {
					t.Fatalf("%v: tile %d from %d to %d: data %v, from scratch %v", spec, m.v, m.from, m.to, made, want)
				}
				if allocs := testing.AllocsPerRun(10, func() { e.child(m.v, m.from, m.to) }); allocs != 0 {
					t.Fatalf("a child's bound allocates %v times", allocs)
				}
			}
		}
	}
}
