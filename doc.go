// Package slide solves sliding puzzles: whether a goal can be reached, a
// shortest solution, and where that is out of reach a good one with a
// proven bound on its distance from optimal. It takes sliding-tile boards
// up to 255 x 255 (any goal, repeated labels, tile or line moves),
// sliding-block puzzles, and puzzles of your own.
//
// A [Board] is an immutable, comparable value: cells row-major from 0,
// tiles positive labels, the blank 0. [Solvable] decides reachability in
// O(R*C); a [Move] is named by the [Direction] its tile slides.
//
// # Settings
//
// Every call that takes settings is a method of a value whose fields are
// those settings, as a net/http Server's are: [Solver], [Cache],
// [BlockSolver], [SVG], [AStar], [IDAStar], [BFS]. The zero value has
// every default. A method refuses, with [ErrOption] and before any work, a
// field out of range, a field it does not use and a nil context: no
// setting is ignored.
//
// # Solving
//
// [Solver.Solve] returns a [Solution] labelled with what is proven: Optimal
// for a proven optimum, and a LowerBound. Its [Mode] asks for a shortest
// solution ([Optimal]: IDA* on every core with linear conflicts or the
// strongest pattern database at hand), one within a factor ([Weighted]),
// the best within a time ([Anytime]) or one quickly on any board, in
// seconds up to 255 x 255 ([Fast]). Searches keep to their [Limits], memory included, and stop
// soon after their context ends. Pattern databases, shipped ([PDB663] and
// others) or a [Database] of your own, are built once into a [Cache];
// [Auto] takes the strongest at hand, and [Solver.Prepare] builds ahead.
// [BlockSolver] solves [Blocks]; [AStar], [IDAStar] and [BFS] search any
// [Node], allocating nothing per node once warm.
//
// # Text
//
// Boards and puzzles are read by [ParseBoard] from a string, [ReadBoard]
// from an [io.Reader] and [MustParseBoard] for literals ([ParseBlocks],
// [ReadBlocks], [MustParseBlocks] likewise); names by ParseT
// ([ParseHeuristic], [ParseMode]...). Errors are an *[Error] wrapping a
// sentinel such as [ErrSyntax]. The values read from text implement
// [encoding.TextMarshaler] and [encoding.TextUnmarshaler].
//
// Values are safe to share; a Solver, Cache or BlockSolver serves many
// goroutines at once, an engine one at a time. docs/PERFORMANCE.md gives
// the figures behind these choices.
package slide
