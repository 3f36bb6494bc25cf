package near

import (
	"cmp"
	"context"
	"errors"
	"slices"

	"github.com/slidekit/slide/internal/learn"
	"github.com/slidekit/slide/internal/tiles"
)

// Imitate runs one beam of the given width from the board of codes code
// along the gold path (the blank's cells, as Beam returns them), ranking
// a board by value(sample) (least first), and calls violated with the
// gold board and the layer's kept boards whenever the gold board of a
// layer falls out of the kept ones; the beam then goes on from the gold
// board alone (learning as search optimisation). It returns the
// violations. A training program calls it; the searches do not.
func Imitate(ctx context.Context, t *tiles.Goal, code []int32, gold []int, cfg Config, width int,
	value func(*learn.Sample) float64, violated func(gold *learn.Sample, kept []learn.Sample)) (int, error) {
	golds, _, err := Samples(ctx, t, code, gold, cfg)
	if err != nil {
		return 0, err
	}
	f, err := newFrame(ctx, t, code, &cfg)
	if err != nil {
		return 0, err
	}
	if f.db == nil {
		return 0, errors.New("near: imitation needs a database")
	}
	ev := f.wEval()
	aux := make([]uint8, ev.auxLen())
	m := newMDLC(f.rows, f.cols, uint8(f.blankVal))
	counts := tileCounts{blankVal: uint8(f.blankVal), withCycles: true}
	blankOf := func(b []uint8) int { return slices.Index(b, uint8(f.blankVal)) }
	type node struct {
		s     learn.Sample
		blank int
		val   float64
	}
	seen := map[string]bool{string(golds[0].Board): true}
	layer := []node{{s: golds[0], blank: blankOf(golds[0].Board)}}
	violations := 0
	var cand []node
	for k := 1; k < len(golds); k++ {
		if err := ctx.Err(); err != nil {
			return violations, err
		}
		cand = cand[:0]
		for _, p := range layer {
			r, c := p.blank/f.cols, p.blank%f.cols
			for _, nb := range [4]int{p.blank - f.cols, p.blank - 1, p.blank + 1, p.blank + f.cols} {
				switch {
				case nb == p.blank-f.cols && r == 0, nb == p.blank+f.cols && r == f.rows-1,
					nb == p.blank-1 && c == 0, nb == p.blank+1 && c == f.cols-1:
					continue
				}
				child := slices.Clone(p.s.Board)
				slideBlank(child, p.blank, nb)
				if seen[string(child)] {
					continue
				}
				seen[string(child)] = true
				db := ev.root(child, aux)
				if db == 0 {
					return violations, nil // the beam is home first
				}
				_, cycles := counts.count(child)
				s := learn.Sample{Board: child, DB: db, LC: m.estimate(child), Cycles: cycles}
				cand = append(cand, node{s: s, blank: nb, val: value(&s)})
			}
		}
		slices.SortStableFunc(cand, func(a, b node) int { return cmp.Compare(a.val, b.val) })
		kept := cand[:min(width, len(cand))]
		g := &golds[k]
		in := slices.ContainsFunc(kept, func(n node) bool { return string(n.s.Board) == string(g.Board) })
		if in {
			layer = append(layer[:0], kept...)
			continue
		}
		violations++
		ks := make([]learn.Sample, len(kept))
		for i := range kept {
			ks[i] = kept[i].s
		}
		violated(g, ks)
		seen[string(g.Board)] = true
		layer = append(layer[:0], node{s: *g, blank: blankOf(g.Board)})
	}
	return violations, nil
}
