package idastar

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync"
	"sync/atomic"
	"time"

	"github.com/slidekit/slide/internal/engine"
)

// ErrNotFound is Run's error when no solution lies within its depth bound.
var ErrNotFound = errors.New("no solution within the depth bound")

// Errors that stop a worker without ending the search.
var (
	errAbandoned = errors.New("idastar: task made useless by an earlier one")
	errTrial     = errors.New("idastar: trial iteration too large")
)

// MaxSplit is the deepest frontier Parallel builds: frontier nodes hold
// the path to them in arrays of this length.
const MaxSplit = 32

// pollEvery is how often, in generated nodes, a worker looks at whether
// an earlier task ended the iteration: often enough that a worker stops
// soon after, rarely enough that an atomic load and the context's Err
// cost nothing beside the search.
const pollEvery = 1 << 12

// splitNodes is the predicted size, in generated nodes, from which an
// iteration is split (see Parallel): large enough that building the seed
// frontier and waking the workers costs little beside the search.
// trialNodes caps an iteration tried on one worker, in case the
// prediction was low.
const (
	splitNodes = 1 << 12
	trialNodes = 1 << 14
)

// seedsPerWorker is the size of the seed frontier, the part of a split
// that Trees[0] builds alone, over the number of workers: enough seeds that
// the workers share the expansion of the rest of the frontier evenly.
const seedsPerWorker = 4

// tasksPerWorker returns the frontier's size over the number of workers
// for an iteration after one of last nodes: last/512, from 128 to 8192.
// Tasks are subtrees of very uneven sizes, taken in order; many small ones
// let the workers finish an iteration together, and, in the last
// iteration, keep short the search of the subtree that holds the
// solution, which one worker does alone while the others search subtrees
// after it in vain. But building the frontier costs about twice its size
// in nodes, and loading a task costs time of its own, which small
// iterations feel.
func tasksPerWorker(last int64) int {
	return int(min(max(last>>9, 128), 8192))
}

// maxTasks bounds the frontier: 2^17 nodes, some 10 to 40 MB, however many
// the workers.
const maxTasks = 1 << 17

// A Tree is one worker's copy of an IDA* search, with its own scratch
// memory (board, path, Core), sharing read-only tables with the others.
// N is its frontier node: what it takes to start a search below a node
// (the board or the moves from the root, the depth, the path so far),
// copied by value.
type Tree[N any] interface {
	// Core returns the worker's Core.
	IDACore() *Core
	// Search loads node n and searches below it to the Core's Bound,
	// reporting whether it found the goal, whose path it then holds (the
	// moves to n included) and whose length is IDACore().Found. While
	// IDACore().Split is positive it appends the nodes of that depth it
	// reaches to out, in the order of the depth-first search, instead of
	// searching below them; it returns out.
	Search(n *N, out []N) ([]N, bool)
}

