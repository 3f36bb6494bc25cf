package engine

import (
	"context"
	"unsafe"
)

// A Stop tells a loop whether a context is done, with a receive from
// the context's Done channel that does not wait: a few atomic loads while it
// is open, cheap enough to poll every few hundred steps of any loop, so
// that a cancelled search returns within milliseconds. The channel is
// closed by the cancellation itself, so that a Stop is done as soon as
// cancel returns, even while the search's workers hold every processor.
// The zero Stop is never done, nor a nil one.
type Stop struct {
	done <-chan struct{}
}

// Watch makes s watch ctx until End.
func (s *Stop) Watch(ctx context.Context) { s.done = ctx.Done() }

// Done reports whether the context s watches is done; a nil Stop never
// is. It yields first (see Yield), so that on one thread the context's
// timers fire while a loop polls.
func (s *Stop) Done() bool {
	if s == nil || s.done == nil {
		return false
	}
	Yield()
	select {
	case <-s.done:
		return true
	default:
		return false
	}
}

// End stops watching the context.
func (s *Stop) End() { s.done = nil }

// bigArray is the size in bytes of an array past which Make allocates it
// on another goroutine.
const bigArray = 1 << 20

// Make returns make([]T, 0, n), or ctx's error if ctx is done first. An
// array of more than a megabyte is made on another goroutine, which the
// caller waits for unless ctx is done first (the array is then dropped
// when made): the runtime takes tens to hundreds of milliseconds to clear
// hundreds of megabytes, and the system to map them, which a cancelled
// search must not wait for.
func Make[T any](ctx context.Context, n int) ([]T, error) {
	var zero T
	if ctx.Done() == nil || int64(n)*int64(unsafe.Sizeof(zero)) <= bigArray {
		return make([]T, 0, n), ctx.Err()
	}
	made := make(chan []T, 1)
	go func() { made <- make([]T, 0, n) }()
	select {
	case s := <-made:
		return s, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// Grow returns s with room for n items, s's items kept: s if it has the
// room, else a new array from Make into which s is copied a megabyte at a
// time, stopping when ctx is done. On ctx's error it returns s.
func Grow[T any](ctx context.Context, s []T, n int) ([]T, error) {
	if n <= cap(s) {
		return s, nil
	}
	out, err := Make[T](ctx, n)
	if err != nil {
		return s, err
	}
	var zero T
	step := max(1, bigArray/int(max(1, unsafe.Sizeof(zero))))
	for i := 0; i < len(s); i += step {
		if i > 0 && ctx.Err() != nil {
			return s, ctx.Err()
		}
		out = append(out, s[i:min(len(s), i+step)]...)
	}
	return out, nil
}
