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

// TestModelMove: a move's change in the cell sum, and the clamped
// combination, agree with the sums from scratch.
func TestModelMove(t *testing.T) {
	rng := rand.New(rand.NewPCG(36, 4))
	const rows, cols = 4, 5
	n := rows * cols
	m := &Model{Rows: rows, Cols: cols, Scale: 8, DB: 3, LC: 5, Cycles: 7, Bias: -100, Cell: make([]int32, n*n)}
	for i := range m.Cell {
		m.Cell[i] = int32(rng.IntN(200) - 100)
	}
	blank := uint8(7)
	for range 200 {
		b := randomBoard(rng, n)
		at := 0
		for b[at] != blank {
			at++
		}
		nb := (at + 1) % n
		before := m.CellSum(b)
		v := b[nb]
		b[at], b[nb] = v, blank
		if got, want := m.Move(v, blank, nb, at), m.CellSum(b)-before; got != want {
			t.Fatalf("tile %d from %d to %d: change %d, from scratch %d", v, nb, at, got, want)
		}
	}
	if v := m.Combine(-1000, 0, 0, 0); v != 1 {
		t.Errorf("a negative value combines to %d, want 1", v)
	}
	if v := m.Combine(1<<20, 0, 0, 0); v != MaxValue {
		t.Errorf("a large value combines to %d, want %d", v, MaxValue)
	}
	if v := m.Combine(200, 2, 3, 1); v != 200+6+15+7-100 {
		t.Errorf("combined %d", v)
	}
}

// TestSpearman: a monotone relation correlates 1, a reversed one -1,
// ties share their ranks, and the errors are the mean signed and
// absolute differences.
func TestSpearman(t *testing.T) {
	x := []float64{1, 2, 3, 4, 5}
	if r := Spearman(x, []float64{1, 4, 9, 16, 100}); math.Abs(r-1) > 1e-12 {
		t.Errorf("monotone: %v", r)
	}
	if r := Spearman(x, []float64{5, 4, 3, 2, 1}); math.Abs(r+1) > 1e-12 {
		t.Errorf("reversed: %v", r)
	}
	if r := ranks([]float64{3, 1, 3, 2}); r[0] != 3.5 || r[2] != 3.5 || r[1] != 1 || r[3] != 2 {
		t.Errorf("ranks with ties: %v", r)
	}
	if r := Spearman(x, []float64{1, 3, 2, 5, 4}); math.Abs(r-0.8) > 1e-12 {
		t.Errorf("two swaps: %v, want 0.8", r)
	}
	if mean, abs := Errors([]float64{1, 5}, []float64{2, 2}); mean != 1 || abs != 2 {
		t.Errorf("errors %v, %v, want 1, 2", mean, abs)
	}
}
