package solve

import (
	"context"
	"testing"
	"time"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/pdbcache"
	"github.com/slidekit/slide/internal/tiles"
)

// A recorder is a Path that keeps what Run hands it.
type recorder struct {
	moves    int   // moves kept by Keep or counted by Finish
	handed   int   // moves handed out
	finished []int // the last path Finish made
	boards   bool  // KeepBoards was called
}

func (r *recorder) Finish(_ context.Context, blanks []int) error {
	r.finished, r.moves = blanks, len(blanks)-1
	return nil
}
func (r *recorder) Len() int                                               { return r.moves + r.handed }
func (r *recorder) Reserve(context.Context, int) error                     { return nil }
func (r *recorder) Hand(tiles.Dir, int)                                    { r.handed++ }
func (r *recorder) HandKept()                                              { r.handed, r.moves = r.moves, 0 }
func (r *recorder) Handed(n int)                                           { r.handed = n }
func (r *recorder) KeepBoards(context.Context, int64)                      { r.boards = true }
func (r *recorder) Improve(context.Context, []int, int, string, time.Time) {}
func (r *recorder) Discard() Path                                          { return &recorder{} }
func (r *recorder) Keep(_ context.Context, _ tiles.Dir, _ int, b *engine.Budget) bool {
	r.moves++
	return !b.Over
}

// testSettings are the zero Solver's settings with a disk cache of
// its own, the Engines absent: boards of distinct tiles never reach them.
func testSettings(t *testing.T, m Mode) Settings {
	dir := t.TempDir()
	return Settings{Mode: m, Auto: true, MoveBytes: 16,
		Request: func(build bool, _ tiles.Heuristic) pdbcache.Request {
			return pdbcache.Request{Dir: dir, DirSet: true, Build: build}
		}}
}

// TestRunPath checks that Run hands the answer's moves to its Path, and
// labels the answer with what it proves, in the Optimal and Fast modes
// on a 3 x 3 board two moves from its goal.
func TestRunPath(t *testing.T) {
	goal := tiles.NewGoal(3, 3, []int{1, 2, 3, 4, 5, 6, 7, 8, 0}, true)
	code, err := goal.Encode([]int{1, 2, 3, 4, 5, 6, 0, 7, 8})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []Mode{{Kind: Optimal}, {Kind: Fast}} {
		r := &recorder{}
		ans, err := Run(context.Background(), testSettings(t, m), goal, code, r, time.Now())
		switch {
		case err != nil:
			t.Fatalf("mode %d: %v", m.Kind, err)
		case ans.Moves != Path(r) || r.Len() != 2 || !ans.Optimal || ans.Lower != 2 || !ans.Start:
			t.Fatalf("mode %d: %+v with %d moves in the Path, want 2, optimal", m.Kind, ans, r.Len())
		case m.Kind == Optimal && (ans.Engine != "idastar" || len(r.finished) != 3 || r.finished[0] != 6 || r.finished[2] != 8):
			t.Fatalf("optimal: %s, path %v; want idastar from cell 6 to 8", ans.Engine, r.finished)
		case m.Kind == Fast && (ans.Engine != "fast" || !r.boards):
			t.Fatalf("fast: %s, boards kept %v; want fast, kept", ans.Engine, r.boards)
		}
	}
}

// TestRunWithoutEngines checks that a search that needs the generic
// engines fails with an error of kind Option, not a panic, where the
// Settings name none.
func TestRunWithoutEngines(t *testing.T) {
	goal := tiles.NewGoal(2, 2, []int{1, 1, 2, 0}, false) // repeated labels: A*
	code, err := goal.Encode([]int{1, 1, 0, 2})
	if err != nil {
		t.Fatal(err)
	}
	s := testSettings(t, Mode{Kind: Optimal})
	s.Algo = AlgoBFS
	if _, err := Run(context.Background(), s, goal, code, &recorder{}, time.Now()); !engine.Is(err, engine.Option) {
		t.Fatalf("BFS without Engines: %v, want an error of kind Option", err)
	}
}
