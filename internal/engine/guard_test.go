package engine

import (
	"context"
	"errors"
	"runtime"
	"slices"
	"testing"
)

// TestBudgetCharge checks that a charge within the bound counts, that one
// past it fails, sets Over and counts nothing, and that a nil budget takes
// every charge.
func TestBudgetCharge(t *testing.T) {
	m := Budget{Limit: 100}
	steps := []struct {
		charge, release int64
		ok              bool
		used            int64
		over            bool
	}{
		{charge: 60, ok: true, used: 60},
		{charge: 40, ok: true, used: 100}, // up to the bound exactly
		{charge: 1, ok: false, used: 100, over: true},
		{release: 30, used: 70, over: true}, // Over stays: the search must stop
		{charge: 31, ok: false, used: 70, over: true},
		{charge: 30, ok: true, used: 100, over: true},
		{charge: 0, ok: true, used: 100, over: true},
	}
	for i, s := range steps {
		if s.release > 0 {
			m.Release(s.release)
		} else if ok := m.Charge(s.charge); ok != s.ok {
			t.Fatalf("step %d: Charge(%d) = %v, want %v", i, s.charge, ok, s.ok)
		}
		if m.Used != s.used || m.Over != s.over {
			t.Fatalf("step %d: used %d, over %v; want %d, %v", i, m.Used, m.Over, s.used, s.over)
		}
	}
	var none *Budget
	if !none.Charge(1 << 62) {
		t.Error("a nil budget refuses a charge")
	}
	none.Release(5) // must not panic
}

// TestGuardStart checks what Start sets from the limits, and that a
// guard is not stopped until something stops it.
func TestGuardStart(t *testing.T) {
	var g Guard
	g.NodesOver = true // left from an earlier search
	g.Start(context.Background(), Bounds{Nodes: 50, Memory: 1 << 20})
	defer g.End()
	if g.Mem != (Budget{Limit: 1 << 20}) || g.MaxNodes != 50 || g.NodesOver {
		t.Fatalf("after Start: Mem %+v, MaxNodes %d, NodesOver %v", g.Mem, g.MaxNodes, g.NodesOver)
	}
	if g.Stopped() {
		t.Fatal("a fresh guard is stopped")
	}
	g.Mem.Charge(2 << 20)
	if !g.Stopped() {
		t.Error("a failed charge does not stop the guard")
	}
	g.Start(context.Background(), Bounds{})
	g.NodesOver = true
	if !g.Stopped() {
		t.Error("NodesOver does not stop the guard")
	}
}

// TestGuardContext checks that a guard stops when its context is done:
// at once for a context done before Start, and soon after for one
// cancelled while it runs (the flag is set by the context's AfterFunc).
func TestGuardContext(t *testing.T) {
	done, cancelDone := context.WithCancel(context.Background())
	cancelDone()
	var g Guard
	g.Start(done, Bounds{})
	if !g.Stopped() {
		t.Error("a guard started on a cancelled context is not stopped")
	}
	if err := g.Err(done, 1, 2); !errors.Is(err, context.Canceled) {
		t.Errorf("Err = %v, want the context's", err)
	}
	g.End()
	g.End() // ending twice does nothing

	ctx, cancel := context.WithCancel(context.Background())
	g.Start(ctx, Bounds{})
	defer g.End()
	if g.Stopped() {
		t.Fatal("stopped before the context is cancelled")
	}
	cancel()
	for !g.Stopped() {
		runtime.Gosched() // the test's own timeout bounds the wait
	}
}

// TestGuardErr checks which error a stopped search reports: the node
// limit before the memory limit before the context's, each with the
// counts given.
func TestGuardErr(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, c := range []struct {
		nodesOver, memOver bool
		want               *LimitError
	}{
		{true, true, &LimitError{Limit: "nodes", Value: 7, Expanded: 3, Generated: 9}},
		{true, false, &LimitError{Limit: "nodes", Value: 7, Expanded: 3, Generated: 9}},
		{false, true, &LimitError{Limit: "memory", Value: 4096, Expanded: 3, Generated: 9}},
		{false, false, nil},
	} {
		var g Guard
		g.Start(context.Background(), Bounds{Nodes: 7, Memory: 4096})
		g.NodesOver, g.Mem.Over = c.nodesOver, c.memOver
		err := g.Err(ctx, 3, 9)
		g.End()
		if c.want == nil {
			if !errors.Is(err, context.Canceled) {
				t.Errorf("nothing over: Err = %v, want the context's", err)
			}
			continue
		}
		var le *LimitError
		if !errors.As(err, &le) || *le != *c.want {
			t.Errorf("nodes over %v, memory over %v: Err = %#v, want %#v", c.nodesOver, c.memOver, err, c.want)
		}
	}
}

