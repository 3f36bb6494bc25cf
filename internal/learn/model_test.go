package learn

import (
	"math/rand/v2"
	"testing"
)

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
