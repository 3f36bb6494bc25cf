// Package inputtest holds what the tests of the readers built on
// input.Scanner share: the lines of a text as a Scanner splits them
// (TextLines), the error a Scanner's read ends with at a control
// character (ControlIn), and whether a text holds a field or line that
// such a reader stops at early, by design (HasLongField).
package inputtest

import (
	"strings"
	"unicode/utf8"

	"github.com/slidekit/slide/internal/input"
)

// HasLongField reports whether some field of text is longer than a
// Scanner keeps whole, or a line has more than most fields: inputs on
// which the streaming parsers stop early, by design, and say so in words
// of their own. With comments set, lines that start with # do not count.
func HasLongField(text string, most int, comments bool) bool {
	for _, line := range TextLines(text) {
		fields := strings.Fields(line)
		if comments && len(fields) > 0 && strings.HasPrefix(fields[0], "#") {
			continue
		}
		if len(fields) > most {
			return true
		}
		for _, f := range fields {
			if len(f) > input.MaxField {
				return true
			}
		}
	}
	return false
}

// TextLines returns the lines of text, whose lines end in "\r\n", "\n" or
// "\r" alone.
func TextLines(text string) []string {
	return strings.Split(strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(text), "\n")
}

// ControlIn returns the text before the first control character of text,
// and the error that a Scanner's read ends with there, which names its
// line and column; the whole text and nil if it has none.
func ControlIn(text string) (before string, err error) {
	i := strings.IndexFunc(text, func(r rune) bool { return r < utf8.RuneSelf && input.IsControl(byte(r)) })
	if i < 0 {
		return text, nil
	}
	lines := TextLines(text[:i])
	last := len(lines) - 1
	return text[:i], &input.ControlError{Byte: text[i], Line: last + 1, Column: utf8.RuneCountInString(lines[last]) + 1}
}
