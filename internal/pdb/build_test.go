package pdb

import (
	"context"
	"fmt"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/slidekit/slide/internal/testsets"
)

func TestRankRoundTrip(t *testing.T) {
	for _, c := range []struct{ n, k int }{{4, 1}, {4, 3}, {5, 2}, {6, 4}, {7, 6}, {9, 3}} {
		rk, err := newRanker(c.n, c.k)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		pos := make([]uint8, c.k)
		for r := range rk.size {
			rk.unrank(r, pos)
			key := fmt.Sprint(pos)
			if seen[key] {
				t.Fatalf("n=%d k=%d: rank %d repeats placement %v", c.n, c.k, r, pos)
			}
			seen[key] = true
			if got := rk.rank(pos); got != r {
				t.Fatalf("n=%d k=%d: rank(unrank(%d) = %v) = %d", c.n, c.k, r, pos, got)
			}
		}
		want := int64(1)
		for i := range c.k {
			want *= int64(c.n - i)
		}
		if rk.size != want || int64(len(seen)) != want {
			t.Fatalf("n=%d k=%d: %d entries, %d placements, want %d", c.n, c.k, rk.size, len(seen), want)
		}
	}
}

// TestTablesMatchOracle compares every entry of tables built on small boards
// with the 0-1 breadth-first search over (placement, blank cell).
func TestTablesMatchOracle(t *testing.T) {
	specs := []Spec{
		{Rows: 3, Cols: 3, Blank: 0, Patterns: [][]uint8{{1, 2, 3, 4}, {5, 6, 7, 8}}},
		{Rows: 3, Cols: 3, Blank: 4, Patterns: [][]uint8{{0, 1, 2}, {3, 5, 6, 7, 8}}},
		{Rows: 2, Cols: 4, Blank: 7, Patterns: [][]uint8{{0, 1, 2, 3}, {4, 5, 6}}},
		{Rows: 3, Cols: 4, Blank: 0, Patterns: [][]uint8{{1, 5, 6, 9}, {2, 3, 7}}},
		{Rows: 3, Cols: 3, Blank: 0, Patterns: [][]uint8{{4, 2, 6, 8, 1, 3}}}, // walls split the empty cells
		// Groups of 5 shaped as Seven48x5's: a 2 x 3 block less the blank,
		// beside one of 3, and a bent block.
		{Rows: 3, Cols: 3, Blank: 0, Patterns: [][]uint8{{1, 2, 3, 4, 5}, {6, 7, 8}}},
		{Rows: 2, Cols: 5, Blank: 0, Patterns: [][]uint8{{2, 3, 4, 7, 8}, {1, 5, 6, 9}}},
	}
	for _, spec := range specs {
		checkOracle(t, spec, mustBuild(t, spec))
	}
}

// TestFullPatternIsExact: a pattern of all the tiles of the 8-puzzle is the
// true distance of every position.
func TestFullPatternIsExact(t *testing.T) {
	spec := Spec{Rows: 3, Cols: 3, Blank: 0, Patterns: [][]uint8{{1, 2, 3, 4, 5, 6, 7, 8}}}
	db := mustBuild(t, spec)
	truth := testsets.Distances(3, 3, 0)
	if len(truth) != 181440 {
		t.Fatalf("oracle reached %d positions", len(truth))
	}
	cells := make([]uint8, 9)
	for b, d := range truth {
		testsets.Cells(b, cells)
		for _, reflect := range []bool{false, true} {
			h, err := db.Estimate(cells, reflect)
			if err != nil {
				t.Fatal(err)
			}
			if h != d {
				t.Fatalf("%v (reflect %v): table %d, distance %d", cells, reflect, h, d)
			}
		}
	}
}

