package near

import (
	"context"
	"testing"
	"time"
)

// TestBeamClassSets: the sets of a beam's workers' classes (see
// beamClass) take, on 1, 2 and 16 workers, no more than boardBytes
// counts for them, beamSets*32 bytes a board of the widest layer, and
// their smallest tables (1024 slots a set). Before, each of w
// classes readied room for an eighth of all the candidates besides its
// share: on 16 workers the sets took 2.5 times as much as on one, and
// slide solve -time 10s -workers 16 -max-memory 64MiB on 6 x 6 peaked at
// 1.18 times its bound.
func TestBeamClassSets(t *testing.T) {
	f := randomFrame(t, 6, 6, 6, 6)
	for _, workers := range []int{1, 2, 16} {
		b := f.lcBeam(20000, workers)
		b.deadline, b.minWidth, b.maxWidth = time.Now().Add(time.Hour), 20000, 20000
		if _, err := b.search(context.Background(), f.cells, f.blank, 1000); err != nil {
			t.Fatal(err)
		}
		widest := 0
		for _, l := range b.steps {
			widest = max(widest, len(l))
		}
		var bytes int64
		for _, c := range b.classes {
			for i := range c.sets {
				bytes += int64(4 * cap(c.sets[i].slots))
			}
		}
		want := int64(widest)*beamSets*32 + int64(max(1, len(b.evs))*beamSets*4*1024)
		t.Logf("%d workers: sets of %d bytes, %d counted", workers, bytes, want)
		if bytes > want {
			t.Errorf("%d workers: the classes' sets take %d bytes, more than the %d counted", workers, bytes, want)
		}
	}
}

// TestBeamArraysCharged: a beam with a far deadline and a memory bound,
// on 1, 2 and 16 workers, holds at most its memory after every layer,
// counting the arrays it reuses by their capacities (see arrayBytes) with
// its layers' paths, and comes within a quarter of it; and once its
// paths take all of it, no board fits in one more layer, or none. Before, memoryCap
// counted boardBytes a board of the layer, where the arrays kept the
// capacity of the widest layer and a quarter more, and the workers' sets
// the tables they doubled to: on 16 workers under 64 MiB the arrays and
// paths of a 6 x 6 beam reached 59.3 MB of its 57.6, and slide solve
// -time 10s -workers 16 -max-memory 64MiB peaked at 1.13 times the bound.
func TestBeamArraysCharged(t *testing.T) {
	f := randomFrame(t, 6, 6, 6, 6)
	const memory = 4 << 20
	for _, workers := range []int{1, 2, 16} {
		b := f.lcBeam(256, workers)
		b.deadline, b.minWidth, b.maxWidth, b.memory = time.Now().Add(time.Hour), 16, 1<<30, memory
		var peak int64
		b.onLayer = func() {
			held := b.kept*beamPathBytes + b.arrayBytes()
			if held > memory {
				t.Errorf("%d workers, layer %d of %d boards: %d bytes held, more than %d", workers, len(b.steps)-1, len(b.cur.h), held, memory)
			}
			peak = max(peak, held)
		}
		if _, err := b.search(context.Background(), f.cells, f.blank, 1000); err != nil {
			t.Fatal(err)
		}
		t.Logf("%d workers: %d bytes at the peak, %d layers", workers, peak, len(b.steps))
		b.kept = memory / beamPathBytes // paths that take all the memory
		for left := range 2 {
			if w := b.memoryCap(left); w != 0 {
				t.Errorf("%d workers: %d boards fit in %d more layers when paths take all the memory", workers, w, left)
			}
		}
		if peak < memory*3/4 {
			t.Errorf("%d workers: at most %d bytes held of %d", workers, peak, memory)
		}
	}
}
