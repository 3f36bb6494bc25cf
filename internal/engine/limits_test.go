package engine

import (
	"errors"
	"math"
	"math/bits"
	"strings"
	"testing"
)

// TestBounds pins how each field of Bounds reads, its zero and negative
// values included: the zero Bounds bound nothing.
func TestBounds(t *testing.T) {
	for _, c := range []struct {
		lim         Bounds
		cost        float64
		memory      int64
		memoryBound int64
		nodes       int64
		depth       int
		left        int64 // NodesLeft(10)
	}{
		{Bounds{}, math.Inf(1), math.MaxInt64, 0, math.MaxInt32, math.MaxInt, math.MaxInt64},
		{Bounds{Nodes: 10, Memory: 1 << 20, Cost: 7}, 7, 1 << 20, 1 << 20, 10, 7, 0},
		{Bounds{Nodes: 3}, math.Inf(1), math.MaxInt64, 0, 3, math.MaxInt, 0},
		{Bounds{Nodes: -3, Memory: -1, Cost: -2}, math.Inf(1), math.MaxInt64, 0, math.MaxInt32, math.MaxInt, math.MaxInt64},
		{Bounds{Nodes: math.MaxInt32 + 1, Cost: 7.9}, 7.9, math.MaxInt64, 0, math.MaxInt32, 7, math.MaxInt32 - 9},
		{Bounds{Nodes: math.MaxInt32 - 1, Cost: 1e12}, 1e12, math.MaxInt64, 0, math.MaxInt32 - 1, math.MaxInt, math.MaxInt32 - 11},
	} {
		l := c.lim
		if got := l.CostBound(); got != c.cost {
			t.Errorf("%+v: CostBound %v, want %v", l, got, c.cost)
		}
		if got := l.MemoryLimit(); got != c.memory {
			t.Errorf("%+v: MemoryLimit %v, want %v", l, got, c.memory)
		}
		if got := l.MemoryBound(); got != c.memoryBound {
			t.Errorf("%+v: MemoryBound %v, want %v", l, got, c.memoryBound)
		}
		if got := l.NodeLimit(); got != c.nodes {
			t.Errorf("%+v: NodeLimit %v, want %v", l, got, c.nodes)
		}
		if got := l.DepthBound(); got != c.depth {
			t.Errorf("%+v: DepthBound %v, want %v", l, got, c.depth)
		}
		if got := l.NodesLeft(10); got != c.left {
			t.Errorf("%+v: NodesLeft(10) %v, want %v", l, got, c.left)
		}
	}
}

// TestLimitErrors checks the errors of the node and cost limits: a cost
// bound below a proven lower bound means that no answer can be within it
// (NotFound); above it, that none was found (a *LimitError naming the
// cost, in moves).
func TestLimitErrors(t *testing.T) {
	l := Bounds{Nodes: 50, Cost: 12.5}
	if e := l.NodeError(3, 51); *e != (LimitError{Limit: "nodes", Value: 50, Expanded: 3, Generated: 51}) || !strings.Contains(e.Error(), "nodes limit (50)") {
		t.Errorf("NodeError: %+v %q", *e, e.Error())
	}
	if err := l.CostError(13, 0, 0); !Is(err, NotFound) || !strings.Contains(err.Error(), "at least 13") {
		t.Errorf("CostError below the lower bound: %v", err)
	}
	err := l.CostError(12, 4, 9)
	if le, ok := err.(*LimitError); !ok || *le != (LimitError{Limit: "cost", Value: 12, Expanded: 4, Generated: 9}) || !strings.Contains(le.Error(), "cost limit (12 moves)") || !errors.Is(le, ErrLimit) {
		t.Errorf("CostError at or above the lower bound: %#v", err)
	}
}

// TestDepthLimit checks the depth a memory bound allows: the frames that
// fit, and no more than an int32 counts.
func TestDepthLimit(t *testing.T) {
	for _, c := range []struct {
		lim   Bounds
		frame int64
		want  int
	}{
		{Bounds{Memory: 1000}, 10, 100},
		{Bounds{Memory: 1009}, 10, 100},
		{Bounds{Memory: 9}, 10, 0},
		{Bounds{Memory: 1 << 20}, 64, 1 << 14},
		{Bounds{Memory: -1}, 1, math.MaxInt32},
	} {
		if got := c.lim.DepthLimit(c.frame); got != c.want {
			t.Errorf("%+v: DepthLimit(%d) = %d, want %d", c.lim, c.frame, got, c.want)
		}
	}
}

// TestFormatBytes checks the binary units and the three significant
// digits.
func TestFormatBytes(t *testing.T) {
	for _, c := range []struct {
		n    int64
		want string
	}{
		{0, "0 B"},
		{512, "512 B"},
		{1023, "1023 B"},
		{1024, "1 KiB"},
		{1536, "1.5 KiB"},
		{10 << 20, "10 MiB"},
		{3 << 29, "1.5 GiB"},
		{2 << 30, "2 GiB"},
		{1<<40 + 1<<30, "1 TiB"},
		{123456789, "118 MiB"},
		{math.MaxInt64, "8 EiB"},
	} {
		if got := FormatBytes(c.n); got != c.want {
			t.Errorf("FormatBytes(%d) = %q, want %q", c.n, got, c.want)
		}
	}
}

// TestAllocSize checks the rounding that holds for every size: never
// below the request nor smaller for a larger one; up to 16 bytes to a
// multiple of 8; past that to the next multiple of an eighth of the
// power of two at or above the request.
func TestAllocSize(t *testing.T) {
	prev := int64(0)
	for n := int64(1); n <= 1<<16; n++ {
		a := AllocSize(n)
		switch {
		case a < n:
			t.Fatalf("AllocSize(%d) = %d, below the request", n, a)
		case a < prev:
			t.Fatalf("AllocSize(%d) = %d, below AllocSize(%d) = %d", n, a, n-1, prev)
		case n <= 16 && (a%8 != 0 || a-n >= 8):
			t.Fatalf("AllocSize(%d) = %d, not the next multiple of 8", n, a)
		}
		if n > 16 {
			step := max(8, int64(1)<<(bits.Len64(uint64(n-1))-3)) // an eighth of the power of two, 8 at least
			if a%step != 0 || a-n >= step {
				t.Fatalf("AllocSize(%d) = %d, not the next multiple of %d", n, a, step)
			}
		}
		prev = a
	}
}

// TestAllocSizeMultipleOf8 checks the rounding as AllocSize's doc states
// it, "to a multiple of 8, then to within an eighth of a power of two",
// which also holds for the Go allocator's size classes.
func TestAllocSizeMultipleOf8(t *testing.T) {
	for n := int64(1); n <= 1<<12; n++ {
		if a := AllocSize(n); a%8 != 0 {
			t.Errorf("AllocSize(%d) = %d, not a multiple of 8", n, a)
		}
	}
}
