package slide

// Metric is what counts as one move of a sliding-tile board.
type Metric uint8

const (
	TileMoves Metric = iota // one tile slides one cell into the blank
	LineMoves               // the tiles in line with the blank slide one cell, together
	numMetrics
)

var metricText = enum[Metric]{typ: "Metric", kind: "metric", names: []string{"tile", "line"}}

// String returns "tile" or "line".
func (m Metric) String() string { return metricText.format(m) }

// ParseMetric returns the [Metric] named s, as String names it.
func ParseMetric(s string) (Metric, error) { return metricText.parse("ParseMetric", s) }

// MarshalText implements [encoding.TextMarshaler]: the name String returns.
func (m Metric) MarshalText() ([]byte, error) { return metricText.marshal(m) }

// UnmarshalText implements [encoding.TextUnmarshaler] with [ParseMetric].
func (m *Metric) UnmarshalText(text []byte) error { return metricText.unmarshal(text, m) }
