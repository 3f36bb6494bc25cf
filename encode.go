package slide

import "math/bits"

// Packed boards. A board of at most 16 cells whose labels are below 16 packs
// into one uint64, four bits a cell: cell i (row-major) in bits 4i to 4i+3,
// the blank as 0, unused high bits 0. Packing is what the engines hash and
// compare on their hot paths: one word, no allocation, equality in one
// instruction. The 15-puzzle fills the word exactly.

// Pack returns b packed into a uint64 (see the layout above). It fails with
// ErrSize for more than 16 cells and ErrTile for a label above 15.
func (b Board) Pack() (uint64, error) {
	if !b.IsValid() || b.Len() > 16 {
		return 0, errorf("Pack", ErrSize, "%d cells: packing takes 2 to 16", b.Len())
	}
	var p uint64
	for i := range b.Len() {
		t := b.tile(i)
		if t > 15 {
			return 0, errorf("Pack", ErrTile, "label %d does not fit in 4 bits", t)
		}
		p |= uint64(t) << (4 * i)
	}
	return p, nil
}

// Unpack returns the rows x cols board packed in p. It fails as NewLabeled
// does, and with ErrSize for more than 16 cells.
func Unpack(rows, cols int, p uint64) (Board, error) {
	if err := checkSize("Unpack", rows, cols); err != nil {
		return Board{}, err
	}
	n := rows * cols
	if n > 16 {
		return Board{}, errorf("Unpack", ErrSize, "%d cells: packing takes 2 to 16", n)
	}
	if n < 16 && p>>(4*n) != 0 {
		return Board{}, errorf("Unpack", ErrSyntax, "bits set beyond cell %d", n-1)
	}
	labels := make([]int, n)
	for i := range labels {
		labels[i] = int(p>>(4*i)) & 15
	}
	return build("Unpack", rows, cols, labels, false)
}

// Key returns a compact byte-string key for b, the hot-path form of boards
// too large to pack: one byte a cell when every label is below 256, else
// two (little-endian). Boards of the same size have equal keys exactly when
// they are equal. O(R*C).
func (b Board) Key() string {
	wide := false
	for i := range b.Len() {
		if b.tile(i) > 255 {
			wide = true
			break
		}
	}
	if wide {
		return b.cells
	}
	buf := make([]byte, b.Len())
	for i := range buf {
		buf[i] = byte(b.tile(i))
	}
	return string(buf)
}

// Permutation ranks. A permutation of 0 ... n-1 ranks to its position in
// lexicographic order, a perfect hash onto [0, n!): its Lehmer code (for each
// element, how many smaller ones follow it) read as a factorial-base number.
// The half rank numbers the permutations of one parity onto [0, n!/2): the
// last Lehmer digit is always 0 and the one before it is fixed by the
// parity, so the rank divided by two loses nothing once the parity is known.
// Sliding-tile positions of one solvability class need only half ranks.

// MaxRankLen is the longest permutation the rank functions take: 20! is
// the largest factorial below 2^63.
const MaxRankLen = 20

// factorials[i] is i!.
var factorials = [MaxRankLen + 1]uint64{
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
	355687428096000,
	6402373705728000,
	121645100408832000,
	2432902008176640000,
}

// checkPerm reports whether p is a permutation of 0 ... len(p)-1 that the
// rank functions take.
func checkPerm(fn string, p []int) error {
	if len(p) > MaxRankLen {
		return errorf(fn, ErrSize, "length %d above %d", len(p), MaxRankLen)
	}
	var seen uint32
	for _, v := range p {
		if v < 0 || v >= len(p) {
			return errorf(fn, ErrTile, "element %d out of range 0..%d", v, len(p)-1)
		}
		if seen&(1<<v) != 0 {
			return errorf(fn, ErrTile, "element %d appears twice", v)
		}
		seen |= 1 << v
	}
	return nil
}

// RankPermutation returns the lexicographic rank of p, a permutation of
// 0 ... len(p)-1 with len(p) <= MaxRankLen. O(len(p)).
func RankPermutation(p []int) (uint64, error) {
	if err := checkPerm("RankPermutation", p); err != nil {
		return 0, err
	}
	var r uint64
	left := uint32(1)<<len(p) - 1 // elements not yet placed
	for i, v := range p {
		r += uint64(bits.OnesCount32(left&(1<<v-1))) * factorials[len(p)-1-i]
		left &^= 1 << v
	}
	return r, nil
}

// UnrankPermutation returns the permutation of 0 ... n-1 of rank r, the
// inverse of RankPermutation. O(n^2) for n <= MaxRankLen.
func UnrankPermutation(n int, r uint64) ([]int, error) {
	if n < 0 || n > MaxRankLen {
		return nil, errorf("UnrankPermutation", ErrSize, "length %d out of range 0..%d", n, MaxRankLen)
	}
	if r >= factorials[n] {
		return nil, errorf("UnrankPermutation", ErrSize, "rank %d not below %d!", r, n)
	}
	return unrankDigits(n, r), nil
}

// unrankDigits decodes rank r < n! into a permutation.
func unrankDigits(n int, r uint64) []int {
	p := make([]int, n)
	left := uint32(1)<<n - 1
	for i := range n {
		f := factorials[n-1-i]
		d := int(r / f) // the d-th smallest element left
		r %= f
		m := left
		for range d {
			m &= m - 1
		}
		v := bits.TrailingZeros32(m)
		p[i] = v
		left &^= 1 << v
	}
	return p
}

// RankPermutationHalf returns p's rank among the permutations of its
// parity, in [0, len(p)!/2) (0 for len(p) < 2), and whether p is odd.
func RankPermutationHalf(p []int) (r uint64, odd bool, err error) {
	r, err = RankPermutation(p)
	if err != nil {
		return 0, false, err
	}
	return r / 2, permutationOdd(p), nil
}

// UnrankPermutationHalf returns the permutation of 0 ... n-1 with the
// given parity and half rank r, the inverse of RankPermutationHalf.
func UnrankPermutationHalf(n int, r uint64, odd bool) ([]int, error) {
	if n < 0 || n > MaxRankLen {
		return nil, errorf("UnrankPermutationHalf", ErrSize, "length %d out of range 0..%d", n, MaxRankLen)
	}
	if n < 2 {
		if r != 0 || odd {
			return nil, errorf("UnrankPermutationHalf", ErrSize, "length %d has only the even rank 0", n)
		}
		return unrankDigits(n, 0), nil
	}
	if r >= factorials[n]/2 {
		return nil, errorf("UnrankPermutationHalf", ErrSize, "half rank %d not below %d!/2", r, n)
	}
	p := unrankDigits(n, 2*r)
	if permutationOdd(p) != odd { // the rank's other half: swap the last two
		p[n-2], p[n-1] = p[n-1], p[n-2]
	}
	return p, nil
}

// permutationOdd reports whether the permutation p is odd.
func permutationOdd(p []int) bool {
	q := make([]int32, len(p))
	for i, v := range p {
		q[i] = int32(v)
	}
	return permParity(q) == 1
}

// rankPacked is RankPermutation for a permutation of 0 ... n-1 packed four
// bits an element, as the search keys of boards with distinct labels are.
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
