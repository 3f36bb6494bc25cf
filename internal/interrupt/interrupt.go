// Package interrupt turns SIGINT and SIGTERM into the cancellation of a
// context, so that the work given it stops and cleans up after itself (a
// build removes its temporary file) rather than die where it stands, and
// tells the exit status of a process that the signal ended (Status).
package interrupt

import (
	"context"
	"os"
	"os/signal"
	"sync"
	"syscall"
)

// Context returns a context that is cancelled when the process
// receives SIGINT or SIGTERM, so that the work given it stops and cleans
// up after itself (a build removes its temporary file) rather than die
// where it stands, and the function that stops listening and returns the
// signal received, nil for none (later calls return the same). Once it
// has returned, a signal ends the process at once, as before.
func Context() (context.Context, func() os.Signal) {
	ctx, cancel := context.WithCancel(context.Background())
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM)
	got := make(chan os.Signal, 1)
	go func() {
		select {
		case sig := <-signals:
			got <- sig
			cancel()
		case <-ctx.Done():
			got <- nil
		}
	}()
	return ctx, sync.OnceValue(func() os.Signal {
		signal.Stop(signals)
		cancel()
		return <-got
	})
}

// Status returns the exit status of a process that the signal sig, one of
// Context's, ended, as shells report it: 128 and the signal's number, 2
// for SIGINT and 15 for SIGTERM.
func Status(sig os.Signal) int {
	if sig == syscall.SIGTERM {
		return 128 + 15
	}
	return 128 + 2
}
