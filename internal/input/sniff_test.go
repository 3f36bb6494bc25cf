package input

import (
	"errors"
	"io"
	"strings"
	"testing"
)

// TestRecorderReplay checks that the replay of a Recorder gives back the
// whole input after reads that stop anywhere, at the limit or not, and a
// failed read again after the bytes before it.
func TestRecorderReplay(t *testing.T) {
	const text = "3\n1 2 3\n4 5 6\n7 8 0\n"
	for limit := range len(text) + 2 {
		for ahead := range len(text) + 2 {
			c := NewRecorder(strings.NewReader(text), limit)
			got, _ := io.ReadAll(io.LimitReader(c, int64(ahead)))
			if want := text[:min(ahead, limit, len(text))]; string(got) != want {
				t.Fatalf("limit %d, %d ahead: read %q, want %q", limit, ahead, got, want)
			}
			if full := ahead > limit && limit <= len(text); c.Full() != full {
				t.Errorf("limit %d, %d ahead: full %v, want %v", limit, ahead, c.Full(), full)
			}
			if all, err := io.ReadAll(c.Replay()); string(all) != text || err != nil {
				t.Errorf("limit %d, %d ahead: replay %q, %v", limit, ahead, all, err)
			}
		}
	}
	failed := errors.New("disk on fire")
	c := NewRecorder(io.MultiReader(strings.NewReader("3\n1 2"), errReader{failed}), 100)
	if _, err := io.ReadAll(c); err != failed {
		t.Fatalf("read: %v", err)
	}
	if got, err := io.ReadAll(c.Replay()); string(got) != "3\n1 2" || err != failed {
		t.Errorf("failed read: replay %q, %v", got, err)
	}
}