// Parallel runs IDA* on Workers workers (one goroutine each, the first on
// the caller's), one iteration at a time.
//
// # The split
//
// Small iterations run on Trees[0] alone: while the next iteration is
// predicted to generate fewer than splitNodes nodes (the last one's times
// the growth of the last two, 6 after the first), it is tried on one
// worker with a cap of trialNodes generated nodes. Once an iteration is
// predicted to exceed splitNodes, or exceeds trialNodes (the later ones,
// with larger bounds, are larger still: about 5 to 7 times on the 15- and
// 24-puzzles), every iteration is split, a trial that reached its cap
// being searched again (its nodes are then counted twice, and reported in
// Discarded).
//
// A split iteration has two parallel phases. First Trees[0] expands the
// root breadth-first, one depth at a time, under the same bound and move
// pruning, until a depth holds seedsPerWorker seeds per worker (or the
// frontier's whole size, below). Then the workers take the seeds in order
// from an atomic counter and each expands its seed depth-first to the
// depth where the frontier, at the growth of the seed frontier's last
// depth, holds about tasksPerWorker nodes per worker, or maxTasks in all
// (at most MaxSplit), keeping each seed's nodes apart. The seeds' nodes,
// seed after seed, are the frontier, in the order of the depth-first
// search. Last the workers take its nodes in that order from an atomic
// counter and search below each; the iteration ends when every node is
// done, or, once a task found the goal or failed, when every task before
// it is done: the least such task decides the outcome (a goal found while
// the seeds are expanded ends the iteration the same way, the least seed
// deciding). Searching nodes in a different order changes no count: an
// iteration that finds nothing generates and expands exactly the nodes it
// does on one worker. Only the last iteration differs, by the tasks after
// the solution's that had begun when it was found (and a trial's nodes,
// once). The solution is the one a single worker finds, since it lies in
// the first task, in depth-first order, that holds one.
//
// # Optimality
//
// Every goal an iteration finds is a shortest solution, so the first one
// found, by whichever worker, could be returned; the least task's is taken
// only to make the result independent of timing. Proof: let b0 < b1 < ...
// be the bounds, b0 = h(root), and L the length of a shortest solution;
// move pruning keeps a path of length L in the search tree. (1) An
// iteration of bound b finds goals only at depths d <= b: a goal is
// detected when generated, from a parent that was searched, so f(parent)
// <= b, and whose h is 1 (h is admissible and zero only at the goal), so
// d = g(parent) + 1 = f(parent). (2) b_i <= L: for i = 0, h(root) <= L by
// admissibility; for i > 0, iteration i-1 was complete (every task done)
// and found no goal, so it cut a shortest path at some node x of f(x) >
// b_{i-1}, and b_i is the least such f: b_i <= f(x) = g(x) + h(x) <=
// g(x) + (L - g(x)) = L. So a goal found in iteration i lies at depth d <=
// b_i <= L <= d: its path is a shortest solution and d = b_i. The order in
// which the tree is searched takes no part in this, so it holds on any
// number of workers; Run checks that every solution's length equals its
// iteration's bound.
//
// # Limits
//
// Every worker looks at the context, and at whether a task before its own
// has ended the iteration, every 2^12 nodes it generates. A node limit
// applies to the nodes of all workers together: each worker claims its
// share from a shared budget as it goes, in chunks of at most 2^16 that
// shrink as the budget runs out; the search fails with ErrNodeLimit when a
// worker finds the budget empty, having generated at most the limit plus
// one node per worker.
//
// A Parallel makes its workers other than the first, and its frontier,
// when an iteration is first split, and reuses them, in later Runs too.
// Its workers' goroutines start at the first split iteration of a Run and
// wait between the phases of every split iteration for the next (their
// searches allocate nothing); every goroutine has ended when Run returns.
type Parallel[N any] struct {
	Workers int       // the number of workers, at least 1
	Trees   []Tree[N] // the workers: the caller provides the first
	New     func() Tree[N]
	// Splits counts the iterations of the last Run that were split, and
	// Discarded the nodes of its trial iteration given up (see above).
	Splits    int
	Discarded struct{ Expanded, Generated int64 }
	// Trace, if not nil, records every Run's iterations.
	Trace *Trace

	layer, next []N   // the seed frontier, being built
	seeds       [][]N // the frontier: each seed's nodes, in the seeds' order
	starts      []int64
	depth       int // the frontier's depth, while the seeds are expanded
	perSeed     int // the nodes a seed is expected to expand into
	tasks       atomic.Int64
	counts      []int64      // the tasks' nodes, while a Trace records them
	wake        []chan phase // one a worker but the first
	running     bool         // the workers' goroutines run
	wg, alive   sync.WaitGroup
	ctx         context.Context
	maxNodes    int64
	shared
}

// A phase is what the workers of a split iteration do together.
type phase int8

const (
	expandSeeds phase = iota // expand the seed frontier into the frontier
	searchTasks              // search below the frontier's nodes
	quit                     // end the goroutine: Run returns
)

// shared is what the workers of a Parallel read and update together.
type shared struct {
	cutoff  atomic.Int64 // the least task that ended the iteration, math.MaxInt64 while none
	budget  atomic.Int64 // nodes left to claim, when limited
	limited bool
	workers int64
}

