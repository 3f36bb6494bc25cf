package slide_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/slidekit/slide"
)

// TestMain points the pattern-database cache at a fresh directory, so
// that the examples (and tests) never read or write the user's.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "slide-test-cache")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	for _, v := range []string{"XDG_CACHE_HOME", "HOME", "LocalAppData"} {
		os.Setenv(v, dir) // os.UserCacheDir's sources on Linux, macOS and Windows
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

func ExampleNew() {
	b, err := slide.New(3, 3, []int{
		1, 2, 3,
		4, 0, 6,
		7, 5, 8,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(b)
	fmt.Println("hamming:", b.Hamming(), "manhattan:", b.Manhattan())
	// Output:
	// 3
	// 1 2 3
	// 4 0 6
	// 7 5 8
	// hamming: 2 manhattan: 2
}

func ExampleNew_errors() {
	_, err := slide.New(2, 2, []int{1, 2, 2, 0})
	fmt.Println(err)
	fmt.Println(errors.Is(err, slide.ErrTile))
	// Output:
	// slide.New: tile 2 appears twice
	// true
}

func ExampleParseBoard() {
	b, err := slide.ParseBoard("2 3\n1 2 3\n4 0 5\n")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(b.Rows(), b.Cols(), b.At(1, 2))
	fmt.Printf("%q\n", b.String())
	// Output:
	// 2 3 5
	// "2 3\n1 2 3\n4 0 5\n"
}

func ExampleBoard_Neighbors() {
	b := slide.MustParseBoard("3\n1 2 3\n4 0 6\n7 5 8\n")
	for next := range b.Neighbors() {
		fmt.Println(next.Tiles(), next.Manhattan())
	}
	// Output:
	// [1 2 3 4 5 6 7 0 8] 1
	// [1 0 3 4 2 6 7 5 8] 3
	// [1 2 3 4 6 0 7 5 8] 3
	// [1 2 3 0 4 6 7 5 8] 3
}

func ExampleSolvable() {
	goal := slide.Goal(2, 2)
	for _, s := range []string{"2\n1 2\n0 3\n", "2\n2 1\n3 0\n"} {
		start := slide.MustParseBoard(s)
		ok, err := slide.Solvable(start, goal)
		fmt.Println(start.Tiles(), ok, err)
	}
	// Output:
	// [1 2 0 3] true <nil>
	// [2 1 3 0] false <nil>
}

func ExampleSolver_Solve() {
	start := slide.MustParseBoard("3\n0 1 3\n4 2 5\n7 8 6\n")
	sol, err := slide.Solver{}.Solve(context.Background(), start, slide.Goal(3, 3))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("moves:", sol.Len(), sol.Moves)
	for _, b := range sol.Boards {
		fmt.Println(b.Tiles())
	}
	// Output:
	// moves: 4 [left up left up]
	// [0 1 3 4 2 5 7 8 6]
	// [1 0 3 4 2 5 7 8 6]
	// [1 2 3 4 0 5 7 8 6]
	// [1 2 3 4 5 0 7 8 6]
	// [1 2 3 4 5 6 7 8 0]
}

func ExampleSolver_Solve_unsolvable() {
	start := slide.MustParseBoard("3\n1 2 3\n4 5 6\n8 7 0\n")
	_, err := slide.Solver{}.Solve(context.Background(), start, slide.Goal(3, 3))
	fmt.Println(errors.Is(err, slide.ErrUnsolvable))
	// Output:
	// true
}

func ExampleSolver_Solve_anyGoal() {
	// A spiral goal with the blank in the centre, and line moves: sliding
	// a whole row or column of tiles counts as one move.
	spiral := slide.MustParseBoard("3\n1 2 3\n8 0 4\n7 6 5\n")
	start := slide.MustParseBoard("3\n8 3 5\n4 1 6\n2 7 0\n")
	tiles, _ := slide.Solver{}.Solve(context.Background(), start, spiral)
	lines, _ := slide.Solver{Metric: slide.LineMoves}.Solve(context.Background(), start, spiral)
	fmt.Println(tiles.Len(), "tile moves,", lines.Len(), "line moves")
	_, err := slide.Solver{}.Solve(context.Background(), slide.Goal(3, 3), spiral)
	fmt.Println(err)
	// Output:
	// 14 tile moves, 11 line moves
	// slide.Solver.Solve: goal cannot be reached from start: the permutation and the blank's distance differ in parity
}

// A position on a number line: it moves by +1 (cost 1) or doubles (cost
// 2). The search finds the cheapest way from a start to the target.
type number struct{ n, target int }

func (p number) Successors(dst []slide.Arc[number, int]) []slide.Arc[number, int] {
	dst = append(dst, slide.Arc[number, int]{To: number{p.n + 1, p.target}, Cost: 1})
	if 2*p.n <= 2*p.target {
		dst = append(dst, slide.Arc[number, int]{To: number{2 * p.n, p.target}, Cost: 2})
	}
	return dst
}

// Heuristic: 0 is admissible; anything smarter must never overestimate.
func (p number) Heuristic() int { return 0 }

func (p number) IsGoal() bool { return p.n == p.target }

// A custom State solved by the generic A* engine.
func ExampleAStar() {
	var search slide.AStar[number, int]
	res, err := search.Search(context.Background(), number{3, 25})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, p := range res.Path {
		fmt.Print(p.n, " ")
	}
	fmt.Println("cost", res.Cost)
	// Output:
	// 3 6 12 24 25 cost 7
}

func ExampleSolver_Distances() {
	d, err := slide.Solver{}.Distances(context.Background(), slide.Goal(2, 3))
	if err != nil {
		fmt.Println(err)
		return
	}
	var boards int64
	for _, n := range d.Counts {
		boards += n
	}
	fmt.Println(boards, "boards, at most", len(d.Counts)-1, "moves from the goal")
	fmt.Println(d.Farthest[0].Tiles())
	// Output:
	// 360 boards, at most 21 moves from the goal
	// [4 5 0 1 2 3]
}

// A generator seeded by the caller draws the same boards on every run:
// one uniform among those that reach the goal, and one a walk of 10 moves
// from it, which an optimal solution never needs more moves to undo.
func ExampleRandomBoard() {
	rng := rand.New(rand.NewPCG(1, 2))
	goal := slide.Goal(3, 3)
	b, err := slide.RandomBoard(goal, rng)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(b)
	fmt.Println("solvable:", b.IsSolvable())
	w, _ := slide.RandomWalk(goal, 10, rng)
	sol, _ := slide.Solver{}.Solve(context.Background(), w, goal)
	fmt.Print(w)
	fmt.Println("moves:", sol.Len())
	// Output:
	// 3
	// 3 2 8
	// 0 1 7
	// 5 4 6
	// solvable: true
	// 3
	// 2 5 0
	// 1 3 4
	// 7 8 6
	// moves: 10
}
