// Package blocks is the state space of slide's sliding-block puzzles:
// rectangular pieces on a grid, each sliding horizontally, vertically,
// both or not at all.
//
// A Space packs a position into a key: one bit field a movable piece, its
// position relative to the cells its group can reach, and identical
// pieces (same size and motion) merged into groups whose fields are kept
// in ascending order, so that there is one key per arrangement. Fixed
// pieces that are not the goal join the occupancy once. Keys of at most
// 64 bits are a State64; longer ones are interned in an engine.Arena and
// named by a number (Wide). Both implement the root package's State for
// its generic BFS; on grids of at most 64 cells under straight or step
// moves, BFS64 makes the same search with the moves generated in
// registers (successors64). GoalLayers orders a whole component by
// distance from its solved positions, a search from all of them at once,
// for the puzzles dealt at a chosen length and the farthest position.
//
// Invariants: a key is canonical (identical pieces are interchangeable),
// so a search stores each arrangement once; expanding a position
// allocates nothing; and every move generated is legal: inside the grid,
// through free cells, in a direction the piece's motion allows.
package blocks
