package idastar

import (
	"context"
	"slices"

	"github.com/slidekit/slide/internal/engine"
	"github.com/slidekit/slide/internal/tiles"
)

// Parallel search. ida16 and idaGrid run on several goroutines, each with
// its own copy of the search's scratch memory, over a frontier split of
// every iteration (see Parallel). This file holds their frontier nodes and
// the driver's adapters.

// parallelSearch runs the iterations from root, whose heuristic is h, on
// workers goroutines: trees[0] is the caller's search, whose core c
// receives the total counts and, on failure, the error of
// internal/engine. It
// returns the tree holding the solution (its length in Found), or nil.
func parallelSearch[N any](ctx context.Context, c *idaCore, workers int, first Tree[N], clone func() Tree[N], root N, h, maxDepth int, lim engine.Bounds) Tree[N] {
	maxDepth = min(maxDepth, lim.DepthBound())
	c.splits, c.discardedExp, c.discardedGen = 0, 0, 0
	if h == 0 {
		c.Reset(ctx, lim.Nodes)
		c.Found = 0
		return first
	}
	p := Parallel[N]{Workers: workers, Trees: []Tree[N]{first}, New: clone}
	winner, _, err := p.Run(ctx, root, h, maxDepth, lim.Nodes)
	c.Expanded, c.Gen = p.Counts()
	c.splits = p.Splits
	c.discardedExp, c.discardedGen = p.Discarded.Expanded, p.Discarded.Generated
	if err != nil {
		c.Err = searchError(err, lim.Nodes, maxDepth, c.Expanded, c.Gen)
		if le, ok := c.Err.(*engine.LimitError); ok { // a worker's memory limit: count every worker's nodes
			le.Expanded, le.Generated = c.Expanded, c.Gen
		}
		return nil
	}
	return p.Trees[winner]
}

// node16 is a frontier node of ida16: the packed board, the path to it
// (the blank's cells), the depth, the blank's cell and the previous one.
// Its line keys and heuristic are computed again when it is loaded.
type node16 struct {
	board uint64
	path  [MaxSplit]int8
	g     int8
	blank int8
	prev  int8
}

// record appends the node the search stands on to the frontier.
//
// It is not inlined, which keeps the hot loop that calls it small.
//
//go:noinline
func (s *ida16) record(g, blank, prev int) {
	n := node16{board: s.board, g: int8(g), blank: int8(blank), prev: int8(prev)}
	copy(n.path[:], s.path[:g])
	s.out = append(s.out, n)
}

// search16 is an ida16 as a Tree.
type search16 ida16

func (t *search16) IDACore() *Core { return &t.Core }

func (t *search16) Search(n *node16, out []node16) ([]node16, bool) {
	s := (*ida16)(t)
	h := s.setBoard(n.board, int(n.blank))
	copy(s.path[:], n.path[:n.g])
	s.out = out
	found := s.dfs(int(n.g), h, int(n.blank), int(n.prev))
	out, s.out = s.out, nil
	return out, found
}

// solveParallel is solve on workers goroutines.
func (s *ida16) solveParallel(ctx context.Context, board uint64, blank int, lim engine.Bounds, workers int) int {
	h := s.setBoard(board, blank)
	clone := func() Tree[node16] {
		w := *s
		return (*search16)(&w)
	}
	root := node16{board: board, blank: int8(blank), prev: -1}
	t := parallelSearch(ctx, &s.idaCore, workers, (*search16)(s), clone, root, h, maxIDA16Depth-1, lim)
	if t == nil {
		return -1
	}
	w := (*ida16)(t.(*search16))
	copy(s.path[:], w.path[:w.Found])
	s.Found = w.Found
	return w.Found
}

// nodeGrid is a frontier node of idaGrid: the path to it (the blank's
// cells, replayed from the root when it is loaded), the depth, the
// heuristic, the blank's cell and the previous one.
type nodeGrid struct {
	path        [MaxSplit]int32
	g, h        int32
	blank, prev int32
}

// record appends the node the search stands on, of heuristic h, to the
// frontier.
//
// It is not inlined, which keeps the hot loop that calls it small.
//
//go:noinline
func (s *idaGrid) record(g, h, blank, prev int) {
	n := nodeGrid{g: int32(g), h: int32(h), blank: int32(blank), prev: int32(prev)}
	copy(n.path[:], s.path[:g])
	s.out = append(s.out, n)
}

// searchGrid is an idaGrid as a Tree.
type searchGrid idaGrid

func (t *searchGrid) IDACore() *Core { return &t.Core }

func (t *searchGrid) Search(n *nodeGrid, out []nodeGrid) ([]nodeGrid, bool) {
	s := (*idaGrid)(t)
	copy(s.board, s.root)
	b := s.rootBlank
	for _, c := range n.path[:n.g] {
		s.board[b], s.board[c] = s.board[c], s.blankVal
		b = int(c)
	}
	for len(s.path) < int(n.g) {
		s.path = append(s.path, 0)
	}
	copy(s.path, n.path[:n.g])
	s.out = out
	found := s.dfs(int(n.g), int(n.h), int(n.blank), int(n.prev))
	out, s.out = s.out, nil
	return out, found
}

// solveParallel is solve on workers goroutines.
func (s *idaGrid) solveParallel(ctx context.Context, board []int32, blank int, lim engine.Bounds, workers int) int {
	h := s.setBoard(board, blank, lim)
	s.root, s.rootBlank = slices.Clone(board), blank
	clone := func() Tree[nodeGrid] {
		w := *s
		w.board, w.path, w.lis, w.out = make([]int32, len(board)), nil, tiles.LIS{}, nil
		return (*searchGrid)(&w)
	}
	root := nodeGrid{h: int32(h), blank: int32(blank), prev: -1}
	t := parallelSearch(ctx, &s.idaCore, workers, (*searchGrid)(s), clone, root, h, maxIDAGridDepth, lim)
	if t == nil {
		return -1
	}
	w := (*idaGrid)(t.(*searchGrid))
	s.path = append(s.path[:0], w.path[:w.Found]...)
	s.Found = w.Found
	return w.Found
}
