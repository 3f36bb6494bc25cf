// Package solve runs a Solver's modes on one board: it takes settings
// already checked and a board in goal-relative form (see internal/tiles),
// chooses the engine and the tables, and runs the Optimal, Weighted,
// Anytime or Fast mode, labelling the answer with what is proven of it.
// It is the policy of the root package's Solver, which keeps the public
// types, refuses the settings and calls [Run] (and [Prepared]) once.
//
// The invariants:
//
//   - Settings reach Run checked: every value in range and used by the
//     mode (the root refuses the others with ErrOption), so Run refuses
//     only what depends on the board and the tables: a memory bound that a
//     table, its build or the answer passes, a cost bound below the lower
//     bound, a node limit.
//   - The heuristic Auto stands for is chosen here, and only here: the
//     strongest shipped database of the board in memory or in the disk
//     cache (never built on the way) that fits the memory bound and, under
//     a time budget, is read within its share (the pages of its file that
//     the page cache holds mapped, not read, where the system says which:
//     see readTime); else linear conflicts.
//   - An answer's moves belong to the caller's [Path]: the modes hand it
//     paths (the blank's cell in every board) or single moves, and never
//     keep moves of their own, so that the caller's memory bound and move
//     function see every move once.
//   - Errors are the internal packages' (*engine.Error, which the root
//     names; *engine.LimitError, which is the root's; a context's); the
//     root's engines' own errors pass through as they are.
//   - A mode is deterministic for given settings, board and tables, but for
//     the time budgets of Anytime and the work shared among workers.
package solve
