package slide_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/slidekit/slide"
)

// A maze as text: # is a wall.
var mazeText = []string{
	"S..#......",
	".#.#.####.",
	".#...#....",
	".#####.##.",
	"...#...#E.",
}

// A room is a cell of the maze. It knows only its moves: the engines take
// the goal and the heuristic from their fields, so no room carries the
// exit it is searched for.
type room struct{ r, c int }

func (p room) Successors(dst []slide.Arc[room, int]) []slide.Arc[room, int] {
	for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
		q := room{p.r + d[0], p.c + d[1]}
		if q.r >= 0 && q.c >= 0 && q.r < len(mazeText) && q.c < len(mazeText[0]) && mazeText[q.r][q.c] != '#' {
			dst = append(dst, slide.Arc[room, int]{To: q, Cost: 1})
		}
	}
	return dst
}

// A grid maze solved by BFS and A*, the goal test and the heuristic given
// as functions of the exit.
func ExampleNode() {
	start, exit := room{0, 0}, room{4, 8}
	isExit := func(p room) bool { return p == exit }
	manhattan := func(p room) int { return abs(p.r-exit.r) + abs(p.c-exit.c) }

	bfs := slide.BFS[room, int]{GoalFunc: isExit}
	res, err := bfs.Search(context.Background(), start)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("BFS:", res.Cost, "steps,", res.Expanded, "rooms expanded")

	astar := slide.AStar[room, int]{GoalFunc: isExit, HeuristicFunc: manhattan}
	res, err = astar.Search(context.Background(), start)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("A*: ", res.Cost, "steps,", res.Expanded, "rooms expanded")
	// Output:
	// BFS: 18 steps, 25 rooms expanded
	// A*:  18 steps, 25 rooms expanded
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// A spot is a point of a 1000 x 1000 open grid.
type spot struct{ x, y int32 }

func (p spot) Successors(dst []slide.Arc[spot, int]) []slide.Arc[spot, int] {
	for _, d := range [4][2]int32{{1, 0}, {0, 1}, {-1, 0}, {0, -1}} {
		if q := (spot{p.x + d[0], p.y + d[1]}); q.x >= 0 && q.y >= 0 && q.x < 1000 && q.y < 1000 {
			dst = append(dst, slide.Arc[spot, int]{To: q, Cost: 1})
		}
	}
	return dst
}

// Key packs a state into a uint64, distinct states into distinct numbers,
// which lets the engines index states in an open-addressing table rather
// than a Go map: faster and smaller. Here the grid is crossed corner to
// corner.
func ExampleAStar_key() {
	goal := spot{999, 999}
	a := slide.AStar[spot, int]{
		Key:           func(p spot) uint64 { return uint64(p.x)<<32 | uint64(p.y) },
		GoalFunc:      func(p spot) bool { return p == goal },
		HeuristicFunc: func(p spot) int { return int(goal.x-p.x) + int(goal.y-p.y) },
	}
	res, err := a.Search(context.Background(), spot{0, 0})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Cost, "moves,", res.Expanded, "expanded")
	// Output:
	// 1998 moves, 1998 expanded
}

// IDA* stores only its current path: here the maze again, with the
// Manhattan distance to the exit as its bound.
func ExampleIDAStar() {
	exit := room{4, 8}
	ida := slide.IDAStar[room, int]{
		GoalFunc:      func(p room) bool { return p == exit },
		HeuristicFunc: func(p room) int { return abs(p.r-exit.r) + abs(p.c-exit.c) },
	}
	res, err := ida.Search(context.Background(), room{0, 0})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Cost, "steps:", res.Path[:4], "...")
	// Output:
	// 18 steps: [{0 0} {0 1} {0 2} {1 2}] ...
}

// Layers takes the census of every room reachable from the start, by
// distance.
func ExampleBFS_Layers() {
	var bfs slide.BFS[room, int]
	for d, layer := range bfs.Layers(context.Background(), room{0, 0}) {
		if d%5 == 0 {
			fmt.Println(d, layer)
		}
	}
	if err := bfs.Err(); err != nil {
		fmt.Println(err)
	}
	// Output:
	// 0 [{0 0}]
	// 5 [{4 1} {2 3}]
	// 10 [{0 6}]
	// 15 [{2 9}]
	// 20 [{4 6}]
}

