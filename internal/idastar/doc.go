// Package idastar is slide's IDA*: the iterations of a depth-first search
// under a growing bound, on one goroutine or several, and the searches of
// sliding-tile boards that run under it. (The root package's generic
// IDAStar, over any State, is the public engine; this package holds the
// specialised searches behind Solve.)
//
// # The driver
//
// A search embeds a Core, the state of one iteration with its counters
// and limits, and calls Core.Generate for every child it generates. Core.Run
// runs the iterations on the caller's goroutine; Parallel runs them on
// several workers, each with its own copy of the search's scratch memory
// (a Tree), over a frontier split of every iteration (see Parallel for
// the split and the proof that every goal found is a shortest solution).
//
// # The searches
//
//   - IDA, for a tiles.Space under Manhattan distance and linear conflicts:
//     ida16 on one uint64 for boards of up to 16 cells with lines of at
//     most 6, idaGrid on one mutable board re-scored line by line for the
//     others.
//   - Solver, under the additive tables of a pdb.DB, maxed with their
//     reflection and walking distance (tiles.WalkingTables) as
//     SolverOptions choose, for boards of up to 32 cells; SolveWeighted is
//     its weighted IDA*. It keeps the board as a byte a cell and every
//     pattern's index, updates only the moved tile's pattern's index per
//     move (one multiply-add in the sparse layout, see
//     pdb.Table.SparseLayout), and prunes move strings with the automaton
//     that make_prune.go generates (or only immediate reversals,
//     NoMovePruning).
//   - DatabaseIDA and AutoDatabaseIDA run a Solver over a tiles.Space's
//     tables, or IDA with linear conflicts where reading the tables would
//     cost more than the search.
//
// The searches work in the goal-relative form of internal/tiles (a tile is
// named by its goal cell) and import tiles and pdb; neither imports this
// package.
//
// Invariants: every solution an optimal search returns is a shortest one;
// moves are tried in one fixed order (the blank up, left, right, down) and
// ties broken the same way on any number of workers, so that answers do
// not depend on timing; node counts follow Korf's conventions (the goal
// detected when it is generated, Generated counting every child generated
// plus the root), so that they compare with published ones; and a search
// allocates nothing per node.
package idastar