// TestAdmissibleAndAdditive: on every position of the 8-puzzle and the
// 2 x 4 puzzle, the sum over a partition (and its reflection) never exceeds
// the true distance, and never falls below Manhattan distance (each
// pattern's entry counts at least its tiles' Manhattan distances).
func TestAdmissibleAndAdditive(t *testing.T) {
	for _, spec := range []Spec{
		{Rows: 3, Cols: 3, Blank: 0, Patterns: [][]uint8{{1, 2, 3, 4}, {5, 6, 7, 8}}},
		{Rows: 3, Cols: 3, Blank: 4, Patterns: [][]uint8{{0, 1, 2, 3}, {5, 6, 7, 8}}},
		{Rows: 3, Cols: 3, Blank: 0, Patterns: [][]uint8{{1, 3}, {2, 5, 4}, {6, 7, 8}}},
		{Rows: 2, Cols: 4, Blank: 0, Patterns: [][]uint8{{1, 2, 3}, {4, 5, 6, 7}}},
	} {
		db := mustBuild(t, spec)
		truth := testsets.Distances(spec.Rows, spec.Cols, spec.Blank)
		n := spec.Rows * spec.Cols
		cells := make([]uint8, n)
		exact := 0
		for b, d := range truth {
			testsets.Cells(b, cells)
			for _, reflect := range []bool{false, true} {
				h, err := db.Estimate(cells, reflect)
				if err != nil {
					t.Fatal(err)
				}
				if h > d {
					t.Fatalf("%v: %v (reflect %v): estimate %d > distance %d", spec, cells, reflect, h, d)
				}
				if h == d {
					exact++
				}
				if md := manhattan(cells, spec.Rows, spec.Cols, spec.Blank); h < md {
					t.Fatalf("%v: %v (reflect %v): estimate %d < Manhattan %d", spec, cells, reflect, h, md)
				}
			}
		}
		if exact == 2*len(truth) {
			t.Errorf("%v: every estimate exact; the oracle cannot tell", spec)
		}
		t.Logf("%v: %d positions, %d of %d estimates exact", spec, len(truth), exact, 2*len(truth))
	}
}

// manhattan is the sum of the tiles' distances to their goal cells.
func manhattan(cells []uint8, rows, cols, blank int) int {
	h := 0
	for c, v := range cells {
		if int(v) != blank {
			h += abs(c/cols-int(v)/cols) + abs(c%cols-int(v)%cols)
		}
	}
	return h
}

// TestMoveRanker checks the incremental rank of every move of every
// placement against the direct rank.
func TestMoveRanker(t *testing.T) {
	g := newGrid(3, 4)
	for _, k := range []int{1, 3, 5} {
		rk, _ := newRanker(g.n, k)
		pos := make([]uint8, k)
		mr := newMoveRanker(&rk)
		for r := range rk.size {
			occ := rk.unrank(r, pos)
			if r%3 == 0 || r%7 == 0 { // visit ranks out of order now and then
				mr.seek(rk.size - 1 - r)
			}
			mr.seek(r)
			if mr.occ() != occ || string(mr.pos[:k]) != string(pos) {
				t.Fatalf("k=%d: seek(%d) gives %v, want %v", k, r, mr.pos[:k], pos)
			}
			for i, p := range pos {
				for _, q := range g.adj[p] {
					if occ>>q&1 != 0 {
						continue
					}
					got := mr.moved(i, p, q)
					pos[i] = q
					want := rk.rank(pos)
					pos[i] = p
					if got != want {
						t.Fatalf("k=%d %v: tile %d from %d to %d: rank %d, want %d", k, pos, i, p, q, got, want)
					}
				}
			}
		}
	}
}

// TestCompactMatchesBytes: compact tables give the byte tables' values on
// every entry, and the shipped 5-5-5 partition compacts.
func TestCompactMatchesBytes(t *testing.T) {
	for _, spec := range []Spec{
		{Rows: 3, Cols: 3, Blank: 0, Patterns: [][]uint8{{1, 2, 3, 4}, {5, 6, 7, 8}}},
		{Rows: 3, Cols: 4, Blank: 5, Patterns: [][]uint8{{0, 1, 2, 3, 4}, {6, 7, 8, 9, 10, 11}}},
		Korf555(),
	} {
		compact := mustBuild(t, spec)
		bytes, err := Build(context.Background(), spec, BuildOptions{Bytes: true})
		if err != nil {
			t.Fatal(err)
		}
		if !compact.Compact() || bytes.Compact() {
			t.Fatalf("%v: compact %v, bytes %v", spec, compact.Compact(), bytes.Compact())
		}
		if 2*compact.Bytes() > bytes.Bytes()+int64(len(spec.Patterns)) {
			t.Errorf("%v: compact tables take %d bytes, byte tables %d", spec, compact.Bytes(), bytes.Bytes())
		}
		for i, tc := range compact.Tables() {
			tb := bytes.Tables()[i]
			for r := range tb.Len() {
				if v := tb.At(r); v != unvisited && tc.At(r) != v {
					t.Fatalf("%v pattern %d rank %d: compact %d, bytes %d", spec, i, r, tc.At(r), v)
				}
			}
		}
	}
}

// The builder the package used before the set layout (build.go), kept as an
// oracle for the tests and the benchmarks: the same breadth-first search
// over (placement, region of the blank), at dense ranks, with a 2-bit state
// for each empty cell. It takes at most 32 empty cells.

