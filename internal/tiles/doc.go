// Package tiles is the state space of slide's sliding-tile puzzles: the
// goal-relative form every search works in, the heuristics computed in
// it, and the states that searches expand.
//
// # The goal-relative form
//
// A Goal is a goal board seen from its tiles: each tile is named by a
// code, its goal cell when the labels are distinct (the rank of its label
// otherwise), and the blank by BlankCode. A board becomes a []int32 of
// codes (Goal.Encode), so that a tile's distance home is arithmetic on its
// code, and any goal (the blank anywhere, tiles in any order) costs the
// searches nothing. In a Space's states, a cell holds a value: the tile's
// code, and for the blank the one value no tile uses (the blank's goal
// cell, or 0 with repeated labels).
//
// # Heuristics
//
// Goal.Estimate computes Hamming and Manhattan distance and linear
// conflicts from scratch; LineKeys keep linear conflicts by deltas on
// boards of up to 16 cells. WalkingTables are Takahashi's walking
// distance, and Orient turns the shipped pattern databases of internal/pdb
// to fit any goal with the blank in a corner (Space.Tables opens them
// through internal/pdbcache). Walking distance lives here rather than in
// a package of its own because it is one more heuristic of the
// goal-relative board, computed from the same codes, attached to a Space
// as the others are and shared, like the conflict tables, once a process.
//
// # States
//
// Space holds one puzzle as the searches see it: the goal, a Heuristic and
// the move metric. Its states (Packed for boards of up to 16 cells, four
// bits a cell in one uint64; Grid and Node for larger ones, as strings or
// interned in an engine.Arena) implement the root package's generic
// engines' State and update Manhattan distance and linear conflicts by
// deltas as tiles move. Two searches run on the packed states themselves:
// Space.AStar16, A* in the packed keys, and Census, which counts a small
// board's whole space by distance. The IDA* searches of a Space live in
// internal/idastar, which reads what they need of it (Values, Manhattan,
// LineKeys, Tables).
//
// Invariants: every heuristic is admissible and never counts the blank;
// states try moves in one fixed order, so searches over them break ties
// the same way every time; and expanding a packed state allocates nothing.
package tiles
