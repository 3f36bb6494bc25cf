package slide

import (
	"iter"
	"strconv"
	"strings"

	"github.com/slidekit/slide/internal/input"
	"github.com/slidekit/slide/internal/tiles"
)

// Direction is the way a tile slides: Up moves the tile below the blank.
type Direction uint8

// The four directions, in the order Neighbors visits them.
const (
	Up Direction = iota
	Down
	Left
	Right
)

var directionNames = [...]string{"up", "down", "left", "right"}

// String returns "up", "down", "left" or "right".
func (d Direction) String() string {
	if int(d) < len(directionNames) {
		return directionNames[d]
	}
	return "Direction(" + strconv.Itoa(int(d)) + ")"
}

// Opposite returns the direction that undoes d.
func (d Direction) Opposite() Direction { return d ^ 1 }

// source returns the offset, in rows and columns, from the blank to the
// tile that slides in direction d.
func (d Direction) source() (dr, dc int) { return tiles.Dir(d).Source() }

// A Move slides Tiles tiles (1 but for line moves) one cell in direction
// Dir.
type Move struct {
	Dir   Direction
	Tiles int
}

// String returns "up", or "left 3" for a line move of 3 tiles.
func (m Move) String() string {
	if m.Tiles == 1 {
		return m.Dir.String()
	}
	return m.Dir.String() + " " + strconv.Itoa(m.Tiles)
}

// moveLetters are the letters FormatMoves writes for Up, Down, Left, Right.
const moveLetters = "UDLR"

// FormatMoves writes moves as letters U, D, L, R, a line move with its
// count.
func FormatMoves(moves []Move) string {
	var sb strings.Builder
	sb.Grow(len(moves))
	for _, m := range moves {
		if m.Dir > Right {
			sb.WriteByte('?')
			continue
		}
		sb.WriteByte(moveLetters[m.Dir])
		if m.Tiles != 1 {
			sb.WriteString(strconv.Itoa(m.Tiles))
		}
	}
	return sb.String()
}

// ParseMoves reads what FormatMoves writes, in either case.
func ParseMoves(s string) ([]Move, error) {
	var moves []Move
	for i := 0; i < len(s); {
		c := s[i]
		if c == ' ' || c == '\n' || c == '\r' || c == '\t' {
			i++
			continue
		}
		d := strings.IndexByte(moveLetters, c&^0x20)
		if c < 'A' || d < 0 {
			return nil, errorf("ParseMoves", ErrSyntax, "byte %d: %s is not a move (want U, D, L or R)", i, quoteByte(c))
		}
		i++
		j := i
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		n := 1
		if j > i {
			var err error
			if n, err = strconv.Atoi(s[i:j]); err != nil || n < 1 || n > MaxCells {
				return nil, errorf("ParseMoves", ErrSyntax, "byte %d: tile count %.12s out of range 1..%d", i, s[i:j], MaxCells)
			}
		}
		moves = append(moves, Move{Dir: Direction(d), Tiles: n})
		i = j
	}
	return moves, nil
}

// quoteByte quotes one byte of input for a message.
func quoteByte(c byte) string { return strconv.QuoteRune(rune(c)) }

// Apply returns the board after moves, or the board where a move fails.
func (b Board) Apply(moves []Move) (Board, bool) {
	for _, m := range moves {
		next, ok := b.Slide(m.Dir, m.Tiles)
		if !ok {
			return b, false
		}
		b = next
	}
	return b, true
}

// All yields the boards of the solution, replayed when Boards is nil.
func (s Solution) All() iter.Seq2[int, Board] {
	return func(yield func(int, Board) bool) {
		if s.Boards != nil {
			for i, b := range s.Boards {
				if !yield(i, b) {
					return
				}
			}
			return
		}
		b := s.Start
		if !yield(0, b) {
			return
		}
		for i, m := range s.Moves {
			next, ok := b.Slide(m.Dir, m.Tiles)
			if !ok {
				return
			}
			b = next
			if !yield(i+1, b) {
				return
			}
		}
	}
}

// ParseDirection returns the Direction named s, or by its letter.
func ParseDirection(s string) (Direction, error) {
	for d, name := range directionNames {
		if s == name {
			return Direction(d), nil
		}
	}
	if len(s) == 1 {
		if d := strings.IndexByte(moveLetters, s[0]&^0x20); d >= 0 && s[0] >= 'A' {
			return Direction(d), nil
		}
	}
	return 0, errorf("ParseDirection", ErrSyntax, "unknown direction %s (want up, down, left or right)", input.Quote(s))
}

// MarshalText implements encoding.TextMarshaler: the name String returns.
func (d Direction) MarshalText() ([]byte, error) {
	return nameText("Direction.MarshalText", "direction", int(d), directionNames[:])
}

// UnmarshalText implements encoding.TextUnmarshaler with ParseDirection.
func (d *Direction) UnmarshalText(text []byte) error {
	v, err := ParseDirection(string(text))
	if err != nil {
		return renamed(err, "Direction.UnmarshalText")
	}
	*d = v
	return nil
}
