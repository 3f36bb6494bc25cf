package slide

import (
	"context"
	"fmt"
	"math"
	"math/bits"
	"sync/atomic"
	"unsafe"
)

// Limits bound a search. The zero value gives a search no node limit and
// the DefaultMaxMemory bound; a search that reaches a limit returns a
// *LimitError.
type Limits struct {
	// MaxNodes bounds the states a search stores (A*, BFS) or generates
	// (IDA*). 0 means no limit.
	MaxNodes int64
	// MaxMemory bounds the bytes a search holds: its nodes, index tables,
	// queues and layers, the boards or positions of the package's own
	// puzzles, and the pattern databases Solve would load, counted as they
	// are allocated (a table that grows is counted with the one it
	// replaces, which lingers until the garbage collector frees it).
	// For states of your own, the engines count each stored state as its
	// size plus what its Size method reports, if it has one (a state
	// holding a string or slice should report the bytes it points to); the
	// garbage your Successors makes is the garbage collector's to bound
	// (see runtime/debug.SetMemoryLimit). 0 means DefaultMaxMemory;
	// negative means no limit.
	MaxMemory int64
	// MaxCost bounds the answer: a search returns only a path costing at
	// most MaxCost (BFS counts moves), and ErrNotFound when there is none,
	// as soon as it can tell. A* and IDA* prune states whose g + h exceeds
	// it, so a small bound also keeps the search small. 0 means no bound
	// (a path of cost 0 is only ever the start, which every search tests
	// first).
	MaxCost float64
}

// DefaultMaxMemory is the memory bound of a search whose Limits leave
// MaxMemory 0: 2 GiB.
const DefaultMaxMemory = 2 << 30

// maxCost returns the cost bound, +Inf for none.
func (l Limits) maxCost() float64 {
	if l.MaxCost <= 0 {
		return math.Inf(1)
	}
	return l.MaxCost
}

// memory returns the memory bound in bytes, math.MaxInt64 for none.
func (l Limits) memory() int64 {
	switch {
	case l.MaxMemory == 0:
		return DefaultMaxMemory
	case l.MaxMemory < 0:
		return math.MaxInt64
	}
	return l.MaxMemory
}

// maxNodes returns the node bound, math.MaxInt32 at most (nodes are
// numbered by int32).
func (l Limits) maxNodes() int64 {
	if l.MaxNodes > 0 && l.MaxNodes < math.MaxInt32 {
		return l.MaxNodes
	}
	return math.MaxInt32
}

// depthLimit returns the depth a depth-first search may reach when each
// level takes frameBytes, under MaxMemory (or its default).
func (l Limits) depthLimit(frameBytes int64) int {
	mem := l.memory()
	if mem/frameBytes > math.MaxInt32 {
		return math.MaxInt32
	}
	return int(mem / frameBytes)
}

// sizeOf returns the bytes a stored state takes, for the memory limit:
// the value itself plus what its Size method reports, if it has one,
// rounded up as the allocator rounds it.
func sizeOf[S any](s S) int64 {
	size := int64(unsafe.Sizeof(s))
	if sz, ok := any(s).(interface{ Size() int }); ok && sz.Size() > 0 {
		size += allocSize(int64(sz.Size()))
	}
	return size
}

// allocSize returns n rounded up about as the Go allocator rounds a
// block of n bytes: to a multiple of 8, then to within an eighth of a
// power of two.
func allocSize(n int64) int64 {
	if n <= 16 {
		return (n + 7) &^ 7
	}
	step := int64(1) << (bits.Len64(uint64(n-1)) - 3)
	return (n + step - 1) &^ (step - 1)
}

// A LimitError reports a search stopped by its Limits. It wraps ErrLimit.
type LimitError struct {
	Limit     string // "nodes" or "memory"
	Value     int64  // the bound: nodes, or bytes
	Expanded  int64
	Generated int64
}

