package slide

import (
	"context"
	"testing"
)

// pricey is a line 0 -> 1 -> ... whose move out of n costs n+1, for BFS
// costs that are not all 1.
type pricey int

var priceyCalls int

func (n pricey) Successors(dst []Arc[pricey, int]) []Arc[pricey, int] {
	priceyCalls++
	return append(dst, Arc[pricey, int]{To: n + 1, Cost: int(n) + 1}, Arc[pricey, int]{To: n + 2, Cost: 100})
}

// TestBFSKeepsCost checks that BFS.Search sums the costs it saw instead of
// asking the path's states for their moves again: as many Successors
// calls as expansions.
func TestBFSKeepsCost(t *testing.T) {
	bfs := BFS[pricey, int]{GoalFunc: func(n pricey) bool { return n == 7 }}
	priceyCalls = 0
	res, err := bfs.Search(context.Background(), 0)
	if err != nil {
		t.Fatal(err)
	}
	// Four moves: 0 -> 2 -> 4 -> 6 -> 7, or any path of 4 moves the
	// search found first; its cost is the sum along it.
	want := 0
	for i := 1; i < len(res.Path); i++ {
		if d := res.Path[i] - res.Path[i-1]; d == 1 {
			want += int(res.Path[i-1]) + 1
		} else {
			want += 100
		}
	}
	if len(res.Path) != 5 || res.Cost != want {
		t.Errorf("path %v cost %d, want 4 moves costing %d", res.Path, res.Cost, want)
	}
	if int64(priceyCalls) != res.Expanded {
		t.Errorf("%d calls of Successors for %d expansions", priceyCalls, res.Expanded)
	}
}
