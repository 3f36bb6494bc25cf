// Package slide solves sliding puzzles: whether a goal can be reached, a
// shortest solution, and where that is out of reach a good one with a
// proven bound. It takes tile boards up to 255 x 255 (any goal, repeated
// labels, tile or line moves), sliding-block puzzles, and your own puzzles.
//
// A [Board] is an immutable, comparable value: cells row-major from 0,
// tiles positive labels, the blank 0. [Solvable] decides reachability in
// O(R*C); a [Move] is named by the [Direction] its tile slides.
//
// Every call that takes settings is a method of a value whose fields are
// those settings: [Solver], [Cache], [BlockSolver], [SVG], [AStar],
// [IDAStar], [BFS]. The zero value has every default; a field out of
// range or unused, or a nil context, is refused with [ErrOption] before
// any work.
//
// [Solver.Solve] returns a [Solution] labelled Optimal or with a proven
// LowerBound. Its [Mode] asks for a shortest solution ([Optimal]: IDA* on
// every core, by linear conflicts or the strongest pattern database at
// hand), one within a factor ([Weighted]), the best within a time
// ([Anytime]) or one in seconds on any board ([Fast]). Searches keep to
// their [Limits], memory included, and stop soon after their context
// ends. Pattern databases, shipped ([PDB663] and others) or a [Database] of
// your own, are built once into a [Cache]; [Auto] takes the strongest at
// hand and [Solver.Prepare] builds ahead. [BlockSolver] solves [Blocks];
// [AStar], [IDAStar] and [BFS] search any [Node], allocating nothing per
// node once warm.
//
// [ParseBoard] reads a string, [ReadBoard] an [io.Reader], [MustParseBoard]
// a literal ([ParseBlocks], [ReadBlocks], [MustParseBlocks] likewise);
// names have ParseT ([ParseHeuristic], [ParseMode]...), and the values read
// from text implement [encoding.TextMarshaler] and
// [encoding.TextUnmarshaler]. Errors are an *[Error] wrapping a sentinel
// such as [ErrSyntax].
//
// Values are safe to share; a Solver, Cache or BlockSolver serves many
// goroutines at once, an engine one at a time.
package slide
