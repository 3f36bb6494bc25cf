package blocks

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/slidekit/slide/internal/testsets"
)

// TestBlocksFastPath checks successors64, the hot path, against the
// general move generation, position by position over every position
// reachable in the narrow puzzles of testdata/blocks (the first 8,000 in
// the larger ones): the same moves in the same order.
func TestBlocksFastPath(t *testing.T) {
	const most = 8000
	for _, c := range readCases(t) {
		for _, m := range []Metric{StraightMoves, StepMoves} {
			sp := NewSpace(c.rows, c.cols, c.pieces, m, Goal{Row: -1, Col: c.cols - c.pieces[0].Width}, false)
			if sp.Kind() != NarrowBFS {
				continue
			}
			n := 0
			var fast []uint64
			for _, layer := range layers(sp, sp.Pack64(sp.StartCodes())) {
				if n >= most {
					break
				}
				for _, key := range layer {
					fast = sp.successors64(key, fast[:0])
					sp.words[0] = key
					sp.decode()
					moves := sp.generate()
					if len(moves) != len(fast) {
						t.Fatalf("%s %v: %d moves, successors64 has %d", c.name, m, len(moves), len(fast))
					}
					for i, mv := range moves {
						if k := sp.key64(key, mv); k != fast[i] {
							t.Fatalf("%s %v: move %d: key %x, successors64 has %x", c.name, m, i, k, fast[i])
						}
					}
					n++
				}
			}
			if n < most && n != c.states {
				t.Errorf("%s %v: %d positions, want %d", c.name, m, n, c.states)
			}
		}
	}
}

// TestBlockGroupInsert checks insert against sorting: for groups of 2 to 6
// fields of 1 to 10 bits at various offsets, with random distinct fields,
// replacing one field by a new value gives the key of the new fields
// sorted.
func TestBlockGroupInsert(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		n, bits := 2+rng.IntN(5), uint(1+rng.IntN(10))
		if 1<<bits < n+1 {
			continue
		}
		off := uint(rng.IntN(64 - n*int(bits) + 1))
		g := group{bits: bits, off: off, first: 0, end: n, mask: 1<<bits - 1, all: 1<<(uint(n)*bits) - 1}
		perm := rng.Perm(1 << bits)
		fields := make([]uint32, n)
		for k := range fields {
			fields[k] = uint32(perm[k])
		}
		code := uint32(perm[n]) // differs from every field
		slices.Sort(fields)
		pack := func(fs []uint32) uint64 {
			key := rng.Uint64() &^ (g.all << off) // other groups' bits
			for k, f := range fs {
				key |= uint64(f) << (off + uint(k)*bits)
			}
			return key
		}
		key := pack(fields)
		j := rng.IntN(n)
		want := slices.Clone(fields)
		want[j] = code
		slices.Sort(want)
		wantKey := key&^(g.all<<off) | pack(want)&(g.all<<off)
		if got := g.insert(key, j, code); got != wantKey {
			t.Fatalf("fields %v, slot %d to %d: key %x, want %x", fields, j, code, got, wantKey)
		}
	}
}

// TestKeysCanonical checks that a key names an arrangement: over every
// position reachable in the narrow puzzles (the first 300 in the
// larger ones), permuting identical pieces leaves the key the same, in
// both key forms, while with DistinctPieces a permutation changes it;
// and distinct keys are distinct arrangements.
func TestKeysCanonical(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 23))
	for _, c := range readCases(t) {
		sp := c.space(StraightMoves)
		if sp.Kind() != NarrowBFS {
			continue
		}
		names := map[string]uint64{}
		n := 0
		for _, layer := range layers(sp, sp.Pack64(sp.StartCodes())) {
			for _, key := range layer {
				if n++; n > 300 {
					break
				}
				pieces := sp.pieces(sp.State64(key).Codes())
				name := arrangement(pieces, 0, false)
				if other, ok := names[name]; ok {
					t.Fatalf("%s: keys %x and %x are both%s", c.name, other, key, describe(pieces))
				}
				names[name] = key
				// the same pieces, identical ones trading places
				perm := slices.Clone(pieces)
				swapped := false
				for k := range sp.groups {
					members := sp.groups[k].members
					for i := len(members) - 1; i > 0; i-- {
						j := rng.IntN(i + 1)
						a, b := members[i], members[j]
						perm[a].Row, perm[a].Col, perm[b].Row, perm[b].Col = perm[b].Row, perm[b].Col, perm[a].Row, perm[a].Col
						swapped = swapped || i != j
					}
				}
				other := NewSpace(c.rows, c.cols, perm, StraightMoves, c.goal(), false)
				if k := other.Pack64(other.StartCodes()); k != key {
					t.Fatalf("%s: identical pieces permuted: key %x, want %x", c.name, k, key)
				}
				wide, otherWide := c.space(StraightMoves), NewSpace(c.rows, c.cols, perm, StraightMoves, c.goal(), false)
				wide.Force(false, true)
				otherWide.Force(false, true)
				if a, b := wide.packWide(sp.State64(key).Codes()), otherWide.packWide(otherWide.StartCodes()); string(a) != string(b) {
					t.Fatalf("%s: identical pieces permuted: wide key %x, want %x", c.name, b, a)
				}
				if swapped {
					d1 := NewSpace(c.rows, c.cols, pieces, StraightMoves, c.goal(), true)
					d2 := NewSpace(c.rows, c.cols, perm, StraightMoves, c.goal(), true)
					if d1.Pack64(d1.StartCodes()) == d2.Pack64(d2.StartCodes()) {
						t.Fatalf("%s: distinct pieces permuted keep their key", c.name)
					}
				}
			}
		}
	}
}

