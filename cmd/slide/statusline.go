package main

import (
	"fmt"
	"io"
	"os"
	"time"
)

// A statusLine shows how long work goes on, on standard error: one line
// refreshed in place on a terminal, at most four times a second, and plain
// lines otherwise, at most one every ten seconds unless forced, so that a
// log keeps a few lines of a long run.
type statusLine struct {
	w        io.Writer
	terminal bool
	last     time.Time // when a line was last shown
	shown    bool      // a line was shown
	open     bool      // a line is on the terminal, not yet ended
}

func newStatusLine(w io.Writer) statusLine {
	return statusLine{w: w, terminal: isTerminal(w)}
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// due reports whether a line shown now would not come too soon after the
// last.
func (s *statusLine) due() bool {
	every := time.Second / 4
	if !s.terminal {
		every = 10 * time.Second
	}
	return !s.shown || time.Since(s.last) >= every
}

// show shows "slide: " and text, in place of the line shown before on a
// terminal.
func (s *statusLine) show(text string) {
	s.shown, s.last = true, time.Now()
	if s.terminal {
		fmt.Fprintf(s.w, "\r\x1b[Kslide: %s", text)
		s.open = true
		return
	}
	fmt.Fprintf(s.w, "slide: %s\n", text)
}

// end ends the line on a terminal, so that what follows starts a line of
// its own.
func (s *statusLine) end() {
	if s.open {
		fmt.Fprintln(s.w)
		s.open = false
	}
}
