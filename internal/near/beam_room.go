package near

import (
	"context"
	"unsafe"

	"github.com/slidekit/slide/internal/engine"
)

// A beam's arrays grow with its width, to hundreds of megabytes on the
// widest beams: each is made, before the loops that fill it, by room,
// which returns as soon as the search's context is done (see
// engine.Make), and those loops, and the copies of a layer's arrays
// (see appendPolled), poll the search's Stop every few hundred boards (see
// stopEvery), so that a cancelled beam returns within milliseconds, not at
// the end of its layer.

// stopEvery is how many boards (a power of two) the loops of a layer
// handle between polls of the search's Stop: a few microseconds' work.
const stopEvery = 256

// room returns buf emptied, with room for n items: buf itself if it has
// it, else a new array, a quarter larger than buf's at least so that a
// width that creeps up regrows it seldom; false if ctx is done first.
func room[T any](ctx context.Context, buf []T, n int) ([]T, bool) {
	if cap(buf) >= n {
		return buf[:0], true
	}
	out, err := engine.Make[T](ctx, max(n, cap(buf)+cap(buf)/4))
	return out, err == nil
}

// appendPolled appends src to dst, which has room for it, 16*stopEvery
// items at a time, and reports false, with part of src appended, if stop
// is done first. A copy is one step that neither a cancellation nor the
// garbage collector's pauses can interrupt, and one of a wide layer's
// candidates into fresh memory takes tens of milliseconds (see
// docs/PERFORMANCE.md, "Every mode keeps its word").
func appendPolled[T any](dst, src []T, stop *engine.Stop) ([]T, bool) {
	for i := 0; i < len(src); i += 16 * stopEvery {
		if stop.Done() {
			return dst, false
		}
		dst = append(dst, src[i:min(len(src), i+16*stopEvery)]...)
	}
	return dst, true
}

// movePolled copies src to dst, of its length and not after it in one
// array (or apart), 16*stopEvery items at a time, and reports false, with
// part of src copied, if stop is done first (see appendPolled).
func movePolled[T any](dst, src []T, stop *engine.Stop) bool {
	for i := 0; i < len(src); i += 16 * stopEvery {
		if stop.Done() {
			return false
		}
		copy(dst[i:], src[i:min(len(src), i+16*stopEvery)])
	}
	return true
}

// insertAll inserts xs into the set, and reports false if stop is done
// first, the set then holding part of them.
func (h *hashSet) insertAll(xs []uint64, stop *engine.Stop) bool {
	for i, x := range xs {
		if i%(16*stopEvery) == 16*stopEvery-1 && stop.Done() {
			return false
		}
		h.insert(x)
	}
	return true
}

// resize makes the layer hold m boards of n cells and a bytes of data,
// or reports false, the layer unchanged, if ctx is done first.
func (l *layer) resize(ctx context.Context, m, n, a int) bool {
	cells, ok1 := room(ctx, l.cells, m*n)
	aux, ok2 := room(ctx, l.aux, m*a)
	h, ok3 := room(ctx, l.h, m)
	hash, ok4 := room(ctx, l.hash, m)
	blank, ok5 := room(ctx, l.blank, m)
	prev, ok6 := room(ctx, l.prev, m)
	if !(ok1 && ok2 && ok3 && ok4 && ok5 && ok6) {
		return false
	}
	l.cells, l.aux, l.h, l.hash, l.blank, l.prev = cells[:m*n], aux[:m*a], h[:m], hash[:m], blank[:m], prev[:m]
	return true
}

// reserve readies the set to hold n more hashes without doubling: it
// grows the table at once to its final size if need be (polling stop as
// it moves the hashes), and reports false if stop is done first, the set
// then left empty.
func (h *hashSet) reserve(ctx context.Context, stop *engine.Stop, n int) bool {
	size := max(len(h.slots), tableSize(h.n+n))
	if size == len(h.slots) {
		return true
	}
	old := h.slots
	slots, err := engine.Make[uint32](ctx, size)
	if err != nil {
		h.reset(0)
		return false
	}
	h.slots, h.mask = slots[:size], uint32(size-1)
	for i, y := range old {
		if i%(16*stopEvery) == 0 && stop.Done() {
			h.reset(0)
			return false
		}
		if y != 0 {
			h.put(y)
		}
	}
	return true
}

// arrayBytes returns the bytes of the arrays the search reuses layer by
// layer, by their capacities: both layers, the candidates, the
// chosen, the classes' sets and lists, and the hashes of
// recent layers.
func (s *beamSearch) arrayBytes() int64 {
	b := capBytes(s.cands) + capBytes(s.chosen)
	for _, l := range []*layer{&s.cur, &s.next} {
		b += capBytes(l.cells) + capBytes(l.aux) + capBytes(l.h) + capBytes(l.hash) + capBytes(l.blank) + capBytes(l.prev)
	}
	for _, c := range s.classes {
		b += capBytes(c.unique)
		for i := range c.sets {
			b += capBytes(c.sets[i].slots)
		}
	}
	for _, r := range s.recent {
		b += capBytes(r)
	}
	return b
}

// capBytes returns the bytes of buf's array.
func capBytes[T any](buf []T) int64 {
	var zero T
	return int64(cap(buf)) * int64(unsafe.Sizeof(zero))
}
