//go:build unix

package main

import (
	"math"

	"github.com/slidekit/slide/internal/learn"
	"github.com/slidekit/slide/internal/pdb"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// small returns the settings of a training on 3 x 3 boards that takes
// milliseconds, its database built in memory.
func small() settings {
	return settings{size: 3, db: "3x3-b0-1.2.3.4-5.6.7.8", rounds: 1, boards: 2, width: 10, workers: 1,
		walkMin: 10, walkMax: 40, seed: 1, ridge: 0.01, scale: 16, basis: "shared", method: "search", step: 8,
		lr: 1, goldWidth: 50}
}

// TestRefusedBeforeWork checks that every flag out of its range, every
// output that is not a new or regular file (a link, a device, a FIFO, a
// folder) and every input that is not a regular file is refused at once,
// naming the flag, and that nothing is written: -width and -walk-max were
// taken up to hours of work, -ridge NaN gave NaN weights, -scale 0 +Inf,
// -o wrote through a link, and -o /dev/full and -check-file /dev/zero
// failed only after the training.
func TestRefusedBeforeWork(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "target.go")
	link := filepath.Join(dir, "link.go")
	mustDo(t, os.Symlink(target, link))
	fifo := filepath.Join(dir, "fifo")
	mustDo(t, syscall.Mkfifo(fifo, 0o644))
	samples := filepath.Join(dir, "samples.txt")
	mustDo(t, os.WriteFile(samples, []byte("# id length cells\n"), 0o644))
	big := filepath.Join(dir, "big.txt")
	f, err := os.Create(big)
	mustDo(t, err)
	mustDo(t, f.Truncate(maxInputBytes+1))
	f.Close()
	for _, tc := range []struct {
		set  func(*settings)
		want string
	}{
		{func(s *settings) { s.width = 99999999999 }, "-width 99999999999: want 1 to"},
		{func(s *settings) { s.width = 0 }, "-width 0"},
		{func(s *settings) { s.walkMax = 99999999999 }, "-walk-max 99999999999"},
		{func(s *settings) { s.walkMin = -1 }, "-walk-min -1"},
		{func(s *settings) { s.walkMin, s.walkMax = 50, 40 }, "-walk-max 40: want 50 to"},
		{func(s *settings) { s.boards = 1 << 40 }, "-boards"},
		{func(s *settings) { s.rounds = 1 << 40 }, "-rounds"},
		{func(s *settings) { s.workers = 1 << 20 }, "-workers"},
		{func(s *settings) { s.ridge = math.NaN() }, "-ridge NaN"},
		{func(s *settings) { s.ridge = -0.5 }, "-ridge -0.5"},
		{func(s *settings) { s.ridge = math.Inf(1) }, "-ridge +Inf"},
		{func(s *settings) { s.scale = 0 }, "-scale 0"},
		{func(s *settings) { s.scale = -16 }, "-scale -16"},
		{func(s *settings) { s.check = -1 }, "-check -1"},
		{func(s *settings) { s.checkWidth = -1 }, "-check-width -1"},
		{func(s *settings) { s.method = "guess" }, "-method"},
		{func(s *settings) { s.step = 0 }, "-step 0"},
		{func(s *settings) { s.lr = 0 }, "-lr 0"},
		{func(s *settings) { s.lr = math.NaN() }, "-lr NaN"},
		{func(s *settings) { s.goldWidth = 0 }, "-gold-width 0"},
		{func(s *settings) { s.model = dir }, "-model: " + dir + ": is a folder"},
		{func(s *settings) { s.gold = link }, "-gold: " + link + ": is a symbolic link"},
		{func(s *settings) { s.baseline = "1,2" }, "-baseline: 2 weights"},
		{func(s *settings) { s.coords = "DB,r0" }, "-coords: no weight \"r0\""},
		{func(s *settings) { s.coords = "bias" }, "-coords: no weight \"bias\""},
		{func(s *settings) { s.features = "ring,guess" }, "-features: unknown feature \"guess\""},
		{func(s *settings) { s.start = "1,2,x" }, "-start: strconv.ParseInt"},
		{func(s *settings) { s.features, s.weights = "edge", "1,2,3,4,5" }, "-weights: 5 weights"},
		{func(s *settings) { s.out = link }, "-o: " + link + ": is a symbolic link"},
		{func(s *settings) { s.out = "/dev/full" }, "-o: /dev/full: is a device"},
		{func(s *settings) { s.out = fifo }, "-o: " + fifo + ": is a named pipe"},
		{func(s *settings) { s.out = dir }, "-o: " + dir + ": is a folder"},
		{func(s *settings) { s.out = filepath.Join(dir, "none", "m.go") }, "there is no folder"},
		{func(s *settings) { s.checkFile = "/dev/zero" }, "-check-file: /dev/zero: is a device"},
		{func(s *settings) { s.checkFile = fifo }, "-check-file: " + fifo + ": is a named pipe"},
		{func(s *settings) { s.checkFile = big }, "-check-file: " + big + ": 67108865 bytes"},
		{func(s *settings) { s.compare = dir }, "-compare: " + dir + ": is a folder"},
		{func(s *settings) { s.checkFile, s.out = samples, samples }, "-o: " + samples + ": is the -check-file file"},
	} {
		s := small()
		tc.set(&s)
		began := time.Now()
		err := run(s)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: %v, want an error with %q", s, err, tc.want)
		}
		if d := time.Since(began); d > time.Second {
			t.Errorf("%+v: refused after %v", s, d)
		}
	}
	if _, err := os.Lstat(target); err == nil {
		t.Errorf("%s was written through the link", target)
	}
	// The settings refused differ from these, which train and write.
	s := small()
	s.out = filepath.Join(dir, "model.go")
	if err := run(s); err != nil {
		t.Fatal(err)
	}
	if src, err := os.ReadFile(s.out); err != nil || !strings.Contains(string(src), "var model3x3 = &Model{") {
		t.Errorf("model written: %v\n%s", err, src)
	}
}

