package slide

import "unsafe"

// A packedMap maps packed states (uint64 keys) to int32 values by open
// addressing: one flat array of slots probed linearly from the key's
// Fibonacci hash, kept at most half full, so a lookup is one multiply, a
// shift and, almost always, one cache line. Key 0 is held apart, so every
// uint64 is a valid key.
//
// BenchmarkIndex compares it with map[uint64]int32 on the 3x3 puzzle's
// whole space (181,440 keys put, then found): 20 ms against 47 ms, with 10
// allocations against 1,043, which is why the engines use it for states
// with a Key function. packedSet, without values, takes 15 ms.
//
// A table may be given a memBudget (see limit): it charges each new table
// there, with the table it replaces, which lingers as garbage; when a
// charge fails it keeps its size, which still has room (it is half full),
// and the budget's over flag tells the search to stop.
type packedMap struct {
	slots   []slot
	n       int
	shift   uint // 64 - log2(len(slots))
	hasZero bool
	zeroVal int32
	mem     tableBudget
}

// A tableBudget is the memBudget of a hash table, and the bytes of the
// table it last replaced, charged until it replaces the next.
type tableBudget struct {
	mem  *memBudget
	prev int64
}

// bigTable is the size in bytes above which a table is dropped rather
// than cleared between searches; so is a table above an eighth of the
// new search's budget, which it would otherwise start with.
const bigTable = 64 << 20

// keepTable reports whether a table of bytes is worth keeping for a
// search with budget mem.
func keepTable(bytes int64, mem *memBudget) bool {
	return bytes <= bigTable && (mem == nil || bytes <= mem.limit/8)
}

// limit makes the table charge mem from now on, first for its current
// size.
func (b *tableBudget) limit(mem *memBudget, bytes int64) {
	b.mem, b.prev = mem, 0
	mem.charge(bytes)
}

// grow reports whether a table of oldBytes may be replaced by one of
// newBytes, charging for it; a table that is full must grow whatever the
// budget (the budget is then over, and the search stops).
func (b *tableBudget) grow(oldBytes, newBytes int64, full bool) bool {
	if b.mem == nil {
		return true
	}
	if !b.mem.charge(newBytes) && !full {
		return false
	}
	b.mem.release(b.prev)
	b.prev = oldBytes
	return true
}

// A slot holds a key and its value side by side, so that a probe touches
// one cache line.
type slot struct {
	key uint64
	val int32
}

const fibMul = 0x9E3779B97F4A7C15 // 2^64 / golden ratio

func (m *packedMap) len() int {
	if m.hasZero {
		return m.n + 1
	}
	return m.n
}

// reset empties the map, keeping its memory unless it is big, and makes
// it charge mem (nil for none) from now on.
func (m *packedMap) reset(mem *memBudget) {
	if !keepTable(m.bytes(), mem) {
		m.slots = nil
	}
	clear(m.slots)
	m.n, m.hasZero = 0, false
	m.mem.limit(mem, m.bytes())
}

// get returns the value of key and whether it is present.
func (m *packedMap) get(key uint64) (int32, bool) {
	if key == 0 {
		return m.zeroVal, m.hasZero
	}
	if m.slots == nil {
		return 0, false
	}
	mask := uint64(len(m.slots) - 1)
	for i := (key * fibMul) >> m.shift; ; i = (i + 1) & mask {
		switch s := &m.slots[i]; s.key {
		case key:
			return s.val, true
		case 0:
			return 0, false
		}
	}
}

// put sets the value of key.
func (m *packedMap) put(key uint64, val int32) {
	if !m.putNew(key, val) {
		m.set(key, val)
	}
}

// set changes the value of a key that is present.
func (m *packedMap) set(key uint64, val int32) {
	if key == 0 {
		m.zeroVal = val
		return
	}
	mask := uint64(len(m.slots) - 1)
	for i := (key * fibMul) >> m.shift; ; i = (i + 1) & mask {
		if s := &m.slots[i]; s.key == key {
			s.val = val
			return
		}
	}
}

// putNew sets the value of key if key is absent and reports whether it
// was; it is get and put with one probe sequence.
func (m *packedMap) putNew(key uint64, val int32) bool {
	_, found := m.getOrPut(key, val)
	return !found
}

