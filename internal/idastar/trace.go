package idastar

import "time"

// A Trace records how the iterations of a Parallel's Runs went, so that
// what of them only one worker can do is measured (see
// docs/PERFORMANCE.md, Parallel scaling): the trials and seed frontiers,
// which Trees[0] searches alone, and the nodes of every task, from which
// the critical path of a split iteration on any number of workers
// follows. Recording costs a slice of a count a task, made for each
// split iteration; a Parallel without a Trace records nothing.
type Trace struct {
	Runs []TraceRun
}

// A TraceRun is one Run's iterations, in order.
type TraceRun struct {
	Iterations []TraceIteration
}

// A TraceIteration is one iteration of a Run.
type TraceIteration struct {
	Bound int
	// Trial tells an iteration searched on Trees[0] alone, and Discarded
	// one of those given up at its cap, to be split.
	Trial, Discarded bool
	// Nodes counts the nodes a trial generated, or those of a split
	// iteration's seed frontier, which SeedTime took to build.
	Nodes    int64
	SeedTime time.Duration
	// Seeds and Tasks count the nodes that the expansion of each seed and
	// the search below each frontier node generated, in their order; -1
	// for one not taken, or left unfinished once a task before it ended
	// the phase. Seeds is empty when the seeds were the frontier.
	Seeds, Tasks []int64
	// Ended is the task (the seed, if Tasks is empty) that ended the
	// iteration, with a goal or an error; -1 if none did.
	Ended int64
}

// iteration returns the iteration being recorded, nil without a Trace.
func (p *Parallel[N]) iteration() *TraceIteration {
	if p.Trace == nil || len(p.Trace.Runs) == 0 {
		return nil
	}
	r := &p.Trace.Runs[len(p.Trace.Runs)-1]
	if len(r.Iterations) == 0 {
		return nil
	}
	return &r.Iterations[len(r.Iterations)-1]
}

// traceIteration starts the record of an iteration of the given bound.
func (p *Parallel[N]) traceIteration(bound int) {
	if p.Trace != nil {
		r := &p.Trace.Runs[len(p.Trace.Runs)-1]
		r.Iterations = append(r.Iterations, TraceIteration{Bound: bound, Ended: -1})
	}
}

// traceTasks returns the counts of phase ph's n tasks, all -1, to be
// filled in by the workers; nil without a Trace.
func (p *Parallel[N]) traceTasks(ph phase, n int) []int64 {
	it := p.iteration()
	if it == nil {
		return nil
	}
	counts := make([]int64, n)
	for i := range counts {
		counts[i] = -1
	}
	if ph == expandSeeds {
		it.Seeds = counts
	} else {
		it.Tasks = counts
	}
	return counts
}
