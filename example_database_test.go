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
	fmt.Println(d.Entries(), d.Bytes())

	_, err = slide.ParseDatabase(goal, "1 2 3 4 5/5 6 7 8 9 10/11 12 13 14")
	fmt.Println(err)
	fmt.Println(errors.Is(err, slide.ErrTile))
	// Output:
	// 1 2 3 4 5/6 7 8 9 10/11 12 13 14
	// [360360 360360 32760] 753480
	// slide.ParseDatabase: label 5 is in groups 1 and 2: groups must not overlap
	// true
}

func ExampleDatabase_Build() {
	dir, err := os.MkdirTemp("", "pdb")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)

	// The 8-puzzle with its blank's goal in the middle, in two groups.
	goal := slide.MustParse("3\n1 2 3\n4 0 5\n6 7 8\n")
	d := slide.MustParseDatabase(goal, "1 2 3 4/5 6 7 8")
	tables := map[int]bool{}
	err = d.Build(context.Background(), func(p slide.DatabaseProgress) {
		tables[p.Table] = true
	}, slide.WithCacheDir(dir))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("tables built:", len(tables))

	start := slide.MustParse("3\n8 7 6\n5 0 4\n3 2 1\n")
	h, _ := d.Estimate(start)
	sol, err := slide.Solve(start, goal, slide.WithDatabase(d), slide.WithCacheDir(dir))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("estimate:", h, "moves:", sol.Len(), "heuristic:", sol.Heuristic)
	// Output:
	// tables built: 2
	// estimate: 28 moves: 30 heuristic: pdb
}

func ExampleBuildDatabase() {
	dir, err := os.MkdirTemp("", "pdb")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)

	// Build the 5-5-5 tables of the 15-puzzle (half a second) into dir;
	// without WithCacheDir they go to the user's cache directory.
	if err := slide.BuildDatabase(context.Background(), slide.PDB555, nil, slide.WithCacheDir(dir)); err != nil {
		fmt.Println(err)
		return
	}
	start := slide.MustParse("4\n5 1 2 3\n9 6 7 4\n13 10 11 8\n0 14 15 12\n")
	sol, err := slide.Solve(start, slide.Goal(4, 4), slide.WithHeuristic(slide.PDB555), slide.WithCacheDir(dir))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(sol.Len(), sol.Heuristic, slide.FormatMoves(sol.Moves))
	// Output:
	// 9 pdb555 DDDLLLUUU
}
