package near

import (
	"context"
	"os"
	"testing"
)

// TestSpanGap logs the mean gap between a span's moves and its relabelled
// bound (see spanSearch.prepare) on width-1000 beams of the first three
// boards of a sample: SLIDE_SPAN_GAP=file.
func TestSpanGap(t *testing.T) {
	file := os.Getenv("SLIDE_SPAN_GAP")
	if file == "" {
		t.Skip("SLIDE_SPAN_GAP not set")
	}
	frames, _ := sampleFrames(t, file, 3)
	for _, f := range frames {
		bs := f.beam(1000, 1)
		path, _ := bs.search(context.Background(), f.cells, f.blank, 2000)
		s := newSpanSearch(f)
		boards := [][]uint8{append([]uint8(nil), f.cells...)}
		for k := 1; k < len(path); k++ {
			b := append([]uint8(nil), boards[k-1]...)
			slideBlank(b, path[k-1], path[k])
			boards = append(boards, b)
		}
		for _, L := range []int{20, 40, 80, 160} {
			sum, cnt := 0, 0
			for i := 0; i+L < len(boards); i += 5 {
				h, _ := s.prepare(boards[i], boards[i+L])
				sum += L - h
				cnt++
			}
			t.Logf("L=%d mean gap %.1f", L, float64(sum)/float64(cnt))
		}
	}
}
