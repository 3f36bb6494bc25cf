package main

import (
	"runtime"
	"sync/atomic"
	"time"
)

// collectRatio is how much longer than a garbage collection an instance's
// search must have taken for bench to collect after it (see collector).
const collectRatio = 50

// minCollect is what a collection is taken to cost before one has been
// timed: instances shorter than collectRatio times it are never followed
// by one.
const minCollect = time.Millisecond

// A collector runs a garbage collection after an instance whose search
// took at least collectRatio times as long as the last collection did, so
// that what the instance dropped (a weighted search's open list, an
// anytime search's beams) is not still held while the next instance's
// grow, and a batch's peak stays near its largest board's, at a cost of
// at most 1/collectRatio of the time searched. A short search allocates
// little, in proportion to its time, and leaves the runtime's own pacing,
// under the soft memory limit of -max-memory (see gcLimit), to collect
// it: a collection after each instance cost more than a 3 x 3 board's
// whole search (CHANGELOG). The zero value is ready to use, by any number
// of goroutines.
type collector struct {
	cost atomic.Int64 // the last collection's duration, in nanoseconds
}

// after collects if a search of the duration searched has just ended and
// that is long enough.
func (c *collector) after(searched time.Duration) {
	cost := max(time.Duration(c.cost.Load()), minCollect)
	if searched < collectRatio*cost {
		return
	}
	began := time.Now()
	runtime.GC()
	c.cost.Store(int64(time.Since(began)))
}
