package slide_test

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/slidekit/slide"
)

func ExampleParseDatabase() {
	goal := slide.Goal(3, 5)
	d, err := slide.ParseDatabase(goal, "5 4 3 2 1/6 7 8 9 10/11 12 13 14")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(d)
	tables, _, _ := d.Heuristic().Memory()
	fmt.Println(d.Entries(), tables)

	_, err = slide.ParseDatabase(goal, "1 2 3 4 5/5 6 7 8 9 10/11 12 13 14")
	fmt.Println(err)
	fmt.Println(errors.Is(err, slide.ErrTile))
	// Output:
	// 1 2 3 4 5/6 7 8 9 10/11 12 13 14
	// [360360 360360 32760] 1161429
	// slide.ParseDatabase: label 5 is in groups 1 and 2: groups must not overlap
	// true
}

// A pattern database of your own: the 8-puzzle with its blank's goal in
// the middle, in two groups, built into a cache of its own and searched
// with. Its heuristic is named by its tables: the board, the blank's goal
// cell and the groups by goal cell.
func ExampleDatabase_Heuristic() {
	dir, err := os.MkdirTemp("", "pdb")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)

	goal := slide.MustParseBoard("3\n1 2 3\n4 0 5\n6 7 8\n")
	h := slide.MustParseDatabase(goal, "1 2 3 4/5 6 7 8").Heuristic()
	tables := map[int]bool{}
	cache := slide.Cache{Dir: dir, Progress: func(p slide.DatabaseProgress) { tables[p.Table] = true }}
	if err := cache.Build(context.Background(), h); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("tables built:", len(tables))

	start := slide.MustParseBoard("3\n8 7 6\n5 0 4\n3 2 1\n")
	estimate, _ := h.Estimate(start, goal)
	sol, err := slide.Solver{Heuristic: h, Cache: slide.Cache{Dir: dir}}.Solve(context.Background(), start, goal)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("estimate:", estimate, "moves:", sol.Len(), "heuristic:", sol.Heuristic)
	// Output:
	// tables built: 2
	// estimate: 28 moves: 30 heuristic: 3x3-b4-0.1.2.3-5.6.7.8
}

// A Cache lists its files by name; Remove takes those names, and Clean
// empties it.
func ExampleCache_List() {
	dir, err := os.MkdirTemp("", "pdb")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)

	cache := slide.Cache{Dir: dir}
	// The 5-5-5 tables of the 15-puzzle take half a second to build.
	if err := cache.Build(context.Background(), slide.PDB555); err != nil {
		fmt.Println(err)
		return
	}
	start := slide.MustParseBoard("4\n5 1 2 3\n9 6 7 4\n13 10 11 8\n0 14 15 12\n")
	sol, err := slide.Solver{Heuristic: slide.PDB555, Cache: cache}.Solve(context.Background(), start, slide.Goal(4, 4))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(sol.Len(), sol.Heuristic, slide.FormatMoves(sol.Moves))

	files, err := cache.List()
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, f := range files {
		fmt.Println(f.Name, f.Rows, f.Cols, f.Bytes, f.Err)
		removed, err := cache.Remove(f.Name)
		fmt.Println("removed:", removed.Name, err)
	}
	// Output:
	// 9 pdb555 DDDLLLUUU
	// pdb555 4 4 786331 <nil>
	// removed: pdb555 <nil>
}
