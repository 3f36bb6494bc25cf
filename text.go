package slide

import (
	"strings"

	"github.com/slidekit/slide/internal/input"
)

// Text forms of the enumerations. Heuristic, Algorithm, Metric,
// BlockMetric and Direction read and write themselves by name, as String
// prints them and their Parse functions read them, so they can be fields of
// JSON documents and values of flag.TextVar:
//
//	var h slide.Heuristic
//	flag.TextVar(&h, "heuristic", slide.Auto, "the search's estimate")
//
// MarshalText fails for a value that has no name; UnmarshalText fails, and
// leaves the value as it was, for text that is not a name.

// appendName appends the name of an enumeration value, or fails for a
// value without one.
func appendName(dst []byte, fn, kind string, v int, names []string) ([]byte, error) {
	if v < 0 || v >= len(names) {
		return dst, errorf(fn, ErrOption, "%s %d has no name", kind, v)
	}
	return append(dst, names[v]...), nil
}

// renamed returns err with its Func set to fn, when it is an *Error, so
// that a method reports itself rather than the function it called.
func renamed(err error, fn string) error {
	if e, ok := err.(*Error); ok && e.Func != fn {
		c := *e
		c.Func = fn
		return &c
	}
	return err
}

// AppendText implements encoding.TextAppender: the name String returns.
func (h Heuristic) AppendText(dst []byte) ([]byte, error) {
	return appendName(dst, "Heuristic.MarshalText", "heuristic", int(h), heuristicNames[:])
}

// MarshalText implements encoding.TextMarshaler: the name String returns.
func (h Heuristic) MarshalText() ([]byte, error) { return h.AppendText(nil) }

// UnmarshalText implements encoding.TextUnmarshaler: any name
// ParseHeuristic accepts.
func (h *Heuristic) UnmarshalText(text []byte) error {
	v, err := ParseHeuristic(string(text))
	if err != nil {
		return renamed(err, "Heuristic.UnmarshalText")
	}
	*h = v
	return nil
}

// AppendText implements encoding.TextAppender: the name String returns.
func (a Algorithm) AppendText(dst []byte) ([]byte, error) {
	return appendName(dst, "Algorithm.MarshalText", "algorithm", int(a), algorithmNames[:])
}

// MarshalText implements encoding.TextMarshaler: the name String returns.
func (a Algorithm) MarshalText() ([]byte, error) { return a.AppendText(nil) }

// UnmarshalText implements encoding.TextUnmarshaler: any name
// ParseAlgorithm accepts.
func (a *Algorithm) UnmarshalText(text []byte) error {
	v, err := ParseAlgorithm(string(text))
	if err != nil {
		return renamed(err, "Algorithm.UnmarshalText")
	}
	*a = v
	return nil
}

var metricNames = [...]string{"tile", "line"}

// ParseMetric returns the Metric named s: "tile" (TileMoves) or "line"
// (LineMoves), as String names them.
func ParseMetric(s string) (Metric, error) {
	for m, name := range metricNames {
		if s == name {
			return Metric(m), nil
		}
	}
	return 0, errorf("ParseMetric", ErrOption, "unknown metric %s (want tile or line)", input.Quote(s))
}

// AppendText implements encoding.TextAppender: the name String returns.
func (m Metric) AppendText(dst []byte) ([]byte, error) {
	return appendName(dst, "Metric.MarshalText", "metric", int(m), metricNames[:])
}

// MarshalText implements encoding.TextMarshaler: the name String returns.
func (m Metric) MarshalText() ([]byte, error) { return m.AppendText(nil) }

// UnmarshalText implements encoding.TextUnmarshaler: any name ParseMetric
// accepts.
func (m *Metric) UnmarshalText(text []byte) error {
	v, err := ParseMetric(string(text))
	if err != nil {
		return renamed(err, "Metric.UnmarshalText")
	}
	*m = v
	return nil
}

// AppendText implements encoding.TextAppender: the name String returns.
func (m BlockMetric) AppendText(dst []byte) ([]byte, error) {
	return appendName(dst, "BlockMetric.MarshalText", "block metric", int(m), blockMetricNames[:])
}

// MarshalText implements encoding.TextMarshaler: the name String returns.
func (m BlockMetric) MarshalText() ([]byte, error) { return m.AppendText(nil) }

// UnmarshalText implements encoding.TextUnmarshaler: any name
// ParseBlockMetric accepts.
func (m *BlockMetric) UnmarshalText(text []byte) error {
	v, err := ParseBlockMetric(string(text))
	if err != nil {
		return renamed(err, "BlockMetric.UnmarshalText")
	}
	*m = v
	return nil
}

// ParseDirection returns the Direction named s: "up", "down", "left" or
// "right", as String names them, or the letter FormatMoves writes for it,
// U, D, L or R, in either case.
func ParseDirection(s string) (Direction, error) {
	for d, name := range directionNames {
		if s == name {
			return Direction(d), nil
		}
	}
	if len(s) == 1 {
		if d := strings.IndexByte(moveLetters, s[0]&^0x20); d >= 0 && s[0] >= 'A' {
			return Direction(d), nil
		}
	}
	return 0, errorf("ParseDirection", ErrSyntax, "unknown direction %s (want up, down, left or right)", input.Quote(s))
}

// AppendText implements encoding.TextAppender: the name String returns.
func (d Direction) AppendText(dst []byte) ([]byte, error) {
	return appendName(dst, "Direction.MarshalText", "direction", int(d), directionNames[:])
}

// MarshalText implements encoding.TextMarshaler: the name String returns.
func (d Direction) MarshalText() ([]byte, error) { return d.AppendText(nil) }

// UnmarshalText implements encoding.TextUnmarshaler: any name or letter
// ParseDirection accepts.
func (d *Direction) UnmarshalText(text []byte) error {
	v, err := ParseDirection(string(text))
	if err != nil {
		return renamed(err, "Direction.UnmarshalText")
	}
	*d = v
	return nil
}
