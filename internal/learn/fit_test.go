package learn

import (
	"math"
	"math/rand/v2"
	"testing"
)

// randomBoard returns a random arrangement of n values.
func randomBoard(rng *rand.Rand, n int) []uint8 {
	b := make([]uint8, n)
	for i, v := range rng.Perm(n) {
		b[i] = uint8(v)
	}
	return b
}

// TestFitRecovers: samples whose targets a model of known weights gives
// exactly are fitted back to those weights (the cell weights up to a
// constant a value, which the bias takes: every value stands on one
// cell), and the fitted model's values equal the targets within the
// rounding of its units.
func TestFitRecovers(t *testing.T) {
	rng := rand.New(rand.NewPCG(36, 3))
	const rows, cols = 3, 3
	n := rows * cols
	cell := make([]float64, n*n)
	for i := range cell {
		cell[i] = float64(rng.IntN(9))
	}
	target := func(s *Sample) float64 {
		x := 0.75*float64(s.DB) + 0.5*float64(s.LC) + 2*float64(s.Cycles) + 3
		for c, v := range s.Board {
			x += cell[int(v)*n+c]
		}
		return x
	}
	var samples []Sample
	for range 4000 {
		s := Sample{Board: randomBoard(rng, n), DB: rng.IntN(30), LC: rng.IntN(40), Cycles: rng.IntN(4)}
		s.Target = target(&s)
		samples = append(samples, s)
	}
	m, err := Fit(rows, cols, 0, Cells, samples, 1e-9, 64)
	if err != nil {
		t.Fatal(err)
	}
	if m.DB != 48 || m.LC != 32 || m.Cycles != 128 {
		t.Errorf("weights %d, %d, %d (/64), want 48, 32, 128", m.DB, m.LC, m.Cycles)
	}
	for i := range 50 {
		s := &samples[i]
		if got := float64(m.Value(s.Board, s.DB, s.LC, s.Cycles)) / 64; math.Abs(got-s.Target) > 0.5 {
			t.Fatalf("sample %d: value %.2f, target %.2f", i, got, s.Target)
		}
	}
	if _, err := Fit(rows, cols, 0, Cells, nil, 0.01, 16); err == nil {
		t.Error("no samples fitted")
	}
	if _, err := Fit(rows, cols, 0, Cells, []Sample{{Board: make([]uint8, 4)}}, 0.01, 16); err == nil {
		t.Error("a board of 4 cells fitted to 3 x 3")
	}
}
