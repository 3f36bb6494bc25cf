package tiles

import "github.com/slidekit/slide/internal/pdb"

// A Kind is the family of a heuristic.
type Kind uint8

// The kinds of heuristic, weakest first.
const (
	Zero            Kind = iota // 0: a uniform-cost search
	Hamming                     // tiles off their goal cells
	Manhattan                   // the tiles' taxicab distances to their goal cells
	LinearConflict              // Manhattan distance plus linear conflicts
	WalkingDistance             // Takahashi's walking distance (see WalkingTables)
	Database                    // an additive pattern database
)

// A Heuristic is an estimate as the searches take it: its Kind and, for a
// Database, the tables.
type Heuristic struct {
	Kind Kind
	Name string // how messages name it, such as "pdb663"
	// Spec is a Database's partition: a shipped one for the blank in a
	// corner, turned to fit the board's goal (see orient), or the board's
	// own if Custom.
	Spec   pdb.Spec
	Custom bool
}
