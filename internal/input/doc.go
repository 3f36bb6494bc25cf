// Package input reads what users feed the slide library and command: it
// splits a stream into white-space separated fields in memory bounded by
// the fields a caller keeps, not by the length of the input (a 50 MB line
// costs no more than a short one), takes "\n", "\r\n" and "\r" alone as
// line ends, stops at the first control character, which no text of the
// formats holds (an endless /dev/zero ends at its first byte), and it
// quotes offending text for error messages, clipped to a readable length.
// A [Recorder] keeps what a reader that looks ahead reads, so that the
// input can be read again from its start.
package input