// Run searches from root, whose heuristic is h (at least 1), for paths of
// at most maxDepth moves, generating at most maxNodes nodes in all (no
// limit if it is not positive). It returns the index of the Tree holding
// the solution (its length in IDACore().Found) and the iterations run, or an
// error: the context's, ErrNodeLimit, ErrNotFound, or a worker's own.
// Counts gives the nodes.
func (p *Parallel[N]) Run(ctx context.Context, root N, h, maxDepth int, maxNodes int64) (winner, iterations int, err error) {
	p.reset(ctx, maxNodes)
	defer p.stop()
	p.Splits = 0
	p.Discarded.Expanded, p.Discarded.Generated = 0, 0
	if h > maxDepth {
		return -1, 0, ErrNotFound
	}
	trial := true
	if p.Trace != nil {
		p.Trace.Runs = append(p.Trace.Runs, TraceRun{})
	}
	var last, before int64 // nodes of the last iteration and of the one before
	for bound := h; ; {
		iterations++
		if err := ctx.Err(); err != nil {
			return -1, iterations, err
		}
		p.start(bound)
		exp0, gen0 := p.Counts()
		if trial {
			p.traceIteration(bound)
			winner, err = p.trial(&root)
			exp, gen := p.Counts()
			if it := p.iteration(); it != nil {
				it.Trial, it.Discarded, it.Nodes = true, errors.Is(err, errTrial), gen-gen0
			}
			if errors.Is(err, errTrial) {
				trial = false
				p.Discarded.Expanded, p.Discarded.Generated = exp-exp0, gen-gen0
				p.start(bound) // search the whole iteration again, split
			}
		}
		if !trial {
			p.traceIteration(bound)
			p.Splits++
			winner, err = p.split(&root, min(tasksPerWorker(last)*int(p.workers), maxTasks))
		}
		if err != nil {
			return -1, iterations, err
		}
		if winner >= 0 {
			if found := p.Trees[winner].IDACore().Found; found != bound {
				panic(fmt.Sprintf("idastar: a solution of %d moves in the iteration of bound %d", found, bound))
			}
			return winner, iterations, nil
		}
		_, gen := p.Counts()
		before, last = last, gen-gen0
		growth := int64(6)
		if before > 0 {
			growth = min(max(last/before, 2), 16)
		}
		if last*growth >= splitNodes {
			trial = false
		}
		next := math.MaxInt
		for _, t := range p.Trees {
			next = min(next, t.IDACore().Next)
		}
		if next == math.MaxInt || next > maxDepth {
			return -1, iterations, ErrNotFound
		}
		bound = next
	}
}

// Counts returns the nodes expanded and generated by all workers since
// Run began.
func (p *Parallel[N]) Counts() (expanded, generated int64) {
	for _, t := range p.Trees {
		c := t.IDACore()
		expanded += c.Expanded
		generated += c.Gen
	}
	return expanded, generated
}

// reset prepares every worker for a search.
func (p *Parallel[N]) reset(ctx context.Context, maxNodes int64) {
	p.ctx, p.maxNodes = ctx, maxNodes
	p.workers = int64(max(p.Workers, 1))
	p.limited = maxNodes > 0
	p.budget.Store(maxNodes - 1)
	onCheck := p.Trees[0].IDACore().OnCheck
	for i, t := range p.Trees {
		c := t.IDACore()
		c.OnCheck = onCheck
		p.prepare(i, c)
	}
}

// prepare sets the Core of worker i for a search: Trees[0] counts the
// root.
func (p *Parallel[N]) prepare(i int, c *Core) {
	c.Reset(p.ctx, p.maxNodes)
	c.sh = &p.shared
	if i > 0 {
		c.Gen = 0
	}
	c.claimed = math.MaxInt64
	if p.limited {
		c.claimed = c.Gen
	}
	c.setLimit()
}

// start prepares every worker for an iteration of the given bound.
func (p *Parallel[N]) start(bound int) {
	p.cutoff.Store(math.MaxInt64)
	for _, t := range p.Trees {
		c := t.IDACore()
		c.Bound, c.Next, c.Err, c.task, c.ended = bound, math.MaxInt, nil, -1, -1
	}
}

// trial searches the iteration on Trees[0] alone, giving up with errTrial
// after trialNodes generated nodes. It returns 0 if it found the goal, -1
// if not.
func (p *Parallel[N]) trial(root *N) (int, error) {
	t := p.Trees[0]
	c := t.IDACore()
	c.trialEnd = c.Gen + trialNodes
	c.setLimit()
	_, found := t.Search(root, nil)
	c.trialEnd = math.MaxInt64
	c.setLimit()
	if found {
		return 0, nil
	}
	return -1, c.Err
}

