// Package testsets holds the references and helpers that the tests and
// benchmarks of every package share: it reads the data files in the
// repository's testdata directory (the instance files, an id, the optimal
// length, then the tiles row-major, 0 the blank, for the goal with the
// blank on the first cell and tile t on cell t, which ForBlankLast turns
// into boards of the usual goal; and the other tables of
// integers, whose lines that are blank or start with # are skipped), it
// computes true distances of small boards by breadth-first search
// (Distances), it makes and checks boards and paths given as labels
// (RandomWalk, Walks, Arrangements, CheckBlanks), and it tells the
// benchmarks the process's CPU time (CPUTime) and the user's cache of
// pattern databases (UserPDBCache). It imports only the standard library,
// so that the tests of every package, internal ones included, can import
// it.
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

// UserPDBCache is the user's cache of pattern databases, slide/pdb under
// os.UserCacheDir ("" where there is none), which benchmarks read (go run
// ./cmd/slide pdb build NAME fills it). It is set when the package
// initializes, before a TestMain (such as the root package's) points the
// tests at a fresh cache of their own.
var UserPDBCache = func() string {
	d, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(d, "slide", "pdb")
}()

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

// ForBlankLast returns the board of the labels of an instance file, of
// the goal BlankFirst, for the goal BlankLast: turned 180 degrees and
// relabelled t -> n-t (the blank kept), which keeps every distance.
func ForBlankLast(labels []int) []int {
	n := len(labels)
	out := make([]int, n)
	for i, l := range labels {
		if l != 0 {
			out[n-1-i] = n - l
		}
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

// A Distribution is a line of small_boards_bfs.txt: the number of boards
// at each distance from the goal of the instance files (the blank on the
// first cell, tile t on cell t) on a Rows x Cols board, by single-tile
// moves (Metric "STM") or line moves ("MTM").
type Distribution struct {
	Rows, Cols int
	Metric     string
	Reachable  int64 // the boards that can reach the goal
	Antipodes  int   // the boards at the greatest distance
	Counts     []int64
}

// Distributions reads small_boards_bfs.txt, failing tb on a line that
// does not add up (its counts must sum to its reachable boards, the last
// being its antipodes).
func Distributions(tb testing.TB) []Distribution {
	tb.Helper()
	var out []Distribution
	for _, r := range Rows(tb, "small_boards_bfs.txt") {
		if len(r.Words) != 1 || len(r.Nums) < 6 {
			tb.Fatalf("small_boards_bfs.txt: line %v %v is not a distribution", r.Nums, r.Words)
		}
		d := Distribution{Rows: int(r.Nums[0]), Cols: int(r.Nums[1]), Metric: r.Words[0], Reachable: r.Nums[2], Antipodes: int(r.Nums[4]), Counts: r.Nums[5:]}
		var sum int64
		for _, c := range d.Counts {
			sum += c
		}
		if sum != d.Reachable || int64(len(d.Counts)) != r.Nums[3]+1 || d.Counts[len(d.Counts)-1] != int64(d.Antipodes) {
			tb.Fatalf("small_boards_bfs.txt: %d x %d %s does not add up", d.Rows, d.Cols, d.Metric)
		}
		out = append(out, d)
	}
	return out
}

// An Antipode is a line of small_boards_antipodes.txt: a board at the
// greatest distance from the goal of the instance files, by the metric of
// Distribution.
type Antipode struct {
	Rows, Cols int
	Metric     string
	Distance   int
	Labels     []int // row-major, 0 the blank
}

// Antipodes reads small_boards_antipodes.txt, failing tb on a line of
// the wrong length.
func Antipodes(tb testing.TB) []Antipode {
	tb.Helper()
	var out []Antipode
	for _, r := range Rows(tb, "small_boards_antipodes.txt") {
		if len(r.Words) != 1 || len(r.Nums) < 3 || int64(len(r.Nums)-3) != r.Nums[0]*r.Nums[1] {
			tb.Fatalf("small_boards_antipodes.txt: line %v %v is not a board", r.Nums, r.Words)
		}
		a := Antipode{Rows: int(r.Nums[0]), Cols: int(r.Nums[1]), Metric: r.Words[0], Distance: int(r.Nums[2])}
		for _, v := range r.Nums[3:] {
			a.Labels = append(a.Labels, int(v))
		}
		out = append(out, a)
	}
	return out
}
