package tiles

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// pack packs a permutation four bits an element, element i in bits 4i to
// 4i+3, as rankPacked takes it.
func pack(p []int) uint64 {
	var key uint64
	for i, v := range p {
		key |= uint64(v) << (4 * i)
	}
	return key
}

// nextPermutation steps p to the next permutation in lexicographic order
// and reports whether there was one.
func nextPermutation(p []int) bool {
	i := len(p) - 2
	for i >= 0 && p[i] >= p[i+1] {
		i--
	}
	if i < 0 {
		return false
	}
	j := len(p) - 1
	for p[j] <= p[i] {
		j--
	}
	p[i], p[j] = p[j], p[i]
	slices.Reverse(p[i+1:])
	return true
}

// factorial is n!, computed here rather than read from the table.
func factorial(n int) uint64 {
	f := uint64(1)
	for k := 2; k <= n; k++ {
		f *= uint64(k)
	}
	return f
}

// refRank is the rank of p in lexicographic order, O(n^2): for each
// element, the smaller ones after it, weighted by the factorial of the
// places after it.
func refRank(p []int) uint64 {
	var r uint64
	for i, v := range p {
		smaller := 0
		for _, w := range p[i+1:] {
			if w < v {
				smaller++
			}
		}
		r += uint64(smaller) * factorial(len(p)-1-i)
	}
	return r
}

// refUnrank is the permutation of 0 ... n-1 of rank r, O(n^2).
func refUnrank(n int, r uint64) []int {
	left := make([]int, n)
	for i := range left {
		left[i] = i
	}
	p := make([]int, 0, n)
	for i := range n {
		f := factorial(n - 1 - i)
		k := r / f
		r %= f
		p = append(p, left[k])
		left = slices.Delete(left, int(k), int(k)+1)
	}
	return p
}

// TestFactorials checks the table of factorials.
func TestFactorials(t *testing.T) {
	for n, f := range factorials {
		if f != factorial(n) {
			t.Errorf("factorials[%d] = %d, want %d", n, f, factorial(n))
		}
	}
}

// TestRankExhaustive ranks every permutation of up to 9 elements, listed
// in lexicographic order by a next-permutation step: each ranks to its
// index in that order, so ranks are a bijection onto [0, n!). The
// reference rank of TestRankLarge is checked the same way.
func TestRankExhaustive(t *testing.T) {
	for n := 0; n <= 9; n++ {
		p := make([]int, n)
		for i := range p {
			p[i] = i
		}
		next := uint64(0)
		for {
			if r := rankPacked(pack(p), n); r != next {
				t.Fatalf("rankPacked(%v) = %d, want %d", p, r, next)
			}
			if r := refRank(p); r != next { // the reference of TestRankLarge
				t.Fatalf("refRank(%v) = %d, want %d", p, r, next)
			}
			next++
			if !nextPermutation(p) {
				break
			}
		}
		if next != factorial(n) {
			t.Fatalf("n=%d: %d permutations, want %d", n, next, factorial(n))
		}
	}
}

// TestRankLarge spot-checks long permutations: the identity ranks 0, the
// reversed one n!-1, and random ones rank as the reference computes,
// which unranks back to them.
func TestRankLarge(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 3))
	for _, n := range []int{12, 13, 16} {
		id := make([]int, n)
		rev := make([]int, n)
		for i := range id {
			id[i], rev[i] = i, n-1-i
		}
		if r := rankPacked(pack(id), n); r != 0 {
			t.Errorf("n=%d: identity ranks %d", n, r)
		}
		if r := rankPacked(pack(rev), n); r != factorial(n)-1 {
			t.Errorf("n=%d: reversed permutation ranks %d, want %d", n, r, factorial(n)-1)
		}
		for range 200 {
			p := rng.Perm(n)
			r := rankPacked(pack(p), n)
			if want := refRank(p); r != want {
				t.Fatalf("n=%d: rankPacked(%v) = %d, reference %d", n, p, r, want)
			}
			if r >= factorial(n) {
				t.Fatalf("n=%d: rank %d beyond n!", n, r)
			}
			if back := refUnrank(n, r); !slices.Equal(back, p) {
				t.Fatalf("n=%d: rank %d of %v unranks to %v", n, r, p, back)
			}
		}
	}
}
