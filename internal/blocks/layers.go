package blocks

import (
	"context"

	"github.com/slidekit/slide/internal/engine"
)

// GoalLayers explores the component of the key start (the positions its
// moves reach, moves being reversible) and calls visit with the positions
// at each distance from the nearest goal position of the component, in
// the space's metric, nearest first: a multi-source BFS from every goal
// position. visit returning false stops it. It fails with an
// engine.NotFound error when the component holds no goal position, and
// with the guard's error when ctx ends or lim is passed: Nodes bounds
// the positions of the component, Memory what both searches hold.
// The space's keys fit a uint64 (Kind is not WideStates); layers are in
// a deterministic order, the same on every run. Each position is expanded
// twice, once a search; a layer's slice is valid during its visit only.
func (sp *Space) GoalLayers(ctx context.Context, start uint64, lim engine.Bounds, visit func(depth int, layer []uint64) bool) error {
	var g engine.Guard
	g.Start(ctx, lim)
	defer g.End()
	var seen engine.Set
	seen.Reset(&g.Mem)
	maxNodes := lim.NodeLimit()
	var next []uint64
	// The component, breadth-first from start; all doubles as the queue.
	all := []uint64{start}
	seen.Add(start)
	var expanded int64
	for head := 0; head < len(all); head++ {
		if g.Stopped() {
			return g.Err(ctx, expanded, int64(len(all)))
		}
		expanded++
		next = sp.next64(all[head], next[:0])
		for _, k := range next {
			if !seen.Add(k) {
				continue
			}
			if int64(len(all)) >= maxNodes {
				return g.NodeLimit(expanded, int64(len(all)))
			}
			if len(all) == cap(all) {
				var ok bool
				if all, ok = engine.GrowCharged(all, &g.Mem); !ok {
					return g.Err(ctx, expanded, int64(len(all)))
				}
			}
			all = append(all, k)
		}
		if g.Mem.Over {
			return g.Err(ctx, expanded, int64(len(all)))
		}
	}
	// The goal positions, in the order found, are layer 0.
	layer := make([]uint64, 0, 64)
	for _, k := range all {
		if (State64{sp, k}).IsGoal() {
			layer = append(layer, k)
		}
	}
	if len(layer) == 0 {
		return engine.Errorf(engine.NotFound, "no goal position among the %d positions the start reaches", len(all))
	}
	seen.Reset(&g.Mem)
	for _, k := range layer {
		seen.Add(k)
	}
	// Layers are stored in all, which already holds every position: the
	// layers together fill it exactly.
	out := all[:0]
	out = append(out, layer...)
	lo := 0
	for depth := 0; lo < len(out); depth++ {
		hi := len(out)
		if !visit(depth, out[lo:hi]) {
			return nil
		}
		for _, key := range out[lo:hi] {
			if g.Stopped() {
				return g.Err(ctx, expanded, int64(len(out)))
			}
			expanded++
			next = sp.next64(key, next[:0])
			for _, k := range next {
				if seen.Add(k) {
					out = append(out, k)
				}
			}
		}
		lo = hi
	}
	return nil
}

// next64 appends to dst the keys one move from key, as State64.Successors
// makes them.
func (sp *Space) next64(key uint64, dst []uint64) []uint64 {
	if sp.narrow && sp.metric != PieceMoves {
		return sp.successors64(key, dst)
	}
	sp.words[0] = key
	sp.decode()
	for _, m := range sp.generate() {
		dst = append(dst, sp.key64(key, m))
	}
	return dst
}

// Pieces returns the pieces at the position of key, a key of at most 64
// bits: the start's pieces, each movable one where the key puts it, the
// members of a group taking its fields in order.
func (sp *Space) Pieces(key uint64) []Piece {
	return sp.pieces((State64{sp, key}).Codes())
}
