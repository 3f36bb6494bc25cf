// Package testsets holds the references that the tests and benchmarks of
// every package check against: it reads the data files in the repository's
// testdata directory (the instance files, an id, the optimal length, then
// the tiles row-major, 0 the blank, for the goal with the blank on the
// first cell and tile t on cell t; and the other tables of integers, whose
// lines that are blank or start with # are skipped), it computes true
// distances of small boards by breadth-first search (Distances), and it
// makes and checks boards and paths given as labels (Walks, CheckBlanks).
package testsets

import (
	"bufio"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// Path returns the path of the file name in the repository's testdata
// directory.
func Path(name string) string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "testdata", name)
}

// A Row is a line of a table: the fields that are integers in Nums, the
// others (such as STM) in Words, each in their order.
type Row struct {
	Words []string
	Nums  []int64
}

// Rows reads the table in the testdata file name, failing tb on an error.
func Rows(tb testing.TB, name string) []Row {
	tb.Helper()
	f, err := os.Open(Path(name))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var rows []Row
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var r Row
		for _, f := range strings.Fields(line) {
			if v, err := strconv.ParseInt(f, 10, 64); err == nil {
				r.Nums = append(r.Nums, v)
			} else {
				r.Words = append(r.Words, f)
			}
		}
		rows = append(rows, r)
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return rows
}

// An Instance is a line of an instance file.
type Instance struct {
	ID, Optimal int
	Labels      []int // row-major, 0 the blank
}

// Instances reads the instance file name, whose boards have n cells,
// failing tb on a line of another length.
func Instances(tb testing.TB, name string, n int) []Instance {
	tb.Helper()
	var out []Instance
	for _, r := range Rows(tb, name) {
		if len(r.Words) != 0 || len(r.Nums) != n+2 {
			tb.Fatalf("%s: line of id %v: want an id, a length and %d tiles", name, r.Nums[:min(1, len(r.Nums))], n)
		}
		labels := make([]int, n)
		for i, v := range r.Nums[2:] {
			labels[i] = int(v)
		}
		out = append(out, Instance{int(r.Nums[0]), int(r.Nums[1]), labels})
	}
	return out
}

// BlankFirst returns the goal of the instance files on n cells: the blank
// on the first cell, tile t on cell t.
func BlankFirst(n int) []int {
	labels := make([]int, n)
	for i := range labels {
		labels[i] = i
	}
	return labels
}