// Error describes the limit, the work done before it, and how to raise
// it.
func (e *LimitError) Error() string {
	if e.Limit == "memory" {
		return fmt.Sprintf("slide: search stopped at its memory limit (%s) after %d expansions: raise Limits.MaxMemory to allow more",
			formatBytes(e.Value), e.Expanded)
	}
	return fmt.Sprintf("slide: search stopped at its %s limit (%d %s) after %d expansions: raise Limits.MaxNodes to allow more",
		e.Limit, e.Value, e.Limit, e.Expanded)
}

// Unwrap returns ErrLimit.
func (e *LimitError) Unwrap() error { return ErrLimit }

// formatBytes writes a number of bytes for people, in binary units:
// "512 B", "10 MiB", "2 GiB", "1.5 GiB" (three
// significant digits at most).
func formatBytes(n int64) string {
	units := []string{"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"}
	v, u := float64(n), 0
	for v >= 1024 && u < len(units)-1 {
		v /= 1024
		u++
	}
	if u == 0 {
		return fmt.Sprintf("%d B", n)
	}
	return fmt.Sprintf("%.3g %s", v, units[u])
}

// A guard is what a search checks as it goes: its context, through a flag
// set when the context is done (one load to poll, so the hot loops poll
// it at every expansion), and its memory budget.
type guard struct {
	cancelled *atomic.Bool
	stopWatch func() bool
	mem       memBudget
	maxNodes  int64 // spaces that store states of their own stop at it too
	nodesOver bool  // a space stopped at maxNodes
}

// neverCancelled is the flag of contexts that cannot be cancelled.
var neverCancelled atomic.Bool

func noWatch() bool { return false }

// start makes the guard watch ctx, under lim, until end.
func (g *guard) start(ctx context.Context, lim Limits) {
	g.mem = memBudget{limit: lim.memory()}
	g.maxNodes, g.nodesOver = lim.maxNodes(), false
	g.cancelled, g.stopWatch = &neverCancelled, noWatch
	if ctx.Done() == nil {
		return
	}
	flag := new(atomic.Bool)
	g.cancelled = flag
	g.stopWatch = context.AfterFunc(ctx, func() { flag.Store(true) })
	if ctx.Err() != nil {
		flag.Store(true)
	}
}

// end stops watching the context.
func (g *guard) end() {
	if g.stopWatch != nil {
		g.stopWatch()
		g.stopWatch = nil
	}
}

// stopped reports whether the search must stop: its context is done, or
// a charge to its budget failed, or a space stopped at the node limit.
func (g *guard) stopped() bool { return g.cancelled.Load() || g.mem.over || g.nodesOver }

// err returns the error of a stopped search: the context's, or a
// *LimitError with the counts given.
func (g *guard) err(ctx context.Context, expanded, generated int64) error {
	switch {
	case g.nodesOver:
		return &LimitError{Limit: "nodes", Value: g.maxNodes, Expanded: expanded, Generated: generated}
	case g.mem.over:
		return &LimitError{Limit: "memory", Value: g.mem.limit, Expanded: expanded, Generated: generated}
	}
	return ctx.Err()
}

// nodeLimit returns the *LimitError of a search that reached maxNodes.
func (g *guard) nodeLimit(expanded, generated int64) error {
	return &LimitError{Limit: "nodes", Value: g.maxNodes, Expanded: expanded, Generated: generated}
}

// A guarded state belongs to a space that stores states of its own (an
// arena of boards or positions): the engines hand it their guard, so that
// its memory counts against their budget and it stops with them.
type guarded interface {
	setGuard(*guard)
}

// attachGuard hands g to start's space, if it has one.
func attachGuard[S any](start S, g *guard) {
	if _, ok := any((*S)(nil)).(guarded); !ok {
		return // the common case, without boxing start
	}
	if s, ok := any(start).(guarded); ok {
		s.setGuard(g)
	}
}

