package idastar

import (
	"context"
	"fmt"
	"math"
)

// SolveWeighted returns a solution for cells (goal-relative form) of at
// most num/den times the fewest moves, num >= den >= 1, by weighted IDA*:
// the same depth-first search as Solve, on one goroutine, but pruning on
// f = den*g + num*h (without walking distance). Result.Lower is a proven
// lower bound on the fewest moves. Errors are Solve's; lim.Depth is
// ignored.
//
// Why the factor holds: on a shortest path of length C every node has
// den*g + num*h <= num*(g+h) <= num*C, so an iteration whose bound is at
// least num*C finds a goal, and a goal found under bound T has
// den*g <= T moves. An iteration that fails under bound T left a node
// of the shortest path with num*C >= den*g + num*h > T, so C > T/num:
// the next bound is the larger of the least f seen above T and num times
// that lower bound, which stays at most num*C.
func (s *Solver) SolveWeighted(ctx context.Context, cells []uint8, num, den int, lim Limit) (Result, error) {
	if den < 1 || num < den || num > 1<<16 {
		return Result{}, fmt.Errorf("idastar: weight %d/%d: want num >= den >= 1, num at most 65536", num, den)
	}
	blank, err := s.load(cells)
	if err != nil {
		return Result{}, err
	}
	if !s.solvable(blank) {
		return Result{}, ErrUnsolvable
	}
	s.OnCheck = lim.OnCheck
	s.Reset(ctx, lim.Nodes)
	h := s.rootH()
	res := Result{Lower: h}
	if h == 0 {
		res.Generated = 1
		return res, nil
	}
	w := weights{num: num, den: den}
	b := int(s.blank)
	parity := (abs(blank/s.cols-b/s.cols) + abs(blank%s.cols-b%s.cols)) & 1
	hp, hr := s.md0+s.sumP(), s.md0+s.sumR()
	if s.Bound = num * h; s.Bound > den*(maxSolverDepth-1) {
		return res, ErrNotFound
	}
	for {
		res.Iterations++
		s.Next = math.MaxInt
		if err := ctx.Err(); err != nil {
			return res, err
		}
		ok := s.wdfs(0, hp, hr, blank, s.prune.start, w)
		res.Expanded, res.Generated = s.Expanded, s.Gen
		if s.Err != nil {
			return res, s.Err
		}
		if ok {
			res.Path = append([]uint8(nil), s.path[:s.Found]...)
			res.Lower = min(res.Lower, len(res.Path))
			return res, nil
		}
		// Every solution has more than Bound/num moves, and the same
		// parity as the blank's distance to its goal cell.
		res.Lower = max(res.Lower, s.Bound/num+1)
		if res.Lower&1 != parity {
			res.Lower++
		}
		s.Bound = max(s.Next, num*res.Lower)
		// A node expanded under the bound has den*g <= Bound: the path
		// holds maxSolverDepth moves.
		if s.Next == math.MaxInt || s.Bound > den*(maxSolverDepth-1) {
			return res, ErrNotFound
		}
	}
}

// weights are the factors of weighted IDA*'s f = den*g + num*h.
type weights struct{ num, den int }

// wdfs is dfs for SolveWeighted: f = den*g + num*h, one goroutine, no
// walking distance. It is kept apart so that the optimal search's hot
// loop carries no multiplication.
func (s *Solver) wdfs(g, h, hr, blank int, ps int32, w weights) bool {
	s.Expanded++
	blank &= maxSolverCells - 1
	var (
		ranks [4]int64
		ents  [4]int
		next  [4]int32
	)
	n := int(s.nadj[blank]) & 3
	if n == 0 {
		n = 4
	}
	for i := range n {
		next[i] = s.prune.next(ps, blank, i)
		if next[i] < 0 {
			continue
		}
		v := s.at[s.adj[blank][i]&(maxSolverCells-1)] & (maxSolverCells - 1)
		mv := &s.moves[blank][i]
		j := s.patOf[v]
		p := &s.pats[j&(maxPatterns-1)]
		ranks[i] = s.rankDelta(s.rank[j&(maxPatterns-1)], p, j, s.idxIn[v], mv.delta, mv.between, &s.ident)
		ents[i] = p.entry(ranks[i])
	}
	gf := w.den * (g + 1)
	for i := range n {
		ps2 := next[i]
		if ps2 < 0 {
			continue
		}
		nb := int(s.adj[blank][i]) & (maxSolverCells - 1)
		if !s.Generate() {
			return false
		}
		v := s.at[nb] & (maxSolverCells - 1) // the tile slides from nb to blank
		jm := int(s.patOf[v]) & (maxPatterns - 1)
		e := ents[i]
		dmd := int(s.md[v][blank]) - int(s.md[v][nb])
		hn := h + dmd - s.hp[jm] + e
		if hn == 0 {
			s.path[g] = uint8(nb)
			s.Found = g + 1
			return true
		}
		if f := gf + w.num*hn; f > s.Bound {
			s.Next = min(s.Next, f)
			continue
		}
		var jrm, er, hrn int
		var rr int64
		if s.reflect {
			mv := &s.moves[blank][i]
			tv := s.tr[v] & (maxSolverCells - 1)
			jr := s.patOf[tv]
			jrm = int(jr) & (maxPatterns - 1)
			pr := &s.pats[jrm]
			rr = s.rankDelta(s.rrank[jrm], pr, jr, s.idxIn[tv], mv.rdelta, mv.rbetween, &s.tr)
			er = pr.entry(rr)
			hrn = hr + dmd - s.hr[jrm] + er
			if f := gf + w.num*hrn; f > s.Bound {
				s.Next = min(s.Next, f)
				continue
			}
		}
		s.path[g] = uint8(nb)
		s.at[blank], s.at[nb] = uint8(v), s.blank
		oldP, oldRank := s.hp[jm], s.rank[jm]
		s.hp[jm], s.rank[jm] = e, ranks[i]
		var oldR int
		var oldRR int64
		if s.reflect {
			oldR, oldRR = s.hr[jrm], s.rrank[jrm]
			s.hr[jrm], s.rrank[jrm] = er, rr
		}
		found := s.wdfs(g+1, hn, hrn, nb, ps2, w)
		if found {
			return true
		}
		s.at[blank], s.at[nb] = s.blank, uint8(v)
		s.hp[jm], s.rank[jm] = oldP, oldRank
		if s.reflect {
			s.hr[jrm], s.rrank[jrm] = oldR, oldRR
		}
		if s.Err != nil {
			return false
		}
	}
	return false
}
