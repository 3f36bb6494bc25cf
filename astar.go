package slide

import (
	"context"
	"fmt"
	"math"
	"slices"
	"unsafe"

	"golang.org/x/exp/constraints"
)

// Cost is the type of move costs and path costs: any integer or float type.
// Integer costs with small path costs (below 65536) get a bucket queue in
// A*; others a binary heap.
type Cost interface {
	constraints.Integer | constraints.Float
}

// An Arc is one move out of a state: the state it leads to and its cost.
type Arc[S any, C Cost] struct {
	To   S
	Cost C
}

// State is what the generic engines (AStar, IDAStar, BFS) search. A state
// is a comparable value that knows its moves, an estimate of its distance to
// a goal, and whether it is a goal; S is the implementing type itself:
//
//	type pos struct{ x, y int }
//	func (p pos) Successors(dst []slide.Arc[pos, int]) []slide.Arc[pos, int] { ... }
//	func (p pos) Heuristic() int { ... }
//	func (p pos) IsGoal() bool { ... }
//
// States are compared with == and used as map keys, so two values for the
// same position must be equal: keep them small and canonical (packed
// integers, strings, small arrays; a pointer to shared read-only data is
// fine). Moves are costed by Arc.Cost, which must not be negative.
type State[S any, C Cost] interface {
	comparable
	// Successors appends the moves out of the state to dst and returns the
	// extended slice. The engines pass a reused buffer, so an implementation
	// that only appends allocates nothing. The order of the moves fixes the
	// order of the search, and so which of several optimal paths is found.
	Successors(dst []Arc[S, C]) []Arc[S, C]
	// Heuristic returns a lower bound on the cost from the state to the
	// nearest goal. A* and IDA* find an optimal path when it never
	// overestimates (is admissible); return 0 when there is none to give.
	Heuristic() C
	// IsGoal reports whether the state is a goal.
	IsGoal() bool
}

// A Result reports a search: the path found and how much work it took.
// Engines return the counts with their errors too.
type Result[S any, C Cost] struct {
	Path      []S   // the states from the start to a goal, both included; nil if none
	Cost      C     // the sum of the move costs along Path
	Expanded  int64 // states whose successors were generated
	Generated int64 // successors generated, duplicates included
}

// Limits bound a search. The zero value gives a search no node limit and
// the DefaultMaxMemory bound; a search that reaches a limit returns a
// *LimitError.
type Limits struct {
	// MaxNodes bounds the states a search stores (A*, BFS) or generates
	// (IDA*). 0 means no limit.
	MaxNodes int64
	// MaxMemory bounds the bytes a search may use for stored states,
	// estimated from the size of the state type (and the Size method of a
	// state that has one: a state holding a string or slice should report
	// the bytes it points to). 0 means DefaultMaxMemory; negative means no
	// limit.
	MaxMemory int64
	// MaxCost bounds the answer: a search returns only a path costing at
	// most MaxCost (BFS counts moves), and ErrNotFound when there is none,
	// as soon as it can tell. A* and IDA* prune states whose g + h exceeds
	// it, so a small bound also keeps the search small. 0 means no bound
	// (a path of cost 0 is only ever the start, which every search tests
	// first).
	MaxCost float64
}

// maxCost returns the cost bound, +Inf for none.
func (l Limits) maxCost() float64 {
	if l.MaxCost <= 0 {
		return math.Inf(1)
	}
	return l.MaxCost
}

// DefaultMaxMemory is the memory bound of a search whose Limits leave
// MaxMemory 0: 2 GiB.
const DefaultMaxMemory = 2 << 30

// nodeLimit returns the most nodes of bytesPerNode a search may store.
func (l Limits) nodeLimit(bytesPerNode int64) (n int64, which string) {
	n, which = math.MaxInt32, "nodes"
	if l.MaxNodes > 0 && l.MaxNodes < n {
		n = l.MaxNodes
	}
	mem := l.MaxMemory
	if mem == 0 {
		mem = DefaultMaxMemory
	}
	if mem > 0 && mem/bytesPerNode < n {
		n, which = mem/bytesPerNode, "memory"
	}
	return n, which
}

// depthLimit returns the depth a depth-first search may reach when each
// level takes frameBytes, under MaxMemory (or its default).
func (l Limits) depthLimit(frameBytes int64) int {
	mem := l.MaxMemory
	if mem == 0 {
		mem = DefaultMaxMemory
	}
	if mem < 0 || mem/frameBytes > math.MaxInt32 {
		return math.MaxInt32
	}
	return int(mem / frameBytes)
}

// sizeOf returns the bytes a stored state takes, for the memory limit:
// the value itself plus what its Size method reports, if it has one.
func sizeOf[S any](s S) int64 {
	size := int64(unsafe.Sizeof(s))
	if sz, ok := any(s).(interface{ Size() int }); ok {
		size += int64(sz.Size())
	}
	return size
}

// A LimitError reports a search stopped by its Limits. It wraps ErrLimit.
type LimitError struct {
	Limit     string // "nodes" or "memory"
	Value     int64  // the bound: nodes, or bytes
	Expanded  int64
	Generated int64
}

