package pdb

import (
	"math/rand/v2"
	"testing"
)

// neighbourRule returns the placement of rank r of tb, its entry, and the
// least entries of its neighbours, the placements one move of a pattern
// tile away: among all, and among those whose free cells are connected. For a placement p
// whose free cells are connected (the blank may stand on any of them), the
// fewest moves are 1 plus the fewest from the best placement a move
// reaches, so the entry is at least 1 plus the first and at most 1 plus
// the second (whose entries are exact for any blank). It reports false
// for placements the rule does not cover: the goal placement (whose entry
// is 0) and those whose free cells are split.
func neighbourRule(g *grid, tb *Table, r int64) (pos [MaxPattern]uint8, got, lower, upper int, ok bool) {
	k := len(tb.tiles)
	var regs [maxCells]uint64
	occ := tb.rk.unrank(r, pos[:k])
	got = tb.At(r)
	free := g.full &^ occ
	if got == 0 || g.regions(free, &regs) != 1 {
		return pos, got, 0, 0, false
	}
	lower, upper = 1<<30, 1<<30
	for i := range k {
		c := pos[i]
		for _, q := range g.adj[c] {
			if free>>q&1 == 0 {
				continue
			}
			pos[i] = q
			m := tb.Lookup(pos[:k])
			pos[i] = c
			lower = min(lower, m)
			if g.regions(free&^(1<<q)|1<<c, &regs) == 1 {
				upper = min(upper, m)
			}
		}
	}
	return pos, got, lower, upper, true
}

// checkSampledEntries checks samples random entries of every table of db
// by neighbourRule, and that only goal placements hold 0. It returns the
// number of entries the rule covered.
func checkSampledEntries(t testing.TB, db *DB, samples int, rng *rand.Rand) int {
	t.Helper()
	g := newGrid(db.spec.Rows, db.spec.Cols)
	checked := 0
	for j, tb := range db.tables {
		for range samples {
			r := rng.Int64N(tb.Len())
			pos, got, lower, upper, ok := neighbourRule(&g, tb, r)
			home := true
			for i, v := range tb.tiles {
				home = home && pos[i] == v
			}
			switch {
			case home != (got == 0):
				t.Errorf("table %d, placement %v: entry %d", j, pos[:len(tb.tiles)], got)
			case ok && (got < 1+lower || got > 1+upper):
				t.Errorf("table %d, placement %v (rank %d): entry %d, its neighbours' least %d (connected ones' %d)",
					j, pos[:len(tb.tiles)], r, got, lower, upper)
			}
			if ok {
				checked++
			}
		}
	}
	return checked
}

// TestSampledEntries checks the neighbour rule on small databases, and
// that it catches an entry lowered by 2.
func TestSampledEntries(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for _, spec := range []Spec{
		{Rows: 3, Cols: 3, Blank: 0, Patterns: [][]uint8{{1, 2, 3, 4}, {5, 6, 7, 8}}},
		{Rows: 3, Cols: 4, Blank: 11, Patterns: [][]uint8{{0, 1, 4, 5, 8}, {2, 3, 6, 7, 9, 10}}},
		Korf555(),
	} {
		db := mustBuild(t, spec)
		if n := checkSampledEntries(t, db, 2000, rng); n < 500 {
			t.Errorf("%v: only %d entries checked", spec, n)
		}
		g := newGrid(spec.Rows, spec.Cols)
		tb := db.tables[0]
		for r := int64(0); r < tb.Len(); r++ {
			_, got, lower, _, ok := neighbourRule(&g, tb, r)
			if !ok || got < 2 || tb.compact && tb.excess(r) == 0 {
				continue
			}
			i, lowered := r, tb.data[r]-2
			if tb.compact { // one step less of excess
				i, lowered = r>>1, tb.data[r>>1]-1<<(4*(r&1))
			}
			old := tb.data[i]
			tb.data[i] = lowered
			if _, bad, _, _, _ := neighbourRule(&g, tb, r); bad != got-2 || bad >= 1+lower {
				t.Errorf("%v: rank %d lowered from %d to %d passes (neighbours' least %d)", spec, r, got, bad, lower)
			}
			tb.data[i] = old
			break
		}
	}
}
