package tiles

import "math/bits"

// Permutation ranks. A permutation of 0 ... n-1 ranks to its position in
// lexicographic order, a perfect hash onto [0, n!): its Lehmer code (for
// each element, how many smaller ones follow it) read as a factorial-base
// number.

// factorials[i] is i!, up to 16!, for permutations packed four bits an
// element.
var factorials = [17]uint64{
	1,
	1,
	2,
	6,
	24,
	120,
	720,
	5040,
	40320,
	362880,
	3628800,
	39916800,
	479001600,
	6227020800,
	87178291200,
	1307674368000,
	20922789888000,
}

// rankPacked returns the rank of a permutation of 0 ... n-1, n <= 16,
// packed four bits an element (element i in bits 4i to 4i+3), as the keys
// of boards with distinct labels are. O(n).
func rankPacked(key uint64, n int) uint64 {
	var r uint64
	left := uint32(1)<<n - 1
	f := factorials[:n] // f[i] weighs the element i places from the end
	for i := n - 1; i >= 0; i-- {
		v := uint(key) & 15
		key >>= 4
		r += uint64(bits.OnesCount32(left&(1<<v-1))) * f[i]
		left &^= 1 << v
	}
	return r
}
