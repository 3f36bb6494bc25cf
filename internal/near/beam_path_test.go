package near

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// TestStepLayer fills the steps of layers of random parents, around the
// sizes of a word and a block, each parent keeping a random set of ways,
// and checks that every board's parent and way read back as they were
// kept, in the order of their parents and ways.
func TestStepLayer(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 41))
	for _, parents := range []int{1, 2, 15, 16, 17, 255, 256, 257, 1000, 4096, 10000} {
		for _, keep := range []int{1, 4, 8, 15} { // how often a way is kept, in 16
			l := stepLayer{sets: make([]uint64, stepWords(parents)), before: make([]uint32, stepBlocks(parents))}
			type step struct{ parent, way int }
			var want []step
			for p := range parents {
				for way := range 4 {
					if rng.IntN(16) < keep {
						l.sets[p/16] |= 1 << (4*(p%16) + way)
						want = append(want, step{p, way})
					}
				}
			}
			l.count()
			if l.boards != len(want) {
				t.Fatalf("%d parents: %d boards counted, %d kept", parents, l.boards, len(want))
			}
			for i, w := range want {
				if p, way := l.parent(i); p != w.parent || way != w.way {
					t.Fatalf("%d parents, board %d: parent %d way %d, want parent %d way %d", parents, i, p, way, w.parent, w.way)
				}
			}
			if allocs := testing.AllocsPerRun(10, func() { l.parent(l.boards - 1) }); allocs != 0 {
				t.Errorf("%d parents: parent allocates %v times", parents, allocs)
			}
			if got, want := l.bytes(), stepBytes(parents); got != want {
				t.Errorf("%d parents: %d bytes held, stepBytes %d", parents, got, want)
			}
		}
	}
}

// TestBeamTraceBack runs beams capped by their memory (a far deadline
// and a bound of 1 MiB) on one worker and on three, keeping a copy of
// every layer's boards, and traces back the path of every board of some
// layers and of the last: each, replayed from the start, makes that
// board. The goal's path is replayed to the goal.
func TestBeamTraceBack(t *testing.T) {
	f := randomFrame(t, 41, 41, 6, 6)
	for _, workers := range []int{1, 3} {
		b := f.lcBeam(256, workers)
		b.deadline, b.minWidth, b.maxWidth, b.memory = time.Now().Add(time.Hour), 16, 1<<30, 1<<20
		var layers [][]uint8
		b.onLayer = func() { layers = append(layers, slices.Clone(b.cur.cells)) }
		p, err := b.search(context.Background(), f.cells, f.blank, 1000)
		if err != nil {
			t.Fatal(err)
		}
		checkFramePath(t, f, p)
		widest, boards := 0, 0
		for d := 1; d < len(b.steps); d++ {
			widest = max(widest, b.steps[d].boards)
			boards += b.steps[d].boards
			if d%25 != 0 && d != len(b.steps)-1 {
				continue
			}
			for i := range b.steps[d].boards {
				path := b.pathTo(d, int32(i), 0)
				board := slices.Clone(f.cells)
				for k := 1; k < len(path); k++ {
					slideBlank(board, path[k-1], path[k])
				}
				if !slices.Equal(board, layers[d-1][i*b.n:(i+1)*b.n]) {
					t.Fatalf("%d workers: the path traced back to board %d of layer %d makes another board", workers, i, d)
				}
			}
		}
		t.Logf("%d workers: %d moves, %d layers, %d boards at the widest, %d bytes of steps, %.3f a board", workers, len(p)-1, len(b.steps), widest, b.pathBytes, float64(b.pathBytes)/float64(boards))
	}
}

// BenchmarkTraceBack traces back the path of a board of the last layer
// of a beam of 300 layers of 500 000 boards (as wide and as deep as the
// anytime mode's 7 x 7 beams of a minute), each parent of a layer keeping
// from none to three children, one and a half on average.
func BenchmarkTraceBack(b *testing.B) {
	const width, depth = 500_000, 300
	rng := rand.New(rand.NewPCG(41, 300))
	one := stepLayer{sets: make([]uint64, stepWords(width)), before: make([]uint32, stepBlocks(width))}
	for p := range width {
		// Half the ways of up to three (the move back is not made), so
		// that every parent's index is a board of the layer before.
		for way := range 3 {
			if rng.IntN(2) == 0 {
				one.sets[p/16] |= 1 << (4*(p%16) + way)
			}
		}
	}
	one.count()
	s := &beamSearch{rows: 7, cols: 7, n: 49}
	s.steps = append(s.steps, stepLayer{boards: 1})
	for range depth {
		l := stepLayer{sets: slices.Clone(one.sets), before: slices.Clone(one.before), boards: one.boards}
		s.steps = append(s.steps, l)
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		i = (i + 7919) % one.boards
		s.pathTo(depth, int32(i), 0)
	}
	b.ReportMetric(float64(one.boards)/width, "boards/parent")
}
