package slide

import (
	"context"
	"math"
	"slices"
	"unsafe"

	"github.com/slidekit/slide/internal/engine"
)

// AStar is a reusable A* searcher of your own [Node] states, each stored
// once: a cheapest path for an admissible heuristic, of equal f the newest
// first.
type AStar[S Node[S, C], C Cost] struct {
	Limits        Limits
	Key           func(S) uint64 // if set, a distinct number for each state: a faster index
	GoalFunc      func(S) bool   // if set, the goal test; else the state's IsGoal
	HeuristicFunc func(S) C      // if set, the heuristic; else the state's Heuristic, or 0

	guard engine.Guard
	nodes engine.Chunked[astarNode[S, C]]
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

// Search runs A* from start: [ErrNotFound], [ErrLimit], [ErrCost], [ErrOption]
// or the context's error if it finds no path.
func (a *AStar[S, C]) Search(ctx context.Context, start S) (Result[S, C], error) {
	if err := refuseStart("AStar.Search", ctx, a.Limits); err != nil {
		return Result[S, C]{}, err
	}
	res, err := a.search(ctx, start)
	return res, toError("AStar.Search", err)
}

// search is Search, its errors those of the internal packages too.
func (a *AStar[S, C]) search(ctx context.Context, start S) (Result[S, C], error) {
	const fn = "AStar.Search"
	var res Result[S, C]
	t := newTests(a.GoalFunc, a.HeuristicFunc)
	if !t.hasGoal {
		return res, noGoal(fn)
	}
	a.guard.Start(ctx, a.Limits.eng())
	defer a.guard.End()
	p := stored(&a.arcs, start)
	attachGuard(p, &a.guard)
	a.index.reset(a.Key, &a.guard.Mem)
	// Each node also holds a table slot (see stateIndex) and, at first, an
	// entry of the open list; queues may hold twice what they hold.
	a.nodes.Reset(stateBytes(p) - int64(unsafe.Sizeof(start)) + a.index.entryBytes() + 2*int64(unsafe.Sizeof(heapItem[C]{})))
	a.open.reset()
	maxNodes := a.Limits.eng().NodeLimit()
	bound := a.Limits.eng().CostBound()

	// add stores a new node, already indexed as number len(nodes).
	add := func(s S, parent int32, g C) error {
		i := int32(a.nodes.Len())
		if !a.nodes.Push(astarNode[S, C]{state: s, parent: parent, g: g}, &a.guard.Mem) {
			return a.guard.Err(ctx, res.Expanded, res.Generated)
		}
		n := a.nodes.At(i)
		n.h = t.heuristic(&n.state)
		if f := g + n.h; !(n.h >= 0) || f < g {
			return badEstimate(fn, g, n.h)
		}
		if float64(g+n.h) > bound {
			n.closed = true // beyond the bound: kept only as a duplicate check
		} else {
			a.open.push(g+n.h, engine.Entry[C]{Node: i, G: g})
		}
		return nil
	}
	a.index.put(start, 0)
	if err := add(start, -1, 0); err != nil {
		return res, err
	}
	if s := a.nodes.At(0); !t.isGoal(&s.state) && float64(s.h) > bound {
		return res, notFound(fn, bound)
	}
	for a.open.len() > 0 {
		if a.guard.Stopped() {
			return res, a.guard.Err(ctx, res.Expanded, res.Generated)
		}
		_, e := a.open.pop()
		n := a.nodes.At(e.Node)
		if n.closed || e.G != n.g {
			continue // stale: expanded already, or reached more cheaply since
		}
		if t.isGoal(&n.state) {
			res.Cost = n.g
			res.Path = a.path(e.Node)
			return res, nil
		}
		n.closed = true
		res.Expanded++
		g, parent := n.g, n.parent
		a.arcs = n.state.Successors(a.arcs[:0])
		if a.guard.Stopped() { // a space that stores states stopped within Successors
			return res, a.guard.Err(ctx, res.Expanded, res.Generated)
		}
		for k := range a.arcs {
			arc := &a.arcs[k]
			if parent >= 0 && arc.To == a.nodes.At(parent).state {
				continue // never cheaper than the parent's own g
			}
			res.Generated++
			g2 := g + arc.Cost
			if !(arc.Cost >= 0) || g2 < g {
				return res, badCost(fn, g, arc.Cost)
			}
			j, ok := a.index.getOrPut(arc.To, int32(a.nodes.Len()))
			if a.guard.Mem.Over {
				return res, a.guard.Err(ctx, res.Expanded, res.Generated)
			}
			if ok {
				m := a.nodes.At(j)
				if g2 >= m.g || float64(g2+m.h) > bound {
					continue
				}
				m.g, m.parent, m.closed = g2, e.Node, false
				if !a.guard.Mem.Charge(int64(unsafe.Sizeof(heapItem[C]{}))) {
					return res, a.guard.Err(ctx, res.Expanded, res.Generated)
				}
				a.open.push(g2+m.h, engine.Entry[C]{Node: j, G: g2})
				continue
			}
			if int64(a.nodes.Len()) >= maxNodes {
				return res, a.guard.NodeLimit(res.Expanded, res.Generated)
			}
			if err := add(arc.To, e.Node, g2); err != nil {
				return res, err
			}
		}
	}
	return res, notFound(fn, bound)
}

// notFound is the error of a search that found no path, within bound.
func notFound(fn string, bound float64) error {
	if math.IsInf(bound, 1) {
		return errorf(fn, ErrNotFound, "no goal can be reached from the start")
	}
	return errorf(fn, ErrNotFound, "no goal within cost %v of the start", bound)
}

// path follows parents from node i back to the start.
func (a *AStar[S, C]) path(i int32) []S {
	var p []S
	for ; i >= 0; i = a.nodes.At(i).parent {
		p = append(p, a.nodes.At(i).state)
	}
	slices.Reverse(p)
	return p
}

// IDAStar is a reusable IDA* searcher, in memory for its path, optimal for
// admissible heuristics and positive costs ([AStar] or [BFS] for spaces of
// many short cycles); bound a search that may not end by MaxNodes or ctx.
type IDAStar[S Node[S, C], C Cost] struct {
	Limits        Limits
	GoalFunc      func(S) bool // as for AStar
	HeuristicFunc func(S) C

	guard  engine.Guard
	tests  tests[S, C]
	path   []S
	frames []idaFrame[S, C]
}

type idaFrame[S any, C Cost] struct {
	arcs []Arc[S, C]
	next int
	g    C
}

// Search runs IDA* from start, with the errors of [AStar.Search].
func (d *IDAStar[S, C]) Search(ctx context.Context, start S) (Result[S, C], error) {
	if err := refuseStart("IDAStar.Search", ctx, d.Limits); err != nil {
		return Result[S, C]{}, err
	}
	res, err := d.search(ctx, start)
	return res, toError("IDAStar.Search", err)
}

// search is Search, its errors those of the internal packages too.
func (d *IDAStar[S, C]) search(ctx context.Context, start S) (Result[S, C], error) {
	const fn = "IDAStar.Search"
	var res Result[S, C]
	d.tests = newTests(d.GoalFunc, d.HeuristicFunc)
	if !d.tests.hasGoal {
		return res, noGoal(fn)
	}
	d.guard.Start(ctx, d.Limits.eng())
	defer d.guard.End()
	d.path = append(d.path[:0], start)
	attachGuard(&d.path[0], &d.guard)
	bound := d.tests.heuristic(&d.path[0])
	if !(bound >= 0) {
		return res, badEstimate(fn, 0, bound)
	}
	maxCost := d.Limits.eng().CostBound()
	if !d.tests.isGoal(&d.path[0]) && float64(bound) > maxCost {
		return res, notFound(fn, maxCost)
	}
	frameBytes := idaFrameBytes[S, C](&d.path[0])
	for {
		next, found, err := d.iterate(ctx, start, bound, maxCost, frameBytes, &res)
		if err != nil || found {
			return res, err
		}
		if next == bound { // nothing exceeded the bound within maxCost
			return res, notFound(fn, maxCost)
		}
		bound = next
	}
}

// idaFrameBytes estimates a level of IDA*'s path: the state, its frame and
// room for a few successors.
func idaFrameBytes[S any, C Cost](s *S) int64 {
	return 2*stateBytes(s) + int64(unsafe.Sizeof(idaFrame[S, C]{})) + 4*int64(unsafe.Sizeof(Arc[S, C]{}))
}

// iterate makes one depth-first search with the given bound. It returns
// the least f above the bound and within maxCost it saw (bound itself if
// none), and whether it found a goal, which it leaves in res.
func (d *IDAStar[S, C]) iterate(ctx context.Context, start S, bound C, maxCost float64, frameBytes int64, res *Result[S, C]) (next C, found bool, err error) {
	const fn = "IDAStar.Search"
	next = bound
	d.path = append(d.path[:0], start)
	depth := 0
	maxDepth := d.Limits.eng().DepthLimit(frameBytes)
	maxNodes := d.Limits.MaxNodes
	if maxNodes <= 0 {
		maxNodes = math.MaxInt64
	}
	enter := func(g C) bool { // expands the state at the end of the path; reports whether it is a goal
		s := &d.path[len(d.path)-1]
		if d.tests.isGoal(s) {
			res.Cost = g
			res.Path = slices.Clone(d.path)
			return true
		}
		if depth == len(d.frames) {
			d.frames = append(d.frames, idaFrame[S, C]{})
		}
		f := &d.frames[depth]
		f.arcs = (*s).Successors(f.arcs[:0])
		f.next, f.g = 0, g
		res.Expanded++
		return false
	}
	if enter(0) {
		return next, true, nil
	}
	for depth >= 0 {
		if d.guard.Stopped() {
			return next, false, d.guard.Err(ctx, res.Expanded, res.Generated)
		}
		f := &d.frames[depth]
		if f.next == len(f.arcs) { // done here: back up
			depth--
			d.path = d.path[:len(d.path)-1]
			continue
		}
		arc := &f.arcs[f.next]
		f.next++
		if depth > 0 && arc.To == d.path[depth-1] {
			continue // the move back to the parent
		}
		res.Generated++
		g := f.g + arc.Cost
		if !(arc.Cost >= 0) || g < f.g {
			return next, false, badCost(fn, f.g, arc.Cost)
		}
		if res.Generated > maxNodes {
			return next, false, &LimitError{Limit: "nodes", Value: maxNodes, Expanded: res.Expanded, Generated: res.Generated}
		}
		h := d.tests.heuristic(&arc.To)
		fc := g + h
		if !(h >= 0) || fc < g {
			return next, false, badEstimate(fn, g, h)
		}
		if fc > bound {
			if (next == bound || fc < next) && float64(fc) <= maxCost {
				next = fc
			}
			continue
		}
		if depth+1 >= maxDepth {
			return next, false, &LimitError{Limit: "memory", Value: d.Limits.eng().MemoryLimit(), Expanded: res.Expanded, Generated: res.Generated}
		}
		d.path = append(d.path, arc.To)
		depth++
		if enter(g) {
			return next, true, nil
		}
	}
	return next, false, nil
}