// TestMove checks Move on every move of the first positions of the
// puzzles: it names the moving piece's group and its place before and
// after, as the pieces of the two positions show; and it refuses a
// position and itself, and two positions two moves apart.
func TestMove(t *testing.T) {
	for _, c := range readCases(t) {
		sp := c.space(StraightMoves)
		if sp.Kind() == WideStates {
			continue
		}
		explore(sp.State64(sp.Pack64(sp.StartCodes())), 100, func(s State64, next []State64) bool {
			a := s.Codes()
			before := sp.pieces(a)
			if _, _, _, _, _, ok := sp.Move(a, a); ok {
				t.Fatalf("%s: Move from a position to itself", c.name)
			}
			for _, n := range next {
				b := n.Codes()
				members, r0, c0, r1, c1, ok := sp.Move(a, b)
				if !ok {
					t.Fatalf("%s: Move refuses a move", c.name)
				}
				after := sp.pieces(b)
				from, to := false, false
				for _, i := range members {
					from = from || before[i].Row == r0 && before[i].Col == c0
					to = to || after[i].Row == r1 && after[i].Col == c1
				}
				if !from || !to || r0 == r1 && c0 == c1 {
					t.Fatalf("%s: Move says (%d, %d) to (%d, %d) among %v:%s to%s", c.name, r0, c0, r1, c1, members, describe(before), describe(after))
				}
				for _, nn := range n.Successors(nil) {
					if d := nn.Codes(); arrangement(sp.pieces(d), 0, false) != arrangement(before, 0, false) && sp.groupsChanged(a, d) > 1 {
						if _, _, _, _, _, ok := sp.Move(a, d); ok {
							t.Fatalf("%s: Move takes two pieces' moves for one", c.name)
						}
					}
				}
			}
			return true
		})
	}
}

// groupsChanged returns the number of groups whose fields differ between
// the positions of codes a and b.
func (sp *Space) groupsChanged(a, b []uint32) int {
	n := 0
	for k := range sp.groups {
		g := &sp.groups[k]
		if !slices.Equal(a[g.first:g.end], b[g.first:g.end]) {
			n++
		}
	}
	return n
}

// TestKind pins which search takes a space.
func TestKind(t *testing.T) {
	small := []Piece{{Row: 0, Col: 0, Width: 1, Height: 1, Motion: Both}}
	many := randomPieces(rand.New(rand.NewPCG(24, 25)), 12, 12, 30)
	for _, c := range []struct {
		name       string
		rows, cols int
		pieces     []Piece
		metric     Metric
		want       Kind
	}{
		{"narrow, straight", 8, 8, small, StraightMoves, NarrowBFS},
		{"narrow, step", 4, 4, small, StepMoves, NarrowBFS},
		{"narrow, piece", 4, 4, small, PieceMoves, States64},
		{"65 cells", 5, 13, small, StraightMoves, States64},
		{"wide key", 12, 12, many, StraightMoves, WideStates},
	} {
		if got := NewSpace(c.rows, c.cols, c.pieces, c.metric, Goal{Row: -1}, false).Kind(); got != c.want {
			t.Errorf("%s: Kind %v, want %v", c.name, got, c.want)
		}
	}
}

// Helpers shared by the tests of this package: the puzzles of
// testdata/blocks, a reference move generator that works on plain piece
// lists, and a breadth-first search over any of the package's states.

// A testCase is a puzzle of testdata/blocks: its grid, its pieces, and
// what its "# expect:" line says: the positions reachable with identical
// pieces merged, and the optimum in each metric (-1 for none).
type testCase struct {
	name                  string
	rows, cols            int
	pieces                []Piece
	states                int
	straight, piece, step int
}