// split searches the iteration on every worker: it builds the seed
// frontier on Trees[0], has the workers expand the seeds into the
// frontier, then search below its nodes. It returns the Tree holding the
// solution, or -1.
func (p *Parallel[N]) split(root *N, tasks int) (int, error) {
	t := p.Trees[0]
	c := t.IDACore()
	seeds := min(tasks, seedsPerWorker*int(p.workers))
	began, gen0 := time.Now(), c.Gen
	p.layer = append(p.layer[:0], *root)
	depth, growth := 0, 1.0
	for ; len(p.layer) < seeds && depth < MaxSplit; depth++ {
		c.Split = depth + 1
		p.next = p.next[:0]
		for i := range p.layer {
			var found bool
			if p.next, found = t.Search(&p.layer[i], p.next); found || c.Err != nil {
				c.Split = 0
				if found {
					return 0, nil
				}
				return -1, c.Err
			}
		}
		growth = float64(len(p.next)) / float64(len(p.layer))
		p.layer, p.next = p.next, p.layer
	}
	c.Split = 0
	if it := p.iteration(); it != nil {
		it.Nodes, it.SeedTime = c.Gen-gen0, time.Since(began)
	}
	if len(p.layer) == 0 {
		return -1, nil
	}
	// The depths to add so that the frontier holds about tasks nodes, if
	// each depth multiplies it by growth as the last did.
	extra := 0
	if growth > 1 {
		extra = int(math.Log(float64(tasks)/float64(len(p.layer))) / math.Log(growth))
	}
	p.depth = min(depth+max(extra, 0), MaxSplit)
	p.perSeed = tasks/len(p.layer) + 1
	if n := len(p.layer); n <= cap(p.seeds) { // keep the seeds' slices past len
		p.seeds = p.seeds[:n]
	} else {
		p.seeds = append(p.seeds[:cap(p.seeds)], make([][]N, n-cap(p.seeds))...)
	}
	p.starts = p.starts[:0]
	if p.depth == depth { // the seeds are the frontier
		for i := range p.layer {
			p.seeds[i] = append(p.seeds[i][:0], p.layer[i])
		}
	} else if winner, ended, err := p.together(expandSeeds); ended {
		return winner, err
	}
	n := int64(0)
	for _, sd := range p.seeds {
		p.starts = append(p.starts, n)
		n += int64(len(sd))
	}
	p.starts = append(p.starts, n)
	if n == 0 {
		return -1, nil
	}
	winner, _, err := p.together(searchTasks)
	return winner, err
}

// together has every worker do phase ph, Trees[0] on the caller's
// goroutine, and returns once they are done. It reports whether a task
// ended the phase (a goal found, or an error), and then the Tree that
// found the goal, or -1, and the error.
func (p *Parallel[N]) together(ph phase) (winner int, ended bool, err error) {
	p.grow(p.Trees[0].IDACore().Bound)
	p.cutoff.Store(math.MaxInt64)
	p.tasks.Store(0)
	n := len(p.seeds)
	if ph == searchTasks {
		n = int(p.starts[len(p.seeds)])
	}
	p.counts = p.traceTasks(ph, n)
	wake := p.wake[:p.workers-1]
	p.wg.Add(len(wake))
	for _, w := range wake {
		w <- ph
	}
	p.work(p.Trees[0], ph)
	p.wg.Wait()
	winner = -1
	for i, w := range p.Trees {
		if e := w.IDACore().ended; e >= 0 && (winner < 0 || e < p.Trees[winner].IDACore().ended) {
			winner = i
		}
	}
	if winner < 0 {
		return -1, false, nil
	}
	if it := p.iteration(); it != nil {
		it.Ended = p.Trees[winner].IDACore().ended
	}
	if err := p.Trees[winner].IDACore().Err; err != nil {
		return -1, true, err
	}
	return winner, true, nil
}

