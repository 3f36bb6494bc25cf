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
