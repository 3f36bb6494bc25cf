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
		for _, l := range b.parents {
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
