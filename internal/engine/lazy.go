package engine

import (
	"context"
	"sync"
)

// A Lazy is a value made on first use, as by sync.OnceValues, by a making
// that its context may stop: a making that fails is forgotten, never kept,
// and the calls that waited for it make the value themselves; a call
// waiting for another's making returns when its own context ends. The
// zero Lazy is ready for use; a Lazy must not be copied after first use.
type Lazy[T any] struct {
	mu     sync.Mutex
	v      T
	made   bool
	making chan struct{} // while a call makes v: closed when it ends, made or not
}

// Get returns the value, made by mk unless a call made it before, or mk's
// error, or ctx's if ctx ends while another call makes the value.
func (l *Lazy[T]) Get(ctx context.Context, mk func(context.Context) (T, error)) (T, error) {
	for {
		l.mu.Lock()
		v, made, wait := l.v, l.made, l.making
		if !made && wait == nil {
			l.making = make(chan struct{})
		}
		l.mu.Unlock()
		if made {
			return v, nil
		}
		if wait == nil {
			break // this call makes it
		}
		select {
		case <-wait:
		case <-ctx.Done():
			var zero T
			return zero, ctx.Err()
		}
	}
	v, err := mk(ctx)
	l.mu.Lock()
	if err == nil {
		l.v, l.made = v, true
	}
	close(l.making)
	l.making = nil
	l.mu.Unlock()
	return v, err
}

// Made reports whether the value is made, so that Get returns it at once.
func (l *Lazy[T]) Made() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.made
}
