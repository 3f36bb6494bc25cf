package slide

// Algorithm names the engine a [Solver] runs for a shortest solution.
type Algorithm uint8

// The engines; AlgoAuto chooses IDA*, or A* for repeated labels and line
// moves (bidirectional BFS for line moves up to 16 cells, A* by a Heuristic).
const (
	AlgoAuto Algorithm = iota
	AlgoAStar
	AlgoIDAStar
	AlgoBFS
	AlgoBidirectional
	numAlgorithms
)

var algorithmText = enum[Algorithm]{typ: "Algorithm", kind: "algorithm",
	names:   []string{"auto", "astar", "idastar", "bfs", "bibfs"},
	aliases: map[string]Algorithm{"ida": AlgoIDAStar, "bidirectional": AlgoBidirectional}}

// String returns "auto", "astar", "idastar", "bfs" or "bibfs".
func (a Algorithm) String() string { return algorithmText.format(a) }

// ParseAlgorithm returns the [Algorithm] named s (also "ida",
// "bidirectional").
func ParseAlgorithm(s string) (Algorithm, error) { return algorithmText.parse("ParseAlgorithm", s) }

// MarshalText implements [encoding.TextMarshaler]: the name String returns.
func (a Algorithm) MarshalText() ([]byte, error) { return algorithmText.marshal(a) }

// UnmarshalText implements [encoding.TextUnmarshaler] with [ParseAlgorithm].
func (a *Algorithm) UnmarshalText(text []byte) error { return algorithmText.unmarshal(text, a) }
