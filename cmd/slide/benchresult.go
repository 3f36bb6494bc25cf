package main

import (
	"bufio"
	"fmt"
	"io"

	"github.com/slidekit/slide/internal/bench"
)

// A benchBatch prints the results of a batch as they come and adds them
// up.
type benchBatch struct {
	flags   *benchFlags
	out     *bufio.Writer
	stderr  io.Writer
	sum     bench.Totals
	status  int  // the exit status so far
	stopped bool // the batch stopped early, and status says why
}

// emit prints r's line, flushed, and its failure or wrong claim on
// stderr, and counts it. It returns false, with stopped set, when the
// batch must stop: at an error of the batch's own (see
// bench.Result.Cancelled), or a failed write.
func (b *benchBatch) emit(r bench.Result) bool {
	var msg string
	if r.Err != nil {
		msg = message(r.Err)
	}
	if r.Err != nil && r.Cancelled {
		b.out.Flush()
		b.status, b.stopped = failure(b.stderr, "bench", "instance %s: %s", r.In.ID, msg), true
		return false
	}
	bench.WriteResult(b.out, r, b.flags.json, msg)
	if err := b.out.Flush(); err != nil { // no one sees the results: stop
		b.status, b.stopped = failure(b.stderr, "bench", "writing the output: %v", err), true
		return false
	}
	if r.Err == nil { // else its line says so too
		msg = bench.Verdict(r, !b.flags.modes.any())
	}
	if msg != "" {
		fmt.Fprintf(b.stderr, "slide bench: instance %s: %s\n", r.In.ID, oneLine("%s", msg))
		b.status = exitError
	}
	b.sum.Add(r)
	return true
}
