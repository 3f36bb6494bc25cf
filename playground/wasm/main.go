//go:build js && wasm

// Command wasm is the WebAssembly program of slide's playground, which the
// page's Web Worker runs with wasm_exec.js: it defines
//
//	globalThis.slidePlay(requestJSON, post)
//
// which answers the request, a JSON string, with play.Handler, calling
// post with each message, one JSON string (see package play for the
// protocol). slidePlay queues the request for a goroutine of its own, so
// that the work may wait for timers, and the requests are answered one at
// a time, in the order given; as Go runs its goroutines until all wait
// before JavaScript gets control back, slidePlay returns, in practice,
// once the request is answered.
// Once slidePlay is defined, the program calls globalThis.slidePlayReady
// if it is a function. The tables go to the folder /slide-cache of the
// file system that Go's os package reaches through globalThis.fs (node's,
// or the page's memfs.js), or to globalThis.slideCacheDir if it is a
// string when the program starts.
package main

import (
	"context"
	"sync"
	"syscall/js"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/playground/play"
)

// cacheDir is the folder of the tables, unless globalThis.slideCacheDir
// names another.
const cacheDir = "/slide-cache"

func main() {
	install(js.Global())
	select {} // slidePlay's answers go on
}

// A job is a request to answer and the function that takes its messages.
type job struct {
	req  string
	post js.Value
}

// A queue holds the requests not yet answered, in order.
type queue struct {
	mu   sync.Mutex
	jobs []job
	wake chan struct{} // signalled when a job is added
}

// add queues j without waiting: slidePlay must return to JavaScript.
func (q *queue) add(j job) {
	q.mu.Lock()
	q.jobs = append(q.jobs, j)
	q.mu.Unlock()
	select {
	case q.wake <- struct{}{}:
	default:
	}
}

// next returns the first job queued, waiting for one.
func (q *queue) next() job {
	for {
		q.mu.Lock()
		if len(q.jobs) > 0 {
			j := q.jobs[0]
			q.jobs = q.jobs[1:]
			q.mu.Unlock()
			return j
		}
		q.mu.Unlock()
		<-q.wake
	}
}

// install defines slidePlay on global, with the cache global names, and
// starts the goroutine that answers its requests; then it calls
// slidePlayReady, if global has it.
func install(global js.Value) {
	dir := cacheDir
	if d := global.Get("slideCacheDir"); d.Type() == js.TypeString {
		dir = d.String()
	}
	h := play.Handler{Cache: slide.Cache{Dir: dir}}
	q := &queue{wake: make(chan struct{}, 1)}
	go func() {
		for {
			j := q.next()
			h.Handle(context.Background(), []byte(j.req), func(msg []byte) { j.post.Invoke(string(msg)) })
		}
	}()
	global.Set("slidePlay", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) != 2 || args[0].Type() != js.TypeString || args[1].Type() != js.TypeFunction {
			return js.Global().Get("Error").New("slidePlay(requestJSON, post): want a string and a function")
		}
		q.add(job{args[0].String(), args[1]})
		return nil
	}))
	if ready := global.Get("slidePlayReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
}
