// Package progress shows on standard error how long work goes on: one
// status line refreshed in place on a terminal (at most four times a
// second), and plain lines in a log, a few of a long run (Line); the
// bound, nodes and rate of a long search (Search); and the tables of a
// pattern database as a slide.Cache builds or verifies them, after a
// line that says what a first build makes and where (Tables).
package progress