// grow makes the workers that Trees lacks, ready for an iteration of the
// given bound, and starts the goroutines of those but the first, if they
// are not running.
func (p *Parallel[N]) grow(bound int) {
	for len(p.Trees) < int(p.workers) {
		t := p.New()
		c := t.IDACore()
		c.OnCheck = p.Trees[0].IDACore().OnCheck
		p.prepare(len(p.Trees), c)
		c.Bound, c.Next = bound, math.MaxInt
		p.Trees = append(p.Trees, t)
	}
	for len(p.wake) < int(p.workers)-1 {
		p.wake = append(p.wake, make(chan phase))
	}
	if p.running {
		return
	}
	p.running = true
	for i, t := range p.Trees[1:p.workers] {
		p.alive.Add(1)
		go p.serve(t, p.wake[i])
	}
}

// serve runs worker t's phases as they come on w, until told to quit.
func (p *Parallel[N]) serve(t Tree[N], w chan phase) {
	defer p.alive.Done()
	for ph := range w {
		if ph == quit {
			return
		}
		p.work(t, ph)
		p.wg.Done()
	}
}

// stop ends the workers' goroutines, if they run.
func (p *Parallel[N]) stop() {
	if !p.running {
		return
	}
	for _, w := range p.wake[:p.workers-1] {
		w <- quit
	}
	p.alive.Wait()
	p.running = false
}

// work has worker t do phase ph: take seeds or frontier nodes in order
// and expand or search below them, until none is left or a task before
// the next one has ended the phase.
func (p *Parallel[N]) work(t Tree[N], ph phase) {
	c := t.IDACore()
	n := int64(len(p.seeds))
	if ph == searchTasks {
		n = p.starts[len(p.seeds)]
		c.Split = 0
	} else {
		c.Split = p.depth
	}
	seed := 0
	for {
		i := p.tasks.Add(1) - 1
		if i >= n || i > p.cutoff.Load() {
			break
		}
		c.task = i
		gen0 := c.Gen
		var found bool
		if ph == expandSeeds {
			if cap(p.seeds[i]) == 0 {
				p.seeds[i] = make([]N, 0, 2*p.perSeed)
			}
			p.seeds[i], found = t.Search(&p.layer[i], p.seeds[i][:0])
		} else {
			for p.starts[seed+1] <= i {
				seed++
			}
			_, found = t.Search(&p.seeds[seed][i-p.starts[seed]], nil)
		}
		if errors.Is(c.Err, errAbandoned) {
			c.Err = nil
			break
		}
		if p.counts != nil {
			p.counts[i] = c.Gen - gen0
		}
		if found || c.Err != nil {
			c.ended = i
			p.lower(i)
			break
		}
	}
	c.task, c.Split = -1, 0
}

// lower lowers the cutoff to task i.
func (sh *shared) lower(i int64) {
	for {
		cut := sh.cutoff.Load()
		if i >= cut || sh.cutoff.CompareAndSwap(cut, i) {
			return
		}
	}
}

// check is Generate's rare path on several workers.
func (sh *shared) check(c *Core) bool {
	if c.task > sh.cutoff.Load() {
		c.Err = errAbandoned
		return false
	}
	engine.Yield()
	if c.Err = c.Ctx.Err(); c.Err != nil {
		return false
	}
	if c.Gen > c.trialEnd {
		c.Err = errTrial
		return false
	}
	if c.Gen > c.claimed && !sh.claim(c) {
		c.Err = ErrNodeLimit
		return false
	}
	c.setLimit()
	if c.OnCheck != nil {
		c.OnCheck(c)
	}
	return true
}

// setLimit sets the count at which worker c next takes Generate's rare
// path: the end of its share of the budget or of a trial, and at most
// pollEvery nodes ahead, so that it soon notices that another worker's
// outcome made its task useless.
func (c *Core) setLimit() {
	c.MaxNodes = min(c.claimed, c.trialEnd, c.Gen+pollEvery)
}

// claim moves a share of the node budget to worker c: at most checkEvery
// nodes, and less as the budget runs out, so that the workers run out of
// it at about the same time. It reports false if the budget is empty.
func (sh *shared) claim(c *Core) bool {
	for {
		left := sh.budget.Load()
		if left <= 0 {
			return false
		}
		n := min(left, checkEvery, max(left/(2*sh.workers), 1))
		if sh.budget.CompareAndSwap(left, left-n) {
			c.claimed += n
			return true
		}
	}
}
