package engine

// A Map maps packed states (uint64 keys) to int32 values by open
// addressing: one flat array of slots probed linearly from the key's
// Fibonacci hash, kept at most half full, so a lookup is one multiply, a
// shift and, almost always, one cache line. Key 0 is held apart, so every
// uint64 is a valid key.
//
// A table may be given a Budget (see Reset): it charges each new table
// there, with the table it replaces, which lingers as garbage; when a
// charge fails it keeps its size, which still has room (it is half full),
// and the budget's Over flag tells the search to stop.
type Map struct {
	slots   []slot
	n       int
	shift   uint // 64 - log2(len(slots))
	hasZero bool
	zeroVal int32
	mem     TableBudget
}

// A TableBudget is the Budget of a hash table, and the bytes of the table
// it last replaced, charged until it replaces the next.
type TableBudget struct {
	mem  *Budget
	prev int64
}

// BigTable is the size in bytes above which a table is dropped rather
// than cleared between searches; so is a table above an eighth of the new
// search's budget, which it would otherwise start with.
const BigTable = 64 << 20

// KeepTable reports whether a table of bytes is worth keeping for a
// search with budget mem.
func KeepTable(bytes int64, mem *Budget) bool {
	return bytes <= BigTable && (mem == nil || bytes <= mem.Limit/8)
}

// Limit makes the table charge mem from now on, first for its current
// size.
func (b *TableBudget) Limit(mem *Budget, bytes int64) {
	b.mem, b.prev = mem, 0
	mem.Charge(bytes)
}

// Grow reports whether a table of oldBytes may be replaced by one of
// newBytes, charging for it; a table that is full must grow whatever the
// budget (the budget is then over, and the search stops).
func (b *TableBudget) Grow(oldBytes, newBytes int64, full bool) bool {
	if b.mem == nil {
		return true
	}
	if !b.mem.Charge(newBytes) && !full {
		return false
	}
	b.mem.Release(b.prev)
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

// Len returns the number of keys.
func (m *Map) Len() int {
	if m.hasZero {
		return m.n + 1
	}
	return m.n
}

// Reset empties the map, keeping its memory unless it is big, and makes
// it charge mem (nil for none) from now on.
func (m *Map) Reset(mem *Budget) {
	if !KeepTable(m.Bytes(), mem) {
		m.slots = nil
	}
	clear(m.slots)
	m.n, m.hasZero = 0, false
	m.mem.Limit(mem, m.Bytes())
}

// Get returns the value of key and whether it is present.
func (m *Map) Get(key uint64) (int32, bool) {
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

// Put sets the value of key.
func (m *Map) Put(key uint64, val int32) {
	if !m.PutNew(key, val) {
		m.Set(key, val)
	}
}

// Set changes the value of a key that is present.
func (m *Map) Set(key uint64, val int32) {
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

// PutNew sets the value of key if key is absent and reports whether it
// was; it is Get and Put with one probe sequence.
func (m *Map) PutNew(key uint64, val int32) bool {
	_, found := m.GetOrPut(key, val)
	return !found
}

// GetOrPut returns the value of key and true if key is present, else sets
// it to val and returns false.
func (m *Map) GetOrPut(key uint64, val int32) (int32, bool) {
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
func (m *Map) grow() {
	old := m.slots
	size := max(2*len(old), 1024)
	if !m.mem.Grow(m.Bytes(), int64(size)*16, m.n+1 >= len(old)) {
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
			m.PutNew(s.key, s.val)
		}
	}
}

// Bytes returns the memory the table holds.
func (m *Map) Bytes() int64 { return int64(len(m.slots)) * 16 }

// A Set is a Map without values, for searches that only ask whether a
// state was seen: half the memory, so twice the states stay in
// cache.
type Set struct {
	keys    []uint64
	n       int
	shift   uint
	hasZero bool
	mem     TableBudget
}

// Len returns the number of keys.
func (s *Set) Len() int {
	if s.hasZero {
		return s.n + 1
	}
	return s.n
}

// Reset empties the set as Map.Reset does.
func (s *Set) Reset(mem *Budget) {
	if !KeepTable(s.Bytes(), mem) {
		s.keys = nil
	}
	clear(s.keys)
	s.n, s.hasZero = 0, false
	s.mem.Limit(mem, s.Bytes())
}

// Add inserts key and reports whether it was new.
func (s *Set) Add(key uint64) bool {
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

func (s *Set) grow() {
	old := s.keys
	size := max(2*len(old), 1024)
	if !s.mem.Grow(s.Bytes(), int64(size)*8, s.n+1 >= len(old)) {
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
			s.Add(k)
		}
	}
}

// Bytes returns the memory the table holds.
func (s *Set) Bytes() int64 { return int64(len(s.keys)) * 8 }
