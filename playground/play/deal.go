package play

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/report"
)

// maxOptimalDeal is the most cells of a board that deal deals at an
// exact length, proven by optimal search, as [slide.Solver.Random] does
// in the Optimal mode; past it, deal walks to a Manhattan distance in the
// Fast mode.
const maxOptimalDeal = 25

// A dealResult is the answer to deal for a board: the board, the length
// of the solution found with it, whether that length is proven the
// fewest, and the bound proven on the fewest.
type dealResult struct {
	Board      boardJSON `json:"board"`
	Solvable   bool      `json:"solvable"`
	Length     int       `json:"length"`
	Proven     bool      `json:"proven"`
	LowerBound int       `json:"lower_bound"`
	Seconds    float64   `json:"seconds"`
	Built      []string  `json:"built"`
}

// A dealBlocksResult is the answer to deal for a block puzzle: the
// position dealt, in slide blocks's file format, its length (the fewest
// moves, proven), and the messages of the piece lines discarded.
type dealBlocksResult struct {
	Text      string   `json:"text"`
	Length    int      `json:"length"`
	Metric    string   `json:"metric"`
	Discarded []string `json:"discarded"`
	Seconds   float64  `json:"seconds"`
}

// deal deals a board of rows x cols whose shortest solution has exactly
// moves moves (see maxOptimalDeal), or a position of the block puzzle of
// text moves from solved, or without moves the farthest one, drawn by
// seed.
func (h Handler) deal(ctx context.Context, r request, tell func(progress)) (any, error) {
	seed, err := parseSeed(r.Seed)
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(seed, 0))
	switch {
	case r.Text != "" && r.Rows != 0:
		return nil, errors.New(`deal takes a board's "rows" and "cols", or a block puzzle's "text", not both`)
	case r.Text != "":
		return h.dealBlocks(ctx, r, rng)
	case r.Rows == 0:
		return nil, errors.New(`deal needs a board's "rows" and "cols", or a block puzzle's "text"`)
	case r.Moves == nil:
		return nil, errors.New(`deal needs "moves" for a board: the length of its shortest solution`)
	case r.Metric != "":
		return nil, errors.New(`deal takes a "metric" for a block puzzle only: a board's moves are tile moves`)
	}
	goal := slide.Goal(r.Rows, r.Cols)
	s := slide.Solver{Mode: slide.Optimal(), Limits: slide.Limits{MaxMemory: searchMemory(goal)}, Cache: h.Cache}
	var built []string
	if goal.Len() > maxOptimalDeal {
		s.Mode, s.Cache = slide.Fast(), slide.Cache{}
	} else {
		if r.Rows == 4 && r.Cols == 4 {
			s.Heuristic = slide.PDB663
		}
		s.Cache.Progress = buildTeller(tell, &built)
		s.Progress = func(p slide.Progress) {
			tell(progress{Search: &searchProgress{Bound: p.Bound, Generated: p.Generated, Best: p.Best, LowerBound: p.LowerBound, Seconds: p.Elapsed.Seconds()}})
		}
	}
	began := time.Now()
	sol, err := s.Random(ctx, goal, *r.Moves, rng)
	if err != nil {
		return nil, err
	}
	if built == nil {
		built = []string{}
	}
	return dealResult{Board: boardOf(sol.Start), Solvable: true, Length: sol.Len(), Proven: sol.Optimal, LowerBound: sol.LowerBound,
		Seconds: time.Since(began).Seconds(), Built: built}, nil
}

// dealBlocks deals a position of the block puzzle of r's text: moves
// from solved in r's metric, or without moves the farthest one.
func (h Handler) dealBlocks(ctx context.Context, r request, rng *rand.Rand) (any, error) {
	b, metric, discarded, err := blocksOf(r)
	if err != nil {
		return nil, err
	}
	s := slide.BlockSolver{Metric: metric, Limits: slide.Limits{MaxMemory: maxMemory}}
	began := time.Now()
	var sol slide.BlockSolution
	if r.Moves == nil {
		sol, err = s.Farthest(ctx, b)
	} else {
		sol, err = s.Random(ctx, b, *r.Moves, rng)
	}
	if err != nil {
		return nil, err
	}
	return dealBlocksResult{Text: sol.Positions[0].String(), Length: sol.Len(), Metric: metric.String(), Discarded: discarded,
		Seconds: time.Since(began).Seconds()}, nil
}

// blocksOf returns the block puzzle of r's text, in slide blocks's file
// format, and r's metric (straight if none), with the messages of the
// piece lines the text discards, which are an error only if no puzzle is
// left.
func blocksOf(r request) (b slide.Blocks, metric slide.BlockMetric, discarded []string, err error) {
	metric, err = parseName(r.Metric, slide.StraightMoves.String(), "metric", slide.ParseBlockMetric)
	if err != nil {
		return b, metric, nil, err
	}
	b, discarded, err = parseBlocks(r.Text)
	return b, metric, discarded, err
}

// parseBlocks reads the block puzzle of text, in slide blocks's file
// format: the puzzle, and the messages of the piece lines it discards,
// which are an error only if no puzzle is left.
func parseBlocks(text string) (slide.Blocks, []string, error) {
	b, err := slide.ParseBlocks(text)
	discarded := []string{}
	var lines *slide.DiscardError // the puzzle holds the lines not discarded, if any
	if errors.As(err, &lines) {
		discarded = report.Discarded(lines, report.Message)
		if b.IsValid() {
			err = nil
		}
	}
	if err != nil && len(discarded) > 0 {
		return b, nil, fmt.Errorf("%s (discarded: %s)", report.Message(err), strings.Join(discarded, "; "))
	}
	return b, discarded, err
}
