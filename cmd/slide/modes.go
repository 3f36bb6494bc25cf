package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strconv"
	"time"

	"github.com/slidekit/slide"
	"github.com/slidekit/slide/internal/engine"
)

// modeFlags are the flags of the solving modes beyond the optimal search,
// shared by solve and bench. Each sets mode with the library's
// constructor, which checks the factor or duration (see set); -time
// refuses 0, which would leave the search unbounded.
type modeFlags struct {
	given  []string      // the mode flags given, to refuse more than one
	mode   slide.Mode    // the Mode of the flag given, else slide.Optimal()
	budget time.Duration // -time's DURATION, else 0
	fast   bool
}

func (m *modeFlags) register(fs *flag.FlagSet) {
	fs.Func("w", "find a solution of at most `FACTOR` (>= 1) times the fewest moves, or say that it is out of reach and which factor is in reach", func(s string) error {
		w, err := strconv.ParseFloat(s, 64)
		if err != nil && !errors.Is(err, strconv.ErrRange) { // 1e400 is a factor, out of range
			return errors.New("want a finite factor of at least 1, such as 1.5")
		}
		return m.set("-w", slide.Weighted(w))
	})
	fs.Func("time", "return the best solution found within `DURATION` (above 0, such as 1s or 500ms), proven optimal if the search completes", func(s string) error {
		d, err := time.ParseDuration(s)
		if err != nil || d == 0 {
			return errors.New("want a duration above 0, such as 1s or 500ms")
		}
		m.budget = d
		return m.set("-time", slide.Anytime(d))
	})
	fs.BoolVar(&m.fast, "fast", false, "find a solution quickly on a board of any size (about 2 n^3 moves on n x n), not a shortest one")
}

// left returns s for a search of boards like goal that starts after what
// the command did since began: -time's budget counts the reading of the
// tables (h, as Solver.Prepare returned it), as it does where
// Solver.Solve reads them itself, and whatever came before; at least a
// tenth of the budget is left to the search. A stronger database read for
// the whole budget stays the search's, though less is left than its
// reading would take. Other modes are as given.
func (m *modeFlags) left(s slide.Solver, began time.Time, goal slide.Board, h slide.Heuristic) slide.Solver {
	if m.budget <= 0 || !m.is("-time") {
		return s
	}
	if stronger, ok := slide.StrongerDatabase(goal, s.Mode); ok && h == stronger && s.Heuristic == slide.Auto {
		s.Heuristic = h
	}
	s.Mode = slide.Anytime(max(m.budget-time.Since(began), m.budget/10))
	return s
}

// set records the mode of flag, if the library takes it.
func (m *modeFlags) set(flag string, mode slide.Mode) error {
	if err := (slide.Solver{Mode: mode}).Check(); err != nil {
		return errors.New(message(err))
	}
	if !slices.Contains(m.given, flag) {
		m.given = append(m.given, flag)
	}
	m.mode = mode
	return nil
}

// reachText says that a -w factor is out of reach, from the fields of
// its error, and what is: the factor the best answer found meets, or -time.
func reachText(e *slide.LimitError) string {
	reach := strconv.FormatFloat(e.Reach, 'f', -1, 64)
	return fmt.Sprintf("-w is out of reach on this board: the best answer found, %d moves, is within %s of the lower bound; "+
		"-w %s returns it, and -time DURATION the best found within DURATION", e.Value, reach, reach)
}

// parse refuses flags that exclude each other.
func (m *modeFlags) parse() error {
	if m.fast {
		m.given, m.mode = append(m.given, "-fast"), slide.Fast()
	}
	if len(m.given) > 1 {
		return errors.New("-w, -time and -fast exclude each other")
	}
	return nil
}

// any reports whether a mode other than the optimal search is chosen.
func (m *modeFlags) any() bool { return len(m.given) > 0 }

// is reports whether the mode is that of flag.
func (m *modeFlags) is(flag string) bool { return len(m.given) == 1 && m.given[0] == flag }

// hint says on w, under -time, how to build the database that the
// near-optimal modes would rank boards like goal by (see
// slide.NearOptimalDatabase) if a Solver whose Heuristic is asked (Auto:
// the library's choice) cannot start with it (h, as Solver.Prepare
// returned it) though its tables would fit bound: -time builds nothing,
// its budget bounding the whole call. Where the search starts with that
// database, it names the stronger one if -time would take it (see
// slide.StrongerDatabase) but it is not cached, and it would fit bound. Under -w Solver.Prepare builds the
// first database on first use; if it could not, hint says what the
// search uses instead.
func (m *modeFlags) hint(goal slide.Board, asked, h slide.Heuristic, bound int64, w io.Writer) {
	if !m.is("-w") && !m.is("-time") || asked != slide.Auto && asked != slide.Auto.WithWalkingDistance() {
		return
	}
	uses := func(db slide.Heuristic) bool { return h == db || h == db.WithWalkingDistance() }
	db, ok := slide.NearOptimalDatabase(goal)
	if !ok || h.IsDatabase() && !uses(db) { // it starts with the stronger one
		return
	}
	if uses(db) {
		stronger, has := slide.StrongerDatabase(goal, m.mode)
		if m.is("-w") || !has {
			return
		}
		db = stronger
	}
	tables, build, _ := db.Memory()
	if max(tables, build) > bound {
		return
	}
	if m.is("-w") {
		fmt.Fprintf(w, "slide: %v unavailable; using %v\n", db, h)
		return
	}
	fmt.Fprintf(w, "slide: -time ranks boards better with %v, which is not built: \"slide pdb build %v\" builds it once (%s of tables)\n",
		db, db, engine.FormatBytes(tables))
}
