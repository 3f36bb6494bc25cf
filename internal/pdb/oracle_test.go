package pdb

import (
	"context"
	"testing"
)

// Oracles for the tests: exhaustive searches written the plain way, on maps,
// independent of the builder's ranks, regions and layers.

// trueDistances returns the distance to the goal (tile t on cell t, blank
// on cell blank) of every position of a small board, keyed by its cells
// packed four bits each (so at most 16 cells), by breadth-first search over
// the real puzzle.
func trueDistances(rows, cols, blank int) map[uint64]int {
	n := rows * cols
	g := newGrid(rows, cols)
	var goal uint64
	for c := range n {
		goal |= uint64(c) << (4 * c)
	}
	dist := map[uint64]int{goal: 0}
	type st struct {
		b     uint64
		blank int
	}
	frontier := []st{{goal, blank}}
	for d := 1; len(frontier) > 0; d++ {
		var next []st
		for _, s := range frontier {
			for _, q := range g.adj[s.blank] {
				v := s.b >> (4 * q) & 15
				b := s.b &^ (15 << (4 * q)) &^ (15 << (4 * s.blank))
				b |= v<<(4*s.blank) | uint64(blank)<<(4*q)
				if _, ok := dist[b]; !ok {
					dist[b] = d
					next = append(next, st{b, int(q)})
				}
			}
		}
		frontier = next
	}
	return dist
}

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

func mustBuild(t testing.TB, spec Spec) *DB {
	t.Helper()
	db, err := Build(context.Background(), spec, BuildOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return db
}

// nearDistances returns every position within maxDepth moves of the goal
// (tile t on cell t, blank on cell blank) with its distance, by
// breadth-first search over the real puzzle, keyed by the cells as bytes.
func nearDistances(rows, cols, blank, maxDepth int) map[string]int {
	g := newGrid(rows, cols)
	goal := make([]byte, rows*cols)
	for c := range goal {
		goal[c] = byte(c)
	}
	dist := map[string]int{string(goal): 0}
	type st struct {
		cells string
		blank int
	}
	frontier := []st{{string(goal), blank}}
	for d := 1; d <= maxDepth; d++ {
		var next []st
		for _, s := range frontier {
			for _, q := range g.adj[s.blank] {
				b := []byte(s.cells)
				b[s.blank], b[q] = b[q], b[s.blank]
				if _, ok := dist[string(b)]; !ok {
					dist[string(b)] = d
					next = append(next, st{string(b), int(q)})
				}
			}
		}
		frontier = next
	}
	return dist
}
