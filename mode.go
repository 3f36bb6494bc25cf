package slide

import (
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/slidekit/slide/internal/input"
)

// A Mode asks a [Solver] for [Optimal] (the zero Mode), [Weighted],
// [Anytime] or [Fast].
type Mode struct {
	kind   modeKind
	weight float64
	budget time.Duration
}

type modeKind uint8

const (
	optimal modeKind = iota
	weighted
	anytime
	fast
)

// Optimal asks for a shortest solution, proven so.
func Optimal() Mode { return Mode{} }

// Weighted asks for at most w >= 1 times the fewest moves; up to 12 cells,
// or 16 with a database, a brief optimal search then improves or proves it.
func Weighted(w float64) Mode { return Mode{kind: weighted, weight: w} }

// Anytime asks for the best solution within d (0: none) and Limits.MaxNodes.
func Anytime(d time.Duration) Mode { return Mode{kind: anytime, budget: d} }

// Fast asks for a solution within seconds up to 255 x 255, about r*c*(r+c)
// moves on r x c, none undoing the one before (up to 100 cells, no stretch
// of 16 moves a shortest way would shorten); small boards as [Weighted].
func Fast() Mode { return Mode{kind: fast} }

// String returns "optimal", "weighted W", "anytime D" or "fast".
func (m Mode) String() string {
	switch m.kind {
	case weighted:
		return "weighted " + strconv.FormatFloat(m.weight, 'g', -1, 64)
	case anytime:
		if m.budget == 0 {
			return "anytime"
		}
		return "anytime " + m.budget.String()
	case fast:
		return "fast"
	}
	return "optimal"
}

// ParseMode returns the [Mode] that String writes as s.
func ParseMode(s string) (Mode, error) {
	const fn = "ParseMode"
	name, arg, _ := strings.Cut(strings.TrimSpace(s), " ")
	arg = strings.TrimSpace(arg)
	var m Mode
	switch {
	case name == "optimal" && arg == "":
	case name == "fast" && arg == "":
		m = Fast()
	case name == "anytime" && arg == "":
		m = Anytime(0)
	case name == "anytime":
		d, err := time.ParseDuration(arg)
		if err != nil {
			return Mode{}, errorf(fn, ErrSyntax, "anytime %s: want a duration such as 500ms or 10s", input.Quote(arg))
		}
		m = Anytime(d)
	case name == "weighted" && arg != "":
		w, err := strconv.ParseFloat(arg, 64)
		if err != nil {
			return Mode{}, errorf(fn, ErrSyntax, "weighted %s: want a number of at least 1", input.Quote(arg))
		}
		m = Weighted(w)
		if m.check() != nil { // quoted as written: 1e-400 reads as 0
			return Mode{}, errorf(fn, ErrOption, "weighted %s: want a finite number of at least 1", input.Quote(arg))
		}
	default:
		return Mode{}, errorf(fn, ErrSyntax, "unknown mode %s (want optimal, weighted W, anytime D or fast)", input.Quote(s))
	}
	return m, renamed(m.check(), fn)
}

// MarshalText implements [encoding.TextMarshaler]: the text String returns.
func (m Mode) MarshalText() ([]byte, error) {
	if err := m.check(); err != nil {
		return nil, renamed(err, "Mode.MarshalText")
	}
	return []byte(m.String()), nil
}

// UnmarshalText implements [encoding.TextUnmarshaler] with [ParseMode].
func (m *Mode) UnmarshalText(text []byte) error {
	v, err := ParseMode(string(text))
	if err != nil {
		return renamed(err, "Mode.UnmarshalText")
	}
	*m = v
	return nil
}

// check returns the ErrOption error of a Mode that asks for nothing a
// Solver can give.
func (m Mode) check() error {
	switch {
	case m.kind == weighted && !(m.weight >= 1 && !math.IsInf(m.weight, 1)):
		// Written so that NaN, which every comparison fails, is refused.
		return errorf("Solver.Solve", ErrOption, "weight %v: want a finite number of at least 1", m.weight)
	case m.kind == anytime && m.budget < 0:
		return errorf("Solver.Solve", ErrOption, "time limit %v: want a positive duration", m.budget)
	case m.kind > fast:
		return errorf("Solver.Solve", ErrOption, "unknown mode")
	}
	return nil
}
