package input

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

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

// OneLine returns msg with its line breaks escaped, which arguments such
// as file names or flags may hold, so that it takes one line, and with
// every Go-quoted string in it longer than QuoteLimit characters clipped
// as Quote clips it: the last guard, for messages such as the flag
// package's, which quote a flag's whole value, so that no message echoes
// a huge token.
func OneLine(msg string) string {
	msg = strings.NewReplacer("\n", `\n`, "\r", `\r`).Replace(msg)
	var sb strings.Builder
	for i := 0; ; {
		j := strings.IndexByte(msg[i:], '"')
		if j < 0 {
			sb.WriteString(msg[i:])
			return sb.String()
		}
		j += i
		q, err := strconv.QuotedPrefix(msg[j:])
		if err != nil {
			sb.WriteString(msg[i : j+1])
			i = j + 1
			continue
		}
		sb.WriteString(msg[i:j])
		if s, _ := strconv.Unquote(q); utf8.RuneCountInString(s) > QuoteLimit {
			sb.WriteString(Quote(s))
		} else {
			sb.WriteString(q)
		}
		i = j + len(q)
	}
}
