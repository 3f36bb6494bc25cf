package slide

import (
	"strconv"
	"strings"
)

// ParseBlocks reads a sliding-block puzzle in this text format, here the
// 4 x 4 puzzle that Blocks.Grid draws:
//
//	# a comment
//	4 4
//	3 1 2 1 b
//	1 1 1 1 b
//	1 2 1 1 b
//	2 1 1 1 b
//	2 3 2 1 b
//	3 3 1 2 b
//	4 1 2 1 b
//	4 4 1 1 b
//
// The first line gives the number of rows and of columns of the grid. Each
// later line is a piece: the row and column of its upper-left cell
// (counted from 1), its width in columns, its height in rows, and a letter
// for its Motion: h (Horizontal), v (Vertical), b (Both) or n (Fixed, "no
// movement"). The first piece is the goal piece. Fields are separated by
// white space; blank lines and lines that start with '#' are skipped.
//
// A piece line that is malformed (not four integers and a letter), lies
// outside the grid, has another letter or overlaps an earlier piece is
// discarded: ParseBlocks goes on without it and reports it in discarded, as
// an *Error that names the line and wraps ErrSyntax or ErrPiece. If the
// goal piece's line is discarded, the first valid piece becomes the goal
// piece. err is set, and b is the zero Blocks, only when the size line is
// missing or malformed (ErrSyntax), gives rows or columns below 1 or too
// many cells (ErrSize), or no piece is valid (ErrPiece). O(length of text
// + rows*cols).
func ParseBlocks(text string) (b Blocks, discarded []error, err error) {
	const fn = "ParseBlocks"
	rows, cols := 0, 0
	var pieces []Piece
	var cells cellOwners
	lineOf := []int(nil) // the line of each valid piece
	sized := false
	for ln, line := range strings.Split(text, "\n") {
		ln++
		fields := strings.Fields(line)
		if len(fields) == 0 || strings.HasPrefix(fields[0], "#") {
			continue
		}
		if !sized {
			if rows, cols, err = parseBlockSize(fn, ln, fields); err != nil {
				return Blocks{}, discarded, err
			}
			sized, cells = true, newCellOwners(rows, cols)
			continue
		}
		p, perr := parsePiece(fn, ln, fields, rows, cols)
		if perr == nil {
			if j := cells.place(p, len(pieces)); j >= 0 {
				perr = errorf(fn, ErrPiece, "line %d: piece %q overlaps the piece of line %d; discarded", ln, strings.Join(fields, " "), lineOf[j])
			}
		}
		if perr != nil {
			discarded = append(discarded, perr)
			continue
		}
		pieces = append(pieces, p)
		lineOf = append(lineOf, ln)
	}
	switch {
	case !sized:
		return Blocks{}, discarded, errorf(fn, ErrSyntax, "no size line: want \"rows cols\" first")
	case len(pieces) == 0:
		return Blocks{}, discarded, errorf(fn, ErrPiece, "no valid piece: a puzzle needs a goal piece")
	}
	return makeBlocks(rows, cols, pieces), discarded, nil
}

// parseBlockSize reads the size line.
func parseBlockSize(fn string, ln int, fields []string) (rows, cols int, err error) {
	if len(fields) != 2 {
		return 0, 0, errorf(fn, ErrSyntax, "line %d: size line %q has %d fields, want rows cols", ln, strings.Join(fields, " "), len(fields))
	}
	var dims [2]int
	for i, f := range fields {
		if dims[i], err = strconv.Atoi(f); err != nil {
			return 0, 0, errorf(fn, ErrSyntax, "line %d: size %q is not an integer", ln, f)
		}
	}
	if err := checkBlockSize(fn, dims[0], dims[1]); err != nil {
		err.(*Error).Msg = "line " + strconv.Itoa(ln) + ": " + err.(*Error).Msg
		return 0, 0, err
	}
	return dims[0], dims[1], nil
}

// parsePiece reads a piece line, checking it against the grid but not
// against other pieces.
func parsePiece(fn string, ln int, fields []string, rows, cols int) (Piece, error) {
	text := strings.Join(fields, " ")
	if len(fields) != 5 {
		return Piece{}, errorf(fn, ErrSyntax, "line %d: piece %q has %d fields, want row col width height motion; discarded", ln, text, len(fields))
	}
	var v [4]int
	for i, name := range [...]string{"row", "column", "width", "height"} {
		n, err := strconv.Atoi(fields[i])
		if err != nil {
			return Piece{}, errorf(fn, ErrSyntax, "line %d: piece %q: %s %q is not an integer; discarded", ln, text, name, fields[i])
		}
		v[i] = n
	}
	m := strings.Index(motionLetters, fields[4])
	if len(fields[4]) != 1 || m < 0 {
		return Piece{}, errorf(fn, ErrSyntax, "line %d: piece %q: motion %q is not h, v, b or n; discarded", ln, text, fields[4])
	}
	p := Piece{Row: v[0] - 1, Col: v[1] - 1, Width: v[2], Height: v[3], Motion: Motion(m)}
	if v[0] < 1 || v[1] < 1 { // and v[0]-1 might overflow
		p.Row, p.Col = -1, -1
	}
	if msg := checkPiece(rows, cols, p); msg != "" {
		if p.Row < 0 {
			msg = "at row " + fields[0] + ", column " + fields[1] + " is outside the grid (rows and columns count from 1)"
		}
		return Piece{}, errorf(fn, ErrPiece, "line %d: piece %q %s; discarded", ln, text, msg)
	}
	return p, nil
}