// optimum returns the case's optimum under metric m.
func (c testCase) optimum(m Metric) int {
	return [...]int{StraightMoves: c.straight, StepMoves: c.step, PieceMoves: c.piece}[m]
}

// goal returns the goal the optima are for: the goal piece's right edge
// on the last column, in any row; on Klotski's 5 x 4 board with a 2 x 2
// goal piece, the classic square at the bottom middle (row 4, column 2,
// from 1), as the root package's BlockGoal has it.
func (c testCase) goal() Goal {
	p := c.pieces[0]
	if c.rows == 5 && c.cols == 4 && p.Width == 2 && p.Height == 2 {
		return Goal{Row: 3, Col: 1}
	}
	return Goal{Row: -1, Col: c.cols - p.Width}
}

// space returns the space of the case under m for its goal.
func (c testCase) space(m Metric) *Space {
	return NewSpace(c.rows, c.cols, c.pieces, m, c.goal(), false)
}

// metrics are the three metrics, for tables.
var metrics = []Metric{StraightMoves, StepMoves, PieceMoves}

// readCases reads the puzzles of testdata/blocks: a line "rows
// cols", then a piece a line, "row col width height motion" (1-based row
// and column; motion one of n h v b), the goal piece first; # comments.
func readCases(t testing.TB) []testCase {
	t.Helper()
	files, err := filepath.Glob(testsets.Path("blocks/*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no puzzles in testdata/blocks: %v", err)
	}
	var cases []testCase
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		c := testCase{name: strings.TrimSuffix(filepath.Base(f), ".txt"), states: -1, straight: -2, piece: -2, step: -2}
		for _, line := range strings.Split(string(data), "\n") {
			if rest, ok := strings.CutPrefix(line, "# expect:"); ok {
				for _, kv := range strings.Fields(rest) {
					k, v, _ := strings.Cut(kv, "=")
					n, err := strconv.Atoi(v)
					if v == "none" {
						n, err = -1, nil
					}
					if err != nil {
						t.Fatalf("%s: %q: %v", f, kv, err)
					}
					switch k {
					case "states":
						c.states = n
					case "straight":
						c.straight = n
					case "piece":
						c.piece = n
					case "step":
						c.step = n
					}
				}
			}
			fields := strings.Fields(line)
			if len(fields) == 0 || strings.HasPrefix(fields[0], "#") {
				continue
			}
			nums := make([]int, 4)
			for i := range min(len(fields), 4) {
				if nums[i], err = strconv.Atoi(fields[i]); err != nil {
					t.Fatalf("%s: %q: %v", f, line, err)
				}
			}
			if c.rows == 0 {
				c.rows, c.cols = nums[0], nums[1]
				continue
			}
			if len(fields) != 5 || !strings.Contains("nhvb", fields[4]) {
				t.Fatalf("%s: %q is not a piece", f, line)
			}
			c.pieces = append(c.pieces, Piece{Row: nums[0] - 1, Col: nums[1] - 1, Width: nums[2], Height: nums[3], Motion: Motion(strings.Index("nhvb", fields[4]))})
		}
		if c.states < 0 || c.straight < -1 || c.piece < -1 || c.step < -1 {
			t.Fatalf("%s: no complete # expect: line", f)
		}
		cases = append(cases, c)
	}
	return cases
}

// layers returns the keys of the positions reachable from the key start,
// by distance, found by the general move generation (generate and key64).
func layers(sp *Space, start uint64) [][]uint64 {
	seen := map[uint64]bool{start: true}
	var out [][]uint64
	for layer := []uint64{start}; len(layer) > 0; {
		out = append(out, layer)
		var next []uint64
		for _, key := range layer {
			sp.words[0] = key
			sp.decode()
			for _, m := range sp.generate() {
				if k := sp.key64(key, m); !seen[k] {
					seen[k] = true
					next = append(next, k)
				}
			}
		}
		layer = next
	}
	return out
}