// An oldBuilder computes one pattern table by breadth-first search backwards
// from the goal over abstract states (placement of the pattern tiles,
// region of the blank). Moving a pattern tile costs 1; the blank moves
// freely among the cells the pattern leaves empty, so a state keeps only
// the connected region of empty cells that holds the blank. The table
// stores, for each placement, the least distance over the blank's regions:
// the depth at which the placement is first reached.
//
// A placement's empty cells are numbered in increasing order (its slots).
// Every slot has a 2-bit state: unseen (0), open at an even depth (1), open
// at an odd depth (2), closed (3); all slots of a region share it. The
// frontier is never listed: layer d is the set of slots open at d's parity,
// found by scanning, and expanding them closes them.
//
// Memory, for k tiles on n cells: one byte a placement for the distances
// (the table itself) and 2(n-k) bits, rounded up to 8, 16, 32 or 64, for
// the slot states, freed at the end. The 8 tiles of the 15-puzzle take
// 519 MB + 1038 MB.
//
// Layers are expanded by parallel workers over chunks of ranks. Slot states
// change by atomic OR only (unseen to open, open to closed), and a
// placement's distance is written once by the worker whose OR found all
// its slots unseen, so any interleaving builds the same table.
type oldBuilder struct {
	g  grid
	rk ranker

	dist      []uint8
	state     []uint64 // slot states, entryBits each
	entryBits uint     // 8, 16, 32 or 64
	entryLog  uint     // log2 of entries a word
}

// An oldWorker holds one expanding goroutine's placement and the successors of
// the regions it expands, reused from one expansion to the next.
type oldWorker struct {
	mr       moveRanker
	r2       [4 * MaxPattern]int64
	from, to [4 * MaxPattern]uint8
	words    [4 * MaxPattern]uint64
}

// oldBuildTable computes the table of pattern tiles (goal cells) on a rows x
// cols board whose blank's goal cell is blank.
func oldBuildTable(ctx context.Context, rows, cols, blank int, tiles []uint8, workers int, progress func(Progress), index int) ([]uint8, error) {
	g := newGrid(rows, cols)
	rk, err := newRanker(g.n, len(tiles))
	if err != nil {
		return nil, err
	}
	free := g.n - len(tiles)
	if free > 32 {
		return nil, fmt.Errorf("pdb: %d tiles leave %d empty cells: want at most 32", len(tiles), free)
	}
	b := &oldBuilder{g: g, rk: rk, entryBits: 8}
	for int(b.entryBits) < 2*free {
		b.entryBits *= 2
	}
	b.entryLog = uint(bits.TrailingZeros(64 / b.entryBits))
	b.dist = make([]uint8, rk.size)
	b.state = make([]uint64, (rk.size+(1<<b.entryLog)-1)>>b.entryLog)
	adviseHugePages(b.dist)
	adviseHugePages(b.state)
	for i := range b.dist {
		b.dist[i] = unvisited
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}

	// The goal: pattern tiles home, the blank in its goal cell's region,
	// open at depth 0.
	var occ uint64
	for _, t := range tiles {
		occ |= 1 << t
	}
	empty := g.full &^ occ
	r0 := rk.rank(tiles)
	b.dist[r0] = 0
	b.state[r0>>b.entryLog] |= spread(slots(g.region(empty, blank), empty)) << b.shift(r0)
	reached := int64(1)

	// Chunks are whole words of entries, so that the scan reads words.
	chunk := int64(1 << 14)
	for d := 0; ; d++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if d+1 >= unvisited {
			return nil, fmt.Errorf("pdb: distances exceed %d", unvisited-1)
		}
		var next, found, opened atomic.Int64
		var wg sync.WaitGroup
		for range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				n, o := b.expandChunks(d, &next, chunk)
				found.Add(n)
				opened.Add(o)
			}()
		}
		wg.Wait()
		reached += found.Load()
		if progress != nil {
			progress(Progress{Table: index, Tiles: rk.k, Depth: d + 1, Reached: reached, Entries: rk.size})
		}
		if opened.Load() == 0 {
			break
		}
	}
	return b.dist, nil
}

// shift returns the bit offset of entry r within its word.
func (b *oldBuilder) shift(r int64) uint {
	return uint(r&(1<<b.entryLog-1)) * b.entryBits
}

