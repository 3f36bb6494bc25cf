// Package slide answers questions about sliding puzzles: whether a goal can
// be reached, what a shortest solution is, and, where a shortest one is out
// of reach, a good one with a proven bound on how far from optimal it is.
// It handles sliding-tile boards of any size R x C up to 255 x 255, any
// goal, repeated labels and two move metrics; sliding-block puzzles
// (Klotski, Rush Hour); and, through its generic engines, puzzles of your
// own.
//
// # Boards
//
// A Board is an immutable, comparable value. Cells are numbered row-major
// from 0; tiles carry positive labels and the blank is 0:
//
//	b, err := slide.New(3, 3, []int{1, 2, 3, 4, 0, 6, 7, 5, 8})
//	b, err := slide.Parse("3\n1 2 3\n4 0 6\n7 5 8\n") // String's form
//
// NewLabeled accepts repeated labels, equal tiles being interchangeable.
// Every function that solves takes any goal of the same size and labels,
// such as the blank-first goal of Korf's data sets. A Move is named by the
// direction its tile slides: Up moves the tile below the blank.
// RandomBoard draws a board uniformly from those that reach a goal, and
// RandomWalk one a number of random moves away, from a *rand.Rand
// (math/rand/v2) that the caller seeds.
//
// # Solving
//
// Solvable decides reachability exactly in O(R*C). Solve returns a
// solution (its boards and moves) with what is proven about it: Optimal for
// a proven optimum, and always a LowerBound on the fewest moves. WithMode
// chooses what to ask for:
//
//   - Optimal() (the default): a shortest solution. Distinct labels and
//     single-tile moves run IDA* on every core with linear conflicts, or
//     with the strongest pattern database at hand; repeated labels run A*;
//     line moves (a row or column segment sliding as one move) BFS or A*.
//   - Weighted(w): at most w times the fewest moves, usually much sooner.
//   - Anytime(d): the best solution found within d of the call's start,
//     optimal when proven so; the fast mode's answer comes first.
//   - Fast(): a solution within seconds on any board up to 255 x 255.
//
// Every mode keeps to its Limits (nodes, and memory: 2 GiB by default,
// counted as it is allocated, tables and answers included) and stops with
// a *LimitError or an error wrapping ErrLimit, and within milliseconds of
// its context's end. Options that do not fit the board fail with
// ErrOption before any work; WithProgress reports a long search.
//
// # Pattern databases
//
// The shipped databases (PDB555, PDB663 and PDB78 for the 15-puzzle,
// PDB6666 for the 24-puzzle, PDB35 and PDB48 for the near-optimal modes on
// 6 x 6 and 7 x 7) are built once, by BuildDatabase or on first use by
// WithHeuristic, and kept under os.UserCacheDir()/slide/pdb with a
// checksum. Auto, the default heuristic, uses the strongest one in memory
// or on disk and never builds one. A Database is one of your own, for any
// goal and partition of its tiles. A checksum does not prove a file that
// others may write: VerifyDatabase and Database.Verify rebuild the tables in
// memory and compare them with the cache. CachedDatabases lists the cache;
// RemoveDatabase, Database.Remove and CleanDatabases empty it.
//
// # Sliding blocks and generic engines
//
// Blocks holds rectangular pieces on a grid; BlockSolver finds shortest
// solutions in three metrics. AStar, IDAStar and BFS search any comparable
// type that implements Node, deterministically, allocating nothing per node
// once warm; Distances takes the census of a board's whole space.
//
// # Text, pictures and concurrency
//
// Board, Blocks and the enumerations implement encoding.TextMarshaler and
// TextUnmarshaler, for JSON and flags; FormatMoves writes a solution as
// letters, WriteSVG draws it. Boards and Blocks are safe to share; Solve,
// Solvable, Distances and Heuristic.Estimate may run on many goroutines at
// once; an engine value serves one goroutine at a time. A nil context is
// context.Background().
//
// docs/PERFORMANCE.md gives the figures behind these choices and the
// commands that reproduce them.
package slide
