package slide

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/slidekit/slide/internal/tiles"
)

// readRows reads a whitespace-separated integer table from testdata,
// skipping # comments; fields that are not integers (such as STM) are kept
// in words, the rest in nums.
type dataRow struct {
	words []string
	nums  []int64
}

func readRows(t testing.TB, name string) []dataRow {
	t.Helper()
	f, err := os.Open("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []dataRow
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var r dataRow
		for _, f := range strings.Fields(line) {
			if v, err := strconv.ParseInt(f, 10, 64); err == nil {
				r.nums = append(r.nums, v)
			} else {
				r.words = append(r.words, f)
			}
		}
		rows = append(rows, r)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

// instance is a line of the instance files: id, optimal length, tiles.
type instance struct {
	id, optimal int
	board       Board
}

// readInstances reads an instance file (id optimal t0 ... tN-1) of
// rows x cols boards; their goal is blank-first, see blankFirstGoal.
func readInstances(t testing.TB, name string, rows, cols int) []instance {
	t.Helper()
	var out []instance
	for _, r := range readRows(t, name) {
		tiles := make([]int, len(r.nums)-2)
		for i, v := range r.nums[2:] {
			tiles[i] = int(v)
		}
		b, err := New(rows, cols, tiles)
		if err != nil {
			t.Fatalf("%s id %d: %v", name, r.nums[0], err)
		}
		out = append(out, instance{int(r.nums[0]), int(r.nums[1]), b})
	}
	return out
}

// blankFirstGoal is the goal of the data files: the blank in the first
// cell, tile t in cell t.
func blankFirstGoal(rows, cols int) Board {
	tiles := make([]int, rows*cols)
	for i := range tiles {
		tiles[i] = i
	}
	b, _ := New(rows, cols, tiles)
	return b
}

// encodeFor returns the target of goal and start's code against it,
// failing tb on an error.
func encodeFor(tb testing.TB, start, goal Board) (*tiles.Goal, []int32) {
	tb.Helper()
	tg, err := newTarget("test", goal)
	if err != nil {
		tb.Fatal(err)
	}
	code, err := encode("test", tg, start)
	if err != nil {
		tb.Fatal(err)
	}
	return tg, code
}

// boardOf returns the board of cell values val (see tiles.Space) of sp.
func boardOf(sp *tiles.Space, val func(int) int) Board {
	b, _ := NewLabeled(sp.Rows(), sp.Cols(), sp.Labels(val))
	return b
}
