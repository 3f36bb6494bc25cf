//go:build !wasm

package engine

// Yield lets the goroutines and timers that wait for a processor run, on
// a platform whose scheduler does not preempt a running goroutine (see
// yield_wasm.go); here, where it does, Yield does nothing and costs
// nothing. The searches call it where they look at their context (see
// Stop.Done and Guard.Stopped): on one thread, a deadline's timer fires
// only when the search lets the scheduler run.
func Yield() {}

// yieldSometimes is Yield for the loops that poll at every step: here it
// does nothing.
func yieldSometimes() {}
