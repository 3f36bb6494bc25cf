package near

import (
	"bufio"
	"context"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/slidekit/slide/internal/pdb"
	"github.com/slidekit/slide/internal/pdbcache"
	"github.com/slidekit/slide/internal/testsets"
	"github.com/slidekit/slide/internal/tiles"
)

// TestRoundBeams: every round of the anytime mode is one beam on every
// worker, on 7 x 7 boards with a database too, its ranking turning from
// round to round.
func TestRoundBeams(t *testing.T) {
	tg := blankFirstGoal(7, 7)
	spec := pdb.Spec{Rows: 7, Cols: 7, Blank: 0, Patterns: [][]uint8{{1, 2}, {7, 8}}}
	cfg := Config{Heuristic: tiles.Heuristic{Kind: tiles.Database, Name: "pdb", Spec: spec, Custom: true},
		Request: pdbcache.Request{DirSet: true, Build: true}}
	f, err := newFrame(context.Background(), tg, randomReaching(rand.New(rand.NewPCG(41, 7)), tg), &cfg)
	if err != nil {
		t.Fatal(err)
	}
	if f.db == nil {
		t.Fatal("the frame has no database")
	}
	var kinds []tiles.Kind
	for k := range 2 {
		bs := f.roundBeams(k, 2)
		if len(bs) != 1 || len(bs[0].evs) != 2 || bs[0].stall != beamStall {
			t.Fatalf("round %d: %d beams, the first on %d workers with stall %d; want one on 2 with %d", k, len(bs), len(bs[0].evs), bs[0].stall, beamStall)
		}
		kinds = append(kinds, bs[0].heur.Kind)
	}
	if kinds[0] == kinds[1] {
		t.Errorf("rounds 0 and 1 both rank by heuristics of kind %v", kinds[0])
	}
}

// sampleBoards returns the boards of codes of the first boards of a
// sample file (id, reference length, then the tiles row by row, 0 the
// blank, whose goal cell is the first; lines of # are comments), their
// goal and the references; it skips t if the file is absent.
func sampleBoards(t testing.TB, path string, boards int) (*tiles.Goal, [][]int32, []int) {
	t.Helper()
	file, err := os.Open(path)
	if err != nil {
		t.Skip(err)
	}
	defer file.Close()
	var tg *tiles.Goal
	var codes [][]int32
	var refs []int
	sc := bufio.NewScanner(file)
	for sc.Scan() && len(codes) < boards {
		fs := strings.Fields(sc.Text())
		if len(fs) < 3 || strings.HasPrefix(fs[0], "#") {
			continue
		}
		ref, _ := strconv.Atoi(fs[1])
		n := int(math.Sqrt(float64(len(fs) - 2)))
		tg = blankFirstGoal(n, n)
		code := make([]int32, n*n)
		for c, s := range fs[2:] {
			v, _ := strconv.Atoi(s)
			code[c] = int32(v)
			if v == 0 {
				code[c] = tiles.BlankCode
			}
		}
		codes = append(codes, code)
		refs = append(refs, ref)
	}
	return tg, codes, refs
}

// sampleFrames returns the frames of the first boards of a sample file
// (see sampleBoards) under the strongest database cached, and the
// references.
func sampleFrames(t testing.TB, path string, boards int) ([]*frame, []int) {
	t.Helper()
	tg, codes, refs := sampleBoards(t, path, boards)
	var frames []*frame
	for _, code := range codes {
		cfg := Config{Request: pdbcache.Request{Dir: testsets.UserPDBCache, DirSet: true}}
		cfg.Heuristic = cachedDatabase(tg, &cfg.Request)
		f, err := newFrame(context.Background(), tg, code, &cfg)
		if err != nil {
			t.Fatal(err)
		}
		frames = append(frames, f)
	}
	return frames, refs
}

// envFields returns the fields, separated by colons, of the environment
// variable name, skipping t where it is not set and failing it where its
// fields are not as many as form's.
func envFields(t *testing.T, name, form string) []string {
	t.Helper()
	arg := os.Getenv(name)
	if arg == "" {
		t.Skip(name + " not set")
	}
	p := strings.Split(arg, ":")
	if len(p) != strings.Count(form, ":")+1 {
		t.Fatalf("want %s=%s", name, form)
	}
	return p
}

