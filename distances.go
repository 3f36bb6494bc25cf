package slide

import (
	"context"

	"github.com/slidekit/slide/internal/tiles"
)

// A Distribution counts the boards that reach a goal by distance.
type Distribution struct {
	Counts   []int64 // Counts[d] boards lie exactly d moves from the goal
	Farthest []Board // the boards at the greatest distance, in the order found
}

// Total returns the number of boards that reach the goal.
func (d Distribution) Total() int64 {
	var n int64
	for _, c := range d.Counts {
		n += c
	}
	return n
}

// Distances counts by distance every board that reaches goal under metric,
// by breadth-first search: the solvers' oracle. Up to 13 cells with distinct
// labels it takes a bit a permutation. It stops at lim with a *LimitError,
// or with the context's error.
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
