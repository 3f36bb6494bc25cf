package engine

import (
	"math/rand/v2"
	"testing"
)

// TestMap checks the open-addressing map against a Go map, key 0
// included, through growth.
func TestMap(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	var m Map
	ref := map[uint64]int32{}
	for i := range 50000 {
		k := rng.Uint64() >> rng.IntN(64)
		if i%1000 == 0 {
			k = 0
		}
		switch rng.IntN(3) {
		case 0:
			m.Put(k, int32(i))
			ref[k] = int32(i)
		case 1:
			v, found := m.GetOrPut(k, int32(i))
			rv, rfound := ref[k]
			if found != rfound || found && v != rv {
				t.Fatalf("getOrPut(%d) = %d, %v; want %d, %v", k, v, found, rv, rfound)
			}
			if !rfound {
				ref[k] = int32(i)
			}
		default:
			v, ok := m.Get(k)
			rv, rok := ref[k]
			if ok != rok || ok && v != rv {
				t.Fatalf("get(%d) = %d, %v; want %d, %v", k, v, ok, rv, rok)
			}
		}
	}
	if m.Len() != len(ref) {
		t.Errorf("len %d, want %d", m.Len(), len(ref))
	}
	m.Reset(nil)
	if m.Len() != 0 {
		t.Error("reset")
	}
	if _, ok := m.Get(0); ok {
		t.Error("0 survives reset")
	}
}

// TestSet checks the set against a Go map, key 0 included.
func TestSet(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 6))
	var s Set
	ref := map[uint64]bool{}
	for i := range 50000 {
		k := rng.Uint64() >> rng.IntN(64)
		if i%777 == 0 {
			k = 0
		}
		if got, want := s.Add(k), !ref[k]; got != want {
			t.Fatalf("add(%d) = %v, want %v", k, got, want)
		}
		ref[k] = true
	}
	if s.Len() != len(ref) {
		t.Errorf("len %d, want %d", s.Len(), len(ref))
	}
	s.Reset(nil)
	if s.Len() != 0 || !s.Add(0) || !s.Add(5) {
		t.Error("reset")
	}
}

// TestTableBudget checks how the Map and the Set charge their budget as
// they grow: each new table before it is made, and the table it replaces
// until the next replacement, so that the budget holds the table and
// the garbage it left.
func TestTableBudget(t *testing.T) {
	var m Map
	var s Set
	mm, sm := Budget{Limit: 1 << 30}, Budget{Limit: 1 << 30}
	m.Reset(&mm)
	s.Reset(&sm)
	for k := uint64(1); k <= 40000; k++ {
		m.Put(k, int32(k))
		s.Add(k)
		for _, c := range []struct {
			name               string
			bytes, first, used int64
		}{{"Map", m.Bytes(), 1024 * 16, mm.Used}, {"Set", s.Bytes(), 1024 * 8, sm.Used}} {
			want := c.bytes + c.bytes/2 // the table, and the one it replaced
			if c.bytes == c.first {
				want = c.bytes // the first table replaced none
			}
			if c.used != want {
				t.Fatalf("%s of %d keys, %d bytes: %d charged, want %d", c.name, k, c.bytes, c.used, want)
			}
		}
	}
}

