package slide

import "github.com/slidekit/slide/internal/engine"

// The A* open list. Both of its queues pop the entry of lowest f and,
// among equal f, the one pushed last (LIFO), so the two give identical
// searches and A* breaks ties the same way whichever is in use. LIFO among
// equal f makes the search dive: the newest entries are the deepest.
//
// An engine.BucketQueue serves integer costs whose f values are small
// (below engine.MaxBuckets) in O(1) plus a word scan; binaryHeap serves
// everything else in O(log n). Neither boxes its entries, as
// container/heap would.

type heapItem[C Cost] struct {
	f   C
	seq uint64 // push order: among equal f, larger pops first
	e   engine.Entry[C]
}

type binaryHeap[C Cost] struct {
	items []heapItem[C]
	seq   uint64
}

func (h *binaryHeap[C]) reset() { h.items, h.seq = h.items[:0], 0 }

func (h *binaryHeap[C]) len() int { return len(h.items) }

func (h *binaryHeap[C]) less(i, j int) bool {
	a, b := &h.items[i], &h.items[j]
	return a.f < b.f || a.f == b.f && a.seq > b.seq
}

func (h *binaryHeap[C]) push(f C, e engine.Entry[C]) {
	h.seq++
	h.items = append(h.items, heapItem[C]{f, h.seq, e})
	for i := len(h.items) - 1; i > 0; {
		p := (i - 1) / 2
		if !h.less(i, p) {
			break
		}
		h.items[i], h.items[p] = h.items[p], h.items[i]
		i = p
	}
}

// pop removes the item of lowest f, newest first; the heap must not be empty.
func (h *binaryHeap[C]) pop() (C, engine.Entry[C]) {
	top := h.items[0]
	last := len(h.items) - 1
	h.items[0] = h.items[last]
	h.items = h.items[:last]
	for i := 0; ; {
		l, r, m := 2*i+1, 2*i+2, i
		if l < last && h.less(l, m) {
			m = l
		}
		if r < last && h.less(r, m) {
			m = r
		}
		if m == i {
			break
		}
		h.items[i], h.items[m] = h.items[m], h.items[i]
		i = m
	}
	return top.f, top.e
}

// openList is the A* open list: a bucket queue while every f fits, a
// binaryHeap from the first f that does not (or from the start for costs
// that are not integers).
type openList[C Cost] struct {
	useHeap bool
	buckets engine.BucketQueue[C]
	heap    binaryHeap[C]
}

func (o *openList[C]) reset() {
	var one C = 1
	o.useHeap = one/2 != 0 // fractional costs
	o.buckets.Reset()
	o.heap.reset()
}

func (o *openList[C]) len() int { return o.buckets.Len() + o.heap.len() }

func (o *openList[C]) push(f C, e engine.Entry[C]) {
	if !o.useHeap && !o.buckets.Fits(f) {
		o.buckets.Drain(o.heap.push)
		o.useHeap = true
	}
	if o.useHeap {
		o.heap.push(f, e)
	} else {
		o.buckets.Push(f, e)
	}
}

func (o *openList[C]) pop() (C, engine.Entry[C]) {
	if o.useHeap {
		return o.heap.pop()
	}
	return o.buckets.Pop()
}
