// Package slide answers questions about sliding puzzles: whether a goal can
// be reached, what a shortest solution is, and how a puzzle's whole state
// space is laid out. It handles sliding-tile boards of any size R x C (the
// 8-, 15- and 24-puzzles, 1 x N strips, 127 x 127 boards), any goal,
// repeated labels, and two move metrics; sliding-block puzzles (Klotski,
// Rush Hour) with pieces of any rectangular size; and, since its search
// engines are generic, puzzles of your own.
//
// # Boards
//
// A Board is an immutable, comparable value. Cells are numbered row-major
// from 0 (cell r*C+c is row r, column c, both from 0). Tiles carry positive
// labels and the blank is 0:
//
//	b, err := slide.New(3, 3, []int{1, 2, 3, 4, 0, 6, 7, 5, 8})
//	b, err := slide.Parse("3\n1 2 3\n4 0 6\n7 5 8\n") // String's form
//
// New demands the labels 1 ... R*C-1 once each; NewLabeled accepts any
// labels, repeated or not, for puzzles whose tiles show letters or colours:
// tiles with equal labels are interchangeable, and a goal is reached when
// every cell shows the right label. The standard goal (Goal, and
// Board.StandardGoal for labeled boards) holds the labels in ascending
// row-major order with the blank last:
//
//	1 2 3
//	4 5 6
//	7 8 0
//
// Hamming, Manhattan, IsGoal and IsSolvable measure against the standard
// goal; everything else takes any goal board of the same size and labels.
// Data sets that put the blank first (Korf's 0 1 2 ... convention) are
// solved by passing that goal.
//
// Boards also read and write position strings, one character a cell and
// '-' for the blank, with any printable characters as labels
// (ParsePosition, Board.Position): "236158-47".
//
// Moves are named by the direction a tile slides: Up means the tile below
// the blank moves up into it. Board.Neighbors visits Up, Down, Left, Right
// in that order; Board.Slide(d, n) slides n tiles in line with the blank at
// once, the move of the line metric.
//
// # Solvability
//
// Solvable decides reachability exactly, without search, in O(R*C): on
// boards of at least 2 x 2 the parity of the permutation carrying start to
// goal (blank included) must equal the parity of the blank's taxicab
// distance; on 1 x N and N x 1 boards the tiles' order cannot change; and
// with a repeated label every arrangement of the same labels is reachable.
// Twin exchanges two tiles, moving a board to the other class.
//
// # Solving
//
// Solve returns a shortest solution (boards from start to goal and the
// moves) or an error; unsolvable goals fail at once with ErrUnsolvable. By
// default it picks:
//
//   - boards with distinct labels and single-tile moves: IDA* with
//     Manhattan distance plus linear conflicts, on one packed uint64 for
//     boards of up to 16 cells (lines up to 6 long) and on one mutable
//     board re-scored line by line for larger ones. It needs memory only
//     for the path, so a 127 x 127 board a dozen moves from its goal solves
//     in milliseconds.
//   - repeated labels: A* with Manhattan distance (tiles matched to the
//     goal cells of their label).
//   - line moves (a whole row or column segment slides as one move):
//     bidirectional BFS for boards of up to 16 cells, A* beyond.
//
// For boards of 4 x 4 and 5 x 5 whose pattern database is already built
// (see below), the default IDA* uses it instead of linear conflicts.
//
// Options choose otherwise: WithAlgorithm (AlgoAStar, AlgoIDAStar, AlgoBFS,
// AlgoBidirectional), WithHeuristic (Zero, Hamming, Manhattan,
// LinearConflict, WalkingDistance, PDB555, PDB663, PDB78, PDB6666),
// WithWalkingDistance, WithMetric (TileMoves, LineMoves), WithLimits.
// Every combination is optimal: the heuristics are admissible (the blank
// never counts) and the engines never trade optimality for speed. Which to
// use when:
//
//   - IDA* uses memory only for the current path and suits deep problems
//     (the 15-puzzle) whose states are too many to store; it re-expands
//     states, so it is wasteful on small spaces with many transpositions.
//   - A* stores every state it generates (tens of bytes each) and expands
//     each once: best when the space up to the answer's cost fits in
//     memory.
//   - BFS and bidirectional BFS need no heuristic and store every state
//     within the answer's distance (bidirectional: within half of it from
//     each end); they suit small boards, line moves and labeled boards.
//
// Every search stops with a *LimitError at its Limits (nodes, or an
// estimate of the memory used, 2 GiB by default) and with the context's
// error when SolveContext's context is done, never by exhausting memory.
// Limits.MaxCost asks a bounded question instead: is there a solution of
// at most that many moves? The searches then stop, with ErrNotFound, as
// soon as the bound rules a solution out.
//
// # Heuristics
//
// A Heuristic bounds the moves from a board to a goal from below.
// Hamming counts tiles on a cell whose goal label differs; Manhattan sums
// each tile's row and column distance to its goal cell; LinearConflict adds
// two moves for every tile that must leave its row or column so that
// others of that line can pass (twice the tiles in their goal line minus
// the longest run of them already in order, per line). All take any goal:
// the search works in a goal-relative form in which each tile is renamed
// by its goal cell. With repeated labels Manhattan matches each label's
// tiles to its goal cells axis by axis, and LinearConflict equals
// Manhattan. Under line moves the bounds are divided by the longest line
// less one, the most tiles one move can bring home. Inside the solvers the
// heuristics are updated by deltas as tiles move.
//
// # Pattern databases
//
// The strongest heuristics are additive pattern databases: the tiles are
// split into groups, and a table per group holds the fewest moves of that
// group's tiles (the others and the blank moving freely) from every
// placement of the group to its goal; disjoint groups add up. PDB555,
// PDB663 and PDB78 serve the 15-puzzle, PDB6666 the 24-puzzle, each also
// looked up on the board reflected about the main diagonal. Their tables
// are built on first use (or ahead of time by BuildDatabase, or the
// command "slide pdb build"), from seconds for 5-5-5 and 6-6-3 to minutes
// and a few hundred megabytes for 7-8 and 6-6-6-6, and kept on disk under
// os.UserCacheDir()/slide/pdb with a versioned header and a checksum; a
// damaged file is rebuilt. Solve runs them with an IDA* of their own,
// which updates only the moved tile's table index per move and prunes
// duplicate move sequences with a small automaton. Walking distance
// (WalkingDistance, WithWalkingDistance) may be used alone or maxed in.
//
// # Parallel search
//
// The IDA* searches for distinct labels and single-tile moves (Manhattan
// distance, linear conflicts and the pattern databases) run on
// WithWorkers goroutines, by default runtime.GOMAXPROCS(0): every core
// the process may use. Each worker owns a copy of the search's scratch
// memory (board, path, counters; a few kilobytes) and shares the tables.
//
// The work is split one IDA* iteration at a time. One worker expands the
// root breadth-first, under the iteration's bound and the same move
// pruning, until a depth holds enough nodes: from 64 to 4096 per worker,
// more for larger iterations; the workers then take these subtrees in
// depth-first order from an atomic counter, each searching its subtree
// depth-first, and the iteration ends when every subtree is done, the next
// bound being the least f any worker saw above this one. Iterations
// expected (from the growth of the last ones) to generate fewer than about
// 2^15 nodes run on one worker, since starting the others would cost more
// than it saves. A subtree that finds a goal ends the iteration once the
// subtrees before it are done; those after it are abandoned. Every goal an
// iteration finds lies at a depth equal to its bound and is a shortest
// solution (the proof is in internal/idastar, and a test searches every
// subtree of every iteration to check it), so the search stays optimal;
// and since the earliest subtree wins, the solution is the one a single
// worker returns, whatever the timing. The node counts of every iteration
// but the last are those of one worker; the last also counts the work
// begun after the winning subtree, so the totals vary a little from run to
// run (about 1% on Korf's 100 with 6-6-3 on two workers). With one worker
// the search is the sequential one, node for node.
//
// Measured on the project's 2-core machine, wall-clock seconds of the
// searches (internal/pdb BenchmarkParallel, see its comment for the
// commands): PARALLEL_FIGURES
//
// On 8 to 64 cores, expect the long searches to scale well but not
// linearly, for three reasons. First, an iteration ends with its slowest
// subtree: IDA* subtrees differ in size by orders of magnitude, and the
// frontier grows with the workers (up to 2^17 subtrees in all) so that the
// largest subtree stays a small share of an iteration, but the last
// iteration ends at the
// solution, which lies in some subtree that one worker searches alone
// while the others run out of earlier work; the shorter an iteration is
// per worker, the more this weighs. Second, the frontier is built on one
// goroutine (up to some 3 x 10^5 nodes an iteration, ten milliseconds)
// and small iterations run on one worker, which caps the
// speed-up of searches that last well under a second: for batches of
// such instances, solving several at once (slide bench -j) scales with no
// such loss. Third, every node costs a table lookup at a random address:
// the 6-6-3 tables (6 MB) stay in a server's last-level cache, but the
// 6-6-6-6 and 7-8 tables (255 and 290 MB) are read from memory, whose
// latency the workers share well until the memory controllers' queue of
// outstanding misses fills: expect the 24-puzzle to scale nearly linearly
// to one socket's cores and less across sockets, where half the lookups
// become remote. Manhattan distance and linear conflicts use no table and
// scale with the cores. Hyperthreads help the table-bound searches (a
// core can wait on two misses at once) more than the others.
//
// # Sliding blocks
//
// Blocks holds a sliding-block puzzle: rectangular pieces on a grid, each
// sliding horizontally, vertically, both or not at all. ParseBlocks reads
// the text format of the "slide blocks" command and ParseRushHour the
// usual 36-character Rush Hour notation; BlockSolver finds shortest
// solutions by breadth-first search, counting a straight slide of any
// length (StraightMoves), every cell (StepMoves) or any path of one piece
// (PieceMoves) as one move, toward the goal piece in the last column, a
// target cell for a piece (BlockGoalAt), or any predicate (BlockGoalFunc).
// Identical pieces are interchangeable, so the search runs over canonical
// positions packed into a uint64 where they fit.
//
// # The generic engines
//
// AStar, IDAStar and BFS search any type that implements State: a
// comparable value with Successors, Heuristic and IsGoal. They return the
// path from start to goal, its cost, and the nodes expanded and generated
// (for tuning heuristics). They break ties deterministically (A*: lowest
// f = g + h, then the state generated last), keep their scratch memory
// between searches (keep a searcher to reuse it), and allocate nothing per
// node once warm. Costs may be any integer or float type; integer costs
// with small path costs get a bucket queue, others a binary heap. A state
// that packs into a uint64 can give the engine a Key function, which
// replaces the Go map with an open-addressing table.
//
// Distances takes a census of a puzzle: every board that can reach a goal,
// counted by distance, and the farthest boards. BFS.Layers does the same
// for any State.
//
// # Encodings
//
// Board.Pack packs a board of up to 16 cells with labels below 16 into a
// uint64, four bits a cell, cell i in bits 4i to 4i+3; the solvers work on
// this form (holding each tile's goal cell instead of its label), since a
// move is then a few shifts and XORs and a state hashes as one word.
// Larger boards use byte-string keys (Board.Key). RankPermutation and
// UnrankPermutation are a perfect hash of permutations onto [0, n!), and
// the half-rank variants map one parity class onto [0, n!/2); Distances
// uses them to mark visited boards with one bit each.
//
// # Concurrency
//
// Boards are immutable and safe to share. Solve, Solvable, Distances and
// Heuristic.Estimate may be called from many goroutines at once. An
// AStar, IDAStar or BFS value must be used by one goroutine at a time.
//
// # Performance
//
// Measured on a 2-core AMD EPYC virtual machine (go test -bench, see
// bench_test.go; run `go test -run XXX -bench . -short` to repeat):
//
//   - IDA* with Manhattan distance and linear conflicts on the 15-puzzle
//     generates 45 to 58 million nodes a second on one core, and the node
//     counts equal those of the reference recomputation of Korf's
//     experiments node for node.
//   - The two hardest 8-puzzle positions (31 moves) take about 0.3 ms with
//     IDA* and 0.8 ms with A*.
//   - The census of the whole 8-puzzle (181,440 boards) takes about 18 ms.
//   - Board methods are O(R*C): Manhattan takes 60 ns on 3 x 3 and 83 us on
//     127 x 127.
//   - The open-addressing table of packed states puts and finds the
//     181,440 8-puzzle boards in about 20 ms against 47 ms for a Go map.
//   - Rush Hour's hardest known position (60 moves) solves in under 1 ms,
//     Klotski's standard start in about 5 ms.
//   - With pattern databases, Korf's 100 15-puzzle instances take a few
//     CPU-seconds in all (6-6-3) or under one (7-8); see internal/pdb.
package slide
