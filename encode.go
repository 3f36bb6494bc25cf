package slide

// Pack packs b into a uint64, four bits a cell: 16 cells, labels below 16.
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

// Unpack returns the rows x cols board Pack packed into p.
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

// Key returns b's cells as a compact string, equal for equal boards.
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