// getOrPut returns the value of key and true if key is present, else sets
// it to val and returns false.
func (m *packedMap) getOrPut(key uint64, val int32) (int32, bool) {
	if key == 0 {
		if m.hasZero {
			return m.zeroVal, true
		}
		m.hasZero, m.zeroVal = true, val
		return val, false
	}
	if 2*(m.n+1) > len(m.slots) {
		m.grow()
	}
	mask := uint64(len(m.slots) - 1)
	for i := (key * fibMul) >> m.shift; ; i = (i + 1) & mask {
		switch s := &m.slots[i]; s.key {
		case key:
			return s.val, true
		case 0:
			s.key, s.val = key, val
			m.n++
			return val, false
		}
	}
}

// grow doubles the table (to 1024 slots at first) and reinserts, if its
// budget allows.
func (m *packedMap) grow() {
	old := m.slots
	size := max(2*len(old), 1024)
	if !m.mem.grow(m.bytes(), int64(size)*16, m.n+1 >= len(old)) {
		return
	}
	m.slots = make([]slot, size)
	m.shift = 64
	for s := size; s > 1; s >>= 1 {
		m.shift--
	}
	m.n = 0
	for _, s := range old {
		if s.key != 0 {
			m.putNew(s.key, s.val)
		}
	}
}

// bytes returns the memory the table holds.
func (m *packedMap) bytes() int64 { return int64(len(m.slots)) * 16 }

// A stateIndex maps the states a search has stored to their node numbers:
// through a packedMap when the search has a Key function, else a Go map.
// A search that only asks whether a state was seen (see add) uses a
// packedSet instead of the packedMap.
type stateIndex[S comparable] struct {
	key    func(S) uint64
	packed packedMap
	set    packedSet
	m      map[S]int32
}

// reset empties the index, which will index states by key (if not nil)
// and charge its tables to mem.
func (x *stateIndex[S]) reset(key func(S) uint64, mem *memBudget) {
	x.key = key
	if key != nil {
		x.packed.reset(mem)
		x.set.reset(mem)
		x.m = nil
		return
	}
	if x.m == nil || len(x.m) > bigTable/64 {
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
		return x.packed.get(x.key(s))
	}
	i, ok := x.m[s]
	return i, ok
}

func (x *stateIndex[S]) put(s S, i int32) {
	if x.key != nil {
		x.packed.put(x.key(s), i)
		return
	}
	x.m[s] = i
}

// getOrPut returns the node of s and true if s is stored, else stores s
// as node i and returns false.
func (x *stateIndex[S]) getOrPut(s S, i int32) (int32, bool) {
	if x.key != nil {
		return x.packed.getOrPut(x.key(s), i)
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
		return x.set.add(x.key(s))
	}
	if _, ok := x.m[s]; ok {
		return false
	}
	x.m[s] = 0
	return true
}

// A packedSet is a packedMap without values, for searches that only ask
// whether a state was seen: half the memory, so twice the states stay in
// cache.
type packedSet struct {
	keys    []uint64
	n       int
	shift   uint
	hasZero bool
	mem     tableBudget
}

func (s *packedSet) len() int {
	if s.hasZero {
		return s.n + 1
	}
	return s.n
}

// reset empties the set as packedMap.reset does.
func (s *packedSet) reset(mem *memBudget) {
	if !keepTable(s.bytes(), mem) {
		s.keys = nil
	}
	clear(s.keys)
	s.n, s.hasZero = 0, false
	s.mem.limit(mem, s.bytes())
}

// add inserts key and reports whether it was new.
func (s *packedSet) add(key uint64) bool {
	if key == 0 {
		was := s.hasZero
		s.hasZero = true
		return !was
	}
	if 2*(s.n+1) > len(s.keys) {
		s.grow()
	}
	mask := uint64(len(s.keys) - 1)
	for i := (key * fibMul) >> s.shift; ; i = (i + 1) & mask {
		switch s.keys[i] {
		case key:
			return false
		case 0:
			s.keys[i] = key
			s.n++
			return true
		}
	}
}

func (s *packedSet) grow() {
	old := s.keys
	size := max(2*len(old), 1024)
	if !s.mem.grow(s.bytes(), int64(size)*8, s.n+1 >= len(old)) {
		return
	}
	s.keys = make([]uint64, size)
	s.shift = 64
	for n := size; n > 1; n >>= 1 {
		s.shift--
	}
	s.n = 0
	for _, k := range old {
		if k != 0 {
			s.add(k)
		}
	}
}

// bytes returns the memory the table holds.
func (s *packedSet) bytes() int64 { return int64(len(s.keys)) * 8 }
