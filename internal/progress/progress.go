package progress

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/engine"
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

// A Search shows how a long search goes on standard error: after a
// short wait, one line refreshed in place on a terminal (a line every
// few seconds otherwise) with the bound, the nodes, the rate and the time,
// and, for an optimal search, a hint of the faster modes.
type Search struct {
	line statusLine
	hint bool // the search is the optimal one
}

// delay is how long a search runs before it shows progress.
const delay = 2 * time.Second

// NewSearch returns the progress of a search on w; optimal says that it is
// the optimal search, which hints at the faster modes.
func NewSearch(w io.Writer, optimal bool) *Search {
	return &Search{line: newStatusLine(w), hint: optimal}
}

// Report is a slide.Solver's Progress.
func (p *Search) Report(r slide.Progress) {
	if r.Elapsed < delay || !p.line.due() {
		return
	}
	if !p.line.shown && p.hint {
		fmt.Fprintln(p.line.w, "slide: a shortest solution may take long; -time 10s gives the best found in 10 seconds, -fast a quick one")
	}
	rate := float64(r.Generated) / r.Elapsed.Seconds()
	var sb strings.Builder
	if r.Bound > 0 {
		fmt.Fprintf(&sb, "bound %d, ", r.Bound)
	}
	if r.Best > 0 {
		fmt.Fprintf(&sb, "best %d (at least %d), ", r.Best, r.LowerBound)
	}
	if r.Generated > 0 {
		fmt.Fprintf(&sb, "%s nodes, %s nodes/s, ", count(float64(r.Generated)), count(rate))
	}
	fmt.Fprintf(&sb, "%v", r.Elapsed.Round(100*time.Millisecond))
	p.line.show(sb.String())
}

// Done ends the progress line on a terminal.
func (p *Search) Done() { p.line.end() }

// count writes a large number briefly: 1234567 as 1.23M.
func count(x float64) string {
	switch {
	case x >= 1e9:
		return fmt.Sprintf("%.2fG", x/1e9)
	case x >= 1e6:
		return fmt.Sprintf("%.2fM", x/1e6)
	case x >= 1e3:
		return fmt.Sprintf("%.1fk", x/1e3)
	}
	return fmt.Sprintf("%.0f", x)
}

// A Tables shows on stderr the builds (or verifications) of tables
// that a slide.Cache reports to its Progress: a buildProgress for each
// database, in turn, and before a first build what it builds, how big
// (its tables in memory; the peak of the build) and where.
type Tables struct {
	verb   string // "building" or "verifying"
	stderr io.Writer
	dir    string                       // the cache directory, for the announcement ("" if unknown)
	name   func(slide.Heuristic) string // a database's name in messages
	h      slide.Heuristic              // the database of cur
	cur    *buildProgress
}

// NewTables returns the reporter of what cache builds or verifies
// (verb), naming each database by name.
func NewTables(verb string, cache slide.Cache, stderr io.Writer, name func(slide.Heuristic) string) *Tables {
	cache.BuildMemory, cache.Progress = 0, nil // Path uses Dir alone
	dir, _ := cache.Path()
	return &Tables{verb: verb, stderr: stderr, dir: dir, name: name}
}

// Report is a slide.Cache's Progress.
func (r *Tables) Report(p slide.DatabaseProgress) {
	if r.cur == nil || p.Heuristic != r.h {
		r.Done()
		r.h = p.Heuristic
		r.cur = newBuildProgress(r.verb, r.name(p.Heuristic), r.stderr)
		if r.verb == "building" {
			r.cur.announce = r.announcement(p.Heuristic)
		}
	}
	r.cur.report(p)
}

// announcement returns the line before a first build of the tables of h.
func (r *Tables) announcement(h slide.Heuristic) string {
	where := ""
	if r.dir != "" {
		where = " into " + r.dir
	}
	_, build, disk := h.Memory()
	return fmt.Sprintf("slide: building %s (%s on disk, %s while building)%s; this happens once", r.name(h), engine.FormatBytes(disk), engine.FormatBytes(build), where)
}

// Reported reports whether r heard a build or a verification of the
// tables of h.
func (r *Tables) Reported(h slide.Heuristic) bool { return h.IsDatabase() && r.h == h }

// Done ends the status line of the database reported last, if any.
func (r *Tables) Done() {
	if r.cur != nil {
		r.cur.done()
		r.cur = nil
	}
}

// A buildProgress shows on stderr the build of the tables of a database:
// first why they are rebuilt, if they are, else the announce line, if
// any; then a status line (see statusLine), refreshed on a terminal, and
// otherwise a line as each table starts and at most one every logEvery
// between.
type buildProgress struct {
	line       statusLine
	verb, name string // "building" or "verifying", and the database
	announce   string // the line before a first build, "" for none
	started    bool
	table      int // the table of the last line
	last       slide.DatabaseProgress
}

func newBuildProgress(verb, name string, stderr io.Writer) *buildProgress {
	return &buildProgress{line: newStatusLine(stderr), verb: verb, name: name}
}

func (b *buildProgress) report(p slide.DatabaseProgress) {
	if !b.started {
		b.started = true
		switch {
		case p.Reason != "":
			fmt.Fprintf(b.line.w, "slide: rebuilding %s: %s\n", b.name, p.Reason)
		case b.announce != "":
			fmt.Fprintln(b.line.w, b.announce)
		}
	} else if p.Table == b.table && !b.due() {
		b.last = p
		return
	}
	b.last, b.table = p, p.Table
	b.line.show(b.text(p))
}

// logEvery is the least time between two lines of a build's progress in a
// log: short enough that a long table (pdb35's take seconds each) does
// not seem to hang, long enough that pdb78 takes a few dozen lines.
const logEvery = 2 * time.Second

// due reports whether a line shown now would not come too soon after the
// last: on a terminal as the status line says, in a log after logEvery.
func (b *buildProgress) due() bool {
	if b.line.terminal {
		return b.line.due()
	}
	return !b.line.shown || time.Since(b.line.last) >= logEvery
}

// text describes the progress p: the table, and past its first layer the
// layer and the share of its entries reached.
func (b *buildProgress) text(p slide.DatabaseProgress) string {
	if p.Depth <= 1 {
		return fmt.Sprintf("%s %s: table %d of %d (%d tiles), %d entries", b.verb, b.name, p.Table+1, p.Tables, p.Tiles, p.Entries)
	}
	return fmt.Sprintf("%s %s: table %d of %d (%d tiles), depth %d, %d%% of %d entries",
		b.verb, b.name, p.Table+1, p.Tables, p.Tiles, p.Depth, int(100*p.Reached/max(p.Entries, 1)), p.Entries)
}

// done ends the status line, on a terminal with the last progress.
func (b *buildProgress) done() {
	if b.line.open {
		b.line.show(b.text(b.last))
	}
	b.line.end()
}
