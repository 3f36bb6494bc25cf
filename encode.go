package slide

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
