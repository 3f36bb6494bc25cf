package near

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/slidekit/slide/internal/learn"
	"github.com/slidekit/slide/internal/pdbcache"
	"github.com/slidekit/slide/internal/testsets"
	"github.com/slidekit/slide/internal/tiles"
)

// TestImitate: a beam that ranks the gold path's boards first never
// loses them; one that ranks them last, one board wide, loses the gold
// board at every layer that has another child to keep, each time with
// the gold board of that layer and boards one move from the gold board
// before it, and never a board it saw before.
func TestImitate(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 7))
	tg := standardGoal(4, 4)
	cfg := Config{Heuristic: tiles.Heuristic{Kind: tiles.Database, Name: "pdb", Spec: learnSpec, Custom: true},
		Request: pdbcache.Request{DirSet: true, Build: true}, Workers: 1}
	ctx := context.Background()
	for range 5 {
		code := testsets.RandomWalk(rng, tg.Rows, tg.Cols, goalCode(tg), tiles.BlankCode, 200)
		gold, err := Beam(ctx, tg, code, 64, cfg)
		if err != nil {
			t.Fatal(err)
		}
		golds, _, err := Samples(ctx, tg, code, gold, cfg)
		if err != nil {
			t.Fatal(err)
		}
		onPath := map[string]int{}
		for i, g := range golds {
			onPath[string(g.Board)] = i
		}
		first := func(s *learn.Sample) float64 {
			if _, ok := onPath[string(s.Board)]; ok {
				return 0
			}
			return 1
		}
		v, err := Imitate(ctx, tg, code, gold, cfg, 1, first, func(g *learn.Sample, _ []learn.Sample) {
			t.Fatalf("the gold board at %d lost, ranked first", onPath[string(g.Board)])
		})
		if err != nil || v != 0 {
			t.Fatalf("ranked first: %d violations, %v", v, err)
		}

		last := func(s *learn.Sample) float64 { return 1 - first(s) }
		calls, prev := 0, 0
		seen := map[string]bool{}
		v, err = Imitate(ctx, tg, code, gold, cfg, 1, last, func(g *learn.Sample, kept []learn.Sample) {
			calls++
			at, ok := onPath[string(g.Board)]
			if !ok || at <= prev || len(kept) != 1 {
				t.Fatalf("violation %d: gold board at %d (on the path: %v) after %d, %d kept", calls, at, ok, prev, len(kept))
			}
			if seen[string(kept[0].Board)] {
				t.Fatalf("violation %d: a board kept twice", calls)
			}
			seen[string(kept[0].Board)] = true
			if d := diff(kept[0].Board, golds[at-1].Board); d != 2 {
				t.Fatalf("violation %d: the kept board is %d cells from the gold board before", calls, d)
			}
			if g.DB <= 0 || kept[0].DB <= 0 {
				t.Fatalf("violation %d: features %+v, %+v", calls, g, kept[0])
			}
			prev = at
		})
		if err != nil || v != calls || calls == 0 {
			t.Fatalf("ranked last: %d violations, %d calls, %v", v, calls, err)
		}
	}
}

// diff returns the cells where a and b differ.
func diff(a, b []uint8) int {
	d := 0
	for i := range a {
		if a[i] != b[i] {
			d++
		}
	}
	return d
}
