package slide

import "math/bits"

// The A* open list. Both queues below pop the entry of lowest f and, among
// equal f, the one pushed last (LIFO), so the two give identical searches and
// A* breaks ties the same way whichever is in use. LIFO among equal f makes
// the search dive: the newest entries are the deepest.
//
// bucketQueue serves integer costs whose f values are small (below
// maxBuckets): one stack per f value and a bitmask of the non-empty stacks, so
// push and pop cost O(1) plus a word scan. binaryHeap serves everything else
// in O(log n). Neither boxes its entries, as container/heap would.

// An entry is a node of the search (its index in the node arena) with the
// g it was pushed with, so that entries made stale by a later, cheaper path
// to the same node can be recognized and skipped.
type entry[C Cost] struct {
	node int32
	g    C
}

// maxBuckets bounds the f values a bucketQueue takes; A* moves its entries
// to a binaryHeap when an f falls outside [0, maxBuckets).
const maxBuckets = 1 << 16

type bucketQueue[C Cost] struct {
	stacks [][]entry[C] // stacks[f]
	used   []uint64     // bit f set when stacks[f] is not empty
	min    int          // no non-empty stack below min
	n      int
}

func (q *bucketQueue[C]) reset() {
	for f := range q.stacks {
		q.stacks[f] = q.stacks[f][:0]
	}
	clear(q.used)
	q.min, q.n = 0, 0
}

func (q *bucketQueue[C]) len() int { return q.n }

// fits reports whether f can be pushed.
func (q *bucketQueue[C]) fits(f C) bool { return f >= 0 && float64(f) < maxBuckets }

func (q *bucketQueue[C]) push(f C, e entry[C]) {
	i := int(f)
	for i >= len(q.stacks) {
		q.stacks = append(q.stacks, nil)
	}
	for i/64 >= len(q.used) {
		q.used = append(q.used, 0)
	}
	q.stacks[i] = append(q.stacks[i], e)
	q.used[i/64] |= 1 << (i % 64)
	q.min = min(q.min, i)
	q.n++
}

// pop removes the newest entry of lowest f; the queue must not be empty.
func (q *bucketQueue[C]) pop() (C, entry[C]) {
	w := q.min / 64
	word := q.used[w] &^ (1<<(q.min%64) - 1)
	for word == 0 {
		w++
		word = q.used[w]
	}
	f := w*64 + bits.TrailingZeros64(word)
	s := q.stacks[f]
	e := s[len(s)-1]
	q.stacks[f] = s[:len(s)-1]
	if len(s) == 1 {
		q.used[w] &^= 1 << (f % 64)
	}
	q.min = f
	q.n--
	return C(f), e
}

// drain moves every entry to h, keeping the pop order.
func (q *bucketQueue[C]) drain(h *binaryHeap[C]) {
	for f, s := range q.stacks {
		for _, e := range s {
			h.push(C(f), e)
		}
	}
	q.reset()
}

type heapItem[C Cost] struct {
	f   C
	seq uint64 // push order: among equal f, larger pops first
	e   entry[C]
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

func (h *binaryHeap[C]) push(f C, e entry[C]) {
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
func (h *binaryHeap[C]) pop() (C, entry[C]) {
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

// openList is the A* open list: a bucketQueue while every f fits, a
// binaryHeap from the first f that does not (or from the start for costs
// that are not integers).
type openList[C Cost] struct {
	useHeap bool
	buckets bucketQueue[C]
	heap    binaryHeap[C]
}

func (o *openList[C]) reset() {
	var one C = 1
	o.useHeap = one/2 != 0 // fractional costs
	o.buckets.reset()
	o.heap.reset()
}

func (o *openList[C]) len() int { return o.buckets.len() + o.heap.len() }

func (o *openList[C]) push(f C, e entry[C]) {
	if !o.useHeap && !o.buckets.fits(f) {
		o.buckets.drain(&o.heap)
		o.useHeap = true
	}
	if o.useHeap {
		o.heap.push(f, e)
	} else {
		o.buckets.push(f, e)
	}
}

func (o *openList[C]) pop() (C, entry[C]) {
	if o.useHeap {
		return o.heap.pop()
	}
	return o.buckets.pop()
}
