// Package input reads what users feed the slide library and command: it
// splits a stream into white-space separated fields in memory bounded by
// the fields a caller keeps, not by the length of the input (a 50 MB line
// costs no more than a short one), and it quotes offending text for error
// messages, clipped to a readable length.
package input
