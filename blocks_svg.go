package slide

import (
	"io"
	"strconv"
)

// WriteBlocksSVG writes to w an animated SVG picture of positions, a
// sliding-block solution's positions from its start to its goal
// (BlockSolution.Positions), each one move after the one before: one piece
// slides, in a straight line or, as the piece metric allows, along a path
// of straight slides (the fewest, found again from the two positions). The
// goal piece is red, fixed pieces grey, the others in colours by number,
// each with its PieceName. See WriteSVG for the options and the picture.
// It fails with an *Error wrapping ErrMismatch if there are no positions
// or two in a row are not one piece's move apart, and with w's error if a
// write fails. O(pieces + cells of the moves' paths) beyond the
// positions.
func WriteBlocksSVG(w io.Writer, positions []Blocks, o *SVGOptions) error {
	const fn = "WriteBlocksSVG"
	if len(positions) == 0 || !positions[0].IsValid() {
		return errorf(fn, ErrMismatch, "no positions to draw")
	}
	start := positions[0]
	pic := newSVGPicture(start.Rows(), start.Cols(), len(positions)-1, o)
	positions = positions[:pic.moves+1]
	names := make([]rune, start.NumPieces())
	for i := range names {
		names[i] = PieceName(i)
	}
	for i, p := range start.Pieces() {
		fill := "hsl(" + strconv.Itoa(i*137%360) + ",60%,78%)"
		switch {
		case i == 0:
			fill = "#e05050"
		case p.Motion == Fixed:
			fill = "#999"
		}
		pic.actors = append(pic.actors, svgActor{label: string(names[i]), fill: fill, w: p.Width, h: p.Height,
			keys: []svgKey{{0, p.Row, p.Col}}})
	}
	for k := 1; k < len(positions); k++ {
		piece, slides, ok := blockMoveBetween(positions[k-1], positions[k])
		if !ok {
			return errorf(fn, ErrMismatch, "positions %d and %d are not one move apart", k-1, k)
		}
		cells := 0
		for _, s := range slides {
			cells += s.Cells
		}
		p, done := positions[k-1].Piece(piece), 0
		for _, s := range slides { // each slide takes its share of the move's time
			dr, dc := s.Dir.offset()
			p.Row, p.Col = p.Row+dr*s.Cells, p.Col+dc*s.Cells
			from := float64(k-1) + float64(done)/float64(cells)
			done += s.Cells
			pic.actors[piece].moveTo(from, float64(k-1)+float64(done)/float64(cells), p.Row, p.Col)
		}
	}
	return pic.write(w)
}

// blockMoveBetween returns the piece that moves from a to b and its path,
// straight or of the fewest straight slides; ok is false if a and b are
// not one piece's move apart.
func blockMoveBetween(a, b Blocks) (piece int, slides []Slide, ok bool) {
	if a.Rows() != b.Rows() || a.Cols() != b.Cols() || a.NumPieces() != b.NumPieces() {
		return 0, nil, false
	}
	piece = -1
	for i := range a.NumPieces() {
		p, q := a.Piece(i), b.Piece(i)
		if p == q {
			continue
		}
		if piece >= 0 || p.Width != q.Width || p.Height != q.Height || p.Motion != q.Motion {
			return 0, nil, false
		}
		piece = i
	}
	if piece < 0 {
		return 0, nil, false
	}
	p, q := a.Piece(piece), b.Piece(piece)
	slides = straight(p.Row, p.Col, q.Row, q.Col)
	if p.Row != q.Row && p.Col != q.Col {
		slides = nil
	}
	next, ok := a.Move(BlockMove{Piece: piece, Slides: slides})
	if !ok {
		slides = fewestSlides(a, piece, q.Row, q.Col)
		next, ok = a.Move(BlockMove{Piece: piece, Slides: slides})
	}
	return piece, slides, ok && next == b
}
