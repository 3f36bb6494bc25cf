package slide

import (
	"context"

	"github.com/slidekit/slide/internal/tiles"
)

// A Distribution is a census of a puzzle's boards by their distance from
// one goal, as Distances takes it.
type Distribution struct {
	Counts   []int64 // Counts[d] boards lie exactly d moves from the goal
	Farthest []Board // the boards at the greatest distance, in the order found
}

// Total returns the number of boards reachable from the goal.
func (d Distribution) Total() int64 {
	var n int64
	for _, c := range d.Counts {
		n += c
	}
	return n
}

// Distances explores breadth-first every board that can reach goal (or,
// the same thing, that goal can reach) and counts them by distance under
// metric. It is the exhaustive oracle against which the solvers are
// checked, and a research tool in its own right.
//
// Boards of up to 16 cells run on packed states; with distinct labels and
// at most 13 cells a visited bit per permutation rank (n!/8 bytes: 45 KB
// for 3 x 3, 60 MB for 3 x 4) replaces the hash table. Memory besides is
// two layers of 8 bytes a board. Larger boards run on the generic BFS,
// their boards stored once each (a byte a cell, two beyond 255 cells). All
// of it counts against lim.MaxMemory. The search stops with a *LimitError
// at lim's bounds, or with the context's error (a nil ctx is never done);
// a metric other than TileMoves and LineMoves is an ErrOption error.
func Distances(ctx context.Context, goal Board, metric Metric, lim Limits) (Distribution, error) {
	dist, err := distances(ctx, goal, metric, lim)
	return dist, toError("Distances", err)
}

// distances is Distances, its errors those of the internal packages too.
func distances(ctx context.Context, goal Board, metric Metric, lim Limits) (Distribution, error) {
	ctx = orBackground(ctx)
	if metric > LineMoves {
		return Distribution{}, errorf("Distances", ErrOption, "unknown metric %v", metric)
	}
	t, err := newTarget("Distances", goal)
	if err != nil {
		return Distribution{}, err
	}
	sp := tiles.NewSpace(t, tiles.Heuristic{Kind: tiles.Zero}, metric == LineMoves)
	code, _ := encode("Distances", t, goal)
	if goal.Len() > 16 {
		return gridDistances(ctx, sp, sp.NodeStart(code), lim)
	}
	counts, farthest, err := sp.Census(ctx, code, lim.eng())
	dist := Distribution{Counts: counts}
	for _, labels := range farthest {
		b, _ := NewLabeled(goal.Rows(), goal.Cols(), labels)
		dist.Farthest = append(dist.Farthest, b)
	}
	return dist, err
}

// gridDistances is Distances for boards of more than 16 cells, on the
// generic BFS.
func gridDistances(ctx context.Context, sp *tiles.Space, start tiles.Node, lim Limits) (Distribution, error) {
	var dist Distribution
	bfs := BFS[tiles.Node, int]{Limits: lim, Key: tiles.NodeKey}
	var last []tiles.Node
	for _, layer := range bfs.Layers(ctx, start) {
		dist.Counts = append(dist.Counts, int64(len(layer)))
		last = append(last[:0], layer...)
	}
	if err := bfs.Err(); err != nil {
		return dist, err
	}
	for _, s := range last {
		b, _ := NewLabeled(sp.Rows(), sp.Cols(), sp.Labels(s.At))
		dist.Farthest = append(dist.Farthest, b)
	}
	return dist, nil
}
