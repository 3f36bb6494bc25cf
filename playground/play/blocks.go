package play

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/report"
)

// A blocksResult is the answer to blocks.
type blocksResult struct {
	Report    report.Report `json:"report"`
	Rows      int           `json:"rows"`
	Cols      int           `json:"cols"`
	Pieces    []pieceJSON   `json:"pieces"`
	Moves     []moveJSON    `json:"moves"`
	Positions [][]cellJSON  `json:"positions"` // the start, then the puzzle after each move
	Discarded []string      `json:"discarded"` // the messages of the piece lines discarded
	Text      string        `json:"text"`
	SVG       string        `json:"svg"`
}

// pieceJSON is a piece of a puzzle, its cell from 0.
type pieceJSON struct {
	Name   string `json:"name"`
	Row    int    `json:"row"`
	Col    int    `json:"col"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
	Motion string `json:"motion"` // fixed, horizontal, vertical or both
	Goal   bool   `json:"goal"`
}

// moveJSON is a move of a puzzle's solution: the piece's name and its
// index in pieces, the move in words, and its straight slides.
type moveJSON struct {
	Piece  string              `json:"piece"`
	Index  int                 `json:"index"`
	Text   string              `json:"text"`
	Slides []report.BlockSlide `json:"slides"`
}

// cellJSON is the upper-left cell of a piece, from 0.
type cellJSON struct {
	Row int `json:"row"`
	Col int `json:"col"`
}

// blocks solves the sliding-block puzzle of the text of r under r's
// metric.
func (h Handler) blocks(ctx context.Context, r request, _ func(progress)) (any, error) {
	b, metric, discarded, err := blocksOf(r)
	if err != nil {
		return nil, err
	}
	began := time.Now()
	sol, err := report.SolveBlocks(ctx, b, metric, slide.Limits{MaxMemory: maxMemory})
	if err != nil {
		return nil, err
	}
	res := blocksResult{Report: sol.Report(), Rows: b.Rows(), Cols: b.Cols(), Moves: []moveJSON{}, Discarded: discarded}
	res.Report.Since(began)
	for i, p := range b.Pieces() {
		res.Pieces = append(res.Pieces, pieceJSON{string(b.Name(i)), p.Row, p.Col, p.Width, p.Height, p.Motion.String(), i == 0})
	}
	for _, m := range sol.Sol.Moves {
		mj := moveJSON{Piece: string(m.Name), Index: m.Piece, Text: m.String()}
		for _, s := range m.Slides {
			mj.Slides = append(mj.Slides, report.BlockSlide{Piece: mj.Piece, Dir: s.Dir.String(), Distance: s.Cells})
		}
		res.Moves = append(res.Moves, mj)
	}
	positions := sol.Sol.Positions
	if sol.Unsolvable != "" {
		positions = []slide.Blocks{b}
	}
	for _, pos := range positions {
		var cells []cellJSON
		for _, p := range pos.Pieces() {
			cells = append(cells, cellJSON{p.Row, p.Col})
		}
		res.Positions = append(res.Positions, cells)
	}
	var text, svg strings.Builder
	sol.WriteText(&text)
	if err := sol.Draw(&svg, fmt.Sprintf("%d x %d puzzle", b.Rows(), b.Cols())); err != nil {
		return nil, err
	}
	res.Text, res.SVG = text.String(), svg.String()
	return res, nil
}
