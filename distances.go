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

// Distances counts by distance, up to Limits.MaxCost, every board that reaches
// goal, by BFS; it uses Metric and Limits only.
func (s Solver) Distances(ctx context.Context, goal Board) (Distribution, error) {
	const fn = "Solver.Distances"
	if ctx == nil {
		return Distribution{}, nilContext(fn)
	}
	t, err := s.target(fn, s.onlyCensus, goal)
	if err != nil {
		return Distribution{}, err
	}
	dist, err := distances(ctx, t, goal, s.Metric, s.Limits)
	return dist, toError(fn, err)
}

// onlyCensus refuses, as function fn, the settings Distances does not use.
func (s Solver) onlyCensus(fn string) error {
	if err := s.check(fn); err != nil {
		return err
	}
	field := s.firstSet("Mode", "Heuristic", "Algorithm", "Workers", "Cache.Dir", "Cache.Progress", "Progress", "OnMove", "OnImprove")
	if field == "" {
		return nil
	}
	return unused(fn, "Solver."+field, "Distances uses Metric and Limits only")
}

// distances is Distances on the goal t, goal's goal-relative form.
func distances(ctx context.Context, t *tiles.Goal, goal Board, metric Metric, lim Limits) (Distribution, error) {
	sp := tiles.NewSpace(t, tiles.Heuristic{Kind: tiles.Zero}, metric == LineMoves)
	code, _ := encode("Solver.Distances", t, goal)
	if goal.Len() > 16 {
		return gridDistances(ctx, sp, inner[tiles.Node]{sp.NodeStart(code)}, lim)
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
func gridDistances(ctx context.Context, sp *tiles.Space, start inner[tiles.Node], lim Limits) (Distribution, error) {
	var dist Distribution
	bfs := BFS[inner[tiles.Node], int]{Limits: lim, Key: innerKey(tiles.NodeKey)}
	var last []inner[tiles.Node]
	for _, layer := range bfs.Layers(ctx, start) {
		dist.Counts = append(dist.Counts, int64(len(layer)))
		last = append(last[:0], layer...)
	}
	if err := bfs.Err(); err != nil {
		return dist, err
	}
	for _, s := range last {
		b, _ := NewLabeled(sp.Rows(), sp.Cols(), sp.Labels(s.s.At))
		dist.Farthest = append(dist.Farthest, b)
	}
	return dist, nil
}
