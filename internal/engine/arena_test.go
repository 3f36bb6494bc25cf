package engine

import (
	"bytes"
	"context"
	"encoding/binary"
	"math/rand/v2"
	"testing"
)

// TestArenaIntern checks an arena against a Go map, for records of
// several lengths (one longer than a chunk): every record gets the number
// of its first sighting, counting from 0, the same number every time
// after, and Get gives back its bytes, from slices that stay valid as the
// arena grows.
func TestArenaIntern(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 13))
	for _, size := range []int{1, 8, 13, 100, arenaChunk + 5} {
		a := NewArena(size)
		ref := map[string]uint32{}
		var early [][]byte // slices from Get, checked at the end
		distinct := 20000
		if size > 1000 {
			distinct = 20
		}
		if size == 1 {
			distinct = 256
		}
		for range 3 * distinct {
			var key [4]byte
			binary.LittleEndian.PutUint32(key[:], uint32(rng.IntN(distinct)))
			rec := make([]byte, size)
			copy(rec, key[:]) // as much of the key as fits
			id, ok := a.Intern(rec)
			if !ok {
				t.Fatalf("size %d: Intern failed without a guard", size)
			}
			want, seen := ref[string(rec)]
			if !seen {
				want = uint32(len(ref))
				ref[string(rec)] = want
			}
			if id != want {
				t.Fatalf("size %d: Intern = %d, want %d", size, id, want)
			}
			if got := a.Get(id); !bytes.Equal(got, rec) {
				t.Fatalf("size %d: Get(%d) = %x, want %x", size, id, got, rec)
			}
			if len(early) < 50 {
				early = append(early, a.Get(id))
			}
		}
		if a.Len() != len(ref) {
			t.Fatalf("size %d: Len %d, want %d", size, a.Len(), len(ref))
		}
		for rec, id := range ref {
			if !bytes.Equal(a.Get(id), []byte(rec)) {
				t.Fatalf("size %d: record %d changed", size, id)
			}
		}
		for _, g := range early {
			if id := ref[string(g)]; &a.Get(id)[0] != &g[0] {
				t.Fatalf("size %d: record %d moved", size, id)
			}
		}
	}
}

// TestArenaGuard checks that an arena charges its guard's budget for what
// it holds when it gets the guard and for every chunk and table after,
// and that a record the node limit or the budget refuses is not stored:
// the records before it keep their numbers.
func TestArenaGuard(t *testing.T) {
	const size = 32
	rec := func(i int) []byte {
		b := make([]byte, size)
		binary.LittleEndian.PutUint64(b, uint64(i)+1)
		return b
	}
	a := NewArena(size)
	for i := range 10 {
		a.Intern(rec(i))
	}
	var g Guard
	g.Start(context.Background(), Bounds{Nodes: 3000, Memory: 1 << 30})
	defer g.End()
	a.SetGuard(&g)
	held := int64(len(a.chunks))*arenaChunk + int64(len(a.table))*8
	if g.Mem.Used != held {
		t.Errorf("SetGuard charged %d bytes, the arena holds %d", g.Mem.Used, held)
	}
	n := 10
	for ; ; n++ {
		if _, ok := a.Intern(rec(n)); !ok {
			break
		}
		if g.Mem.Used < int64(len(a.chunks))*arenaChunk+int64(len(a.table))*8 {
			t.Fatalf("%d records: %d bytes charged, less than the arena holds", n+1, g.Mem.Used)
		}
	}
	if n != 3000 || !g.NodesOver || a.Len() != 3000 || !g.Stopped() {
		t.Fatalf("node limit 3000: stopped at %d, NodesOver %v, Len %d", n, g.NodesOver, a.Len())
	}
	for i := range n {
		if id, ok := a.Intern(rec(i)); !ok || id != uint32(i) {
			t.Fatalf("past the node limit: record %d is %d, %v", i, id, ok)
		}
	}

	b := NewArena(size)
	var h Guard
	h.Start(context.Background(), Bounds{Memory: arenaChunk + 1024*8 + 100})
	defer h.End()
	b.SetGuard(&h)
	per := arenaChunk / size
	for i := range per {
		if _, ok := b.Intern(rec(i)); !ok {
			t.Fatalf("memory for one chunk: record %d refused", i)
		}
	}
	if _, ok := b.Intern(rec(per)); ok || !h.Mem.Over || b.Len() != per {
		t.Fatalf("a second chunk past the budget: ok %v, over %v, Len %d", ok, h.Mem.Over, b.Len())
	}
	if id, ok := b.Intern(rec(7)); !ok || id != 7 {
		t.Errorf("past the budget: record 7 is %d, %v", id, ok)
	}
}

// TestArenaAllocs checks that interning records already stored, and new
// ones while the arena has room, allocates nothing.
func TestArenaAllocs(t *testing.T) {
	a := NewArena(16)
	recs := make([][]byte, 2000)
	for i := range recs {
		recs[i] = make([]byte, 16)
		binary.LittleEndian.PutUint64(recs[i], uint64(i)*7919)
	}
	for _, r := range recs[:100] {
		a.Intern(r)
	}
	old := testing.AllocsPerRun(10, func() {
		for _, r := range recs[:100] {
			a.Intern(r)
		}
	})
	i := 100
	fresh := testing.AllocsPerRun(10, func() {
		for range 30 { // 430 records after 11 runs: one chunk, below half the first table
			a.Intern(recs[i])
			i++
		}
	})
	if old != 0 || fresh != 0 {
		t.Errorf("allocations: %v interning stored records, %v interning new ones", old, fresh)
	}
}
