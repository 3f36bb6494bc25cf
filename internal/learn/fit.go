package learn

import (
	"errors"
	"math"
)

// A Sample is a board with what the search computes of it and the moves
// it was found to need.
type Sample struct {
	Board  []uint8 // the value on each cell
	DB, LC int
	Cycles int
	Target float64 // moves to the goal (a solution's, so at most what it needs)
}

// dense is the count of a sample's features that are not cell weights:
// the database's bound, linear conflicts, cycles and the bias.
const dense = 4

// A Basis is how a fit weighs the values on their cells.
type Basis uint8

// The bases.
const (
	// Cells weighs every value on every cell on its own: n^2 weights.
	Cells Basis = iota
	// Shared weighs a tile by how far it stands from its goal cell, rows
	// and columns apart (the same weight for every tile), and not the
	// blank's cell: n weights, which fewer boards fit.
	Shared
)

// basis is the index of every value's weight on every cell among a fit's
// features (after the dense ones), of a rows x cols board whose blank's
// value is blank.
type basis struct {
	cols int
	of   []int32 // of[v*n+c]
	size int
}

func newBasis(kind Basis, rows, cols, blank int) basis {
	n := rows * cols
	b := basis{cols: cols, of: make([]int32, n*n), size: n * n}
	for v := range n {
		for c := range n {
			switch {
			case kind == Cells:
				b.of[v*n+c] = int32(v*n + c)
			case v == blank:
				b.of[v*n+c] = int32(n) // one weight, the bias's: the blank's cell counts in DB and LC alone
			default:
				dr, dc := v/cols-c/cols, v%cols-c%cols
				b.of[v*n+c] = int32(max(dr, -dr)*cols + max(dc, -dc))
			}
		}
	}
	if kind == Shared {
		b.size = n + 1
	}
	return b
}

// features calls f with the index and value of every non-zero feature of
// s, on boards of n cells.
func (b *basis) features(s *Sample, n int, f func(i int, x float64)) {
	f(0, float64(s.DB))
	f(1, float64(s.LC))
	f(2, float64(s.Cycles))
	f(3, 1)
	for c, v := range s.Board {
		f(dense+int(b.of[int(v)*n+c]), 1)
	}
}

// Fit returns the model of rows x cols boards, whose blank's value is
// blank, that least-squares fits the samples' targets, the weights of
// the values on their cells (in the basis kind) shrunk toward 0 by ridge
// (a penalty of ridge times their squares a sample), in units of 1/scale
// moves. The cost is the samples times (n+4)^2 and d^3/3 for n cells and
// d weights.
func Fit(rows, cols, blank int, kind Basis, samples []Sample, ridge float64, scale int32) (*Model, error) {
	n := rows * cols
	bs := newBasis(kind, rows, cols, blank)
	d := dense + bs.size
	if len(samples) == 0 {
		return nil, errors.New("learn: no samples")
	}
	a := make([]float64, d*d)
	b := make([]float64, d)
	idx := make([]int, 0, dense+n)
	val := make([]float64, 0, dense+n)
	for i := range samples {
		s := &samples[i]
		if len(s.Board) != n {
			return nil, errors.New("learn: a sample's board has the wrong number of cells")
		}
		idx, val = idx[:0], val[:0]
		bs.features(s, n, func(i int, x float64) { idx, val = append(idx, i), append(val, x) })
		for p, i := range idx {
			b[i] += val[p] * s.Target
			row := a[i*d:]
			for q, j := range idx {
				row[j] += val[p] * val[q]
			}
		}
	}
	lam := ridge * float64(len(samples))
	for i := range d {
		if i >= dense {
			a[i*d+i] += lam
		} else {
			a[i*d+i] += 1e-9 * float64(len(samples)) // the dense features may be collinear
		}
	}
	w, err := solveSPD(a, b, d)
	if err != nil {
		return nil, err
	}
	q := func(x float64) int32 { return int32(math.Round(x * float64(scale))) }
	m := &Model{Rows: rows, Cols: cols, Scale: scale, DB: q(w[0]), LC: q(w[1]), Cycles: q(w[2]), Bias: q(w[3]), Cell: make([]int32, n*n)}
	for i := range m.Cell {
		m.Cell[i] = q(w[dense+int(bs.of[i])])
	}
	return m, nil
}

// solveSPD solves a x = b for the symmetric positive definite d x d
// matrix a (overwritten by its Cholesky factor) and returns x.
func solveSPD(a, b []float64, d int) ([]float64, error) {
	for j := range d {
		rj := a[j*d : j*d+j+1]
		s := rj[j]
		for k := range j {
			s -= rj[k] * rj[k]
		}
		if s <= 0 {
			return nil, errors.New("learn: the normal equations are singular")
		}
		l := math.Sqrt(s)
		rj[j] = l
		for i := j + 1; i < d; i++ {
			ri := a[i*d : i*d+j+1]
			t := ri[j]
			for k := range j {
				t -= ri[k] * rj[k]
			}
			ri[j] = t / l
		}
	}
	x := make([]float64, d)
	for i := range d {
		t := b[i]
		for k := range i {
			t -= a[i*d+k] * x[k]
		}
		x[i] = t / a[i*d+i]
	}
	for i := d - 1; i >= 0; i-- {
		t := x[i]
		for k := i + 1; k < d; k++ {
			t -= a[k*d+i] * x[k]
		}
		x[i] = t / a[i*d+i]
	}
	return x, nil
}
