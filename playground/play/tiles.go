package play

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/input"
)

// A boardResult is a board and whether it can reach its goal.
type boardResult struct {
	Board    boardJSON `json:"board"`
	Solvable bool      `json:"solvable"`
}

// parse reads the board of the text of r, in slide solve's file format.
func (h Handler) parse(_ context.Context, r request, _ func(progress)) (any, error) {
	b, err := slide.ParseBoard(r.Text)
	if err != nil {
		return nil, err
	}
	if err := checkSize(b.Rows(), b.Cols()); err != nil {
		return nil, err
	}
	return boardResult{boardOf(b), b.IsSolvable()}, nil
}

// shuffle draws a board of r's size (checked by decode) uniformly from
// those that reach the goal, as slide random -seed does with r's seed.
func (h Handler) shuffle(_ context.Context, r request, _ func(progress)) (any, error) {
	goal := slide.Goal(r.Rows, r.Cols)
	seed, err := parseSeed(r.Seed)
	if err != nil {
		return nil, err
	}
	b, err := slide.RandomBoard(goal, rand.New(rand.NewPCG(seed, 0)))
	if err != nil {
		return nil, err
	}
	return boardResult{boardOf(b), true}, nil
}

// parseSeed reads a request's seed, a decimal uint64.
func parseSeed(s string) (uint64, error) {
	seed, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return 0, fmt.Errorf(`"seed": want a decimal number from 0 to %d, got %s`, uint64(1<<64-1), input.Quote(s))
	}
	return seed, nil
}

// solvable says whether the board of r can reach its goal.
func (h Handler) solvable(_ context.Context, r request, _ func(progress)) (any, error) {
	return struct {
		Solvable bool `json:"solvable"`
	}{r.Board.IsSolvable()}, nil
}