// TestGrowCharged checks that GrowCharged charges the new array before
// making it, doubles the capacity (64 at least), keeps the items, and on
// a failed charge returns the slice as it was, charging nothing.
func TestGrowCharged(t *testing.T) {
	m := Budget{Limit: 8 * (64 + 128)}
	var s []int64
	s, ok := GrowCharged(s, &m)
	if !ok || cap(s) != 64 || len(s) != 0 || m.Used != 8*64 {
		t.Fatalf("first growth: ok %v, cap %d, len %d, used %d", ok, cap(s), len(s), m.Used)
	}
	for i := range 64 {
		s = append(s, int64(i))
	}
	want := slices.Clone(s)
	s, ok = GrowCharged(s, &m)
	if !ok || cap(s) != 128 || !slices.Equal(s, want) || m.Used != 8*(64+128) {
		t.Fatalf("second growth: ok %v, cap %d, used %d, items kept %v", ok, cap(s), m.Used, slices.Equal(s, want))
	}
	s = append(s, want...)
	before := &s[0]
	s2, ok := GrowCharged(s, &m)
	if ok || !m.Over || m.Used != 8*(64+128) {
		t.Fatalf("growth past the bound: ok %v, over %v, used %d", ok, m.Over, m.Used)
	}
	if &s2[0] != before || len(s2) != 128 || cap(s2) != 128 {
		t.Error("a failed growth did not return the slice as it was")
	}
	if s, ok := GrowCharged(make([]byte, 0, 100), nil); !ok || cap(s) != 200 {
		t.Errorf("without a budget: ok %v, cap %d", ok, cap(s))
	}
}

// TestReserveCharged checks that ReserveCharged doubles a slice until the
// room asked for fits, charging every array it makes (the ones outgrown
// stay charged), and on a failed charge leaves the slice with its items.
func TestReserveCharged(t *testing.T) {
	m := Budget{Limit: 64 + 128 + 256 + 100}
	s := []byte{1, 2, 3}
	if !ReserveCharged(context.Background(), &s, 200, &m) || cap(s) < 203 || !slices.Equal(s, []byte{1, 2, 3}) {
		t.Fatalf("room for 200 more: cap %d, items %v", cap(s), s)
	}
	if want := int64(64 + 128 + 256); m.Used != want || cap(s) != 256 { // every array made charged
		t.Errorf("room for 200 more: cap %d, used %d, want 256, %d", cap(s), m.Used, want)
	}
	used := m.Used
	if !ReserveCharged(context.Background(), &s, 0, &m) || m.Used != used {
		t.Errorf("no room asked: used %d, want %d", m.Used, used)
	}
	kept := cap(s)
	if ReserveCharged(context.Background(), &s, 1000, &m) || !m.Over || cap(s) != kept || !slices.Equal(s, []byte{1, 2, 3}) {
		t.Errorf("room past the bound: over %v, cap %d (was %d), items %v", m.Over, cap(s), kept, s)
	}
	if m.Used > m.Limit {
		t.Errorf("used %d past the limit %d", m.Used, m.Limit)
	}
}

// TestKeepTable pins which tables a new search keeps: none above
// BigTable, none above an eighth of its budget.
func TestKeepTable(t *testing.T) {
	for _, c := range []struct {
		bytes int64
		mem   *Budget
		want  bool
	}{
		{0, nil, true},
		{BigTable, nil, true},
		{BigTable + 1, nil, false},
		{1000, &Budget{Limit: 8000}, true},
		{1001, &Budget{Limit: 8000}, false},
		{BigTable + 1, &Budget{Limit: 1 << 40}, false},
	} {
		if got := KeepTable(c.bytes, c.mem); got != c.want {
			t.Errorf("KeepTable(%d, %+v) = %v, want %v", c.bytes, c.mem, got, c.want)
		}
	}
}

// TestKeepSlice checks that a slice kept for a new search comes back
// empty, with its array, charged to the new budget, and that one too big
// for it is dropped and charges nothing.
func TestKeepSlice(t *testing.T) {
	s := make([]int32, 10, 250) // 1000 bytes
	m := Budget{Limit: 8000}
	kept := KeepSlice(s, &m)
	if len(kept) != 0 || cap(kept) != 250 || &kept[:1][0] != &s[0] || m.Used != 1000 {
		t.Errorf("kept: len %d, cap %d, used %d", len(kept), cap(kept), m.Used)
	}
	small := Budget{Limit: 7999}
	if got := KeepSlice(s, &small); got != nil || small.Used != 0 {
		t.Errorf("too big for the budget: %d items kept, %d bytes charged", cap(got), small.Used)
	}
}
