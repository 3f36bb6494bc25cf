package deal

import (
	"cmp"
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/tiles"
)

// space returns the space of the rows x cols goal of labels (nil: the
// standard one, 1 2 3 ... blank last) and its goal's codes.
func space(rows, cols int, labels []int) (*tiles.Space, []int32) {
	perm := labels == nil
	if perm {
		labels = make([]int, rows*cols)
		for i := range len(labels) - 1 {
			labels[i] = i + 1
		}
	}
	t := tiles.NewGoal(rows, cols, labels, perm)
	code, err := t.Encode(labels)
	if err != nil {
		panic(err)
	}
	return tiles.NewSpace(t, tiles.Heuristic{Kind: tiles.Zero}, false), code
}

// TestLayerCensus checks every layer's size against the census of
// internal/tiles, a separate breadth-first search that keeps a set of
// every board seen, on boards of distinct and of repeated labels, and
// that each layer is sorted, without repeats, and empty past the last.
func TestLayerCensus(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		rows, cols int
		labels     []int
	}{
		{3, 3, nil}, {2, 4, nil}, {1, 6, nil}, {2, 3, []int{0, 1, 2, 3, 4, 5}},
		{3, 3, []int{1, 1, 2, 2, 3, 3, 4, 4, 0}}, {2, 5, []int{1, 1, 1, 1, 1, 2, 2, 2, 2, 0}},
	} {
		sp, code := space(c.rows, c.cols, c.labels)
		counts, _, err := sp.Census(ctx, code, engine.Bounds{})
		if err != nil {
			t.Fatal(err)
		}
		var total int64
		for _, k := range counts {
			total += k
		}
		for d, want := range counts {
			if total > 10000 && d%4 != 0 && d != len(counts)-1 {
				continue // every layer is a search from the goal: some suffice
			}
			layer, deepest, err := Layer(ctx, sp.PackedStart(code), d, 0, engine.Bounds{})
			if err != nil || deepest != d || int64(len(layer)) != want {
				t.Fatalf("%d x %d %v, layer %d: %d boards, deepest %d, %v; the census counts %d", c.rows, c.cols, c.labels, d, len(layer), deepest, err, want)
			}
			if !slices.IsSortedFunc(layer, func(a, b tiles.Packed) int { return cmp.Compare(tiles.PackedKey(a), tiles.PackedKey(b)) }) {
				t.Errorf("layer %d is not sorted", d)
			}
			if len(slices.CompactFunc(slices.Clone(layer), func(a, b tiles.Packed) bool { return tiles.PackedKey(a) == tiles.PackedKey(b) })) != len(layer) {
				t.Errorf("layer %d repeats a board", d)
			}
		}
		layer, deepest, err := Layer(ctx, sp.PackedStart(code), len(counts), 0, engine.Bounds{})
		if layer != nil || deepest != len(counts)-1 || err != nil {
			t.Errorf("%d x %d: past the last layer: %d boards, deepest %d, %v", c.rows, c.cols, len(layer), deepest, err)
		}
	}
}

// TestLayerBounds checks that a layer too large gives up, and that the
// context and the limits stop the search.
func TestLayerBounds(t *testing.T) {
	sp, code := space(4, 4, nil)
	start := sp.PackedStart(code)
	if layer, deepest, err := Layer(context.Background(), start, 30, 1000, engine.Bounds{}); layer != nil || deepest != -1 || err != nil {
		t.Errorf("a layer bound of 1000: %d boards, deepest %d, %v", len(layer), deepest, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := Layer(ctx, start, 30, 0, engine.Bounds{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
	var lim *engine.LimitError
	if _, _, err := Layer(context.Background(), start, 30, 0, engine.Bounds{Nodes: 500}); !errors.As(err, &lim) || lim.Limit != "nodes" {
		t.Errorf("500 nodes: %v", err)
	}
	if _, _, err := Layer(context.Background(), start, 30, 0, engine.Bounds{Memory: 4096}); !errors.As(err, &lim) || lim.Limit != "memory" {
		t.Errorf("4 KiB: %v", err)
	}
}

// TestWalk checks that a walk ends on a board of the Manhattan distance
// asked for, that its cells make a path of moves, and that a walk that
// cannot get there stops at its bound.
func TestWalk(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, c := range []struct{ rows, cols, h int }{{3, 3, 0}, {3, 3, 12}, {5, 7, 60}, {20, 20, 900}, {1, 8, 7}} {
		sp, code := space(c.rows, c.cols, nil)
		tg := sp.Goal()
		start := slices.Clone(code)
		blanks, ok, err := Walk(context.Background(), tg, code, c.h, 1<<20, rng)
		if !ok || err != nil {
			t.Fatalf("%d x %d, %d: %v %v", c.rows, c.cols, c.h, ok, err)
		}
		md := 0
		for i, v := range code {
			if v != tiles.BlankCode {
				md += tg.Dist(int(v), i)
			}
		}
		if md != c.h || code[blanks[len(blanks)-1]] != tiles.BlankCode {
			t.Errorf("%d x %d: Manhattan distance %d, want %d", c.rows, c.cols, md, c.h)
		}
		// Replay the walk on the start.
		for i := 1; i < len(blanks); i++ {
			a, b := blanks[i-1], blanks[i]
			if tiles.Dist(a, b, c.cols) != 1 {
				t.Fatalf("step %d: cells %d and %d are not neighbours", i, a, b)
			}
			start[a], start[b] = start[b], start[a]
		}
		if !slices.Equal(start, code) {
			t.Errorf("%d x %d: the cells returned do not lead to the board", c.rows, c.cols)
		}
	}
	// Straight on, a walk on a large board moves every tile away.
	sp, code := space(100, 100, nil)
	if blanks, ok, err := Walk(context.Background(), sp.Goal(), code, 50000, 1<<20, rng); !ok || err != nil || len(blanks) != 50001 {
		t.Errorf("100 x 100, Manhattan distance 50000: %d moves, %v, %v; want 50000", len(blanks)-1, ok, err)
	}
	sp, code = space(2, 2, nil)
	if _, ok, err := Walk(context.Background(), sp.Goal(), code, 7, 1000, rng); ok || err != nil {
		t.Errorf("2 x 2, Manhattan distance 7: %v, %v; want a walk that stops", ok, err)
	}
}
