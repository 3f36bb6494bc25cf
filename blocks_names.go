package slide

import (
	"sort"
	"sync"
	"unicode"
)

// PieceName returns the one-character name of piece i (from 0) in the
// pictures of Grid and in move descriptions: Z for the goal piece, then 1
// to 9, a to z and A to Y, which name 61 pieces, as the text format of
// ParseBlocks has it. The 62nd piece and later take the Unicode letters
// from U+00C0 up, in code-point order: À Á Â ... Ö Ø ... ö ø ... ÿ Ā ā ...
// (the non-letters × and ÷ are skipped), so the first 459 pieces are named
// from ASCII and the Latin-1 and Latin Extended-A and -B letters. Names
// never repeat and never clash with the '.' and '*' of the pictures; a name
// is one character, though not always one byte. Every piece a Blocks can
// hold (up to MaxCells) has a name of its own, since the letters number
// over 130,000 (NumPieceNames); PieceName returns '?' for a negative i or
// one beyond them. O(log n): a binary search over the letters' ranges.
func PieceName(i int) rune {
	switch {
	case i < 0:
		return '?'
	case i < len(asciiNames):
		return rune(asciiNames[i])
	}
	t := letterTable()
	k := i - len(asciiNames)
	if k >= t.total {
		return '?'
	}
	// The last range that starts at or before the k-th letter.
	j := sort.Search(len(t.ranges), func(j int) bool { return t.ranges[j].before > k }) - 1
	r := t.ranges[j]
	return rune(r.lo + uint32(k-r.before)*r.stride)
}

// NumPieceNames returns how many pieces PieceName names, each differently.
func NumPieceNames() int { return len(asciiNames) + letterTable().total }

const asciiNames = "Z123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXY"

// firstLetter is the first code point of the names after the ASCII ones.
const firstLetter = 0xC0

// A letterRange is a run of Unicode letters at a fixed stride, with the
// number of letters from firstLetter on that come before it.
type letterRange struct {
	lo, stride uint32
	before     int
}

type letters struct {
	ranges []letterRange
	total  int
}

// letterTable returns the ranges of unicode.Letter from firstLetter on,
// made on first use (about 620 ranges).
var letterTable = sync.OnceValue(func() letters {
	var t letters
	add := func(lo, hi, stride uint32) {
		if hi < firstLetter {
			return
		}
		for lo < firstLetter {
			lo += stride
		}
		if lo > hi {
			return
		}
		t.ranges = append(t.ranges, letterRange{lo: lo, stride: stride, before: t.total})
		t.total += int((hi-lo)/stride) + 1
	}
	for _, r := range unicode.Letter.R16 {
		add(uint32(r.Lo), uint32(r.Hi), uint32(r.Stride))
	}
	for _, r := range unicode.Letter.R32 {
		add(r.Lo, r.Hi, r.Stride)
	}
	return t
})
