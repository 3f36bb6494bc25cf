package slide

import (
	"strconv"
	"strings"

	"github.com/slidekit/slide/internal/input"
)

// An enum is the text form of an enumeration type T: the names of its
// values, in order, and other names its Parse function also reads. Every
// enumeration of the package (Direction, Metric, Algorithm, BlockMetric,
// Motion) has String, MarshalText, UnmarshalText and a ParseT function,
// each a call of the enum's methods.
type enum[T ~uint8] struct {
	typ     string       // the Go type, such as "Metric"
	kind    string       // what a value is, for messages, such as "metric"
	names   []string     // the name of each value
	aliases map[string]T // other names Parse reads
}

// format returns the name of v, or "Type(n)" for a value without one.
func (e *enum[T]) format(v T) string {
	if int(v) < len(e.names) {
		return e.names[v]
	}
	return e.typ + "(" + strconv.Itoa(int(v)) + ")"
}

// parse returns the value named s, failing as function fn with an error
// wrapping ErrSyntax that lists the names.
func (e *enum[T]) parse(fn, s string) (T, error) {
	for v, name := range e.names {
		if s == name {
			return T(v), nil
		}
	}
	if v, ok := e.aliases[s]; ok {
		return v, nil
	}
	return 0, errorf(fn, ErrSyntax, "unknown %s %s (want %s)", e.kind, input.Quote(s), oneOf(e.names))
}

// marshal returns the name of v as text, or an error for a value without
// one.
func (e *enum[T]) marshal(v T) ([]byte, error) {
	if int(v) >= len(e.names) {
		return nil, errorf(e.typ+".MarshalText", ErrSyntax, "%s %d has no name", e.kind, v)
	}
	return []byte(e.names[v]), nil
}

// unmarshal sets *v to the value text names.
func (e *enum[T]) unmarshal(text []byte, v *T) error {
	parsed, err := e.parse(e.typ+".UnmarshalText", string(text))
	if err != nil {
		return err
	}
	*v = parsed
	return nil
}

// oneOf lists names as "a, b or c".
func oneOf(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}
