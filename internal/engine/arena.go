package engine

import (
	"bytes"
	"hash/maphash"
	"math/bits"
)

// A Arena interns byte strings of one length, records: each
// distinct record is stored once and numbered from 0 in the order first
// seen, so that a search can name a large position (a board of thousands
// of cells, the key of a puzzle of hundreds of pieces) by a uint32 that
// compares and hashes in one instruction.
//
// Records live in chunks that never move, which Get slices, and a hash
// table of open addressing maps them to their numbers; both are charged to
// the guard's budget as they grow (see SetGuard). Interning a record makes
// no garbage: a search over an arena holds what it counts. Cost: a hash and
// at most a comparison or two of the record's bytes.
type Arena struct {
	size       int      // bytes of a record
	chunkShift uint     // records in a chunk: 1 << chunkShift
	chunks     [][]byte // chunk k holds records k << chunkShift on
	n          int      // records stored
	// table holds hi<<32 | (number+1) per record, 0 in empty slots, where
	// hi is the high half of the record's hash; hi also places it.
	table []uint64
	shift uint // 64 - log2(len(table))
	tn    int
	tb    TableBudget
	g     *Guard
	seed  maphash.Seed
}

// arenaChunk is about the bytes of a chunk of records.
const arenaChunk = 256 << 10

func NewArena(size int) *Arena {
	a := &Arena{size: size, seed: maphash.MakeSeed()}
	if per := arenaChunk / max(size, 1); per > 1 {
		a.chunkShift = uint(bits.Len(uint(per)) - 1)
	}
	return a
}

// SetGuard makes g the arena's guard: its budget is charged for the
// memory the arena holds now and will take, and interning stops, as g's
// search must, at g's node limit.
func (a *Arena) SetGuard(g *Guard) {
	a.g = g
	g.Mem.Charge(int64(len(a.chunks)) * int64(a.size) << a.chunkShift)
	a.tb.Limit(&g.Mem, int64(len(a.table))*8)
}

// Len returns the number of records.
func (a *Arena) Len() int { return a.n }

// Get returns record id. The slice stays valid as more are interned.
func (a *Arena) Get(id uint32) []byte {
	c := a.chunks[id>>a.chunkShift]
	at := int(id&(1<<a.chunkShift-1)) * a.size
	return c[at : at+a.size : at+a.size]
}

// Intern returns the number of rec, storing a copy of it if it is new.
// ok is false, and nothing is stored, when a new record would pass the
// guard's node limit or budget (the guard then says so).
func (a *Arena) Intern(rec []byte) (id uint32, ok bool) {
	hi := uint32(maphash.Bytes(a.seed, rec) >> 32)
	if 2*(a.tn+1) > len(a.table) {
		a.grow()
	}
	mask := uint64(len(a.table) - 1)
	for i := (uint64(hi) * fibMul) >> a.shift; ; i = (i + 1) & mask {
		e := a.table[i]
		if e == 0 {
			if !a.store(rec) {
				return 0, false
			}
			a.table[i] = uint64(hi)<<32 | uint64(a.n)
			a.tn++
			return uint32(a.n - 1), true
		}
		if uint32(e>>32) == hi && bytes.Equal(a.Get(uint32(e)-1), rec) {
			return uint32(e) - 1, true
		}
	}
}

// store appends a copy of rec, charging a new chunk when one begins.
func (a *Arena) store(rec []byte) bool {
	if a.g != nil && int64(a.n) >= a.g.MaxNodes {
		a.g.NodesOver = true
		return false
	}
	per := 1 << a.chunkShift
	if a.n%per == 0 {
		if a.g != nil && !a.g.Mem.Charge(int64(per)*int64(a.size)) {
			return false
		}
		a.chunks = append(a.chunks, make([]byte, per*a.size))
	}
	a.n++
	copy(a.Get(uint32(a.n-1)), rec)
	return true
}

// grow doubles the table (to 1024 slots at first), if the budget allows.
func (a *Arena) grow() {
	old := a.table
	size := max(2*len(old), 1024)
	if !a.tb.Grow(int64(len(old))*8, int64(size)*8, a.tn+1 >= len(old)) {
		return
	}
	a.table = make([]uint64, size)
	a.shift = 64 - uint(bits.Len(uint(size))-1)
	mask := uint64(size - 1)
	for _, e := range old {
		if e == 0 {
			continue
		}
		i := ((e >> 32) * fibMul) >> a.shift
		for a.table[i] != 0 {
			i = (i + 1) & mask
		}
		a.table[i] = e
	}
}
