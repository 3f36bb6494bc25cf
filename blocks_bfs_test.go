package slide

import (
	"context"
	"os"
	"path/filepath"
	"testing"
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
		b, _, err := ParseBlocks(string(data))
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range []BlockMetric{StraightMoves, StepMoves} {
			sp, err := newBlockSpace("test", b, BlockSolver{Metric: m})
			if err != nil {
				t.Fatal(err)
			}
			if !sp.narrow || sp.wideKey {
				continue
			}
			var fast BlockSolution
			keys, _, ferr := sp.bfs64(context.Background(), sp.pack64(sp.startCodes()), Limits{}, &fast)
			res, gerr := (&BFS[block64, int]{Key: block64Key}).Search(context.Background(), block64{sp, sp.pack64(sp.startCodes())})
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