// TestImitate trains a 3 x 3 model by imitation: it writes the model,
// caches the gold paths (a second run reads them and writes the same
// model), and loadModel reads back what -o wrote.
func TestImitate(t *testing.T) {
	dir := t.TempDir()
	s := small()
	s.method, s.boards, s.rounds, s.width, s.workers = "imitate", 6, 2, 1, 2
	s.gold, s.out = filepath.Join(dir, "gold.json"), filepath.Join(dir, "m.go")
	s.start, s.scale = "16,16,0,0,-12", 64
	mustDo(t, run(s))
	first, err := os.ReadFile(s.out)
	mustDo(t, err)
	if _, err := os.Stat(s.gold); err != nil {
		t.Fatalf("no gold paths cached: %v", err)
	}
	spec, err := pdb.ParseSpec(s.db)
	mustDo(t, err)
	m, err := loadModel(s.out, spec, 3)
	mustDo(t, err)
	if m.Scale != 64 || m.DB != 64 || m.LC != 64 || len(m.Cell) != 81 {
		t.Errorf("model read: scale %d, DB %d, LC %d, %d cells", m.Scale, m.DB, m.LC, len(m.Cell))
	}
	base := learn.ByDistance(3, 3, 0, 16, 16, 0, []int32{-12})
	moved := 0
	for i := range m.Cell {
		if m.Cell[i] != 4*base.Cell[i] {
			moved++
		}
	}
	if moved == 0 {
		t.Error("no weight moved")
	}
	mustDo(t, run(s))
	second, err := os.ReadFile(s.out)
	mustDo(t, err)
	if string(first) != string(second) {
		t.Errorf("a second run, from the cached paths, wrote another model:\n%s", firstDiff(string(first), string(second)))
	}
	if !strings.Contains(string(first), "-method imitate") {
		t.Errorf("the model does not name its training:\n%.300s", first)
	}
}

func mustDo(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