// Error describes the limit and the work done before it.
func (e *LimitError) Error() string {
	unit := "nodes"
	if e.Limit == "memory" {
		unit = "bytes"
	}
	return fmt.Sprintf("slide: search stopped at its %s limit (%d %s) after %d expansions", e.Limit, e.Value, unit, e.Expanded)
}

// Unwrap returns ErrLimit.
func (e *LimitError) Unwrap() error { return ErrLimit }

// ctxEvery is how many expansions the engines make between looks at their
// context.
const ctxEvery = 1 << 10

// AStar is a reusable A* searcher: it finds a cheapest path from a start
// state to a goal state, optimal when the heuristic is admissible (it need
// not be consistent: a state reached again more cheaply is reopened).
// The zero value is ready to use; keep one to reuse its memory across
// searches. An AStar must not be used by two goroutines at once.
//
// Among open states of equal f = g + h, the one generated last is expanded
// first, which makes the search deterministic and dive toward goals. The
// goal test is made when a state is expanded. Memory: every state generated
// is stored once, with its parent, g and h.
type AStar[S State[S, C], C Cost] struct {
	Limits Limits
	// Key, if set, packs a state into a uint64, distinct states into
	// distinct numbers; the search then indexes states in an
	// open-addressing table instead of a Go map, which is faster.
	Key func(S) uint64

	nodes []astarNode[S, C]
	index stateIndex[S]
	open  openList[C]
	arcs  []Arc[S, C]
}

type astarNode[S any, C Cost] struct {
	state  S
	parent int32
	closed bool // expanded, or beyond the cost bound
	g, h   C
}

// Search runs A* from start. It returns the path and its counts, or an
// error: ErrNotFound when no goal is reachable, a *LimitError, the context's
// error, or an *Error for a negative move cost.
func (a *AStar[S, C]) Search(ctx context.Context, start S) (Result[S, C], error) {
	var res Result[S, C]
	a.index.reset(a.Key)
	a.nodes = a.nodes[:0]
	a.open.reset()
	maxNodes, which := a.Limits.nodeLimit(sizeOf(start) + int64(unsafe.Sizeof(astarNode[S, C]{})) + 2*int64(unsafe.Sizeof(start)) + 24)

	bound := a.Limits.maxCost()
	add := func(s S, parent int32, g C) { // a new node, already indexed
		h := s.Heuristic()
		i := int32(len(a.nodes))
		n := astarNode[S, C]{state: s, parent: parent, g: g, h: h}
		if float64(g+h) > bound {
			n.closed = true // beyond the bound: kept only as a duplicate check
		} else {
			a.open.push(g+h, entry[C]{node: i, g: g})
		}
		a.nodes = append(a.nodes, n)
	}
	if !start.IsGoal() && float64(start.Heuristic()) > bound {
		return res, notFound("AStar.Search", bound)
	}
	a.index.put(start, 0)
	add(start, -1, 0)
	for a.open.len() > 0 {
		_, e := a.open.pop()
		n := &a.nodes[e.node]
		if n.closed || e.g != n.g {
			continue // stale: expanded already, or reached more cheaply since
		}
		if n.state.IsGoal() {
			res.Cost = n.g
			res.Path = a.path(e.node)
			return res, nil
		}
		if res.Expanded%ctxEvery == 0 && ctx.Err() != nil {
			return res, ctx.Err()
		}
		n.closed = true
		res.Expanded++
		g, parent := n.g, n.parent
		a.arcs = n.state.Successors(a.arcs[:0])
		for _, arc := range a.arcs {
			if parent >= 0 && arc.To == a.nodes[parent].state {
				continue // never cheaper than the parent's own g
			}
			res.Generated++
			if arc.Cost < 0 {
				return res, errorf("AStar.Search", ErrOption, "negative move cost %v", arc.Cost)
			}
			g2 := g + arc.Cost
			if j, ok := a.index.getOrPut(arc.To, int32(len(a.nodes))); ok {
				m := &a.nodes[j]
				if g2 >= m.g || float64(g2+m.h) > bound {
					continue
				}
				m.g, m.parent, m.closed = g2, e.node, false
				a.open.push(g2+m.h, entry[C]{node: j, g: g2})
				continue
			}
			if int64(len(a.nodes)) >= maxNodes {
				return res, &LimitError{Limit: which, Value: a.Limits.limitValue(which, maxNodes), Expanded: res.Expanded, Generated: res.Generated}
			}
			add(arc.To, e.node, g2)
		}
	}
	return res, notFound("AStar.Search", bound)
}

// notFound is the error of a search that found no path, within bound.
func notFound(fn string, bound float64) error {
	if math.IsInf(bound, 1) {
		return errorf(fn, ErrNotFound, "no goal can be reached from the start")
	}
	return errorf(fn, ErrNotFound, "no goal within cost %v of the start", bound)
}

