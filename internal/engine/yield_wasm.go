//go:build wasm

package engine

import "runtime"

// Yield lets the goroutines and timers that wait for the one thread of
// WebAssembly run: its scheduler preempts no goroutine, and checks its
// timers only when a goroutine blocks or yields, so that a search that
// neither blocks nor yields would never see the deadline of its context,
// nor a cancellation made by a goroutine it keeps waiting. A yield costs a
// few polls of a Stop, which its loops make every few hundred steps.
func Yield() { runtime.Gosched() }

// polls counts the calls of yieldSometimes; WebAssembly runs one
// goroutine at a time.
var polls uint32

// yieldEvery is how many calls of yieldSometimes make one yield.
const yieldEvery = 1024

// yieldSometimes is Yield for the loops that poll at every step, such as
// those of Guard.Stopped: it yields every yieldEvery calls.
func yieldSometimes() {
	if polls++; polls%yieldEvery == 0 {
		runtime.Gosched()
	}
}
