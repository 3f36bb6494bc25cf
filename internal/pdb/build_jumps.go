package pdb

// A move that jumps over tiles (across rows) takes the moved tile from
// place o to o2, the tiles on the places between shifting by one: the
// arrangement's rank changes by permMoved's delta, which depends on the
// arrangement. The builder applies such a move to every state of a set's
// frontier, so it looks the delta up in a table of every (o, o2) and every
// arrangement, 4 bytes each: 5.8 MB for 8 tiles on the 15-puzzle. (Deltas
// computed from a table of the tiles on each arrangement's places and small
// tables of the windows of places a move spans would take less memory, but
// the build would be slower.) Without the table (arrangements of many
// tiles, see maxDirect), the builder ranks each moved arrangement with a
// permCursor.
type permJumps struct {
	// direct[code[o][o2]*k! + r] is the delta of rank r.
	direct []int32
	code   [MaxPattern][MaxPattern]int16
}

// maxDirect bounds the entries of a direct table (64 MiB).
const maxDirect = 1 << 24

// The tables newPermJumps may build.
const (
	jumpsAuto = iota // direct if it fits maxDirect
	jumpsNone        // none
)

// newPermJumps tabulates the jumps of at most jump places (a board's
// columns less one) for arrangements of k tiles, unless mode is jumpsNone
// (for tests).
func newPermJumps(k, jump int, fact *[MaxPattern]int64, perms int64, workers, mode int) permJumps {
	var pj permJumps
	codes := 0
	for o := range k {
		for o2 := max(0, o-jump); o2 < min(k, o+jump+1); o2++ {
			if o2 != o {
				pj.code[o][o2] = int16(codes)
				codes++
			}
		}
	}
	if codes == 0 || mode == jumpsNone || int64(codes)*perms > maxDirect {
		return pj
	}
	pj.direct = make([]int32, int64(codes)*perms)
	parallelRange(perms, workers, 1024, func(lo, hi int) {
		pc := permCursor{k: k, fact: fact}
		for r := int64(lo); r < int64(hi); r++ {
			pc.seek(r)
			for o := range k {
				for o2 := max(0, o-jump); o2 < min(k, o+jump+1); o2++ {
					if o2 != o {
						pj.direct[int64(pj.code[o][o2])*perms+r] = int32(permMoved(r, &pc.tau, o, o2, fact) - r)
					}
				}
			}
		}
	})
	return pj
}