// ParseRushHour reads a Rush Hour position in the common 36-character
// notation: the cells of a 6 x 6 grid row by row, '.' or 'o' for an empty
// cell, 'x' for a wall (a Fixed 1 x 1 piece), 'A' for the red car and
// another capital letter for each other car or truck. The cells of a
// vehicle, two or more in a line, give its length and its Motion:
// Horizontal if they lie in one row, Vertical if in one column. The red car
// must lie in a row; it is the goal piece, and leaves by the right edge,
// which is BlockSolver's default goal. The other pieces follow in the order
// of their first cells, row by row. White space around s is ignored.
// For example the hardest position of the public Rush Hour database, 60
// moves from its exit:
//
//	IBBxooIooLDDJAALooJoKEEMFFKooMGGHHHM
//
// Errors are *Error values wrapping ErrSyntax (a wrong length or
// character) or ErrPiece (a vehicle's cells not in one line, a one-cell
// vehicle, a vertical red car, no red car).
func ParseRushHour(s string) (Blocks, error) {
	const fn, side = "ParseRushHour", 6
	s = strings.TrimSpace(s)
	if len(s) != side*side {
		return Blocks{}, errorf(fn, ErrSyntax, "%q has %d characters, want %d (6 x 6, row by row)", s, len(s), side*side)
	}
	var order []byte  // letters and walls in order of first cell
	var first [26]int // a letter's first cell, plus one
	var count [26]int
	var pieces []Piece
	for i := range len(s) {
		switch ch := s[i]; {
		case ch == '.' || ch == 'o':
		case ch == 'x':
			order = append(order, 'x')
			pieces = append(pieces, Piece{Row: i / side, Col: i % side, Width: 1, Height: 1, Motion: Fixed})
		case ch >= 'A' && ch <= 'Z':
			k := ch - 'A'
			if count[k] == 0 {
				first[k] = i + 1
				order = append(order, ch)
				pieces = append(pieces, Piece{})
			}
			count[k]++
		default:
			return Blocks{}, errorf(fn, ErrSyntax, "character %q at %d is not '.', 'o', 'x' or a capital letter", ch, i)
		}
	}
	if count[0] == 0 {
		return Blocks{}, errorf(fn, ErrPiece, "no red car A")
	}
	goal := -1
	for j, ch := range order {
		if ch == 'x' {
			continue
		}
		k := ch - 'A'
		f := first[k] - 1
		p := Piece{Row: f / side, Col: f % side, Width: count[k], Height: 1, Motion: Horizontal}
		if count[k] > 1 && f+1 < len(s) && s[f+1] != ch {
			p.Width, p.Height, p.Motion = 1, count[k], Vertical
		}
		if count[k] < 2 {
			return Blocks{}, errorf(fn, ErrPiece, "vehicle %c has one cell: its direction is unknown", ch)
		}
		for c := range count[k] {
			at := f + c
			if p.Motion == Vertical {
				at = f + c*side
			}
			if p.Motion == Horizontal && p.Col+p.Width > side || at >= len(s) || s[at] != ch {
				return Blocks{}, errorf(fn, ErrPiece, "vehicle %c: its %d cells are not in one row or column, side by side", ch, count[k])
			}
		}
		if ch == 'A' {
			if p.Motion != Horizontal {
				return Blocks{}, errorf(fn, ErrPiece, "red car A is vertical: it must lie in a row to leave by the right edge")
			}
			goal = j
		}
		pieces[j] = p
	}
	out := append([]Piece{pieces[goal]}, pieces[:goal]...)
	return NewBlocks(side, side, append(out, pieces[goal+1:]...))
}

// AppendText implements encoding.TextAppender: b in the String form, the
// text format of ParseBlocks. The zero Blocks appends nothing.
func (b Blocks) AppendText(dst []byte) ([]byte, error) { return append(dst, b.String()...), nil }

// MarshalText implements encoding.TextMarshaler with the String form.
func (b Blocks) MarshalText() ([]byte, error) { return b.AppendText(nil) }

// UnmarshalText implements encoding.TextUnmarshaler. It reads the text
// format of ParseBlocks, but strictly: a piece line that ParseBlocks would
// discard is an error here (the first such line is reported), since a
// decoder must not drop part of its input. Empty text, or only white
// space and comments, gives the zero Blocks.
func (b *Blocks) UnmarshalText(text []byte) error {
	const fn = "Blocks.UnmarshalText"
	if blankText(string(text)) {
		*b = Blocks{}
		return nil
	}
	nb, discarded, err := ParseBlocks(string(text))
	if err != nil {
		return renamed(err, fn)
	}
	if len(discarded) > 0 {
		e := renamed(discarded[0], fn).(*Error)
		e.Msg = strings.TrimSuffix(e.Msg, "; discarded")
		return e
	}
	*b = nb
	return nil
}

// blankText reports whether text holds nothing but white space and
// comment lines.
func blankText(text string) bool {
	for line := range strings.SplitSeq(text, "\n") {
		if f := strings.Fields(line); len(f) > 0 && !strings.HasPrefix(f[0], "#") {
			return false
		}
	}
	return true
}
