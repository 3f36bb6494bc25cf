package slide

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/slidekit/slide/internal/blocks"
	"github.com/slidekit/slide/internal/engine"
)

// TestBlockBFSMatchesEngine checks that the specialized search makes the
// generic engine's search on every data puzzle that takes it: the same
// length, expansions and generated positions.
func TestBlockBFSMatchesEngine(t *testing.T) {
	files, _ := filepath.Glob("testdata/blocks/*.txt")
	checked := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		b, err := ParseBlocks(string(data))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range []BlockMetric{StraightMoves, StepMoves} {
			sp, err := newBlockSpace("test", b, BlockSolver{Metric: m})
			if err != nil {
				t.Fatal(err)
			}
			if sp.Kind() != blocks.NarrowBFS {
				continue
			}
			var fast blocks.Stats
			keys, _, ferr := sp.BFS64(context.Background(), sp.Pack64(sp.StartCodes()), engine.Limits{}, &fast)
			res, gerr := (&BFS[inner[blocks.State64], int]{Key: innerKey(blocks.State64Key)}).Search(context.Background(), inner[blocks.State64]{sp.State64(sp.Pack64(sp.StartCodes()))})
			if (ferr == nil) != (gerr == nil) || len(keys) != len(res.Path) || fast.Expanded != res.Expanded || fast.Generated != res.Generated {
				t.Errorf("%s %v: specialized %d positions, %d/%d nodes, %v; engine %d, %d/%d, %v", filepath.Base(f), m,
					len(keys), fast.Expanded, fast.Generated, ferr, len(res.Path), res.Expanded, res.Generated, gerr)
			}
			checked++
		}
	}
	if checked < 20 {
		t.Errorf("only %d puzzles checked", checked)
	}
}
