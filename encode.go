package slide

import "encoding/binary"

// Pack packs b into a uint64, four bits a cell: 16 cells, labels below 16.
func (b Board) Pack() (uint64, error) {
	if !b.IsValid() || b.Len() > 16 {
		return 0, errorf("Board.Pack", ErrSize, "%d cells: packing takes 2 to 16", b.Len())
	}
	var p uint64
	for i := range b.Len() {
		t := b.tile(i)
		if t > 15 {
			return 0, errorf("Board.Pack", ErrTile, "label %d does not fit in 4 bits", t)
		}
		p |= uint64(t) << (4 * i)
	}
	return p, nil
}

// Unpack returns the rows x cols board [Board.Pack] packed into p.
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

// MarshalBinary implements [encoding.BinaryMarshaler]: little-endian uint16s.
func (b Board) MarshalBinary() ([]byte, error) {
	if !b.IsValid() {
		return []byte{}, nil
	}
	out := make([]byte, 4, 4+len(b.cells))
	binary.LittleEndian.PutUint16(out, b.rows)
	binary.LittleEndian.PutUint16(out[2:], b.cols)
	return append(out, b.cells...), nil
}

// UnmarshalBinary implements [encoding.BinaryUnmarshaler].
func (b *Board) UnmarshalBinary(data []byte) error {
	if len(data) == 0 {
		*b = Board{}
		return nil
	}
	if len(data) < 4 {
		return errorf("Board.UnmarshalBinary", ErrSyntax, "%d bytes: too short for a header", len(data))
	}
	rows := int(binary.LittleEndian.Uint16(data))
	cols := int(binary.LittleEndian.Uint16(data[2:]))
	if err := checkSize("Board.UnmarshalBinary", rows, cols); err != nil {
		return err
	}
	if len(data) != 4+2*rows*cols {
		return errorf("Board.UnmarshalBinary", ErrSyntax, "%d bytes: a %d x %d board takes %d", len(data), rows, cols, 4+2*rows*cols)
	}
	labels := make([]int, rows*cols)
	for i := range labels {
		labels[i] = int(binary.LittleEndian.Uint16(data[4+2*i:]))
	}
	nb, err := build("Board.UnmarshalBinary", rows, cols, labels, false)
	if err != nil {
		return err
	}
	*b = nb
	return nil
}
