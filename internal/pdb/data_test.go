package pdb

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

// An instance is a line of a testdata file: id, optimal length, the tiles
// row-major (0 the blank) for the goal 0 1 2 ... with the blank on cell 0,
// which is already the goal-relative form.
type instance struct {
	id, length int
	cells      []uint8
}

// readInstances reads the instances of testdata/name with n cells each.
func readInstances(t testing.TB, name string, n int) []instance {
	t.Helper()
	f, err := os.Open("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []instance
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		fields := strings.Fields(line)
		if len(fields) != n+2 {
			t.Fatalf("%s: line %q: %d fields, want %d", name, line, len(fields), n+2)
		}
		var nums []int
		for _, s := range fields {
			x, err := strconv.Atoi(s)
			if err != nil {
				t.Fatalf("%s: line %q: %v", name, line, err)
			}
			nums = append(nums, x)
		}
		in := instance{id: nums[0], length: nums[1]}
		for _, x := range nums[2:] {
			in.cells = append(in.cells, uint8(x))
		}
		out = append(out, in)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// readNodeCounts maps each id of testdata/name to the number in its third
// column (the first node count after id and length).
func readNodeCounts(t testing.TB, name string) map[int]int64 {
	t.Helper()
	raw, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	out := map[int]int64{}
	for _, line := range strings.Split(string(raw), "\n") {
		f := strings.Fields(line)
		if len(f) < 3 || f[0][0] == '#' {
			continue
		}
		id, err1 := strconv.Atoi(f[0])
		n, err2 := strconv.ParseInt(f[2], 10, 64)
		if err1 != nil || err2 != nil {
			t.Fatalf("%s: line %q", name, line)
		}
		out[id] = n
	}
	return out
}

// checkPath replays a solution (the blank's cells) from cells and fails
// unless every move is legal and it ends on the goal.
func checkPath(t testing.TB, rows, cols, blankVal int, cells []uint8, path []uint8) {
	t.Helper()
	b := append([]uint8(nil), cells...)
	blank := -1
	for c, v := range b {
		if int(v) == blankVal {
			blank = c
		}
	}
	for i, to := range path {
		d := abs(int(to)/cols-blank/cols) + abs(int(to)%cols-blank%cols)
		if int(to) >= rows*cols || d != 1 {
			t.Fatalf("move %d: blank %d to %d is not a move", i, blank, to)
		}
		b[blank], b[to] = b[to], b[blank]
		blank = int(to)
	}
	for c, v := range b {
		if int(v) != c {
			t.Fatalf("path of %d moves ends on %v, not the goal", len(path), b)
		}
	}
}