// limitValue is the Value of a LimitError: the node bound, or the bytes.
func (l Limits) limitValue(which string, nodes int64) int64 {
	if which == "nodes" {
		return nodes
	}
	if l.MaxMemory == 0 {
		return DefaultMaxMemory
	}
	return l.MaxMemory
}

// path follows parents from node i back to the start.
func (a *AStar[S, C]) path(i int32) []S {
	var p []S
	for ; i >= 0; i = a.nodes[i].parent {
		p = append(p, a.nodes[i].state)
	}
	slices.Reverse(p)
	return p
}

// IDAStar is a reusable iterative-deepening A* searcher: a series of
// depth-first searches, each bounded by a cost threshold that starts at the
// start's heuristic and rises to the least f that exceeded it. It finds a
// cheapest path when the heuristic is admissible and every move costs more
// than zero, using memory only for the current path; it suits problems
// whose states are too many to store and whose costs take few distinct
// values. States may be revisited (transpositions are not detected); the
// move back to a state's parent is never generated.
//
// The zero value is ready to use. Limits.MaxNodes bounds generated nodes;
// MaxMemory bounds the depth of the path, at an estimate of its memory. The goal test is made when a state is
// expanded; successors are tried in the order Successors gives them.
type IDAStar[S State[S, C], C Cost] struct {
	Limits Limits

	path   []S
	frames []idaFrame[S, C]
}

type idaFrame[S any, C Cost] struct {
	arcs []Arc[S, C]
	next int
	g    C
}

// Search runs IDA* from start. Errors are as for AStar.Search.
func (d *IDAStar[S, C]) Search(ctx context.Context, start S) (Result[S, C], error) {
	var res Result[S, C]
	bound := start.Heuristic()
	maxCost := d.Limits.maxCost()
	if !start.IsGoal() && float64(bound) > maxCost {
		return res, notFound("IDAStar.Search", maxCost)
	}
	frameBytes := idaFrameBytes[S, C](start)
	for {
		next, found, err := d.iterate(ctx, start, bound, maxCost, frameBytes, &res)
		if err != nil || found {
			return res, err
		}
		if next == bound { // nothing exceeded the bound within maxCost
			return res, notFound("IDAStar.Search", maxCost)
		}
		bound = next
	}
}

// idaFrameBytes estimates a level of IDA*'s path: the state, its frame and
// room for a few successors.
func idaFrameBytes[S any, C Cost](s S) int64 {
	return 2*sizeOf(s) + int64(unsafe.Sizeof(idaFrame[S, C]{})) + 4*int64(unsafe.Sizeof(Arc[S, C]{}))
}

// iterate makes one depth-first search with the given bound. It returns
// the least f above the bound and within maxCost it saw (bound itself if
// none), and whether it found a goal, which it leaves in res.
func (d *IDAStar[S, C]) iterate(ctx context.Context, start S, bound C, maxCost float64, frameBytes int64, res *Result[S, C]) (next C, found bool, err error) {
	next = bound
	d.path = append(d.path[:0], start)
	depth := 0
	maxDepth := d.Limits.depthLimit(frameBytes)
	enter := func(s S, g C) bool { // expands s; reports whether it is a goal
		if s.IsGoal() {
			res.Cost = g
			res.Path = slices.Clone(d.path)
			return true
		}
		if depth == len(d.frames) {
			d.frames = append(d.frames, idaFrame[S, C]{})
		}
		f := &d.frames[depth]
		f.arcs = s.Successors(f.arcs[:0])
		f.next, f.g = 0, g
		res.Expanded++
		return false
	}
	if enter(start, 0) {
		return next, true, nil
	}
	for depth >= 0 {
		f := &d.frames[depth]
		if f.next == len(f.arcs) { // done here: back up
			depth--
			d.path = d.path[:len(d.path)-1]
			continue
		}
		arc := f.arcs[f.next]
		f.next++
		if depth > 0 && arc.To == d.path[depth-1] {
			continue // the move back to the parent
		}
		res.Generated++
		if arc.Cost < 0 {
			return next, false, errorf("IDAStar.Search", ErrOption, "negative move cost %v", arc.Cost)
		}
		if d.Limits.MaxNodes > 0 && res.Generated > d.Limits.MaxNodes {
			return next, false, &LimitError{Limit: "nodes", Value: d.Limits.MaxNodes, Expanded: res.Expanded, Generated: res.Generated}
		}
		g := f.g + arc.Cost
		fc := g + arc.To.Heuristic()
		if fc > bound {
			if (next == bound || fc < next) && float64(fc) <= maxCost {
				next = fc
			}
			continue
		}
		if res.Expanded%ctxEvery == 0 && ctx.Err() != nil {
			return next, false, ctx.Err()
		}
		if depth+1 >= maxDepth {
			return next, false, &LimitError{Limit: "memory", Value: int64(maxDepth) * frameBytes, Expanded: res.Expanded, Generated: res.Generated}
		}
		d.path = append(d.path, arc.To)
		depth++
		if enter(arc.To, g) {
			return next, true, nil
		}
	}
	return next, false, nil
}