// TestTableRefused checks what a Map and a Set do when their budget
// refuses a larger table: they keep the one they have, which is half
// full and so takes keys until it is full (the budget is then over), and
// lose none of them.
func TestTableRefused(t *testing.T) {
	mm := Budget{Limit: 1024 * 16}
	sm := Budget{Limit: 1024 * 8}
	var m Map
	var s Set
	m.Reset(&mm)
	s.Reset(&sm)
	for k := uint64(1); k < 1024; k++ {
		m.Put(k*k, int32(k))
		if !s.Add(k * k) {
			t.Fatalf("Set.Add(%d) = false", k*k)
		}
		if k > 512 && (m.Bytes() != 1024*16 || s.Bytes() != 1024*8 || !mm.Over || !sm.Over) {
			t.Fatalf("%d keys: Map %d bytes (over %v), Set %d bytes (over %v); want the first tables kept", k, m.Bytes(), mm.Over, s.Bytes(), sm.Over)
		}
	}
	if mm.Used != 1024*16 || sm.Used != 1024*8 {
		t.Errorf("charged %d and %d bytes, want the first tables' only", mm.Used, sm.Used)
	}
	for k := uint64(1); k < 1024; k++ {
		if v, ok := m.Get(k * k); !ok || v != int32(k) {
			t.Fatalf("Map.Get(%d) = %d, %v", k*k, v, ok)
		}
		if s.Add(k * k) {
			t.Fatalf("Set lost %d", k*k)
		}
	}
	m.Put(1<<40, 1) // a full table grows whatever the budget says
	if !s.Add(1<<40) || m.Bytes() != 2048*16 || s.Bytes() != 2048*8 {
		t.Errorf("full tables did not grow: %d and %d bytes", m.Bytes(), s.Bytes())
	}
}

// TestTableReset checks that Reset keeps a table for the next search, and
// charges it there, unless it is big for that search's budget, and that
// a map refilled within its table allocates nothing.
func TestTableReset(t *testing.T) {
	var m Map
	var s Set
	m.Reset(nil)
	s.Reset(nil)
	for k := uint64(1); k <= 3000; k++ {
		m.Put(k, 1)
		s.Add(k)
	}
	mb, sb := m.Bytes(), s.Bytes()
	roomy := Budget{Limit: 8 * (mb + sb)}
	m.Reset(&roomy)
	s.Reset(&roomy)
	if m.Bytes() != mb || s.Bytes() != sb || roomy.Used != mb+sb || m.Len() != 0 || s.Len() != 0 {
		t.Errorf("kept: %d and %d bytes, %d charged, Len %d and %d", m.Bytes(), s.Bytes(), roomy.Used, m.Len(), s.Len())
	}
	tight := Budget{Limit: 8*mb - 1}
	m.Reset(&tight)
	s.Reset(&tight)
	if m.Bytes() != 0 || s.Bytes() != sb || tight.Used != sb {
		t.Errorf("big for the budget: Map %d bytes, Set %d bytes, %d charged", m.Bytes(), s.Bytes(), tight.Used)
	}
	m.Reset(nil)
	fill := func() {
		m.Reset(nil)
		s.Reset(nil)
		for k := uint64(0); k < 3000; k++ {
			m.Put(k*0x9E37, int32(k))
			m.GetOrPut(k, 0)
			m.Get(k + 1)
			s.Add(k * 0x9E37)
		}
	}
	fill()
	if allocs := testing.AllocsPerRun(5, fill); allocs != 0 {
		t.Errorf("refilling kept tables: %v allocations", allocs)
	}
}

// TestMapSet checks that Set changes the value of a present key, key 0
// included, and leaves the others.
func TestMapSet(t *testing.T) {
	var m Map
	for k := range uint64(100) {
		m.Put(k, int32(k))
	}
	for k := range uint64(100) {
		if k%3 == 0 {
			m.Set(k, -int32(k)-1)
		}
	}
	for k := range uint64(100) {
		want := int32(k)
		if k%3 == 0 {
			want = -int32(k) - 1
		}
		if v, ok := m.Get(k); !ok || v != want {
			t.Errorf("Get(%d) = %d, %v; want %d", k, v, ok, want)
		}
	}
	if !m.PutNew(500, 1) || m.PutNew(500, 2) || m.PutNew(0, 3) {
		t.Error("PutNew reports a present key absent or an absent one present")
	}
	if v, _ := m.Get(500); v != 1 || m.Len() != 101 {
		t.Errorf("PutNew changed a present key: %d, Len %d", v, m.Len())
	}
}