// Bidirectional searches from both ends at once; it needs no goal test,
// only the two states.
func ExampleBFS_Bidirectional() {
	var bfs slide.BFS[room, int]
	res, err := bfs.Bidirectional(context.Background(), room{0, 0}, room{4, 8})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(res.Cost, "steps,", res.Expanded, "rooms expanded from both ends")
	// Output:
	// 18 steps, 24 rooms expanded from both ends
}

// A search that reaches its Limits stops with a *LimitError, which says
// which limit and how much work was done.
func ExampleLimitError() {
	a := slide.AStar[spot, int]{
		Limits:   slide.Limits{MaxNodes: 1000},
		GoalFunc: func(p spot) bool { return p == spot{999, 999} },
	}
	_, err := a.Search(context.Background(), spot{0, 0}) // no heuristic: 1998 moves is far
	var le *slide.LimitError
	if errors.As(err, &le) {
		fmt.Println(le.Limit, le.Value, errors.Is(err, slide.ErrLimit))
		fmt.Println(err)
	}
	// Output:
	// nodes 1000 true
	// slide: search stopped at its nodes limit (1000) after 956 expansions
}

// A Solver stops when its context is done, here after 10 ms of a 5 x 5
// board that A* cannot finish so soon.
func ExampleSolver_Solve_timeout() {
	start := slide.MustParseBoard("5\n24 23 22 21 20\n19 18 17 16 15\n14 13 12 11 10\n9 8 7 6 5\n4 3 2 1 0\n")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	_, err := slide.Solver{Algorithm: slide.AlgoAStar}.Solve(ctx, start, slide.Goal(5, 5))
	fmt.Println(err, errors.Is(err, context.DeadlineExceeded))
	// Output:
	// context deadline exceeded true
}

// BlockGoalAt asks for one piece at one place: here the goal piece Z in
// the upper-right corner rather than anywhere in the last column.
func ExampleBlockGoalAt() {
	b, err := slide.ParseBlocks("4 4\n3 1 2 1 b\n1 1 1 1 b\n1 2 1 1 b\n2 1 1 1 b\n2 3 2 1 b\n3 3 1 2 b\n4 1 2 1 b\n4 4 1 1 b\n")
	if err != nil {
		fmt.Println(err)
		return
	}
	goal := slide.BlockGoalAt(0, 0, 2)
	sol, err := slide.BlockSolver{Goal: goal}.Solve(context.Background(), b)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(goal.Describe(b), "in", sol.Len(), "moves, the first", sol.Moves[0])
	fmt.Print(sol.Positions[sol.Len()].Grid())
	// Output:
	// piece Z at row 1, column 3 in 9 moves, the first Piece 4 up 1 space
	// ******
	// *44ZZ*
	// *12..*
	// *..53*
	// *6657*
	// ******
}

// Cache.Build makes a pattern database ready ahead of the first Solve that
// needs it, reporting the progress of a build (here on standard error; a
// database already in memory or on disk needs none): the 5-5-5 partition
// of the 15-puzzle, for the goal with the blank first, used at once on one
// of Korf's instances.
func ExampleCache_Build() {
	cache := slide.Cache{Progress: func(p slide.DatabaseProgress) {
		fmt.Fprintf(os.Stderr, "%v: table %d of %d: depth %d, %d of %d entries\n", p.Heuristic, p.Table+1, p.Tables, p.Depth, p.Reached, p.Entries)
	}}
	if err := cache.Build(context.Background(), slide.PDB555); err != nil {
		fmt.Println(err)
		return
	}
	korfGoal := slide.MustParseBoard("4\n0 1 2 3\n4 5 6 7\n8 9 10 11\n12 13 14 15\n")
	start := slide.MustParseBoard("4\n13 8 14 3\n9 1 0 7\n15 5 4 10\n12 2 6 11\n") // instance 55
	sol, err := slide.Solver{Heuristic: slide.PDB555}.Solve(context.Background(), start, korfGoal)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(sol.Len(), "moves by", sol.Engine, "with", sol.Heuristic)
	end, ok := start.Apply(sol.Moves)
	fmt.Println("reaches the goal:", ok && end == korfGoal)
	// Output:
	// 41 moves by idastar with pdb555
	// reaches the goal: true
}
