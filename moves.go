package slide

import (
	"strconv"
	"strings"

	"github.com/slidekit/slide/internal/tiles"
)

// Direction is the way a tile slides: [Up] moves the tile below the blank.
type Direction uint8

// The four directions, in the order [Board.Neighbors] visits them.
const (
	Up Direction = iota
	Down
	Left
	Right
)

var directionText = enum[Direction]{typ: "Direction", kind: "direction",
	names:   []string{"up", "down", "left", "right"},
	aliases: map[string]Direction{"u": Up, "d": Down, "l": Left, "r": Right, "U": Up, "D": Down, "L": Left, "R": Right}}

// String returns "up", "down", "left" or "right".
func (d Direction) String() string { return directionText.format(d) }

// ParseDirection returns the [Direction] named s, or by its letter U, D, L, R.
func ParseDirection(s string) (Direction, error) { return directionText.parse("ParseDirection", s) }

// MarshalText implements [encoding.TextMarshaler]: the name String returns.
func (d Direction) MarshalText() ([]byte, error) { return directionText.marshal(d) }

// UnmarshalText implements [encoding.TextUnmarshaler] with [ParseDirection].
func (d *Direction) UnmarshalText(text []byte) error { return directionText.unmarshal(text, d) }

// Opposite returns the direction that undoes d.
func (d Direction) Opposite() Direction { return d ^ 1 }

// source returns the offset, in rows and columns, from the blank to the
// tile that slides in direction d.
func (d Direction) source() (dr, dc int) { return tiles.Dir(d).Source() }

// A Move slides Tiles tiles one cell in direction Dir: one, but for
// [LineMoves].
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

// FormatMoves writes moves as letters, a line move with its count: "ULL3D".
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

// ParseMoves reads what [FormatMoves] writes, in either case.
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
			return nil, errorf("ParseMoves", ErrSyntax, "byte %d: %s is not a move (want U, D, L or R)", i, strconv.QuoteRune(rune(c)))
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
