package near

import (
	"bufio"
	"context"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/pdbcache"
	"github.com/slidekit/slide/internal/testsets"
	"github.com/slidekit/slide/internal/tiles"
)

// spanFrame returns the frame of a 4 x 4 board a random walk of walk
// moves from the goal, under learnSpec (built in memory).
func spanFrame(t testing.TB, rng *rand.Rand, walk int) *frame {
	t.Helper()
	tg := standardGoal(4, 4)
	cfg := Config{Heuristic: tiles.Heuristic{Kind: tiles.Database, Name: "pdb", Spec: learnSpec, Custom: true},
		Request: pdbcache.Request{DirSet: true, Build: true}}
	code := testsets.RandomWalk(rng, tg.Rows, tg.Cols, goalCode(tg), tiles.BlankCode, walk)
	f, err := newFrame(context.Background(), tg, code, &cfg)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// spanOracle returns the fewest moves from frame board a to b, by the
// polisher's IDA* (linear conflicts) on a relabelled as goal-relative
// codes of b.
func spanOracle(t testing.TB, f *frame, a, b []uint8) int {
	t.Helper()
	posB := make([]int32, len(b))
	for c, v := range b {
		posB[v] = int32(c)
	}
	code := make([]int32, len(a))
	for c, v := range a {
		code[c] = posB[v]
		if int(v) == f.blankVal {
			code[c] = tiles.BlankCode
		}
	}
	blanks, err := solveSmall(context.Background(), tiles.NewCellGoal(f.rows, f.cols, int(posB[f.blankVal])), code, engine.Limits{MaxCost: math.Inf(1)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return len(blanks) - 1
}

// replaySpan returns the board the blank's cells way lead board a to,
// failing t unless way starts on a's blank and moves it a cell at a time.
func replaySpan(t testing.TB, f *frame, a []uint8, way []int) []uint8 {
	t.Helper()
	b := slices.Clone(a)
	if len(way) == 0 || int(b[way[0]]) != f.blankVal {
		t.Fatalf("the way %v does not start on the blank", way)
	}
	for k := 1; k < len(way); k++ {
		d := abs(way[k]/f.cols-way[k-1]/f.cols) + abs(way[k]%f.cols-way[k-1]%f.cols)
		if d != 1 {
			t.Fatalf("move %d: from cell %d to %d", k, way[k-1], way[k])
		}
		slideBlank(b, way[k-1], way[k])
	}
	return b
}

// TestSpanSearch: the span search finds a shortest way between two
// boards, the fewest moves by an IDA* of another heuristic, whether the
// far board's blank is on its goal cell or not, and none when the bound
// is below it; its relabelled bound never passes the fewest moves.
func TestSpanSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 1))
	f := spanFrame(t, rng, 200)
	s := newSpanSearch(f)
	for k := range 12 {
		a := f.cells
		b := testsets.RandomWalk(rng, f.rows, f.cols, a, uint8(f.blankVal), 20+rng.IntN(20))
		if k%4 == 0 { // b's blank on its goal cell: every table counts
			b = slices.Clone(a)
			b[slices.Index(b, uint8(f.blankVal))], b[f.blankVal] = b[f.blankVal], uint8(f.blankVal)
			b = testsets.RandomWalk(rng, f.rows, f.cols, b, uint8(f.blankVal), 0)
			a = testsets.RandomWalk(rng, f.rows, f.cols, b, uint8(f.blankVal), 30)
		}
		want := spanOracle(t, f, a, b)
		if h, _ := s.prepare(a, b); h > want {
			t.Fatalf("board %d: bound %d, fewest moves %d", k, h, want)
		}
		way := s.search(context.Background(), a, b, want+6, math.MaxInt64)
		if len(way)-1 != want {
			t.Fatalf("board %d: a way of %d moves, the fewest are %d", k, len(way)-1, want)
		}
		if got := replaySpan(t, f, a, way); !slices.Equal(got, b) {
			t.Fatalf("board %d: the way leads to %v, not %v", k, got, b)
		}
		if want >= 2 && s.search(context.Background(), a, b, want-2, math.MaxInt64) != nil {
			t.Fatalf("board %d: a way shorter than the fewest moves", k)
		}
	}
}

