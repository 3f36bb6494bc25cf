package learn

import (
	"math"
	"slices"
)

// Spearman returns the rank correlation of x and y (of equal lengths):
// Pearson's correlation of their ranks, tied values sharing the mean of
// their ranks. It is NaN when either is constant.
func Spearman(x, y []float64) float64 {
	return pearson(ranks(x), ranks(y))
}

// ranks returns the rank of each of x, from 1, ties averaged.
func ranks(x []float64) []float64 {
	order := make([]int, len(x))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(i, j int) int {
		switch {
		case x[i] < x[j]:
			return -1
		case x[i] > x[j]:
			return 1
		}
		return 0
	})
	r := make([]float64, len(x))
	for i := 0; i < len(order); {
		j := i
		for j < len(order) && x[order[j]] == x[order[i]] {
			j++
		}
		mean := float64(i+j+1) / 2 // ranks i+1..j
		for _, k := range order[i:j] {
			r[k] = mean
		}
		i = j
	}
	return r
}

func pearson(x, y []float64) float64 {
	n := float64(len(x))
	var mx, my float64
	for i := range x {
		mx += x[i]
		my += y[i]
	}
	mx, my = mx/n, my/n
	var sxy, sxx, syy float64
	for i := range x {
		dx, dy := x[i]-mx, y[i]-my
		sxy += dx * dy
		sxx += dx * dx
		syy += dy * dy
	}
	return sxy / math.Sqrt(sxx*syy)
}

// Errors returns the mean error of estimates against truth (positive:
// over) and the mean of its absolute value.
func Errors(estimate, truth []float64) (mean, abs float64) {
	for i := range estimate {
		e := estimate[i] - truth[i]
		mean += e
		abs += math.Abs(e)
	}
	n := float64(len(estimate))
	return mean / n, abs / n
}