// refMoves returns the positions one move from pieces on a rows x cols
// grid under metric m, worked out on a grid of cells without the
// package's keys and bitboards: each movable piece, lifted off the grid,
// slides in the directions its motion allows (left and right for
// Horizontal, up and down for Vertical) through free cells, one cell
// (StepMoves), or any distance (StraightMoves), or goes wherever a path
// of such steps takes it (PieceMoves).
func refMoves(rows, cols int, pieces []Piece, m Metric) [][]Piece {
	occ := make([]int, rows*cols) // pieces on each cell
	mark := func(p Piece, d int) {
		for r := p.Row; r < p.Row+p.Height; r++ {
			for c := p.Col; c < p.Col+p.Width; c++ {
				occ[r*cols+c] += d
			}
		}
	}
	for _, p := range pieces {
		mark(p, 1)
	}
	free := func(p Piece, r, c int) bool {
		if r < 0 || c < 0 || r+p.Height > rows || c+p.Width > cols {
			return false
		}
		for y := r; y < r+p.Height; y++ {
			for x := c; x < c+p.Width; x++ {
				if occ[y*cols+x] != 0 {
					return false
				}
			}
		}
		return true
	}
	var out [][]Piece
	add := func(i, r, c int) {
		q := slices.Clone(pieces)
		q[i].Row, q[i].Col = r, c
		out = append(out, q)
	}
	for i, p := range pieces {
		var dirs [][2]int
		if p.Motion == Vertical || p.Motion == Both {
			dirs = append(dirs, [2]int{-1, 0}, [2]int{1, 0})
		}
		if p.Motion == Horizontal || p.Motion == Both {
			dirs = append(dirs, [2]int{0, -1}, [2]int{0, 1})
		}
		if len(dirs) == 0 {
			continue
		}
		mark(p, -1)
		if m == PieceMoves {
			seen := map[[2]int]bool{{p.Row, p.Col}: true}
			for queue := [][2]int{{p.Row, p.Col}}; len(queue) > 0; queue = queue[1:] {
				for _, d := range dirs {
					r, c := queue[0][0]+d[0], queue[0][1]+d[1]
					if !seen[[2]int{r, c}] && free(p, r, c) {
						seen[[2]int{r, c}] = true
						queue = append(queue, [2]int{r, c})
						add(i, r, c)
					}
				}
			}
		} else {
			for _, d := range dirs {
				for k := 1; free(p, p.Row+k*d[0], p.Col+k*d[1]); k++ {
					add(i, p.Row+k*d[0], p.Col+k*d[1])
					if m == StepMoves {
						break
					}
				}
			}
		}
		mark(p, 1)
	}
	return out
}

// arrangement returns a name of the position of pieces that identical
// pieces share: each piece by its size, motion and place, in sorted
// order, and for the pieces that are their own (the goal piece, the one
// at index own, every piece if distinct) by their number too.
func arrangement(pieces []Piece, own int, distinct bool) string {
	parts := make([]string, len(pieces))
	for i, p := range pieces {
		id := 0
		if distinct || i == 0 || i == own {
			id = i + 1
		}
		parts[i] = string([]byte{byte(id), byte(p.Width), byte(p.Height), byte(p.Motion), byte(p.Row), byte(p.Col)})
	}
	slices.Sort(parts)
	return strings.Join(parts, "")
}

// describe writes the pieces for people: each one's size, motion and
// upper-left cell.
func describe(pieces []Piece) string {
	var b strings.Builder
	for _, p := range pieces {
		fmt.Fprintf(&b, " %dx%d%c@%d,%d", p.Width, p.Height, "nhvb"[p.Motion], p.Row, p.Col)
	}
	return b.String()
}

// A blockState is State64 or Wide, as the tests search them.
type blockState[S any] interface {
	comparable
	Successors([]S) []S
	IsGoal() bool
	Codes() []uint32
}

// explore searches breadth-first from start, calling visit (if not nil)
// with every position it expands, at most most of them, and their
// successors, until visit returns false; it returns the depth of the
// first goal it meets (-1 if none) and the number of positions it saw.
func explore[S blockState[S]](start S, most int, visit func(s S, next []S) bool) (goal, seen int) {
	dist := map[S]int{start: 0}
	goal = -1
	var arcs []S
	next := []S{}
	for queue, expanded := []S{start}, 0; len(queue) > 0 && expanded < most; queue, expanded = queue[1:], expanded+1 {
		s := queue[0]
		if goal < 0 && s.IsGoal() {
			goal = dist[s]
		}
		arcs = s.Successors(arcs[:0])
		next = next[:0]
		for _, a := range arcs {
			next = append(next, a)
			if _, ok := dist[a]; !ok {
				dist[a] = dist[s] + 1
				queue = append(queue, a)
			}
		}
		if visit != nil && !visit(s, next) {
			break
		}
	}
	return goal, len(dist)
}

// exploreCodes is explore for a visit that takes the fields of each
// position expanded and of its successors.
func exploreCodes[S blockState[S]](start S, most int, visit func(codes []uint32, next [][]uint32) bool) {
	explore(start, most, func(s S, next []S) bool {
		codes := make([][]uint32, len(next))
		for i, n := range next {
			codes[i] = n.Codes()
		}
		return visit(s.Codes(), codes)
	})
}
