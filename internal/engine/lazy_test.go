package engine

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
)

// TestLazy: a Lazy makes its value once for many callers, forgets a
// making that fails, lets a waiting call whose context ends return at
// once, and makes the value in a waiting call when the making it waited
// for fails.
func TestLazy(t *testing.T) {
	var l Lazy[int]
	stop := errors.New("stopped")
	if _, err := l.Get(context.Background(), func(context.Context) (int, error) { return 0, stop }); err != stop {
		t.Fatalf("a failing making: %v, want %v", err, stop)
	}
	if l.Made() {
		t.Fatal("a failed making counts as made")
	}

	// A making in progress: a cancelled caller returns at once, another
	// waits and, when the making fails, makes the value itself.
	started, release := make(chan struct{}), make(chan struct{})
	first := make(chan error, 1)
	go func() {
		_, err := l.Get(context.Background(), func(context.Context) (int, error) {
			close(started)
			<-release
			return 0, stop
		})
		first <- err
	}()
	<-started
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := l.Get(cancelled, func(context.Context) (int, error) { return 1, nil }); !errors.Is(err, context.Canceled) {
		t.Fatalf("a cancelled caller beside a making: %v, want context.Canceled", err)
	}
	second := make(chan int, 1)
	go func() {
		v, err := l.Get(context.Background(), func(context.Context) (int, error) { return 7, nil })
		if err != nil {
			t.Error(err)
		}
		second <- v
	}()
	close(release)
	if err := <-first; err != stop {
		t.Fatalf("the first making: %v, want %v", err, stop)
	}
	if v := <-second; v != 7 || !l.Made() {
		t.Fatalf("the waiting call got %d (made %v), want 7", v, l.Made())
	}

	// Made once, for every caller after.
	var made atomic.Int64
	var m Lazy[int]
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			v, err := m.Get(context.Background(), func(context.Context) (int, error) { return int(made.Add(1)), nil })
			if err != nil || v != 1 {
				t.Errorf("got %d, %v, want 1", v, err)
			}
		}()
	}
	wg.Wait()
	if made.Load() != 1 {
		t.Errorf("made %d times, want once", made.Load())
	}
}
