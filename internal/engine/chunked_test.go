package engine

import (
	"testing"
	"unsafe"
)

// item is what the Chunked tests store: 16 bytes.
type item struct {
	id, twice int64
}

const itemBytes = int64(unsafe.Sizeof(item{}))

// TestChunkedNeverMove pushes three and a half chunks of items and checks
// that every item past the first chunk, and every item of the first once
// it is full, stays where it was first stored, that every item keeps its
// value, and that the budget is charged for an item before it is held.
func TestChunkedNeverMove(t *testing.T) {
	const n = 3*chunkLen + chunkLen/2
	var m Budget
	m.Limit = 1 << 30
	var c Chunked[item]
	c.Reset(8)
	addrs := make([]*item, n)
	for i := range n {
		if i%3 == 0 {
			p := c.Add(&m)
			if p == nil {
				t.Fatalf("Add %d failed", i)
			}
			*p = item{int64(i), 2 * int64(i)}
		} else if !c.Push(item{int64(i), 2 * int64(i)}, &m) {
			t.Fatalf("Push %d failed", i)
		}
		addrs[i] = c.At(int32(i))
		if c.Len() != i+1 {
			t.Fatalf("after %d items, Len %d", i+1, c.Len())
		}
		if m.Used < int64(c.Len())*(itemBytes+8) {
			t.Fatalf("%d items of %d bytes and 8 extra held, %d bytes charged", c.Len(), itemBytes, m.Used)
		}
		if i == chunkLen-1 {
			for j := range chunkLen {
				addrs[j] = c.At(int32(j)) // the first chunk is full: from now on it stays
			}
		}
	}
	for i := range n {
		p := c.At(int32(i))
		if *p != (item{int64(i), 2 * int64(i)}) {
			t.Fatalf("item %d is %+v", i, *p)
		}
		if p != addrs[i] {
			t.Fatalf("item %d moved", i)
		}
	}
}

// TestChunkedBudget checks that a growth the budget refuses stores
// nothing and keeps every item, and that the chunks never hold more
// items than have been charged.
func TestChunkedBudget(t *testing.T) {
	for _, limit := range []int64{0, 10 * itemBytes, 64 * itemBytes, 100 * itemBytes, 3000 * itemBytes, (chunkLen + 10) * itemBytes} {
		m := Budget{Limit: limit}
		var c Chunked[item]
		n := 0
		for c.Push(item{int64(n), 0}, &m) {
			n++
			if m.Used > limit || m.Used < int64(n)*itemBytes {
				t.Fatalf("limit %d: %d items, %d bytes charged", limit, n, m.Used)
			}
		}
		if !m.Over || c.Len() != n || m.Used > limit {
			t.Fatalf("limit %d: refused after %d items: over %v, Len %d, used %d", limit, n, m.Over, c.Len(), m.Used)
		}
		if c.Add(&m) != nil || c.Len() != n {
			t.Fatalf("limit %d: Add past a refused growth", limit)
		}
		for i := range n {
			if c.At(int32(i)).id != int64(i) {
				t.Fatalf("limit %d: item %d lost", limit, i)
			}
		}
	}
}

// TestChunkedReuse checks that Reset empties the array, that the chunks
// it keeps are charged again to the next search's budget as they are
// used, and that refilling them allocates nothing.
func TestChunkedReuse(t *testing.T) {
	const n = 2*chunkLen + 100
	var c Chunked[item]
	fill := func(m *Budget) {
		c.Reset(0)
		for i := range n {
			if !c.Push(item{int64(i), 0}, m) {
				t.Fatalf("Push %d failed", i)
			}
		}
	}
	first := Budget{Limit: 1 << 30}
	fill(&first)
	second := Budget{Limit: 1 << 30}
	fill(&second)
	if c.Len() != n {
		t.Fatalf("Len %d after refilling, want %d", c.Len(), n)
	}
	if want := 3 * chunkLen * itemBytes; second.Used != want {
		t.Errorf("refilling kept chunks charged %d bytes, want %d (three whole chunks)", second.Used, want)
	}
	for i := range n {
		if c.At(int32(i)).id != int64(i) {
			t.Fatalf("item %d is %d", i, c.At(int32(i)).id)
		}
	}
	if allocs := testing.AllocsPerRun(5, func() { fill(&Budget{Limit: 1 << 30}) }); allocs != 0 {
		t.Errorf("refilling kept chunks: %v allocations", allocs)
	}
}

// TestChunkedKeepsFew checks that Reset keeps keepChunks chunks at most,
// so that a reused engine does not hold on to a large search's memory.
func TestChunkedKeepsFew(t *testing.T) {
	var c Chunked[int32]
	m := Budget{Limit: 1 << 30}
	for i := range (keepChunks + 4) * chunkLen {
		c.Push(int32(i), &m)
	}
	if len(c.chunks) != keepChunks+4 {
		t.Fatalf("%d chunks, want %d", len(c.chunks), keepChunks+4)
	}
	c.Reset(0)
	if len(c.chunks) != keepChunks || c.Len() != 0 {
		t.Errorf("after Reset: %d chunks, Len %d", len(c.chunks), c.Len())
	}
}

// TestChunkedFirstChunkCharged checks the package's rule for a replaced
// array on the first chunk, which doubles from firstChunk items: the
// array it leaves behind stays charged until the next doubling, and no
// longer (the one before is released then).
func TestChunkedFirstChunkCharged(t *testing.T) {
	m := Budget{Limit: 1 << 30}
	var c Chunked[item]
	for i := range chunkLen {
		c.Push(item{int64(i), 0}, &m)
		size := int64(firstChunk) // the first chunk's items now
		for size < int64(c.Len()) {
			size *= 2
		}
		want := size * itemBytes
		if size > firstChunk {
			want += size / 2 * itemBytes // the array it replaced
		}
		if m.Used != want {
			t.Fatalf("%d items, first chunk of %d: %d bytes charged, want %d (the old array too)", c.Len(), size, m.Used, want)
		}
	}
}
