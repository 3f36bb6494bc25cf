package near

import (
	"context"
	"errors"
	"time"

	"github.com/slidekit/slide/internal/learn"
	"github.com/slidekit/slide/internal/tiles"
)

// Samples returns, for every board but the goal along the path blanks
// (the blank's cell in every board from the start of codes code, goal
// t), what the learned ranking reads of it (see learn.Model), as the
// beams see it (in the frame of cfg's database, which it needs), with the
// moves left on the path as the target; and the database's name (its
// partition, see pdb.Spec), for which the samples hold. A training
// program calls it; the searches do not.
func Samples(ctx context.Context, t *tiles.Goal, code []int32, blanks []int, cfg Config) ([]learn.Sample, string, error) {
	if cfg.Heuristic.Kind != tiles.Database || !Frames(t, cfg.Line) {
		return nil, "", errors.New("near: samples need a database and a board a frame takes")
	}
	f, err := newFrame(ctx, t, code, &cfg)
	if err != nil {
		return nil, "", err
	}
	ev := f.wEval()
	aux := make([]uint8, ev.auxLen())
	m := newMDLC(f.rows, f.cols, uint8(f.blankVal))
	counts := tileCounts{blankVal: uint8(f.blankVal), withCycles: true}
	board := append([]uint8(nil), f.cells...)
	blank := f.blank
	out := make([]learn.Sample, 0, len(blanks)-1)
	for i := range len(blanks) - 1 {
		if i > 0 {
			to := blanks[i]
			if f.rot != nil {
				to = int(f.rot[to])
			}
			slideBlank(board, blank, to)
			blank = to
		}
		_, cycles := counts.count(board)
		out = append(out, learn.Sample{Board: append([]uint8(nil), board...), DB: ev.root(board, aux), LC: m.estimate(board),
			Cycles: cycles, Target: float64(len(blanks) - 1 - i)})
	}
	return out, f.db.Spec().String(), nil
}

// Beam returns the blank's cells along the path that one beam of the
// given width (on one worker, so that the path depends on the board
// alone) finds from the board of codes code in cfg's frame, ranking by
// cfg.Ranking, no deeper than the fast mode's answer and finished by the
// fast mode if the beam ends trapped; or an error. The shorter of the
// beam's and the fast mode's answers is returned. A training program
// calls it for its targets.
func Beam(ctx context.Context, t *tiles.Goal, code []int32, width int, cfg Config) ([]int, error) {
	if !Frames(t, cfg.Line) {
		return nil, errors.New("near: the beams need a board a frame takes")
	}
	f, err := newFrame(ctx, t, code, &cfg)
	if err != nil {
		return nil, err
	}
	a := newAnytime(ctx, t, code, cfg)
	if err := a.startFast(); err != nil {
		return nil, err
	}
	b := f.beam(width, 1)
	b.stall = beamStall
	a.beams(f, time.Time{}, b)
	return a.blanks, ctx.Err()
}
