package blocks

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/slidekit/slide/internal/testsets"
)

// A puzzle is a grid and its pieces, for tests over more than the files.
type puzzle struct {
	name       string
	rows, cols int
	pieces     []Piece
	goal       Goal
}

// puzzles returns the puzzles of testdata/blocks with their goals, and
// random ones: on grids of more than 64 cells (occupancy in words), with
// keys of more than 64 bits (Wide states), and with a goal about a piece
// other than the first.
func puzzles(t testing.TB) []puzzle {
	var out []puzzle
	for _, c := range readCases(t) {
		out = append(out, puzzle{c.name, c.rows, c.cols, c.pieces, c.goal()})
	}
	rng := rand.New(rand.NewPCG(20, 21))
	for _, r := range []struct{ rows, cols, pieces, goal int }{
		{4, 6, 7, 0}, {5, 5, 9, 3}, {9, 8, 12, 0}, {7, 12, 14, 2}, {12, 12, 30, 0},
	} {
		pieces := randomPieces(rng, r.rows, r.cols, r.pieces)
		p := pieces[r.goal]
		out = append(out, puzzle{fmt.Sprintf("random %dx%d", r.rows, r.cols), r.rows, r.cols, pieces, Goal{Piece: r.goal, Row: -1, Col: r.cols - p.Width}})
	}
	return out
}

// randomPieces places n pieces of 1 x 1 to 2 x 2 cells at random on a
// rows x cols grid, without overlap, most of them movable and alike, so
// that groups of identical pieces form; the first moves both ways.
func randomPieces(rng *rand.Rand, rows, cols, n int) []Piece {
	used := make([]bool, rows*cols)
	var pieces []Piece
	for len(pieces) < n {
		p := Piece{Width: 1 + rng.IntN(2), Height: 1 + rng.IntN(2), Motion: Motion(rng.IntN(4))}
		if rng.IntN(2) == 0 {
			p.Width, p.Height = 1, 1
		}
		if len(pieces) == 0 {
			p.Motion = Both
		}
		p.Row, p.Col = rng.IntN(rows-p.Height+1), rng.IntN(cols-p.Width+1)
		ok := true
		for r := p.Row; r < p.Row+p.Height; r++ {
			for c := p.Col; c < p.Col+p.Width; c++ {
				ok = ok && !used[r*cols+c]
			}
		}
		if !ok {
			continue
		}
		for r := p.Row; r < p.Row+p.Height; r++ {
			for c := p.Col; c < p.Col+p.Width; c++ {
				used[r*cols+c] = true
			}
		}
		pieces = append(pieces, p)
	}
	return pieces
}

// forms are the ways a space can hold a position, which Force chooses:
// occupancy in one word or in a slice of words, keys in a uint64 or in
// bytes.
var forms = []struct {
	name              string
	wideGrid, wideKey bool
}{{"as built", false, false}, {"wide grid", true, false}, {"wide key", false, true}, {"wide grid and key", true, true}}

// TestMovesMatchReference checks the moves of every kind of state
// against refMoves, position by position over the first positions
// reachable in every puzzle, every metric and every form a space can
// take, identical pieces merged or not: every move generated is legal
// (inside the grid, through free cells, in a direction the piece's
// motion allows), none is missing, and none comes twice.
func TestMovesMatchReference(t *testing.T) {
	most, moves := 60, 1000 // positions and moves checked per space at most
	if !testsets.Long() {
		most, moves = 30, 500
	}
	for _, pz := range puzzles(t) {
		for _, m := range metrics {
			for _, f := range forms {
				for _, distinct := range []bool{false, true} {
					if distinct && f.wideGrid {
						continue
					}
					sp := NewSpace(pz.rows, pz.cols, pz.pieces, m, pz.goal, distinct)
					sp.Force(f.wideGrid, f.wideKey)
					checked := 0
					check := func(codes []uint32, next [][]uint32) bool {
						t.Helper()
						var got, want []string
						for _, n := range next {
							got = append(got, arrangement(sp.pieces(n), pz.goal.Piece, distinct))
						}
						for _, q := range refMoves(pz.rows, pz.cols, sp.pieces(codes), m) {
							want = append(want, arrangement(q, pz.goal.Piece, distinct))
						}
						slices.Sort(got)
						slices.Sort(want)
						if !slices.Equal(got, want) {
							t.Fatalf("%s %v %s distinct %v: from%s: %d moves, the reference has %d", pz.name, m, f.name, distinct, describe(sp.pieces(codes)), len(got), len(want))
						}
						checked += len(next)
						return checked < moves
					}
					if sp.Kind() == WideStates {
						exploreCodes(sp.WideStart(sp.StartCodes()), most, check)
						continue
					}
					exploreCodes(sp.State64(sp.Pack64(sp.StartCodes())), most, check)
				}
			}
		}
	}
}
