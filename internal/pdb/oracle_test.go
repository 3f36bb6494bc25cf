package pdb

import (
	"context"
	"testing"
)

// Oracles for the tests: exhaustive searches written the plain way, on maps,
// independent of the builder's ranks, regions and layers (the true
// distances are testsets.Distances).

// abstractDistances returns, for every placement of the tiles of pattern
// (keyed by their cells packed six bits each), the fewest pattern-tile
// moves to bring them home with the blank free, by 0-1 breadth-first search
// over (placement, blank cell) with blank moves free, then the least over
// the blank's cells.
func abstractDistances(rows, cols, blank int, pattern []uint8) map[uint64]int {
	g := newGrid(rows, cols)
	type st struct {
		pos   uint64 // 6 bits a tile
		blank int
	}
	cellOf := func(pos uint64, i int) int { return int(pos >> (6 * i) & 63) }
	var goal uint64
	for i, t := range pattern {
		goal |= uint64(t) << (6 * i)
	}
	dist := map[st]int{{goal, blank}: 0}
	cur := []st{{goal, blank}}
	for d := 0; len(cur) > 0; d++ {
		var next []st
		for i := 0; i < len(cur); i++ { // cur grows by the free moves
			s := cur[i]
			if dist[s] != d {
				continue
			}
			for _, q := range g.adj[s.blank] {
				tile := -1
				for i := range pattern {
					if cellOf(s.pos, i) == int(q) {
						tile = i
					}
				}
				to, cost := st{s.pos, int(q)}, 0
				if tile >= 0 { // the pattern tile on q slides onto the blank
					to.pos = s.pos&^(63<<(6*tile)) | uint64(s.blank)<<(6*tile)
					cost = 1
				}
				if old, ok := dist[to]; !ok || d+cost < old {
					dist[to] = d + cost
					if cost == 0 {
						cur = append(cur, to)
					} else {
						next = append(next, to)
					}
				}
			}
		}
		cur = next
	}
	best := map[uint64]int{}
	for s, d := range dist {
		if old, ok := best[s.pos]; !ok || d < old {
			best[s.pos] = d
		}
	}
	return best
}

// checkOracle checks every entry of every table of db, built from spec,
// against abstractDistances.
func checkOracle(t testing.TB, spec Spec, db *DB) {
	t.Helper()
	for i, tab := range db.Tables() {
		want := abstractDistances(spec.Rows, spec.Cols, spec.Blank, tab.Tiles())
		pos := make([]uint8, len(tab.Tiles()))
		for r := range tab.Len() {
			tab.rk.unrank(r, pos)
			var key uint64
			for j, c := range pos {
				key |= uint64(c) << (6 * j)
			}
			if got := tab.At(r); got != want[key] {
				t.Fatalf("%v pattern %d: placement %v has %d, oracle %d", spec, i, pos, got, want[key])
			}
		}
	}
}

// mustBuild builds the tables of spec, failing t on an error.
func mustBuild(t testing.TB, spec Spec) *DB {
	t.Helper()
	db, err := Build(context.Background(), spec, BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return db
}
