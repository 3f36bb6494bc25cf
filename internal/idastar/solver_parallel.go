package idastar

import (
	"context"

	"github.com/slidekit/slide/internal/tiles"
)

// A solverNode is a frontier node of a parallel search (see Parallel):
// the board, the path to it, and what the search carries besides. The
// pattern ranks and entries are computed again when it is loaded, from
// the board, since they are a function of it; the walking-distance state
// is kept.
type solverNode struct {
	at    [maxSolverCells]uint8
	path  [MaxSplit]uint8
	wd    tiles.WalkingState
	ps    int32 // the move-pruning automaton's state
	g     uint8
	blank uint8
}

// record appends the node the search stands on, at depth g with the blank
// on cell blank and automaton state ps, to the frontier.
//
// It is not inlined, which keeps the hot loop that calls it small.
//
//go:noinline
func (s *Solver) record(g, blank int, ps int32) {
	n := solverNode{at: s.at, wd: s.wdState, ps: ps, g: uint8(g), blank: uint8(blank)}
	copy(n.path[:], s.path[:g])
	s.out = append(s.out, n)
}

// searcher is a Solver as an Tree.
type searcher Solver

func (w *searcher) IDACore() *Core { return &w.Core }

func (w *searcher) Search(n *solverNode, out []solverNode) ([]solverNode, bool) {
	s := (*Solver)(w)
	s.at = n.at
	h, hr := s.entries()
	s.wdState = n.wd
	copy(s.path[:], n.path[:n.g])
	s.out = out
	found := s.dfs(int(n.g), h, hr, int(n.blank), n.ps)
	out, s.out = s.out, nil
	return out, found
}

// solveParallel searches from the loaded board, blank on cell blank, whose
// heuristic is h, on s.workers goroutines.
func (s *Solver) solveParallel(ctx context.Context, blank, h, depth int, maxNodes int64) (Result, error) {
	if s.par == nil {
		s.par = &Parallel[solverNode]{Workers: s.workers, Trees: []Tree[solverNode]{(*searcher)(s)}}
		s.par.New = func() Tree[solverNode] {
			c := *s
			c.par, c.out = nil, nil
			return (*searcher)(&c)
		}
	}
	root := solverNode{at: s.at, wd: s.wdState, ps: s.prune.start, blank: uint8(blank)}
	winner, iterations, err := s.par.Run(ctx, root, h, depth, maxNodes)
	res := Result{Iterations: iterations}
	res.Expanded, res.Generated = s.par.Counts()
	if err != nil {
		return res, err
	}
	w := (*Solver)(s.par.Trees[winner].(*searcher))
	res.Path = append([]uint8(nil), w.path[:w.Found]...)
	return res, nil
}