// TestSpanPolish: polishing a path that wanders (random walks) returns a
// path to the same board, never longer, shorter here; polished with a
// step of one move until a pass gains nothing, its every span of the
// window is a shortest way.
func TestSpanPolish(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 2))
	f := spanFrame(t, rng, 200)
	s := newSpanSearch(f)
	for k := range 4 {
		path := []int{f.blank}
		board := slices.Clone(f.cells)
		for range 60 {
			b := path[len(path)-1]
			nb := s.adj[b][rng.IntN(len(s.adj[b]))]
			slideBlank(board, b, nb)
			path = append(path, nb)
		}
		got := s.polish(context.Background(), f.cells, path, 16, 4, math.MaxInt64, math.MaxInt64)
		if end := replaySpan(t, f, f.cells, got); !slices.Equal(end, board) {
			t.Fatalf("path %d: the polished path leads elsewhere", k)
		}
		if len(got) >= len(path) {
			t.Fatalf("path %d: %d moves polished to %d", k, len(path)-1, len(got)-1)
		}
		for n := 0; n != len(got); {
			n = len(got)
			got = s.polish(context.Background(), f.cells, got, 16, 1, math.MaxInt64, math.MaxInt64)
		}
		if end := replaySpan(t, f, f.cells, got); !slices.Equal(end, board) {
			t.Fatalf("path %d: the polished path leads elsewhere", k)
		}
		if len(got) >= len(path) {
			t.Fatalf("path %d: %d moves polished to %d", k, len(path)-1, len(got)-1)
		}
		b := slices.Clone(f.cells)
		for i := 0; i+16 < len(got); i++ {
			e := replaySpan(t, f, b, got[i:i+17])
			if want := spanOracle(t, f, b, e); want != 16 {
				t.Fatalf("path %d: the span of 16 moves from move %d takes %d", k, i, want)
			}
			slideBlank(b, got[i], got[i+1])
		}
	}
}

// sampleFrames returns the frames of the first boards of a sample file
// (id, reference length, then the tiles row by row, 0 the blank, whose
// goal cell is the first), under the strongest database cached, and the
// references.
func sampleFrames(t testing.TB, path string, boards int) ([]*frame, []int) {
	t.Helper()
	file, err := os.Open(path)
	if err != nil {
		t.Skip(err)
	}
	defer file.Close()
	var frames []*frame
	var refs []int
	sc := bufio.NewScanner(file)
	for sc.Scan() && len(frames) < boards {
		fs := strings.Fields(sc.Text())
		if len(fs) < 3 || strings.HasPrefix(fs[0], "#") {
			continue
		}
		ref, _ := strconv.Atoi(fs[1])
		n := int(math.Sqrt(float64(len(fs) - 2)))
		tg := blankFirstGoal(n, n)
		code := make([]int32, n*n)
		for c, s := range fs[2:] {
			v, _ := strconv.Atoi(s)
			code[c] = int32(v)
			if v == 0 {
				code[c] = tiles.BlankCode
			}
		}
		cfg := Config{Request: pdbcache.Request{Dir: testsets.UserPDBCache, DirSet: true}}
		cfg.Heuristic = cachedDatabase(tg, &cfg.Request)
		f, err := newFrame(context.Background(), tg, code, &cfg)
		if err != nil {
			t.Fatal(err)
		}
		frames = append(frames, f)
		refs = append(refs, ref)
	}
	return frames, refs
}

