package slide

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"testing"
	"time"
)

// checkTidy fails t unless sol, an answer from start, replays move by
// move to goal and holds no move followed by its undo; with line moves,
// no two moves in a row along one row or column, which one move makes.
func checkTidy(t *testing.T, name string, sol Solution, start, goal Board, line bool) {
	t.Helper()
	b := start
	for i, m := range sol.Moves {
		next, ok := b.Slide(m.Dir, m.Tiles)
		if !ok {
			t.Fatalf("%s: move %d (%v) is not possible", name, i, m)
		}
		b = next
		if i == 0 {
			continue
		}
		prev := sol.Moves[i-1]
		if !line && m.Dir == prev.Dir^1 {
			t.Fatalf("%s: move %d (%v) undoes move %d", name, i, m, i-1)
		}
		if line && (m.Dir == prev.Dir || m.Dir == prev.Dir^1) {
			t.Fatalf("%s: moves %d and %d (%v, %v) go along one line", name, i-1, i, prev, m)
		}
	}
	if b != goal {
		t.Fatalf("%s: the moves end on\n%v", name, b)
	}
	if sol.LowerBound > sol.Len() {
		t.Fatalf("%s: lower bound %d above the %d moves", name, sol.LowerBound, sol.Len())
	}
}

// TestAnswersTidy solves random boards of every size class in the Fast,
// Weighted and Anytime modes and checks that no answer holds a move
// followed by its undo (the fast mode's moves held some on boards past
// 4 x 4, and the beams' answers where the fast mode finished them).
func TestAnswersTidy(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 2))
	sizes, boards := [][2]int{{3, 3}, {4, 4}, {2, 9}, {10, 10}}, 1
	if os.Getenv("SLIDE_SLOW") != "" {
		sizes, boards = append(sizes, [2]int{5, 5}, [2]int{6, 6}, [2]int{7, 7}, [2]int{9, 2}, [2]int{30, 30}), 3
	}
	for _, sz := range sizes {
		goal := Goal(sz[0], sz[1])
		for k := range boards {
			start := randomReaching(rng, goal)
			modes := []Mode{Fast(), Anytime(100 * time.Millisecond)}
			if sz[0]*sz[1] <= 49 {
				modes = append(modes, Weighted(3))
			}
			for _, metric := range []Metric{TileMoves, LineMoves} {
				for _, m := range modes {
					if metric == LineMoves && m.kind != fast && sz[0]*sz[1] > 9 {
						continue // the optimal search under line moves
					}
					s := Solver{Mode: m, Metric: metric}
					if m.kind != fast {
						s.Workers = 1
					}
					sol, err := s.Solve(context.Background(), start, goal)
					name := fmt.Sprintf("%dx%d board %d %v metric %d", sz[0], sz[1], k, m, metric)
					if err != nil {
						t.Fatalf("%s: %v", name, err)
					}
					checkTidy(t, name, sol, start, goal, metric == LineMoves)
				}
			}
		}
	}
}

// TestSmallProven checks that on boards where the optimal search is
// cheap, the Fast and Weighted answers say what it proves: on 3 x 3 and
// 3 x 4 boards, optimal, the answer shortened to a shortest one where it
// was longer, also where the moves go to OnMove.
func TestSmallProven(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 3))
	for _, sz := range [][2]int{{3, 3}, {2, 4}, {3, 4}, {2, 5}} {
		goal := Goal(sz[0], sz[1])
		for k := range 3 {
			start := randomReaching(rng, goal)
			opt, err := Solver{}.Solve(context.Background(), start, goal)
			if err != nil {
				t.Fatal(err)
			}
			for _, m := range []Mode{Fast(), Weighted(1.5), Weighted(3)} {
				name := fmt.Sprintf("%dx%d board %d %v", sz[0], sz[1], k, m)
				var handed []Move
				for _, stream := range []bool{false, true} {
					s := Solver{Mode: m}
					if stream {
						handed = nil
						s.OnMove = func(mv Move) { handed = append(handed, mv) }
					}
					sol, err := s.Solve(context.Background(), start, goal)
					if err != nil {
						t.Fatalf("%s: %v", name, err)
					}
					if !sol.Optimal || sol.LowerBound != opt.Len() || sol.Len() != opt.Len() {
						t.Fatalf("%s (moves handed %v): %d moves, lower bound %d, optimal %v; the optimum is %d",
							name, stream, sol.Len(), sol.LowerBound, sol.Optimal, opt.Len())
					}
					if stream {
						sol.Moves = handed
					}
					checkTidy(t, name, sol, start, goal, false)
				}
			}
		}
	}
}

// TestSmallProvenLimits checks the search that labels a small board's
// answer under a node limit too small for its proof: the answer stands,
// its bound proven, between the mode's own and the optimum, and the
// nodes within the limit.
func TestSmallProvenLimits(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 4))
	goal := Goal(3, 4)
	raised := 0 // answers whose bound rose above the heuristic's, not proven optimal
	for k := range 6 {
		start := randomReaching(rng, goal)
		opt, err := Solver{}.Solve(context.Background(), start, goal)
		if err != nil {
			t.Fatal(err)
		}
		for _, nodes := range []int64{200, 2000, 20000} {
			s := Solver{Mode: Weighted(3), Limits: Limits{MaxNodes: nodes}, Workers: 1}
			sol, err := s.Solve(context.Background(), start, goal)
			if err != nil {
				continue // the mode's own search passed the limit
			}
			if sol.Generated > nodes+4 {
				t.Errorf("board %d, %d nodes: %d generated", k, nodes, sol.Generated)
			}
			if sol.LowerBound > opt.Len() || sol.Len() < opt.Len() || sol.Optimal != (sol.Len() == sol.LowerBound) {
				t.Fatalf("board %d, %d nodes: %d moves, lower bound %d, optimal %v; the optimum is %d",
					k, nodes, sol.Len(), sol.LowerBound, sol.Optimal, opt.Len())
			}
			if !sol.Optimal && sol.LowerBound > LinearConflict.mustEstimate(start, goal) {
				raised++
			}
		}
	}
	if raised == 0 {
		t.Error("no node limit left a bound raised short of a proof")
	}
}
