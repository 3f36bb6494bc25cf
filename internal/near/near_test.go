package near

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/slidekit/slide/internal/tiles"
)

// The tests' boards are boards of codes (see tiles.Goal): with distinct
// labels a tile's code is its goal cell, and tiles.BlankCode the blank.
// The helpers draw them as the root package's tests draw Boards, from the
// same seeds to the same boards.

// lcConfig returns a Config whose frames rank and search by Manhattan
// distance and linear conflicts.
func lcConfig() *Config {
	return &Config{Heuristic: tiles.Heuristic{Kind: tiles.LinearConflict}}
}

// standardGoal is the root package's Goal(rows, cols): tile t on cell
// t-1, the blank last.
func standardGoal(rows, cols int) *tiles.Goal {
	return tiles.NewCellGoal(rows, cols, rows*cols-1)
}

// blankFirstGoal is the goal of the data files: the blank on the first
// cell, tile t on cell t.
func blankFirstGoal(rows, cols int) *tiles.Goal {
	return tiles.NewCellGoal(rows, cols, 0)
}

// goalCode returns the codes of t's goal board (distinct labels): cell c
// holds code c, the blank's goal cell the blank.
func goalCode(t *tiles.Goal) []int32 {
	code := make([]int32, t.Rows*t.Cols)
	for c := range code {
		code[c] = int32(c)
	}
	code[t.BlankGoal] = tiles.BlankCode
	return code
}

// opposite returns the direction that undoes a move in direction d.
func opposite(d tiles.Dir) tiles.Dir { return d ^ 1 }

// randomReaching returns a board of codes drawn uniformly from those that
// reach goal t (labels 0 ... n-1, 0 the blank): the root package's
// randomReaching, from the same generator. A board that does not reach it
// has its first two tiles swapped (as Board.Twin does).
func randomReaching(rng *rand.Rand, t *tiles.Goal) []int32 {
	code, err := t.Encode(rng.Perm(t.Rows * t.Cols))
	if err != nil {
		panic(err)
	}
	if !t.Solvable(code) {
		twin(code, tiles.BlankCode)
	}
	return code
}

// randomFrame returns the frame, under lcConfig, of a random board of
// rows x cols that reaches the standard goal, drawn from a generator of
// seeds a and b.
func randomFrame(t testing.TB, a, b uint64, rows, cols int) *frame {
	t.Helper()
	tg := standardGoal(rows, cols)
	f, err := newFrame(context.Background(), tg, randomReaching(rand.New(rand.NewPCG(a, b)), tg), lcConfig())
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// randomGoal returns the goal of the board the root package's
// randomReaching(rng, Goal(rows, cols)) draws: a uniformly random board
// that reaches the standard goal, as a goal of its own (its blank's goal
// cell anywhere).
func randomGoal(rng *rand.Rand, rows, cols int) *tiles.Goal {
	labels := rng.Perm(rows * cols)
	code, err := standardGoal(rows, cols).Encode(labels)
	if err != nil {
		panic(err)
	}
	if !standardGoal(rows, cols).Solvable(code) {
		twin(labels, 0)
	}
	return tiles.NewGoal(rows, cols, labels, true)
}

// twin swaps the first two tiles of b, a board of codes or labels whose
// blank is blank.
func twin[T int | int32](b []T, blank T) {
	first := -1
	for i, v := range b {
		if v == blank {
			continue
		}
		if first < 0 {
			first = i
			continue
		}
		b[first], b[i] = b[i], b[first]
		return
	}
}

// replayBlanks plays the way blanks (the blank's cell in every board,
// the start's included) on a copy of code, a board of goal t with
// distinct labels, and reports whether it starts on the blank's cell,
// moves the blank one cell at a time, and ends on the goal.
func replayBlanks(t *tiles.Goal, code []int32, blanks []int) bool {
	b := slices.Clone(code)
	if len(blanks) == 0 || b[blanks[0]] != tiles.BlankCode {
		return false
	}
	for k := 1; k < len(blanks); k++ {
		from, to := blanks[k-1], blanks[k]
		if to < 0 || to >= len(b) || t.Dist(from, to) != 1 {
			return false
		}
		slideBlank(b, from, to)
	}
	return slices.Equal(b, goalCode(t))
}

// checkBlanks fails tb unless the way blanks solves code (see
// replayBlanks).
func checkBlanks(tb testing.TB, t *tiles.Goal, code []int32, blanks []int) {
	tb.Helper()
	if !replayBlanks(t, code, blanks) {
		tb.Fatalf("the %d moves do not solve the board %v", len(blanks)-1, code)
	}
}

// checkFramePath checks that a path of blank cells in frame f moves the
// blank one cell at a time and leaves the goal.
func checkFramePath(t testing.TB, f *frame, path []int) {
	t.Helper()
	b := slices.Clone(f.cells)
	if path[0] != f.blank {
		t.Fatalf("path starts on cell %d, the blank is on %d", path[0], f.blank)
	}
	for k := 1; k < len(path); k++ {
		d := path[k] - path[k-1]
		if d != 1 && d != -1 && d != f.cols && d != -f.cols || (d == 1 || d == -1) && path[k]/f.cols != path[k-1]/f.cols {
			t.Fatalf("move %d: from cell %d to %d", k, path[k-1], path[k])
		}
		slideBlank(b, path[k-1], path[k])
	}
	for c, v := range b {
		if int(v) != c {
			t.Fatalf("cell %d holds %d at the end", c, v)
		}
	}
}

// A childMove is a tile v sliding from cell from into the blank on cell
// to, and the board it leaves.
type childMove struct {
	v        uint8
	from, to int
	board    []uint8
}

// children returns every move of cells, a board of cols columns whose
// blank is blankVal.
func children(cells []uint8, blankVal uint8, cols int) []childMove {
	var out []childMove
	b := slices.Index(cells, blankVal)
	for _, nb := range []int{b - cols, b - 1, b + 1, b + cols} {
		if nb < 0 || nb >= len(cells) || (nb == b-1 || nb == b+1) && nb/cols != b/cols {
			continue
		}
		child := slices.Clone(cells)
		child[b], child[nb] = cells[nb], blankVal
		out = append(out, childMove{cells[nb], nb, b, child})
	}
	return out
}
