package blocks

import (
	"encoding/binary"
	"slices"

	"github.com/slidekit/slide/internal/engine"
)

// A State64 is a sliding-block position whose key (see Space) fits in
// a uint64; the key is also the engines' Key.
type State64 struct {
	sp  *Space
	key uint64
}

// Successors appends to dst the positions one move from s, each move of
// cost 1. It allocates nothing once dst has room.
func (s State64) Successors(dst []State64) []State64 {
	sp := s.sp
	if sp.narrow && sp.metric != PieceMoves {
		sp.keys = sp.successors64(s.key, sp.keys[:0])
		for _, k := range sp.keys {
			dst = append(dst, State64{sp, k})
		}
		return dst
	}
	sp.words[0] = s.key
	sp.decode()
	for _, m := range sp.generate() {
		dst = append(dst, State64{sp, sp.key64(s.key, m)})
	}
	return dst
}

// Next returns Successors in a slice of s's space that the next call of
// Next on a state of the space overwrites.
func (s State64) Next() []State64 {
	s.sp.nextState64 = s.Successors(s.sp.nextState64[:0])
	return s.sp.nextState64
}

// Heuristic implements State: 0, for BFS.
func (s State64) Heuristic() int { return 0 }

// IsGoal implements State.
func (s State64) IsGoal() bool {
	sp := s.sp
	if sp.goal.match != nil {
		sp.words[0] = s.key
		return sp.matches()
	}
	g := sp.goal.g
	return sp.reached(uint32(s.key>>g.off) & g.mask)
}

// Codes returns the fields of s's key, by slot, in a new slice.
func (s State64) Codes() []uint32 {
	s.sp.words[0] = s.key
	return s.sp.decodeCopy()
}

// State64Key is the engines' Key for State64: its key.
func State64Key(s State64) uint64 { return s.key }

// A Wide is a sliding-block position whose key is longer than 64
// bits: its number in the space's arena of keys (see Space.packWide),
// where each key is stored once.
type Wide struct {
	sp *Space
	id uint32
}

// WideStart returns the state of codes, interning its key in a new arena.
func (sp *Space) WideStart(codes []uint32) Wide {
	key := sp.packWide(codes)
	sp.arena = engine.NewArena(len(key))
	id, _ := sp.arena.Intern(key)
	return Wide{sp, id}
}

// SetGuard implements engine.Guarded: the arena's memory is the search's, and
// Successors stops with it.
func (s Wide) SetGuard(g *engine.Guard) {
	s.sp.guard = g
	s.sp.arena.SetGuard(g)
}

// Successors appends to dst the positions one move from s, each move of
// cost 1. It makes each move's key from the state's
// by rewriting the moved group's fields (see keyWide), and interns it. It
// stops early, with fewer moves, when the search must stop (its context
// is done, or the arena cannot store a key): a state of hundreds of
// pieces has thousands of moves of thousands of bytes each.
func (s Wide) Successors(dst []Wide) []Wide {
	sp := s.sp
	key := sp.arena.Get(s.id)
	sp.unpackWide(key)
	sp.decode()
	sp.fill()
	made := 0
	for k := range sp.groups {
		g := &sp.groups[k]
		for slot := g.first; slot < g.end; slot++ {
			for _, m := range sp.pieceMoves(g, slot) {
				if made++; made%256 == 0 && sp.guard != nil && sp.guard.Stopped() {
					return dst
				}
				id, ok := sp.arena.Intern(sp.keyWide(key, m))
				if !ok {
					return dst
				}
				dst = append(dst, Wide{sp, id})
			}
		}
	}
	return dst
}

// Next returns Successors in a slice of s's space that the next call of
// Next on a state of the space overwrites.
func (s Wide) Next() []Wide {
	s.sp.nextWide = s.Successors(s.sp.nextWide[:0])
	return s.sp.nextWide
}

// Heuristic implements State: 0, for BFS.
func (s Wide) Heuristic() int { return 0 }

// IsGoal implements State.
func (s Wide) IsGoal() bool {
	sp := s.sp
	key := sp.arena.Get(s.id)
	if sp.goal.match != nil {
		sp.unpackWide(key)
		return sp.matches()
	}
	g := sp.goal.g
	var buf [8]byte
	copy(buf[:], key[g.off/8:])
	return sp.reached(uint32(binary.LittleEndian.Uint64(buf[:])>>(g.off%8)) & g.mask)
}

// Codes returns the fields of s's key, by slot, in a new slice.
func (s Wide) Codes() []uint32 {
	s.sp.unpackWide(s.sp.arena.Get(s.id))
	return s.sp.decodeCopy()
}

// WideKey is the engines' Key for Wide: its number.
func WideKey(s Wide) uint64 { return uint64(s.id) }

// reached reports whether the goal's piece at field value code is where
// the goal wants it.
func (sp *Space) reached(code uint32) bool {
	r, c := sp.goal.g.pos(code)
	return c == sp.goal.col && (sp.goal.row < 0 || r == sp.goal.row)
}

// matches decodes sp.words and reports whether the goal's predicate holds.
func (sp *Space) matches() bool {
	sp.decode()
	return sp.goal.match(sp.pieces(sp.codes))
}

// decodeCopy decodes sp.words and returns the fields in a new slice.
func (sp *Space) decodeCopy() []uint32 {
	sp.decode()
	return append([]uint32(nil), sp.codes...)
}

// pieces returns the pieces at the position of codes, giving the members
// of each group its fields in order.
func (sp *Space) pieces(codes []uint32) []Piece {
	pieces := slices.Clone(sp.start)
	for k := range sp.groups {
		g := &sp.groups[k]
		for j, i := range g.members {
			pieces[i].Row, pieces[i].Col = g.pos(codes[g.first+j])
		}
	}
	return pieces
}
