package slide

import (
	"unsafe"

	"github.com/slidekit/slide/internal/engine"
)

// A stateIndex maps the states a search has stored to their node numbers:
// through an engine.Map when the search has a Key function, else a Go map.
// A search that only asks whether a state was seen (see add) uses an
// engine.Set instead.
type stateIndex[S comparable] struct {
	key    func(S) uint64
	packed engine.Map
	set    engine.Set
	m      map[S]int32
}

// reset empties the index, which will index states by key (if not nil)
// and charge its tables to mem.
func (x *stateIndex[S]) reset(key func(S) uint64, mem *engine.Budget) {
	x.key = key
	if key != nil {
		x.packed.Reset(mem)
		x.set.Reset(mem)
		x.m = nil
		return
	}
	if x.m == nil || len(x.m) > engine.BigTable/64 {
		x.m = make(map[S]int32) // a cleared map keeps its size
	}
	clear(x.m)
}

// entryBytes returns the bytes an indexed state costs beyond the tables
// that are charged as they grow: for a Go map, an estimate of its slot
// (a slot of key and value and a control byte, at a load of 7/16 to
// 7/8, plus the growing table's share).
func (x *stateIndex[S]) entryBytes() int64 {
	if x.key != nil {
		return 0
	}
	var s S
	slot := (int64(unsafe.Sizeof(s)) + 4 + 7) &^ 7
	return 3 * (slot + 1)
}

func (x *stateIndex[S]) get(s S) (int32, bool) {
	if x.key != nil {
		return x.packed.Get(x.key(s))
	}
	i, ok := x.m[s]
	return i, ok
}

func (x *stateIndex[S]) put(s S, i int32) {
	if x.key != nil {
		x.packed.Put(x.key(s), i)
		return
	}
	x.m[s] = i
}

// getOrPut returns the node of s and true if s is stored, else stores s
// as node i and returns false.
func (x *stateIndex[S]) getOrPut(s S, i int32) (int32, bool) {
	if x.key != nil {
		return x.packed.GetOrPut(x.key(s), i)
	}
	if j, ok := x.m[s]; ok {
		return j, true
	}
	x.m[s] = i
	return i, false
}

// add records s and reports whether it is new; a search uses either add
// or the other methods, not both.
func (x *stateIndex[S]) add(s S) bool {
	if x.key != nil {
		return x.set.Add(x.key(s))
	}
	if _, ok := x.m[s]; ok {
		return false
	}
	x.m[s] = 0
	return true
}
