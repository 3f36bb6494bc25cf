package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"runtime"
	"strings"
	"time"

	"github.com/slidekit/slide"
)

// modeFlags are the flags of the solving modes beyond the optimal search,
// shared by solve and bench.
type modeFlags struct {
	weight float64
	budget time.Duration
	fast   bool
}

func (m *modeFlags) register(fs *flag.FlagSet) {
	fs.Float64Var(&m.weight, "w", 0, "find a solution of at most `FACTOR` (>= 1) times the fewest moves (weighted A*)")
	fs.DurationVar(&m.budget, "time", 0, "return the best solution found within `DURATION` (such as 1s or 500ms), proven optimal if the search completes")
	fs.BoolVar(&m.fast, "fast", false, "find a solution quickly on a board of any size (about 2 n^3 moves on n x n), not a shortest one")
}

// check rejects bad or conflicting mode flags.
func (m *modeFlags) check() error {
	n := 0
	for _, on := range []bool{m.weight != 0, m.budget != 0, m.fast} {
		if on {
			n++
		}
	}
	switch {
	case n > 1:
		return errors.New("-w, -time and -fast exclude each other")
	case m.weight != 0 && !(m.weight >= 1 && !math.IsInf(m.weight, 1)):
		// Written so that NaN, which every comparison fails, is refused.
		return fmt.Errorf("-w %v: want a finite factor of at least 1", m.weight)
	case m.budget < 0:
		return fmt.Errorf("-time %v: want a positive duration", m.budget)
	}
	return nil
}

// any reports whether a mode other than the optimal search is chosen.
func (m *modeFlags) any() bool { return m.weight != 0 || m.budget != 0 || m.fast }

// options returns the Solve options of the mode.
func (m *modeFlags) options() []slide.Option {
	switch {
	case m.fast:
		return []slide.Option{slide.WithMode(slide.Fast())}
	case m.weight != 0:
		return []slide.Option{slide.WithMode(slide.Weighted(m.weight))}
	case m.budget != 0:
		return []slide.Option{slide.WithMode(slide.Anytime(m.budget))}
	}
	return nil
}

// prepare builds, with its progress on w, the pattern database made for
// the near-optimal modes on boards like goal (see
// slide.NearOptimalDatabase) on first use, unless the heuristic flag chose
// one or the tables would not fit the memory bound. Under -time it builds
// nothing: the budget bounds the whole call, and the search takes what is
// at hand; if the database is not cached, prepare says how to build it.
func (m *modeFlags) prepare(start, goal slide.Board, h slide.Heuristic, bound int64, w io.Writer) error {
	if m.weight == 0 && m.budget == 0 || h != slide.Auto || !start.IsPermutation() {
		return nil
	}
	db, ok := slide.NearOptimalDatabase(goal)
	if !ok {
		return nil
	}
	if tables, build := db.Memory(); max(tables, build) > bound {
		return nil
	}
	if m.budget != 0 {
		if disk := diskBytes(db); !isCached(db) {
			fmt.Fprintf(w, "slide: -time ranks boards better with %v, which is not built: \"slide pdb build %v\" builds it once (about %v, %s on disk)\n",
				db, db, buildTime(disk), sizeText(disk))
		}
		return nil
	}
	if err := prepareDatabase("solve", db, goal, w); err != nil {
		// Not fatal: the modes fall back to linear conflicts.
		fmt.Fprintf(w, "slide: %v unavailable (%s); using linear conflicts\n", db, message(err))
	}
	return nil
}

// isCached reports whether the tables of the shipped database h are in
// the cache, whole as far as their header tells.
func isCached(h slide.Heuristic) bool {
	files, _ := slide.CachedDatabases()
	for _, f := range files {
		if f.Name == h.String() && f.Err == nil {
			return true
		}
	}
	return false
}

// buildTime returns about how long building tables of the given bytes on
// disk takes on this machine's cores, at buildRate a core.
func buildTime(tables int64) time.Duration {
	// buildRate is the bytes of tables the shipped databases' builds make
	// a second on each core (docs/PERFORMANCE.md, "Time budgets").
	const buildRate = 4e6
	perSecond := buildRate * float64(runtime.GOMAXPROCS(0))
	return time.Duration(float64(tables) / perSecond * float64(time.Second)).Round(time.Second)
}

// A progress shows how a long search goes on standard error: after a
// short wait, one line refreshed in place on a terminal (a line every
// few seconds otherwise) with the bound, the nodes, the rate and the time,
// and, for an optimal search, a hint of the faster modes.
type progress struct {
	line statusLine
	hint bool // the search is the optimal one
}

// progressDelay is how long a search runs before it shows progress.
const progressDelay = 2 * time.Second

func newProgress(w io.Writer, optimal bool) *progress {
	return &progress{line: newStatusLine(w), hint: optimal}
}

func (p *progress) report(r slide.Progress) {
	if r.Elapsed < progressDelay || !p.line.due() {
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

// done ends the progress line on a terminal.
func (p *progress) done() { p.line.end() }

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
