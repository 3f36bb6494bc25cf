// Package near finds good solutions of sliding-tile boards where a
// shortest one is out of reach, each with a proven lower bound on the
// fewest moves. It works on goal-relative codes and blank paths (see
// internal/tiles) and calls the optimal search only through Config.Optimal
// and the IDA* of internal/idastar.
//
// # The family
//
//   - Fast brings home one outer row or column of the unsolved region at
//     a time (see reducer), until 3 x 3 cells are left, which it solves
//     optimally: any board up to 255 x 255, in time polynomial in its size
//     and memory for the board only.
//   - Weighted returns a solution within a factor of the fewest moves:
//     the databases' weighted IDA* or weighted A* (wastar), which never
//     reopens a board and so stays within the factor under the consistent
//     heuristics here; past 4 x 4, beams checked against the lower bound,
//     and where measures say no search would prove the factor, a refusal
//     at once naming the factor in reach (see reach).
//   - Anytime improves the fast mode's answer until its time is up: beam
//     searches whose width adapts, layer by layer, to end in time (see
//     beamSearch and the rankings of beam_rank.go), edge by edge past 7 x 7
//     (see peelSolve), and on boards larger than a frame on the region the
//     fast mode leaves (see solveRegion); then it polishes the best path by
//     re-solving windows of it optimally (see polisher). On small boards it
//     runs the optimal search bounded by its answer instead. Up to 7 x 7
//     the beams run in rounds (see anytime.rounds), each one beam on every
//     worker: a beam's answers improve with the logarithm of its width, so
//     the first round is sized to nearly all of the budget, and one beam
//     of twice the width gives shorter answers than the shorter of two
//     beams ranking two ways. A beam sets its width from the layers it
//     foresees by the fall of its ranking so far (see beamSearch.adapt);
//     on 7 x 7 boards the rankings fall faster at first than near the
//     goal, so the rounds' beams there foresee more (see wideLead) and
//     keep an even width to the goal. Where the first round ends early
//     (its memory caps its width, or it finds the goal sooner than it
//     foresaw), rounds ranking boards other ways take the time left,
//     until under a twenty-fifth of the budget is left, which polishing
//     takes; no round follows one that used its time (see roundEnd). An
//     answer is kept only when shorter, and the way of a beam that finds
//     no goal in time is finished by the fast mode (see complete). A beam
//     keeps how it reached each board in about half a byte (see
//     stepLayer), so that one its memory caps still runs wide. A clock
//     that counts the boards generated in place of the wall clock (see
//     workClock) tests the use of the budget apart from the machine's
//     speed.
//
// Where the anytime mode runs beams in rounds or edge by edge, an IDA*
// from the start raises its lower bound beside them, within a few
// percent of one core (see boundSearch and anytime.raiseBound), and
// past that on the cores the beams leave idle (see idleGate): every
// iteration it completes proves two moves more. Its heuristic is the
// largest of the admissible ones at hand: the database's bound, its
// reflected lookup, linear conflicts, and splits of the database's
// patterns between their entries and linear conflicts among the other
// tiles (see splitBound), which see conflicts between patterns that no
// table holds; it scores them cheapest first, linear conflicts before
// the tables, and drops a child at the first that puts it past the
// iteration's bound. A learned ranking never enters a bound.
//
// Answers are repaired before they leave: none holds a move followed by
// its undo. The fast mode's moves pass a canceller, a stack of bounded
// size, as they are made; Tidy takes such pairs out of any path of blank
// cells (and with line moves makes two moves along one line one), where
// the root package turns answers into moves and before the anytime mode
// polishes. The polisher re-solves windows of the path measured in moves,
// each optimally by IDA* on the rectangle the blank visits (its
// heuristic the distance to the window's far end), sliding them along the
// path and repeating while a pass gains. Every answer of the Weighted and
// Anytime modes, and of the fast mode on boards of at most polishCells
// cells, first passes windows of 8 to 16 moves from every board of its
// path (see polisher.shorten), solved by a search that builds no tables
// (see shortSearch): none holds a stretch of up to 16 moves that a
// shortest way within its rectangle would shorten. A beam's path has few
// short detours, as a beam keeps each board at the first layer that
// reaches it: what gains most there are windows of tens of moves, not a
// search of the few moves around each board of the path for shortcuts
// (Nakhost and Müller's plan neighbourhood). Nor do longer windows: searched on the whole board
// under the database relabelled by the window's far end (a tile counted
// at the cell that board holds it on), windows of 40 to 80 moves of a
// polished path gain next to nothing for many times the beam's work. A
// beam's excess lies in the course of its whole path, which only a wider
// beam or a better ranking shortens.
//
// A frame is where the weighted and beam searches work: a board of at
// most 255 cells as bytes, turned to the orientation of a pattern
// database's tables when it has one.
//
// Invariants: every answer returned is a valid path to the goal, and its
// lower bound is proven (a heuristic's bound at the start, a completed
// search's bound, or a length over the weight); a search stopped by its
// context still returns the best answer it holds. The memory the beams
// hold counts against Config.Limits; so do the boards every search
// generates, the fast mode's moves included (a beam expands no layer
// whose children could pass the node limit), and no answer returned
// passes its cost bound.
package near
