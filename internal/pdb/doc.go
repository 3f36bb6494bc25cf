// Package pdb builds additive disjoint pattern databases: the tables that
// bound the fewest moves of a sliding-tile board, and their builds.
//
// # Conventions
//
// Everything here works in the goal-relative form, as the root package's
// engines do: cells are numbered row-major from 0, a tile is named by its
// goal cell, and the blank by the blank's goal cell. A board is a []uint8
// of R*C values, cells[c] naming the tile on cell c; the goal is the
// identity. Any goal (the blank anywhere, tiles in any order) becomes this
// form by relabeling, so nothing here depends on where the goal puts things
// except the blank's goal cell, which a Spec names. The package imports
// nothing of slide's but the standard library.
//
// # Tables
//
// A Spec is a board size, the blank's goal cell and a partition of (some
// of) the tiles into patterns; Named finds the shipped partitions (Korf555,
// Korf663 and Korf78 for the 15-puzzle, Korf6666 for the 24-puzzle, for the
// goal with the blank on cell 0), and ParseSpec reads the name String
// writes. Each pattern's Table maps every placement of its k tiles on the n
// cells, ranked densely onto [0, n!/(n-k)!) (see ranker), to the fewest
// moves of those tiles that bring them home while the blank and the other
// tiles move freely: a breadth-first search over (placement, region of the
// blank) from the goal, one entry a placement. Only the pattern's own moves
// count, so the entries of disjoint patterns add up to a lower bound (Korf
// and Felner's disjoint pattern databases): a DB, whose Estimate also takes
// the larger of that bound and the bound of the board reflected about the
// main diagonal, for a square board whose blank's goal cell is on it.
//
// Entries are bytes, or compact (4 bits an entry, half the excess over
// Manhattan distance, see Table) when every table of the DB allows, as for
// the shipped partitions. A search reads a table at its dense ranks, or in
// the sparse layout (cells as base-n digits, see Table.SparseLayout and
// Table.Sparse), where a tile's move changes the index by one
// multiply-add.
//
// # Builds
//
// Tables are built explicitly (Build), table after table, largest first,
// never at init; NewDB makes a DB of tables read from elsewhere (see
// internal/pdbcache, which keeps them in files). A build reports progress
// through a callback after every breadth-first layer; Spec.BuildBytes and
// Spec.TableBytes give its memory beforehand, and Spec.CheckBuild what the
// builder cannot take.
//
// Invariants: a Table is immutable once built and safe for concurrent use
// (its sparse layout is made once, under a lock); every entry is the exact
// fewest moves of its pattern's tiles, so the sum over disjoint patterns is
// admissible; and a DB's tables hold one format, bytes or compact.
package pdb
