package slide

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/tiles"
)

// layersFrom returns every board that can reach goal, by distance, from
// the generic BFS engine.
func layersFrom(t testing.TB, goal Board) [][]Board {
	t.Helper()
	tg, err := newTarget("test", goal)
	if err != nil {
		t.Fatal(err)
	}
	code, _ := encode("test", tg, goal)
	sp := tiles.NewSpace(tg, Zero.tiles(), false)
	bfs := BFS[packed, int]{Key: packedKey}
	var out [][]Board
	for _, layer := range bfs.Layers(context.Background(), packed{sp.PackedStart(code)}) {
		boards := make([]Board, len(layer))
		for i, s := range layer {
			boards[i] = boardOf(sp, s.s.At)
		}
		out = append(out, boards)
	}
	if err := bfs.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// checkSolution verifies that sol is a legal path from start to goal of
// the expected length.
func checkSolution(t testing.TB, sol Solution, start, goal Board, want int) {
	t.Helper()
	if sol.Len() != want {
		t.Fatalf("%v %v: %d moves, want %d\n%v", sol.Engine, sol.Heuristic, sol.Len(), want, start)
	}
	if !sol.Optimal || sol.LowerBound != want {
		t.Fatalf("optimal solution labelled Optimal=%v, LowerBound=%d", sol.Optimal, sol.LowerBound)
	}
	if len(sol.Boards) != want+1 || sol.Boards[0] != start || sol.Boards[want] != goal {
		t.Fatalf("solution does not run from start to goal")
	}
	for i, m := range sol.Moves {
		next, ok := sol.Boards[i].Slide(m.Dir, m.Tiles)
		if !ok || next != sol.Boards[i+1] {
			t.Fatalf("move %d (%v) does not lead to the next board", i, m)
		}
	}
}

// TestSolveAll3x3 solves every 3x3 board to the standard goal with the
// default solver and compares its length with the breadth-first distance.
func TestSolveAll3x3(t *testing.T) {
	goal := Goal(3, 3)
	layers := layersFrom(t, goal)
	if len(layers) != 32 {
		t.Fatalf("%d layers", len(layers))
	}
	every := shortEvery(16)
	for d, layer := range layers {
		for i, b := range layer {
			if i%every != 0 {
				continue
			}
			sol, err := Solver{}.Solve(context.Background(), b, goal)
			if err != nil {
				t.Fatal(err)
			}
			if sol.Len() != d {
				t.Fatalf("%v: %d moves, BFS distance %d", b, sol.Len(), d)
			}
		}
	}
}

// TestEnginesMatchBFS checks every engine with every heuristic against
// breadth-first distances on random boards: 3x3 and 2x4 from the full BFS,
// 3x4 (also to a random goal) from bidirectional BFS, itself checked here.
func TestEnginesMatchBFS(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	type combo struct {
		a Algorithm
		h Heuristic
	}
	var combos []combo
	for _, a := range []Algorithm{AlgoAStar, AlgoIDAStar} {
		for _, h := range []Heuristic{Zero, Hamming, Manhattan, LinearConflict} {
			combos = append(combos, combo{a, h})
		}
	}
	combos = append(combos, combo{AlgoBFS, Auto}, combo{AlgoBidirectional, Auto}, combo{AlgoAuto, Auto})
	for _, shape := range [][2]int{{3, 3}, {2, 4}, {4, 2}} {
		goal := Goal(shape[0], shape[1])
		layers := layersFrom(t, goal)
		for range 12 {
			d := rng.IntN(len(layers))
			b := layers[d][rng.IntN(len(layers[d]))]
			for _, c := range combos {
				if d > 20 && (c.h == Zero || c.h == Hamming) && c.a == AlgoIDAStar {
					continue // correct but slow
				}
				sol, err := Solver{Algorithm: c.a, Heuristic: c.h}.Solve(context.Background(), b, goal)
				if err != nil {
					t.Fatal(err)
				}
				checkSolution(t, sol, b, goal, d)
			}
		}
	}
	for range 6 {
		goal := randomBoard(rng, 3, 4)
		start := randomBoard(rng, 3, 4)
		if ok, _ := Solvable(start, goal); !ok {
			start = start.Twin()
		}
		ref, err := Solver{Algorithm: AlgoBidirectional}.Solve(context.Background(), start, goal)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []combo{{AlgoAStar, LinearConflict}, {AlgoIDAStar, Manhattan}, {AlgoIDAStar, LinearConflict}} {
			sol, err := Solver{Algorithm: c.a, Heuristic: c.h}.Solve(context.Background(), start, goal)
			if err != nil {
				t.Fatal(err)
			}
			checkSolution(t, sol, start, goal, ref.Len())
		}
	}
}

func randomBoard(rng *rand.Rand, rows, cols int) Board {
	tiles := rng.Perm(rows * cols)
	b, _ := New(rows, cols, tiles)
	return b
}

// TestBidirectionalMatchesBFS checks bidirectional BFS, in both metrics,
// against the full BFS of 2x4 boards.
func TestBidirectionalMatchesBFS(t *testing.T) {
	goal := Goal(2, 4)
	for _, metric := range []Metric{TileMoves, LineMoves} {
		tg, _ := newTarget("test", goal)
		code, _ := encode("test", tg, goal)
		sp := tiles.NewSpace(tg, Zero.tiles(), metric == LineMoves)
		bfs := BFS[packed, int]{Key: packedKey}
		for d, layer := range bfs.Layers(context.Background(), packed{sp.PackedStart(code)}) {
			for i, s := range layer {
				if i%41 != 0 {
					continue
				}
				b := boardOf(sp, s.s.At)
				sol, err := Solver{Metric: metric}.Solve(context.Background(), b, goal)
				if err != nil {
					t.Fatal(err)
				}
				checkSolution(t, sol, b, goal, d)
				if metric == LineMoves {
					a, err := Solver{Metric: metric, Algorithm: AlgoAStar}.Solve(context.Background(), b, goal)
					if err != nil {
						t.Fatal(err)
					}
					checkSolution(t, a, b, goal, d)
				}
			}
		}
	}
}

// TestSolveLabeled checks boards with repeated labels against BFS over
// their whole (small) space.
func TestSolveLabeled(t *testing.T) {
	goal := MustParseBoard("3\n1 1 2\n2 3 3\n4 4 0\n")
	layers := layersFrom(t, goal)
	for d, layer := range layers {
		for i, b := range layer {
			if i%97 != 0 {
				continue
			}
			for _, a := range []Algorithm{AlgoAuto, AlgoIDAStar, AlgoBidirectional} {
				sol, err := Solver{Algorithm: a}.Solve(context.Background(), b, goal)
				if err != nil {
					t.Fatal(err)
				}
				checkSolution(t, sol, b, goal, d)
			}
		}
	}
}

func TestSolveErrors(t *testing.T) {
	goal := Goal(3, 3)
	if _, err := (Solver{}).Solve(context.Background(), goal.Twin(), goal); !errors.Is(err, ErrUnsolvable) {
		t.Errorf("twin of goal: %v", err)
	}
	if _, err := (Solver{}).Solve(context.Background(), Goal(2, 2), goal); !errors.Is(err, ErrMismatch) {
		t.Errorf("size mismatch: %v", err)
	}
	if _, err := (Solver{Heuristic: Heuristic{kind: 99}}).Solve(context.Background(), goal, goal); !errors.Is(err, ErrOption) {
		t.Errorf("bad heuristic: %v", err)
	}
	sol, err := Solver{}.Solve(context.Background(), goal, goal)
	if err != nil || sol.Len() != 0 || len(sol.Boards) != 1 {
		t.Errorf("goal to goal: %v, %v", sol, err)
	}
	far := MustParseBoard("3\n8 6 7\n2 5 4\n3 0 1\n")
	for _, a := range []Algorithm{AlgoAStar, AlgoIDAStar, AlgoBFS, AlgoBidirectional} {
		_, err := Solver{Algorithm: a, Limits: Limits{MaxNodes: 100}}.Solve(context.Background(), far, goal)
		var le *LimitError
		if !errors.As(err, &le) || !errors.Is(err, ErrLimit) {
			t.Errorf("%v with 100 nodes: %v", a, err)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, a := range []Algorithm{AlgoAStar, AlgoIDAStar, AlgoBFS, AlgoBidirectional} {
		if _, err := (Solver{Algorithm: a}).Solve(ctx, far, goal); !errors.Is(err, context.Canceled) {
			t.Errorf("%v cancelled: %v", a, err)
		}
	}
}

// TestSolveLarge solves a 127 x 127 board a dozen moves from its goal.
func TestSolveLarge(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	goal := Goal(127, 127)
	start := randomWalk(rng, goal, 12)
	ref := 0
	for _, h := range []Heuristic{LinearConflict, Manhattan} {
		sol, err := Solver{Heuristic: h}.Solve(context.Background(), start, goal)
		if err != nil {
			t.Fatal(err)
		}
		if ref == 0 {
			ref = sol.Len()
		}
		checkSolution(t, sol, start, goal, ref)
		if ref > 12 {
			t.Fatalf("%d moves for a 12-move walk", ref)
		}
	}
	a, err := Solver{Algorithm: AlgoAStar}.Solve(context.Background(), start, goal)
	if err != nil {
		t.Fatal(err)
	}
	checkSolution(t, a, start, goal, ref)
}

// randomWalk makes n random moves from b, never undoing the last.
func randomWalk(rng *rand.Rand, b Board, n int) Board {
	w, err := RandomWalk(b, n, rng)
	if err != nil {
		panic(err)
	}
	return w
}

func ExampleDirection_String() {
	fmt.Println(Up, Left.Opposite())
	// Output: up right
}

// TestSolveConcurrent solves boards from several goroutines at once, as
// the package documentation allows (run with -race to check it).
func TestSolveConcurrent(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	var boards []Board
	for range 8 {
		boards = append(boards, randomWalk(rng, Goal(3, 3), 30))
	}
	want := make([]int, len(boards))
	for i, b := range boards {
		sol, err := Solver{Algorithm: AlgoBFS}.Solve(context.Background(), b, Goal(3, 3))
		if err != nil {
			t.Fatal(err)
		}
		want[i] = sol.Len()
	}
	errs := make(chan error, 4*len(boards))
	for _, a := range []Algorithm{AlgoAStar, AlgoIDAStar, AlgoBidirectional, AlgoAuto} {
		for i, b := range boards {
			go func() {
				sol, err := Solver{Algorithm: a}.Solve(context.Background(), b, Goal(3, 3))
				if err == nil && sol.Len() != want[i] {
					err = fmt.Errorf("%v: %d moves, want %d", a, sol.Len(), want[i])
				}
				errs <- err
			}()
		}
	}
	for range 4 * len(boards) {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

// TestAStar16MatchesGeneric checks that the specialized A* makes the same
// search as the generic engine on the same states: same length, same
// expansions and generated nodes.
func TestAStar16MatchesGeneric(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	for _, shape := range [][2]int{{3, 3}, {2, 4}, {3, 4}, {2, 6}} {
		goal := randomBoard(rng, shape[0], shape[1])
		for range 5 {
			start := randomWalk(rng, goal, 30)
			for _, h := range []Heuristic{Manhattan, LinearConflict} {
				tg, code := encodeFor(t, start, goal)
				sp := tiles.NewSpace(tg, h.tiles(), false)
				var st tiles.Stats
				blanks, err := sp.AStar16(context.Background(), code, engine.Limits{}, &st)
				if err != nil {
					t.Fatal(err)
				}
				res, err := (&AStar[packed, int]{Key: packedKey}).Search(context.Background(), packed{sp.PackedStart(code)})
				if err != nil {
					t.Fatal(err)
				}
				if len(blanks)-1 != res.Cost || st.Expanded != res.Expanded || st.Generated != res.Generated {
					t.Errorf("%v: specialized %d moves, %d/%d nodes; generic %d moves, %d/%d", h,
						len(blanks)-1, st.Expanded, st.Generated, res.Cost, res.Expanded, res.Generated)
				}
			}
		}
	}
}
