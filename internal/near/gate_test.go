package near

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"
)

// TestIdleGate checks that the gate holds the bound search while the
// beams' goroutines hold every core, lets it go once one leaves, and
// lets it go at once when its context ends.
func TestIdleGate(t *testing.T) {
	g := newIdleGate(2)
	if !g.wait(context.Background()) {
		t.Fatal("an idle gate held the search")
	}
	g.enter(2)
	released := make(chan bool)
	go func() { released <- g.wait(context.Background()) }()
	select {
	case <-released:
		t.Fatal("the gate let the search run while the beams held both cores")
	case <-time.After(20 * time.Millisecond):
	}
	g.leave()
	if ok := <-released; !ok {
		t.Fatal("the gate stopped the search when a core became idle")
	}
	g.enter(1)
	ctx, cancel := context.WithCancel(context.Background())
	go func() { released <- g.wait(ctx) }()
	cancel()
	if ok := <-released; ok {
		t.Fatal("the gate let the search run after its context ended")
	}
	var none *idleGate
	none.enter(3)
	none.leave()
	if !none.wait(context.Background()) {
		t.Fatal("no gate held the search")
	}
}

// TestBoundSearchGated checks that a bound search goes past the boards
// granted outright only on idle cores: with the beams holding every core
// it stops where it would stop without the idle boards, and with a core
// idle it proves what a search granted them all outright proves.
func TestBoundSearchGated(t *testing.T) {
	tg := blankFirstGoal(7, 7)
	code := randomReaching(rand.New(rand.NewPCG(41, 7)), tg)
	f, err := newFrame(context.Background(), tg, code, lcConfig())
	if err != nil {
		t.Fatal(err)
	}
	const granted, idle = 20000, 400000
	want, _ := f.newBoundSearch().raise(context.Background(), 0, granted)
	all, _ := f.newBoundSearch().raise(context.Background(), 0, granted+idle)
	if all <= want {
		t.Fatalf("the idle boards prove nothing more: %d and %d", want, all)
	}
	g := newIdleGate(2)
	s := f.newBoundSearch()
	s.gate, s.idle = g, idle
	if got, _ := s.raise(context.Background(), 0, granted); got != all {
		t.Errorf("with the cores idle: bound %d, want %d", got, all)
	}
	g.enter(2)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	s = f.newBoundSearch()
	s.gate, s.idle = g, idle
	got, _ := s.raise(ctx, 0, granted)
	if got != want || s.generated > granted+idlePoll {
		t.Errorf("with the cores busy: bound %d after %d boards, want %d within %d", got, s.generated, want, granted+idlePoll)
	}
}
