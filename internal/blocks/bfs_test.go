package blocks

import (
	"context"
	"errors"
	"testing"

	"github.com/slidekit/slide/internal/engine"
)

// TestBFS64MatchesStates checks BFS64 against a breadth-first search
// over the package's states (explore, on puzzles of at most 40,000
// positions) and against the optima of testdata/blocks, on every narrow
// puzzle under straight and step moves:
// the same distance, the recorded one, by a path of legal moves from the
// start to a goal; and no path when there is none, having seen every
// position (not bounded).
func TestBFS64MatchesStates(t *testing.T) {
	ctx := context.Background()
	for _, c := range readCases(t) {
		for _, m := range []Metric{StraightMoves, StepMoves} {
			sp := c.space(m)
			if sp.Kind() != NarrowBFS {
				continue
			}
			start := sp.Pack64(sp.StartCodes())
			want := c.optimum(m)
			if c.states <= 40000 {
				if d, _ := explore(sp.State64(start), c.states+1, nil); d != want {
					t.Errorf("%s %v: states find the goal at %d, the file says %d", c.name, m, d, want)
				}
			}
			var st Stats
			path, bounded, err := sp.BFS64(ctx, start, engine.Bounds{}, &st)
			if want < 0 {
				if !engine.Is(err, engine.NotFound) || bounded || path != nil {
					t.Errorf("%s %v: no solution, yet BFS64 = %d keys, bounded %v, %v", c.name, m, len(path), bounded, err)
				}
				continue
			}
			if err != nil {
				t.Fatalf("%s %v: %v", c.name, m, err)
			}
			checkPath(t, sp, start, path, want)
			if want > 0 && (st.Expanded == 0 || st.Generated < st.Expanded) {
				t.Errorf("%s %v: stats %+v", c.name, m, st)
			}
		}
	}
}

// checkPath checks that path is want moves of sp from the key start to a
// goal, each a move successors64 makes.
func checkPath(t *testing.T, sp *Space, start uint64, path []uint64, want int) {
	t.Helper()
	if len(path) != want+1 || path[0] != start || !sp.State64(path[len(path)-1]).IsGoal() {
		t.Fatalf("path of %d moves from %x to %x (goal %v), want %d from %x", len(path)-1, path[0], path[len(path)-1], sp.State64(path[len(path)-1]).IsGoal(), want, start)
	}
	for i := 1; i < len(path); i++ {
		found := false
		for _, k := range sp.successors64(path[i-1], nil) {
			found = found || k == path[i]
		}
		if !found {
			t.Fatalf("move %d of the path, %x to %x, is not a move", i, path[i-1], path[i])
		}
	}
}

// TestBFS64Limits checks how BFS64 stops: at a cost bound below the
// distance (bounded), at the node and memory limits (a LimitError), at
// its context, and at once on a start that is a goal.
func TestBFS64Limits(t *testing.T) {
	var c testCase
	for _, k := range readCases(t) {
		if k.name == "rh_fogleman_forty_19" {
			c = k
		}
	}
	if c.straight <= 0 {
		t.Fatal("no rh_fogleman_forty_19 in testdata/blocks")
	}
	sp := c.space(StraightMoves)
	start := sp.Pack64(sp.StartCodes())
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, k := range []struct {
		name    string
		ctx     context.Context
		lim     engine.Bounds
		bounded bool
		check   func(error) bool
	}{
		{"cost bound", context.Background(), engine.Bounds{Cost: float64(c.straight - 1)}, true, func(err error) bool { return engine.Is(err, engine.NotFound) }},
		{"nodes", context.Background(), engine.Bounds{Nodes: 50}, false, func(err error) bool {
			var le *engine.LimitError
			return errors.As(err, &le) && le.Limit == "nodes" && le.Value == 50 && le.Generated > 0
		}},
		{"memory", context.Background(), engine.Bounds{Memory: 20000}, false, func(err error) bool {
			var le *engine.LimitError
			return errors.As(err, &le) && le.Limit == "memory"
		}},
		{"tiny memory", context.Background(), engine.Bounds{Memory: 100}, false, func(err error) bool {
			var le *engine.LimitError
			return errors.As(err, &le) && le.Limit == "memory"
		}},
		{"context", cancelled, engine.Bounds{}, false, func(err error) bool { return errors.Is(err, context.Canceled) }},
	} {
		var st Stats
		path, bounded, err := sp.BFS64(k.ctx, start, k.lim, &st)
		if path != nil || bounded != k.bounded || !k.check(err) {
			t.Errorf("%s: %d keys, bounded %v, %v", k.name, len(path), bounded, err)
		}
	}
	var st Stats
	path, _, err := sp.BFS64(context.Background(), start, engine.Bounds{Cost: float64(c.straight)}, &st)
	if err != nil {
		t.Fatalf("cost bound at the distance: %v", err)
	}
	checkPath(t, sp, start, path, c.straight)
	goal := path[len(path)-1]
	st = Stats{}
	if path, _, err := sp.BFS64(context.Background(), goal, engine.Bounds{Nodes: 1}, &st); err != nil || len(path) != 1 || path[0] != goal || st != (Stats{}) {
		t.Errorf("from a goal: %x, %v, stats %+v", path, err, st)
	}
}
