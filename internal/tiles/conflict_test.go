package tiles

import (
	"context"
	"errors"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync/atomic"
	"testing"
)

// conflictsOf returns twice the conflicts of the line of key, from its
// digits (place i holds digit i, base length+1: 0 for no tile of the
// line, else one more than the tile's goal place): the tiles less the
// longest run of them in strictly increasing goal order, by a quadratic
// search.
func conflictsOf(key, length int) int {
	var digits []int
	for i := 0; i < length; i++ {
		if d := key % (length + 1); d > 0 {
			digits = append(digits, d)
		}
		key /= length + 1
	}
	return 2 * (len(digits) - longestRun(digits))
}

// TestConflictTable checks every entry of the tables of lines of 1 to 6
// cells, and random ones of 7, against conflictsOf, and that a table is
// built once and shared.
func TestConflictTable(t *testing.T) {
	rng := rand.New(rand.NewPCG(46, 47))
	for length := 1; length <= MaxConflictLine; length++ {
		tab := ConflictTable(length)
		size := int(pow(length+1, length))
		if len(tab) != size {
			t.Fatalf("length %d: %d entries, want %d", length, len(tab), size)
		}
		check := func(key int) {
			if got, want := int(tab[key]), conflictsOf(key, length); got != want {
				t.Fatalf("length %d: key %d has %d, want %d", length, key, got, want)
			}
		}
		if length <= maxTableLine {
			for key := range size {
				check(key)
			}
		} else {
			for range 100000 {
				check(rng.IntN(size))
			}
		}
		if again := ConflictTable(length); &again[0] != &tab[0] {
			t.Errorf("length %d: the table is built twice", length)
		}
	}
}

// TestConflictTableParallel checks that the table of lines of 7 cells,
// built on several goroutines, is the one a single walk over every key
// builds.
func TestConflictTableParallel(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2))
	}
	length := MaxConflictLine
	got, err := buildConflictTable(context.Background(), length)
	if err != nil {
		t.Fatal(err)
	}
	b := conflictBuild{ctx: context.Background(), length: length, place: PlaceValues(length), left: conflictPoll}
	b.t = make([]uint8, pow(length+1, length))
	b.walk(0, 0, 0, 0)
	if len(got) < conflictParallel {
		t.Fatalf("%d entries, fewer than the %d built in parallel", len(got), conflictParallel)
	}
	if i := slices.Compare(got, b.t); i != 0 {
		t.Errorf("the parallel build differs from a single walk")
	}
}

// TestPlaceValues checks the place values of line keys.
func TestPlaceValues(t *testing.T) {
	for length := 1; length <= MaxConflictLine; length++ {
		p := PlaceValues(length)
		v := 1
		for i := range length {
			if p[i] != v {
				t.Errorf("length %d: place %d has value %d, want %d", length, i, p[i], v)
			}
			v *= length + 1
		}
	}
}

// TestMoveDelta checks lineKeys.moveDelta, on every move of every board
// that reaches the goals of smallGoals with distinct labels on two lines
// or more (a quarter of the boards of 3 x 3): twice the conflicts after
// the move less twice those before, as linearConflict computes them from
// scratch.
func TestMoveDelta(t *testing.T) {
	for _, c := range smallGoals() {
		rows, cols, labels := c.rows, c.cols, c.labels
		if !c.perm || rows == 1 || cols == 1 {
			continue
		}
		g := c.goal()
		sp := NewSpace(g, Heuristic{Kind: LinearConflict}, false)
		if sp.lines == nil {
			t.Fatalf("%dx%d: no line keys", rows, cols)
		}
		i := 0
		for key := range labelDistances(rows, cols, labels, false) {
			if i++; rows == 3 && i%4 != 0 {
				continue
			}
			code := encodeBoard(t, g, keyBoard(key))
			s := sp.PackedStart(code)
			before := g.linearConflict(code)
			for _, a := range s.Successors(nil) {
				from, to := a.Blank(), s.Blank()
				v := s.At(from)
				after := g.linearConflict(decode(sp, a.At))
				if d := sp.lines.moveDelta(PackedKey(s), v, from, to); d != after-before {
					t.Fatalf("%dx%d %v: tile of value %d from %d to %d: delta %d, want %d", rows, cols, keyBoard(key), v, from, to, d, after-before)
				}
			}
		}
	}
}

// TestFitsLineKeys pins the boards whose lines take conflict tables.
func TestFitsLineKeys(t *testing.T) {
	for _, c := range []struct {
		rows, cols int
		want       bool
	}{{4, 4, true}, {2, 8, false}, {3, 5, true}, {1, 6, true}, {1, 7, false}, {6, 2, true}, {5, 4, false}} {
		if got := FitsLineKeys(c.rows, c.cols); got != c.want {
			t.Errorf("FitsLineKeys(%d, %d) = %v, want %v", c.rows, c.cols, got, c.want)
		}
	}
}

// A stopAfter is a context whose Err reports context.Canceled from its
// n-th call on, from any number of goroutines.
type stopAfter struct {
	context.Context
	n     int64
	calls atomic.Int64
}

func (c *stopAfter) Err() error {
	if c.calls.Add(1) >= c.n {
		return context.Canceled
	}
	return nil
}

// TestConflictTableCancel: the build of a table polls its context at
// least every conflictPoll keys, and stopped returns the context's error;
// a table built after, unstopped, is whole.
func TestConflictTableCancel(t *testing.T) {
	length := MaxConflictLine
	whole := &stopAfter{Context: context.Background(), n: 1 << 30}
	if _, err := buildConflictTable(whole, length); err != nil {
		t.Fatal(err)
	}
	if size := int(pow(length+1, length)); whole.calls.Load() < int64(size/conflictPoll) {
		t.Errorf("%d polls over %d keys, want at least %d", whole.calls.Load(), size, size/conflictPoll)
	}
	for _, n := range []int64{1, 2, whole.calls.Load() / 2} {
		if tab, err := buildConflictTable(&stopAfter{Context: context.Background(), n: n}, length); !errors.Is(err, context.Canceled) || tab != nil {
			t.Errorf("stopped at poll %d of %d: %d entries, %v; want none and context.Canceled", n, whole.calls.Load(), len(tab), err)
		}
	}
}
