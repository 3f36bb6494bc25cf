package near

import (
	"context"
	"strconv"
	"testing"
	"time"

	"github.com/slidekit/slide/internal/pdbcache"
	"github.com/slidekit/slide/internal/testsets"
)

// TestBeamCapSample measures what a memory bound leaves the anytime
// mode's beams on the boards of a sample, on two workers and a clock that
// counts per a board generated (see workClock), so that the work does not
// depend on the machine: SLIDE_BEAM_CAP=file:boards:budget:per:MiB. For
// each board it runs the first round's beam alone, under the budget and
// nine tenths of the memory bound (as fitBeam sets them), and logs its
// widest layer and its answer's length; then the anytime mode under the
// budget and the bound, and logs its answer's length. It logs the widths'
// mean and the lengths over the references summed.
func TestBeamCapSample(t *testing.T) {
	p := envFields(t, "SLIDE_BEAM_CAP", "file:boards:budget:per:MiB")
	boards, _ := strconv.Atoi(p[1])
	budget, err1 := time.ParseDuration(p[2])
	per, err2 := time.ParseDuration(p[3])
	mib, err3 := strconv.Atoi(p[4])
	if err1 != nil || err2 != nil || err3 != nil {
		t.Fatal(err1, err2, err3)
	}
	memory := int64(mib) << 20
	tg, codes, refs := sampleBoards(t, p[0], boards)
	var beamMoves, moves, ref, widths int
	for i, code := range codes {
		cfg := Config{Request: pdbcache.Request{Dir: testsets.UserPDBCache, DirSet: true}, Workers: 2}
		cfg.Heuristic = cachedDatabase(tg, &cfg.Request)
		cfg.Limits.Memory = memory
		f, err := newFrame(context.Background(), tg, code, &cfg)
		if err != nil {
			t.Fatal(err)
		}
		b := f.roundBeams(0, 2)[0]
		b.clock = &workClock{start: time.Now(), per: per}
		b.deadline, b.minWidth, b.maxWidth, b.memory = b.clock.now().Add(budget), 16, maxBeamWidth, memory/10*9
		widest := 0
		b.onLayer = func() { widest = max(widest, len(b.cur.h)) }
		path, beamErr := b.search(context.Background(), f.cells, f.blank, 1000)
		if beamErr != nil {
			path = b.closest() // its length then says how far it came
		}
		checkFramePath(t, f, path)

		cfg.clock = &workClock{start: time.Now(), per: per}
		ans, err := Anytime(context.Background(), tg, code, budget, cfg)
		if err != nil {
			t.Fatal(err)
		}
		checkBlanks(t, tg, code, ans.Blanks)
		t.Logf("board %d: the beam's widest layer %d, %d moves (%v); the anytime mode %d moves (reference %d)", i, widest, len(path)-1, beamErr, len(ans.Blanks)-1, refs[i])
		widths += widest
		beamMoves += len(path) - 1
		moves += len(ans.Blanks) - 1
		ref += refs[i]
	}
	n := len(codes)
	t.Logf("%d boards under %d MiB: the beams' widest layers %d on average, %.4f of the references; the anytime mode %.4f", n, mib, widths/n, float64(beamMoves)/float64(ref), float64(moves)/float64(ref))
}
