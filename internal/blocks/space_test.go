package blocks

import (
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

// A testCase is a puzzle of testdata/blocks: its grid, its pieces, and the
// positions reachable with identical pieces merged (its "# expect:" line).
type testCase struct {
	name       string
	rows, cols int
	pieces     []Piece
	states     int
}

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
		c := testCase{name: strings.TrimSuffix(filepath.Base(f), ".txt"), states: -1}
		for _, line := range strings.Split(string(data), "\n") {
			if rest, ok := strings.CutPrefix(line, "# expect:"); ok {
				for _, kv := range strings.Fields(rest) {
					if v, ok := strings.CutPrefix(kv, "states="); ok {
						c.states, _ = strconv.Atoi(v)
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