// TestBeamPairs measures, on the boards of a sample, one beam of the
// frame's ranking of width W on one worker against two of width W/2
// (the frame's ranking and linear conflicts alone), the shorter of the
// two kept: SLIDE_BEAM_PAIRS=file:boards:W. It logs the lengths over the
// references summed and the boards generated.
func TestBeamPairs(t *testing.T) {
	p := envFields(t, "SLIDE_BEAM_PAIRS", "file:boards:width")
	boards, _ := strconv.Atoi(p[1])
	w, _ := strconv.Atoi(p[2])
	frames, refs := sampleFrames(t, p[0], boards)
	var one, pair, ref, trapped int
	var n1, n2 int64
	for i, f := range frames {
		bs := f.beam(w, 1)
		bs.stall = beamStall
		p1, err := bs.search(context.Background(), f.cells, f.blank, 2000)
		if err != nil {
			trapped++
			p1 = f.back(bs.closest()) // counted as its length so far: a lower figure than the fast mode's finish
		}
		n1 += bs.generated
		best := math.MaxInt
		for _, b := range []*beamSearch{f.beam(w/2, 1), f.lcBeam(w/2, 1)} {
			b.stall = beamStall
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

// TestAnytimeSample runs the anytime mode on the boards of a sample on
// two workers, on a clock that counts per a board generated (see
// workClock), so that its work does not depend on the machine:
// SLIDE_ANYTIME=file:boards:budget:per (budget and per as
// time.ParseDuration reads them). It logs the lengths over the references
// summed, the share of the budget used, and when the first beam's answer
// came. With SLIDE_NEAR_DENSE set the frames keep their tables dense.
func TestAnytimeSample(t *testing.T) {
	p := envFields(t, "SLIDE_ANYTIME", "file:boards:budget:per")
	boards, _ := strconv.Atoi(p[1])
	budget, err1 := time.ParseDuration(p[2])
	per, err2 := time.ParseDuration(p[3])
	if err1 != nil || err2 != nil {
		t.Fatal(err1, err2)
	}
	tg, codes, refs := sampleBoards(t, p[0], boards)
	var moves, ref int
	var used, first float64
	for i, code := range codes {
		cfg := Config{Request: pdbcache.Request{Dir: testsets.UserPDBCache, DirSet: true}, Workers: 2}
		cfg.Heuristic = cachedDatabase(tg, &cfg.Request)
		cfg.clock = &workClock{start: time.Now(), per: per}
		// As a wall-clock budget too short for the sparse layout.
		cfg.dense = os.Getenv("SLIDE_NEAR_DENSE") != ""
		var firstBeam float64 // when the first beam's answer came, a share of the budget
		cfg.OnImprove = func(_ []int, _ int, m Method) {
			if m == BeamSearch && firstBeam == 0 {
				firstBeam = float64(cfg.clock.now().Sub(cfg.clock.start)) / float64(budget)
			}
		}
		ans, err := Anytime(context.Background(), tg, code, budget, cfg)
		if err != nil {
			t.Fatal(err)
		}
		checkBlanks(t, tg, code, ans.Blanks)
		u := float64(cfg.clock.now().Sub(cfg.clock.start)) / float64(budget)
		t.Logf("board %d: %d moves (reference %d), %.3f of the budget, the first beam's answer at %.3f", i, len(ans.Blanks)-1, refs[i], u, firstBeam)
		first += firstBeam
		moves += len(ans.Blanks) - 1
		ref += refs[i]
		used += u
	}
	t.Logf("%d boards: %.4f of the references, %.3f of the budget used, the first beam's answers at %.3f", len(codes), float64(moves)/float64(ref), used/float64(len(codes)), first/float64(len(codes)))
}

// TestSparsePays: on two cores, a frame makes PDB48's sparse layout (64
// million entries) for budgets of a few seconds, 10 s included, not for
// 1 s; PDB35's (423 million) only past 10 s.
func TestSparsePays(t *testing.T) {
	for _, tc := range []struct {
		name string
		left time.Duration
		want bool
	}{
		{"48", time.Second, false},
		{"48", 5 * time.Second, true},
		{"48", 9900 * time.Millisecond, true},
		{"35", 9900 * time.Millisecond, false},
		{"35", 20 * time.Second, true},
	} {
		spec, err := pdb.Named(tc.name)
		if err != nil {
			t.Fatal(err)
		}
		if got := sparsePays(spec, tc.left, 2); got != tc.want {
			t.Errorf("pdb%s with %v left on 2 cores: %v, want %v", tc.name, tc.left, got, tc.want)
		}
	}
}

// TestRoundWidths: on 7 x 7 boards (random walks of 700 moves, PDB48 if
// cached), a round's beam under a deadline keeps its width to the end:
// its last tenth of layers holds, on average over the boards, at least
// half as many boards a layer as its layers from a tenth to a fifth of
// the way, on a clock that counts boards generated (see workClock).
func TestRoundWidths(t *testing.T) {
	if testing.Short() {
		t.Skip("a few seconds of beams")
	}
	tg := blankFirstGoal(7, 7)
	req := pdbcache.Request{Dir: testsets.UserPDBCache, DirSet: true}
	h := cachedDatabase(tg, &req)
	if h.Kind != tiles.Database {
		t.Skip("PDB48 is not cached")
	}
	rng := rand.New(rand.NewPCG(41, 700))
	var ratio float64
	const boards = 3
	for range boards {
		code := testsets.RandomWalk(rng, tg.Rows, tg.Cols, goalCode(tg), tiles.BlankCode, 700)
		a, f := clockedAnytime(t, tg, code, Config{Heuristic: h, Request: req, Workers: 2}, 100*time.Nanosecond, 200*time.Millisecond)
		b := f.roundBeams(0, 2)[0]
		var widths []int
		b.onLayer = func() { widths = append(widths, len(b.cur.h)) }
		a.beams(f, a.deadlineAt(roundEnd), b)
		checkBlanks(t, tg, code, a.blanks)
		n := len(widths)
		if n < 20 {
			t.Fatalf("a beam of %d layers", n)
		}
		r := meanWidth(widths[n-n/10:]) / meanWidth(widths[n/10:n/5])
		t.Logf("%d layers: the last tenth %.2f times as wide as the second", n, r)
		ratio += r / boards
	}
	if ratio < 0.5 {
		t.Errorf("the last tenth of a beam's layers %.2f times as wide as the second tenth, want at least 0.5", ratio)
	}
}

// meanWidth returns the mean of widths.
func meanWidth(widths []int) float64 {
	s := 0
	for _, w := range widths {
		s += w
	}
	return float64(s) / float64(len(widths))
}
