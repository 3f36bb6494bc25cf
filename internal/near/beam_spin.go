package near

import (
	"runtime"
	"sync/atomic"
	"time"
)

// A spinner is a goroutine that runs worker k's share of a beam's
// parallel steps (see beamSearch.parallel), waiting between steps by
// spinning rather than by ending: a goroutine started at every step
// first waits for the system to wake a thread on an idle core, at three
// steps a layer (docs/PERFORMANCE.md, "A worker's start"). It spins for at most
// spinPark between steps, yielding its core now and then to other
// goroutines (the bound search), and then parks until the next step.
type spinner struct {
	k     int
	job   atomic.Pointer[func(int)]
	gen   atomic.Uint64 // the steps given
	done  atomic.Uint64 // the steps done
	quit  atomic.Bool
	idle  atomic.Bool // parked, or about to
	wake  chan struct{}
	after func() // called after every step (the gate's leave)
}

// spinPark is how long a spinner spins for its next step before it
// parks: longer than the serial work between a layer's steps.
const spinPark = time.Millisecond

// spinYield is how many turns of its wait a spinner takes between two
// yields of its core.
const spinYield = 64

// newSpinner starts the spinner of worker k; after is called after
// every step it runs.
func newSpinner(k int, after func()) *spinner {
	sp := &spinner{k: k, wake: make(chan struct{}, 1), after: after}
	go sp.run()
	return sp
}

// run runs the steps given until stop.
func (sp *spinner) run() {
	var seen uint64
	for {
		began := time.Now()
		for turn := 1; sp.gen.Load() == seen; turn++ {
			if sp.quit.Load() {
				return
			}
			if turn%spinYield != 0 {
				continue
			}
			runtime.Gosched()
			if time.Since(began) < spinPark {
				continue
			}
			sp.idle.Store(true)
			if sp.gen.Load() == seen && !sp.quit.Load() {
				<-sp.wake
			}
			sp.idle.Store(false)
			began = time.Now()
		}
		seen = sp.gen.Load()
		(*sp.job.Load())(sp.k)
		sp.after()
		sp.done.Store(seen)
	}
}

// start gives the spinner the step f.
func (sp *spinner) start(f *func(int)) {
	sp.job.Store(f)
	sp.gen.Add(1)
	sp.nudge()
}

// nudge wakes the spinner if it parked.
func (sp *spinner) nudge() {
	if sp.idle.Load() {
		select {
		case sp.wake <- struct{}{}:
		default:
		}
	}
}

// wait returns once the spinner has run the last step given.
func (sp *spinner) wait() {
	for turn := 1; sp.done.Load() != sp.gen.Load(); turn++ {
		if turn%spinYield == 0 {
			runtime.Gosched()
		}
	}
}

// stop ends the spinner's goroutine once it has run the steps given.
func (sp *spinner) stop() {
	sp.quit.Store(true)
	sp.nudge()
}

// stopSpinners ends the search's spinners.
func (s *beamSearch) stopSpinners() {
	for _, sp := range s.spinners {
		sp.stop()
	}
	s.spinners = nil
}

// spinWorkers has a search's workers past the first spin between its
// steps; benchmarks turn it off to compare.
var spinWorkers = true
