// Package tiles is the core of slide's sliding-tile searches: the
// goal-relative form every search works in, the heuristics computed in
// it, the states the root package's generic engines search, and the
// specialised optimal searches.
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
// # Searches
//
// Space holds one puzzle as the searches see it: the goal, a Heuristic and
// the move metric. Its states (Packed for boards of up to 16 cells,
// four bits a cell in one uint64; Grid and Node for larger ones, as
// strings or interned in an engine.Arena) implement the generic engines'
// State, and update Manhattan distance and linear conflicts by deltas as
// tiles move. The specialised searches are optimal and allocate nothing
// per node: IDA* on a packed board or on one mutable board re-scored line
// by line (Space.IDA, on one goroutine or several, driven by
// internal/idastar), A* on packed boards (Space.AStar16), and the pattern
// databases' IDA* of internal/pdb (Space.DatabaseIDA), whose shipped
// tables Orient turns to fit any goal with the blank in a corner. Census
// counts a small board's whole space by distance.
//
// Invariants: every heuristic is admissible and never counts the blank;
// the searches try moves in one fixed order and break ties the same way
// on any number of workers, so their answers do not depend on timing; and
// node counts follow Korf's conventions (the goal detected when
// generated, the root counted), so that they compare with published ones.
package tiles
