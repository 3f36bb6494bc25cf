package engine

import (
	"context"
	"sync/atomic"
	"unsafe"
)

// A Budget counts the bytes a search holds against its bound. Arrays and
// tables are charged as they are allocated; a charge that would pass the
// bound fails and sets Over, which the search then reports.
type Budget struct {
	Limit, Used int64
	Over        bool
}

// Charge counts n more bytes, or fails (and sets Over) if they would pass
// the bound. A nil budget takes every charge.
func (m *Budget) Charge(n int64) bool {
	if m == nil {
		return true
	}
	if n > m.Limit-m.Used {
		m.Over = true
		return false
	}
	m.Used += n
	return true
}

// Release returns n bytes charged before.
func (m *Budget) Release(n int64) {
	if m != nil {
		m.Used -= n
	}
}

// A Guard is what a search checks as it goes: its context, through a flag
// set when the context is done (one load to poll, so the hot loops poll
// it at every expansion), its node limit and its memory budget. The flag
// is set by context.AfterFunc's goroutine, a little after the
// cancellation: the searches of one goroutine that poll it leave that
// goroutine a processor, unlike the workers of a beam (see Stop).
type Guard struct {
	flag      *atomic.Bool
	end       func() bool
	Mem       Budget
	MaxNodes  int64 // spaces that store states of their own stop at it too
	NodesOver bool  // a space stopped at MaxNodes
}

// Start makes the guard watch ctx, under lim, until End.
func (g *Guard) Start(ctx context.Context, lim Bounds) {
	g.Mem = Budget{Limit: lim.MemoryLimit()}
	g.MaxNodes, g.NodesOver = lim.NodeLimit(), false
	g.flag, g.end = &neverDone, nil
	if ctx.Done() == nil {
		return
	}
	flag := new(atomic.Bool)
	g.flag = flag
	g.end = context.AfterFunc(ctx, func() { flag.Store(true) })
	if ctx.Err() != nil {
		flag.Store(true)
	}
}

// neverDone is the flag of a Guard whose context cannot end.
var neverDone atomic.Bool

// End stops watching the context.
func (g *Guard) End() {
	if g.end != nil {
		g.end()
		g.end = nil
	}
}

// Stopped reports whether the search must stop: its context is done, or
// a charge to its budget failed, or a space stopped at the node limit.
// (The flag is read directly: Start always sets it, and the hot loops
// poll at every expansion; on one thread, every so many polls yield, see
// Yield.)
func (g *Guard) Stopped() bool {
	yieldSometimes()
	return g.flag.Load() || g.Mem.Over || g.NodesOver
}

// Err returns the error of a stopped search: the context's, or a
// *LimitError with the counts given.
func (g *Guard) Err(ctx context.Context, expanded, generated int64) error {
	switch {
	case g.NodesOver:
		return g.NodeLimit(expanded, generated)
	case g.Mem.Over:
		return &LimitError{Limit: "memory", Value: g.Mem.Limit, Expanded: expanded, Generated: generated}
	}
	return ctx.Err()
}

// NodeLimit returns the *LimitError of a search that reached MaxNodes.
func (g *Guard) NodeLimit(expanded, generated int64) error {
	return &LimitError{Limit: "nodes", Value: g.MaxNodes, Expanded: expanded, Generated: generated}
}

// A Guarded state belongs to a space that stores states of its own (an
// arena of boards or positions): the engines hand it their guard, so that
// its memory counts against their budget and it stops with them.
type Guarded interface {
	SetGuard(*Guard)
}

// GrowCharged returns s with room for more, its capacity doubled, charged
// to m (the old array stays charged, as garbage until the collector frees
// it); it fails, returning s, if the charge does.
func GrowCharged[T any](s []T, m *Budget) ([]T, bool) {
	return GrowChargedCtx(context.Background(), s, m)
}

// GrowChargedCtx is GrowCharged, the new array made by Grow: it also
// fails, returning s, when ctx is done first (m's Over then stays unset).
func GrowChargedCtx[T any](ctx context.Context, s []T, m *Budget) ([]T, bool) {
	n := max(2*cap(s), 64)
	var zero T
	if !m.Charge(int64(n) * int64(unsafe.Sizeof(zero))) {
		return s, false
	}
	out, err := Grow(ctx, s, n)
	return out, err == nil
}

// ReserveCharged grows *s as GrowChargedCtx does, each new array charged
// to m, until it has room for n more items; it fails, *s keeping its
// items, if a charge fails or ctx is done first. Every array it makes
// stays charged, so that what m holds bounds all that was allocated,
// however late the collector frees what was outgrown.
func ReserveCharged[T any](ctx context.Context, s *[]T, n int, m *Budget) bool {
	for cap(*s)-len(*s) < n {
		grown, ok := GrowChargedCtx(ctx, *s, m)
		if !ok {
			return false
		}
		*s = grown
	}
	return true
}

// KeepSlice returns s emptied for a new search charged to m: kept, and
// charged, unless it is big (see KeepTable).
func KeepSlice[T any](s []T, m *Budget) []T {
	var zero T
	bytes := int64(cap(s)) * int64(unsafe.Sizeof(zero))
	if !KeepTable(bytes, m) {
		return nil
	}
	m.Charge(bytes)
	return s[:0]
}