// A memBudget counts the bytes a search holds against its bound. Arrays
// and tables are charged as they are allocated; a charge that would pass
// the bound fails and sets over, which the search then reports.
type memBudget struct {
	limit, used int64
	over        bool
}

// charge counts n more bytes, or fails (and sets over) if they would pass
// the bound. A nil budget takes every charge.
func (m *memBudget) charge(n int64) bool {
	if m == nil {
		return true
	}
	if n > m.limit-m.used {
		m.over = true
		return false
	}
	m.used += n
	return true
}

// release returns n bytes charged before.
func (m *memBudget) release(n int64) {
	if m != nil {
		m.used -= n
	}
}

// Chunked storage. The engines keep their nodes in chunks of chunkLen
// that never move, rather than in one slice that append regrows: a
// regrown slice leaves its old array behind until the garbage collector
// frees it, and the process holds on to those pages, so a search of
// 2 GiB of nodes could hold several GiB. Chunks make the memory a search
// holds the memory it counts.
const (
	chunkShift = 13
	chunkLen   = 1 << chunkShift
	chunkMask  = chunkLen - 1
	// keepChunks chunks are kept between searches by a reused engine.
	keepChunks = 16
)

// chunked is a growable array of T in chunks. The first chunk starts
// small and doubles up to chunkLen items, so that a small search holds
// little; the later ones are allocated whole.
type chunked[T any] struct {
	chunks [][]T
	n      int
	end    int   // the items the chunks ready for this use hold
	extra  int64 // bytes charged with each item besides the item itself
}

// firstChunk is the size of a new first chunk.
const firstChunk = 64

// reset empties c, keeping a few chunks for the next use; each item will
// be charged extra bytes besides its own.
func (c *chunked[T]) reset(extra int64) {
	c.n, c.end, c.extra = 0, 0, extra
	if len(c.chunks) > keepChunks {
		clear(c.chunks[keepChunks:])
		c.chunks = c.chunks[:keepChunks]
	}
}

func (c *chunked[T]) len() int { return c.n }

// at returns item i, which must be below len.
func (c *chunked[T]) at(i int32) *T { return &c.chunks[i>>chunkShift][i&chunkMask] }

// push appends v, charging m when the chunks must grow; it fails if the
// charge does.
func (c *chunked[T]) push(v T, m *memBudget) bool {
	p := c.add(m)
	if p == nil {
		return false
	}
	*p = v
	return true
}

// add appends a zero item and returns it, charging m when the chunks must
// grow; it returns nil if the charge fails.
func (c *chunked[T]) add(m *memBudget) *T {
	i := c.n
	if i == c.end {
		return c.growAdd(m)
	}
	c.n = i + 1
	return &c.chunks[i>>chunkShift][i&chunkMask]
}

// growAdd is add when the chunks are full.
func (c *chunked[T]) growAdd(m *memBudget) *T {
	if !c.grow(m) {
		return nil
	}
	c.n++
	return c.at(int32(c.n - 1))
}

// grow makes room for item n, charging m for it: it doubles the first
// chunk, or readies the next.
func (c *chunked[T]) grow(m *memBudget) bool {
	var zero T
	item := int64(unsafe.Sizeof(zero)) + c.extra
	switch k := c.n >> chunkShift; {
	case k < len(c.chunks) && (k > 0 || len(c.chunks[0]) > c.n):
		// a chunk kept from an earlier use
	case k == 0 && c.n > 0:
		if !m.charge(int64(c.n) * item) {
			return false
		}
		c.chunks[0] = append(c.chunks[0][:c.n:c.n], make([]T, c.n)...)
		c.end = 2 * c.n
		return true
	case k == 0:
		c.chunks = append(c.chunks[:0], make([]T, firstChunk))
	default:
		c.chunks = append(c.chunks, make([]T, chunkLen))
	}
	size := len(c.chunks[c.n>>chunkShift])
	if !m.charge(int64(size) * item) {
		return false
	}
	c.end = c.n + size
	return true
}
