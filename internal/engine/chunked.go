package engine

import "unsafe"

// Chunked storage. The engines keep their nodes in chunks of chunkLen
// that never move, rather than in one slice that append regrows: a
// regrown slice leaves its old array behind until the garbage collector
// frees it, and the process holds on to those pages, so a search of
// 2 GiB of nodes could hold several GiB. Chunks make the memory a search
// holds the memory it counts.
const (
	chunkShift = 13
	chunkLen   = 1 << chunkShift
	chunkMask  = chunkLen - 1
	// keepChunks chunks are kept between searches by a reused engine.
	keepChunks = 16
)

// Chunked is a growable array of T in chunks. The first chunk starts
// small and doubles up to chunkLen items, so that a small search holds
// little; the later ones are allocated whole.
type Chunked[T any] struct {
	chunks [][]T
	n      int
	end    int   // the items the chunks ready for this use hold
	extra  int64 // bytes charged with each item besides the item itself
	// prev is the bytes of the first chunk's array that its last doubling
	// replaced: garbage until the collector frees it, charged until the
	// next doubling (see the package's invariants).
	prev int64
}

// firstChunk is the size of a new first chunk.
const firstChunk = 64

// Reset empties c, keeping a few chunks for the next use; each item will
// be charged extra bytes besides its own.
func (c *Chunked[T]) Reset(extra int64) {
	c.n, c.end, c.extra, c.prev = 0, 0, extra, 0
	if len(c.chunks) > keepChunks {
		clear(c.chunks[keepChunks:])
		c.chunks = c.chunks[:keepChunks]
	}
}

// Len returns the number of items.
func (c *Chunked[T]) Len() int { return c.n }

// At returns item i, which must be below Len.
func (c *Chunked[T]) At(i int32) *T { return &c.chunks[i>>chunkShift][i&chunkMask] }

// Push appends v, charging m when the chunks must grow; it fails if the
// charge does.
func (c *Chunked[T]) Push(v T, m *Budget) bool {
	p := c.Add(m)
	if p == nil {
		return false
	}
	*p = v
	return true
}

// Add appends a zero item and returns it, charging m when the chunks must
// grow; it returns nil if the charge fails.
func (c *Chunked[T]) Add(m *Budget) *T {
	i := c.n
	if i == c.end {
		return c.growAdd(m)
	}
	c.n = i + 1
	return &c.chunks[i>>chunkShift][i&chunkMask]
}

// growAdd is Add when the chunks are full.
func (c *Chunked[T]) growAdd(m *Budget) *T {
	if !c.grow(m) {
		return nil
	}
	c.n++
	return c.At(int32(c.n - 1))
}

// grow makes room for item n, charging m for it: it doubles the first
// chunk, or readies the next.
func (c *Chunked[T]) grow(m *Budget) bool {
	var zero T
	item := int64(unsafe.Sizeof(zero)) + c.extra
	switch k := c.n >> chunkShift; {
	case k < len(c.chunks) && (k > 0 || len(c.chunks[0]) > c.n):
		// a chunk kept from an earlier use
	case k == 0 && c.n > 0:
		// The new array is charged whole; the old one stays charged, as
		// garbage, until the next doubling.
		if !m.Charge(2 * int64(c.n) * item) {
			return false
		}
		m.Release(c.prev)
		c.prev = int64(c.n) * item
		c.chunks[0] = append(c.chunks[0][:c.n:c.n], make([]T, c.n)...)
		c.end = 2 * c.n
		return true
	case k == 0:
		c.chunks = append(c.chunks[:0], make([]T, firstChunk))
	default:
		c.chunks = append(c.chunks, make([]T, chunkLen))
	}
	size := len(c.chunks[c.n>>chunkShift])
	if !m.Charge(int64(size) * item) {
		return false
	}
	c.end = c.n + size
	return true
}