// TestSpanExperiment measures span polishing on fixed-width beams of the
// sample boards: SLIDE_SPAN=file:boards:width:window:step:perSpan.
func TestSpanExperiment(t *testing.T) {
	arg := os.Getenv("SLIDE_SPAN")
	if arg == "" {
		t.Skip("SLIDE_SPAN not set")
	}
	p := strings.Split(arg, ":")
	num := func(i int) int { v, _ := strconv.Atoi(p[i]); return v }
	frames, refs := sampleFrames(t, p[0], num(1))
	var before, after, ref int
	var nodes, beamNodes, polNodes int64
	var polLen int
	var beamTime, spanTime time.Duration
	for i, f := range frames {
		if f.db == nil {
			t.Skip("no database cached")
		}
		bs := f.beam(num(2), 1)
		t0 := time.Now()
		path, err := bs.search(context.Background(), f.cells, f.blank, 2000)
		beamTime += time.Since(t0)
		if err != nil {
			t.Fatal(err)
		}
		vals := make([]int32, len(f.cells))
		for c, v := range f.cells {
			vals[c] = int32(v)
		}
		pol := &polisher{rows: f.rows, cols: f.cols, blankVal: int32(f.blankVal), ctx: context.Background(), maxNodes: 200_000, budget: math.MaxInt64}
		pp := path
		for _, w := range []int{16, 24, 32, 40} {
			for {
				before := len(pp)
				pp = pol.polish(vals, pp, w, w/3)
				if len(pp) == before {
					break
				}
			}
		}
		polLen += len(pp) - 1
		polNodes += pol.work.Generated
		s := newSpanSearch(f)
		got := path
		if os.Getenv("SLIDE_SPAN_AFTER") != "" {
			got = pp
		}
		t1 := time.Now()
		for _, w := range strings.Split(p[3], ",") {
			win, _ := strconv.Atoi(w)
			got = s.polish(context.Background(), f.cells, got, win, num(4), int64(num(5)), math.MaxInt64)
		}
		spanTime += time.Since(t1)
		checkFramePath(t, f, got)
		t.Logf("board %d: beam %d (%d nodes), polished %d (%d nodes), reference %d", i, len(path)-1, bs.generated, len(got)-1, s.nodes, refs[i])
		before += len(path) - 1
		after += len(got) - 1
		ref += refs[i]
		nodes += s.nodes
		beamNodes += bs.generated
	}
	t.Logf("rectangle polisher: %d (%.4f), %d nodes", polLen, float64(polLen)/float64(ref), polNodes)
	t.Logf("beam %.0f ns a node, spans %.0f ns a node", float64(beamTime)/float64(beamNodes), float64(spanTime)/float64(nodes))
	t.Logf("beam %d (%.4f), polished %d (%.4f), %d nodes", before, float64(before)/float64(ref), after, float64(after)/float64(ref), nodes)
}

// TestPairExperiment compares, at the same width in all, one beam of the
// frame's ranking against the first round's pair (see roundBeams), the
// shorter of the two kept: SLIDE_PAIR=file:boards:width.
func TestPairExperiment(t *testing.T) {
	arg := os.Getenv("SLIDE_PAIR")
	if arg == "" {
		t.Skip("SLIDE_PAIR not set")
	}
	p := strings.Split(arg, ":")
	num := func(i int) int { v, _ := strconv.Atoi(p[i]); return v }
	frames, refs := sampleFrames(t, p[0], num(1))
	w := num(2)
	var one, pair, ref, trapped int
	var n1, n2 int64
	for i, f := range frames {
		bs := f.beam(w, 1)
		bs.stall = beamStall
		p1, err := bs.search(context.Background(), f.cells, f.blank, 2000)
		if err != nil {
			trapped++
			p1 = make([]int, 10000)
		}
		n1 += bs.generated
		best := 1 << 30
		for _, b := range f.roundBeams(0, 2) {
			b.width = w / 2
			q, err := b.search(context.Background(), f.cells, f.blank, 2000)
			n2 += b.generated
			if err == nil {
				best = min(best, len(q)-1)
			}
		}
		t.Logf("board %d: one %d, pair %d, reference %d", i, len(p1)-1, best, refs[i])
		one += len(p1) - 1
		pair += best
		ref += refs[i]
	}
	t.Logf("one beam %.4f (%d nodes, %d trapped), pair %.4f (%d nodes)", float64(one)/float64(ref), n1, trapped, float64(pair)/float64(ref), n2)
}
