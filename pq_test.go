package slide

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/slidekit/slide/internal/engine"
)

// TestQueuesAgree checks that the bucket queue and the binary heap pop in
// the same order (lowest f, then newest) on random pushes and pops.
func TestQueuesAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	var bq engine.BucketQueue[int]
	var hp binaryHeap[int]
	for round := range 2000 {
		if rng.IntN(3) > 0 || bq.Len() == 0 {
			f := rng.IntN(200)
			e := engine.Entry[int]{Node: int32(round), G: rng.IntN(50)}
			bq.Push(f, e)
			hp.push(f, e)
			continue
		}
		f1, e1 := bq.Pop()
		f2, e2 := hp.pop()
		if f1 != f2 || e1 != e2 {
			t.Fatalf("round %d: bucket popped %d %v, heap %d %v", round, f1, e1, f2, e2)
		}
	}
	// drain moves everything over keeping the order
	var other binaryHeap[int]
	want := []int32{}
	for bq.Len() > 0 {
		_, e := bq.Pop()
		want = append(want, e.Node)
	}
	for _, n := range want {
		bq.Push(int(n%7), engine.Entry[int]{Node: n})
	}
	var order []int32
	for bq.Len() > 0 {
		_, e := bq.Pop()
		order = append(order, e.Node)
	}
	for _, n := range want {
		bq.Push(int(n%7), engine.Entry[int]{Node: n})
	}
	bq.Drain(other.push)
	var drained []int32
	for other.len() > 0 {
		_, e := other.pop()
		drained = append(drained, e.Node)
	}
	if !slices.Equal(order, drained) {
		t.Error("drained heap pops in another order")
	}
}

// TestOpenListSwitchesToHeap pushes an f beyond the buckets mid-search.
func TestOpenListSwitchesToHeap(t *testing.T) {
	var o openList[int]
	o.reset()
	o.push(5, engine.Entry[int]{Node: 1})
	o.push(engine.MaxBuckets+10, engine.Entry[int]{Node: 2})
	o.push(3, engine.Entry[int]{Node: 3})
	var got []int32
	for o.len() > 0 {
		_, e := o.pop()
		got = append(got, e.Node)
	}
	if !slices.Equal(got, []int32{3, 1, 2}) || !o.useHeap {
		t.Errorf("popped %v, heap %v", got, o.useHeap)
	}
}
