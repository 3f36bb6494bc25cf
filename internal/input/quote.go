package input

import "strconv"

// QuoteLimit is the most characters of offending input that an error
// message shows.
const QuoteLimit = 40

// Quote returns s quoted for an error message, as strconv.Quote does; if s
// is longer than QuoteLimit characters only the first QuoteLimit are
// quoted, followed by an ellipsis and the length of s in bytes:
// "1111111111111111111111111111111111111111"... (10485760 bytes). The
// message stays one short line whatever the input. O(QuoteLimit).
func Quote(s string) string { return QuoteClipped(s, len(s)) }

// QuoteClipped is Quote for a text of n bytes of which only the first
// len(prefix) are at hand, such as a clipped Field.
func QuoteClipped(prefix string, n int) string {
	cut, runes := len(prefix), 0
	for i := range prefix {
		if runes == QuoteLimit {
			cut = i
			break
		}
		runes++
	}
	if cut == len(prefix) && n <= len(prefix) {
		return strconv.Quote(prefix)
	}
	return strconv.Quote(prefix[:cut]) + "... (" + strconv.Itoa(n) + " bytes)"
}
