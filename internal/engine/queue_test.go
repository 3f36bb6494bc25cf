package engine

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"
)

// queued is an entry of the reference queue: its priority and the order
// of its push.
type queued struct {
	f, seq int
	e      Entry[int]
}

// TestBucketQueue checks pushes and pops, interleaved at random, against
// a sorted reference: each pop gives the entry of lowest f and, among
// equal f, the one pushed last; pushes below the last f popped included.
func TestBucketQueue(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	var q BucketQueue[int]
	for _, spread := range []int{1, 5, 70, 300, MaxBuckets} {
		q.Reset()
		var ref []queued
		for seq := range 20000 {
			if len(ref) > 0 && rng.IntN(5) < 2 {
				// the reference's lowest f, latest push
				best := slices.MinFunc(ref, func(a, b queued) int {
					return cmp.Or(cmp.Compare(a.f, b.f), cmp.Compare(b.seq, a.seq))
				})
				ref = slices.DeleteFunc(ref, func(x queued) bool { return x.seq == best.seq })
				f, e := q.Pop()
				if f != best.f || e != best.e {
					t.Fatalf("spread %d: Pop = %d, %+v; want %d, %+v", spread, f, e, best.f, best.e)
				}
			} else {
				f := rng.IntN(spread)
				e := Entry[int]{Node: int32(seq), G: rng.IntN(100)}
				if !q.Fits(f) {
					t.Fatalf("Fits(%d) = false", f)
				}
				q.Push(f, e)
				ref = append(ref, queued{f, seq, e})
			}
			if q.Len() != len(ref) {
				t.Fatalf("spread %d: Len %d, want %d", spread, q.Len(), len(ref))
			}
		}
	}
}

// TestBucketQueueDrain checks that Drain hands over every entry by
// priority and, among equal priorities, in the order of their pushes, and
// leaves the queue empty and usable.
func TestBucketQueueDrain(t *testing.T) {
	rng := rand.New(rand.NewPCG(10, 11))
	var q BucketQueue[float64]
	var ref []queued
	for seq := range 3000 {
		f := rng.IntN(200)
		e := Entry[float64]{Node: int32(seq), G: float64(f) / 2}
		q.Push(float64(f), e)
		ref = append(ref, queued{f: f, seq: seq})
	}
	slices.SortStableFunc(ref, func(a, b queued) int { return cmp.Compare(a.f, b.f) })
	i := 0
	q.Drain(func(f float64, e Entry[float64]) {
		if int(f) != ref[i].f || int(e.Node) != ref[i].seq {
			t.Fatalf("drained #%d: %v, node %d; want %d, node %d", i, f, e.Node, ref[i].f, ref[i].seq)
		}
		i++
	})
	if i != len(ref) || q.Len() != 0 {
		t.Fatalf("drained %d of %d, %d left", i, len(ref), q.Len())
	}
	q.Push(3, Entry[float64]{Node: 1})
	if f, e := q.Pop(); f != 3 || e.Node != 1 {
		t.Errorf("after Drain: Pop = %v, %+v", f, e)
	}
}

// TestBucketQueueFits pins the priorities a queue takes.
func TestBucketQueueFits(t *testing.T) {
	var qi BucketQueue[int]
	var qf BucketQueue[float64]
	for _, c := range []struct {
		f    float64
		want bool
	}{
		{-1, false}, {-0.5, false}, {0, true}, {1.5, true}, {MaxBuckets - 1, true},
		{MaxBuckets - 0.5, true}, {MaxBuckets, false}, {1e300, false},
	} {
		if got := qf.Fits(c.f); got != c.want {
			t.Errorf("float64: Fits(%v) = %v, want %v", c.f, got, c.want)
		}
		if c.f == float64(int(c.f)) {
			if got := qi.Fits(int(c.f)); got != c.want {
				t.Errorf("int: Fits(%v) = %v, want %v", c.f, got, c.want)
			}
		}
	}
}

// TestBucketQueueAllocs checks that a queue reset and refilled to its
// working size allocates nothing.
func TestBucketQueueAllocs(t *testing.T) {
	var q BucketQueue[int]
	fill := func() {
		q.Reset()
		for i := range 5000 {
			q.Push(i%700, Entry[int]{Node: int32(i)})
		}
		for q.Len() > 2500 {
			q.Pop()
		}
		for i := range 2500 {
			q.Push(i%900, Entry[int]{Node: int32(i)})
		}
		for q.Len() > 0 {
			q.Pop()
		}
	}
	fill()
	if allocs := testing.AllocsPerRun(5, fill); allocs != 0 {
		t.Errorf("%v allocations refilling a queue", allocs)
	}
}