// expandChunks expands, chunk after chunk, the slots open at depth d's
// parity. It returns how many placements it reached first and how many
// regions it opened.
func (b *oldBuilder) expandChunks(d int, next *atomic.Int64, chunk int64) (found, opened int64) {
	wk := &oldWorker{mr: newMoveRanker(&b.rk)}
	cur := uint64(1 + d&1)
	const lows = 0x5555555555555555
	words := int64(len(b.state))
	per := int64(1) << b.entryLog
	mask := uint64(1)<<b.entryBits - 1
	if b.entryBits == 64 {
		mask = ^uint64(0)
	}
	for {
		lo := next.Add(chunk/per) - chunk/per
		if lo >= words {
			return found, opened
		}
		hi := min(lo+chunk/per, words)
		for w := lo; w < hi; w++ {
			x := atomic.LoadUint64(&b.state[w])
			var f uint64 // low bits of the fields equal to cur
			if cur == 1 {
				f = x &^ (x >> 1) & lows
			} else {
				f = x >> 1 &^ x & lows
			}
			for f != 0 {
				e := uint(bits.TrailingZeros64(f)) / b.entryBits
				fe := f >> (e * b.entryBits) & mask
				f &^= mask << (e * b.entryBits)
				r := w<<b.entryLog + int64(e)
				n, o := b.expand(wk, r, unspread(fe), d)
				found += n
				opened += o
				atomic.OrUint64(&b.state[w], (fe|fe<<1)<<(e*b.entryBits)) // closed
			}
		}
	}
}

// expand generates the successors of placement r with the blank in the
// regions of slot set s, at depth d. It returns how many placements it
// reached first and how many regions it opened.
//
// The successors' ranks are computed first and their state words loaded
// next, all independent loads, so that the processor overlaps their cache
// misses; only then is each one checked and, if new, opened.
func (b *oldBuilder) expand(wk *oldWorker, r int64, s uint64, d int) (found, opened int64) {
	g := &b.g
	mr := &wk.mr
	mr.seek(r)
	pos := mr.pos[:b.rk.k]
	empty := g.full &^ mr.occ()
	cells := cellsOf(s, empty)
	r2, from, to, words := &wk.r2, &wk.from, &wk.to, &wk.words
	m := 0
	for i, p := range pos {
		for t := g.nbr[p] & cells; t != 0; t &= t - 1 {
			q := uint8(bits.TrailingZeros64(t))
			switch q {
			case p + 1: // along the row: only digit i changes, by one
				r2[m] = mr.r + b.rk.w[i]
			case p - 1:
				r2[m] = mr.r - b.rk.w[i]
			default:
				r2[m] = mr.moved(i, p, q)
			}
			from[m], to[m] = p, q
			m++
		}
	}
	for j := range m {
		words[j] = atomic.LoadUint64(&b.state[r2[j]>>b.entryLog])
	}
	code := uint64(1 + (d+1)&1)
	for j := range m {
		// The tile moves from p to q: the blank is on p.
		p, q := from[j], to[j]
		free := empty ^ (1 << p) ^ (1 << q)
		slot := uint(bits.OnesCount64(free & (1<<p - 1)))
		sh := b.shift(r2[j])
		if words[j]>>(sh+2*slot)&3 != 0 {
			continue // seen
		}
		fields := spread(slots(g.region(free, int(p)), free)) * code
		old := atomic.OrUint64(&b.state[r2[j]>>b.entryLog], fields<<sh) >> sh
		if old>>(2*slot)&3 != 0 {
			continue // another oldWorker opened it first
		}
		opened++
		if b.entryBits < 64 {
			old &= 1<<b.entryBits - 1
		}
		if old == 0 {
			b.dist[r2[j]] = uint8(d + 1)
			found++
		}
	}
	return found, opened
}

// spread maps slot set s to the low bits of the 2-bit fields of its slots.
func spread(s uint64) uint64 {
	var f uint64
	for ; s != 0; s &= s - 1 {
		f |= 1 << (2 * bits.TrailingZeros64(s))
	}
	return f
}

// unspread is the inverse of spread.
func unspread(f uint64) uint64 {
	var s uint64
	for ; f != 0; f &= f - 1 {
		s |= 1 << (bits.TrailingZeros64(f) / 2)
	}
	return s
}

// slots maps a set of cells within free to the set of their slots, a cell's
// slot being its index among the cells of free in increasing order.
func slots(cells, free uint64) uint64 {
	var s uint64
	for c := cells; c != 0; c &= c - 1 {
		low := c & -c
		s |= 1 << bits.OnesCount64(free&(low-1))
	}
	return s
}

// cellsOf is the inverse of slots.
func cellsOf(s, free uint64) uint64 {
	var cells uint64
	for i := 0; free != 0; i++ {
		low := free & -free
		if s>>i&1 != 0 {
			cells |= low
		}
		free ^= low
	}
	return cells
}

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
