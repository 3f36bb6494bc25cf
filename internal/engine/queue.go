package engine

import (
	"math/bits"

	"golang.org/x/exp/constraints"
)

// Cost is the type of the priorities of a BucketQueue: any integer or
// float type, as the root package's engines' costs.
type Cost interface {
	constraints.Integer | constraints.Float
}

// An Entry is a node of a search (its index in the search's nodes) with
// the g it was pushed with, so that entries made stale by a later, cheaper
// path to the same node can be recognized and skipped.
type Entry[C Cost] struct {
	Node int32
	G    C
}

// MaxBuckets bounds the priorities a BucketQueue takes.
const MaxBuckets = 1 << 16

// A BucketQueue holds entries by a small integer priority f in
// [0, MaxBuckets): one stack per f and a bitmask of the non-empty stacks,
// so that push and pop cost O(1) plus a word scan. It pops the entry of
// lowest f and, among equal f, the one pushed last (LIFO), which makes a
// best-first search dive: the newest entries are the deepest.
type BucketQueue[C Cost] struct {
	stacks [][]Entry[C] // stacks[f]
	used   []uint64     // bit f set when stacks[f] is not empty
	min    int          // no non-empty stack below min
	n      int
}

// Reset empties the queue, keeping its memory.
func (q *BucketQueue[C]) Reset() {
	for f := range q.stacks {
		q.stacks[f] = q.stacks[f][:0]
	}
	clear(q.used)
	q.min, q.n = 0, 0
}

// Len returns the number of entries.
func (q *BucketQueue[C]) Len() int { return q.n }

// Fits reports whether f can be pushed.
func (q *BucketQueue[C]) Fits(f C) bool { return f >= 0 && float64(f) < MaxBuckets }

// Push adds e with priority f, which must fit.
func (q *BucketQueue[C]) Push(f C, e Entry[C]) {
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

// Pop removes the newest entry of lowest f; the queue must not be empty.
func (q *BucketQueue[C]) Pop() (C, Entry[C]) {
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

// Drain hands every entry to push, in the order of their priorities and,
// among equal priorities, of their pushes, and empties the queue.
func (q *BucketQueue[C]) Drain(push func(f C, e Entry[C])) {
	for f, s := range q.stacks {
		for _, e := range s {
			push(C(f), e)
		}
	}
	q.Reset()
}
