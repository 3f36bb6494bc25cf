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
// WithDatabase (a pattern database of your own), WithWalkingDistance,
// WithMetric (TileMoves, LineMoves), WithLimits, WithCacheDir. Options
// that do not fit the board fail with ErrOption before any work.
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
// Every search stops with a *LimitError at its Limits (nodes, or memory,
// 2 GiB by default) and with the context's error when SolveContext's
// context is done, never by exhausting memory. Limits.MaxCost asks a
// bounded question instead: is there a solution of at most that many
// moves? The searches then stop, with ErrNotFound, as soon as the bound
// rules a solution out.
//
// # Memory and cancellation
//
// A search counts against Limits.MaxMemory everything it holds, as it
// allocates it: its nodes (kept in chunks that never move, so that no
// regrown array lingers), its hash tables (each counted with the one it
// replaced until the next doubling), queues and layers, the boards of more
// than 16 cells and the keys of large block puzzles (stored once each in
// an arena, and named by a number), and the pattern databases Solve would
// load or build (refused beforehand when they need more; Auto passes over
// them). A search of the package's puzzles therefore makes no garbage per
// state, and its peak resident memory stays close to its bound: 1.84 to
// 2.06 GiB under the 2 GiB default for A* and bidirectional BFS on random
// 5 x 5, 6 x 6 and 200 x 200 boards, the census of the 200 x 200 board,
// and block puzzles of hundreds of pieces, measured with /usr/bin/time.
// Heuristic.Memory tells what a database needs. The anytime mode's beams,
// which widen with the time they have, narrow where their layers, the
// path of every board they keep and their sets of boards would outgrow
// what the tables leave. The command's searches take the bound as
// -max-memory.
//
// A context's cancellation is turned into a flag that the searches poll at
// every expansion (and, for a block position of thousands of moves, within
// it), so that they stop within a few milliseconds of it, on any board.
// Every function that takes a context takes a nil one as
// context.Background().
//
// # When a shortest solution is out of reach
//
// Optimal search is practical up to the 15-puzzle and for many 24-puzzle
// boards; past that, three modes return a good solution instead, each
// labelled with what is proven about it. Solution.Optimal is true only for
// a proven optimum, and Solution.LowerBound always holds a proven lower
// bound on the fewest moves (so a solution is within Len()/LowerBound of
// optimal).
//
//   - WithWeight(w) guarantees at most w times the fewest moves. On boards
//     larger than 4 x 4 it first tries beam searches (below) and stops as
//     soon as an answer is within w times the lower bound; otherwise, and on
//     smaller boards, weighted A* (g + w*h, no reopening, so within w of
//     optimal for the consistent heuristics here). On boards of up to 4 x 4
//     with a pattern database it runs weighted IDA* on the database solver
//     instead (with a weight of at most 3/2, whose answers are within any
//     larger one): Korf's 100 at w = 1.5 with 7-8 in 0.011 s against
//     0.19 s optimal, 1.17 times the shortest lengths on average.
//   - WithTimeLimit(d), or WithAnytime with SolveContext's deadline, returns
//     the best solution found in the time, and a proven optimum when the
//     search completes. It starts from the fast mode's answer, runs one
//     beam search on every core (the boards of each layer with the least
//     heuristic are kept, ranked by the database's bound and linear
//     conflicts less a part of the misplaced tiles, and past 6 x 6 plus a
//     part for every short cycle of tiles, such as two swapped; a wider
//     beam finds shorter solutions) whose width
//     adapts layer by layer to end within the time, then polishes the best
//     by re-solving windows of it optimally. A beam can be trapped where
//     every way on raises the heuristic a long way (7 x 7 boards, rarely
//     smaller): one that stops gaining for 64 layers checks children
//     against every board it kept from then on, and so cannot circle; on
//     boards past 6 x 6 with a database two beams ranking by different
//     heuristics run at once, each on half the cores; and if no beam
//     reaches the goal in time, the fast mode finishes the way to the board
//     of least heuristic a beam kept. Boards of more than 49 cells, where
//     beams on the whole board are trapped more often than not, are solved
//     edge by edge in the fast mode's order: each beam brings home the
//     tiles of one more outer row or column (or of a short row and column
//     that meet at a corner), ranking boards by those tiles' Manhattan
//     distance, then by the other tiles' (so that the way that leaves the
//     rest of the board in better order wins), and keeping one board of
//     those that differ only in other tiles, until 6 x 6 cells are left
//     for a beam on the whole board (random 10 x 10 boards at 1 s: about
//     1,230 moves, against 2,000 for the fast mode). Boards of more than
//     255 cells take the fast mode's way until at most 255 cells are left,
//     and solve that region so (random 20 x 20 boards at 1 s: about 14,300
//     moves, against 16,100 for the fast mode). On boards of up to 16
//     cells (25 with a pattern database) it runs the optimal
//     search bounded by the best answer instead, which either proves it
//     optimal or improves it, and whose bound is the lower bound when time
//     runs out. Pattern databases make it stronger: PDB35 (6 x 6) and PDB48
//     (7 x 7) are built for it on first use by "slide solve -time" (a budget
//     runs from when its tables are ready). Beams read a database's tables
//     in a layout where a move changes a table's index by one multiply-add
//     (made in half a second for PDB35, 212 MB more in memory).
//   - WithFast() solves any board, up to 255 x 255, in time polynomial in
//     its size and memory for the board only (with WithMoves): it brings
//     home an outer row or column of the unsolved region at a time, filling
//     the cells whose tile the blank reaches soonest, the last two of a line
//     as a pair, and steers the blank, of all its shortest paths, along the
//     one that brings the tiles it displaces closest to home; the last 3 x 3
//     cells are solved optimally. Random n x n boards take about 2 n^3
//     moves, against (8/3) n^3 for the greedy method of Parberry (2015).
//
// Long solutions need not be kept: WithMoves hands every move to a
// function, and Solution.All replays the boards when Solution.Boards is nil
// (it is, past 64 MiB of boards). FormatMoves and ParseMoves write and read
// solutions as letters (U, D, L, R), the form of "slide solve -moves".
// WithProgress reports how a long search goes.
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
// command "slide pdb build"), from seconds for 5-5-5 and 6-6-3 to 42 s
// for 7-8 and 26 s for 6-6-6-6 (a few hundred megabytes), and kept on disk under
// os.UserCacheDir()/slide/pdb with a versioned header and a checksum; a
// damaged file is rebuilt. Auto uses the strongest one already in memory
// or on disk and never builds one; AutoHeuristic names it, so that a
// program can load it by BuildDatabase before timing its searches. Solve
// runs them with an IDA* of their own, which updates only the moved tile's
// table index per move and prunes duplicate move sequences with a small
// automaton. Walking distance
// (WalkingDistance, WithWalkingDistance, boards of 2 x 2 to 4 x 4) may be
// used alone or maxed in.
//
// A Database is a pattern database of your own: any goal (the blank
// anywhere) of a board of up to 64 cells, and any partition of its tiles
// into groups by label, written "1 2 3 4 5/6 7 8 9 10/11 12 13 14" (a
// 5-5-4 split of the 3 x 5 board):
//
//	d, err := slide.ParseDatabase(slide.Goal(3, 5), "1 2 3 4 5/6 7 8 9 10/11 12 13 14")
//	err = d.Build(ctx, progress)                   // optional: pay the build ahead
//	sol, err := slide.Solve(start, slide.Goal(3, 5), slide.WithDatabase(d))
//
// ParseDatabase names what is wrong with a partition (a label in two
// groups or none, off the board, the blank in a group, a group the builder
// cannot take); Bytes and BuildBytes give the memory of the tables and of
// their build before anything is built, and a build whose peak exceeds
// Limits.MaxMemory (2 GiB by default) is refused. Boards of up to 32 cells
// (and 16 groups) run the database IDA*; larger ones, such as 6 x 6 in
// seven groups of 5 (seven tables of 45 million entries: 12 s and
// 0.3 GB to build on 2 cores, 158 MB to keep), run the generic engines,
// which compute every board's estimate from scratch: correct, but slow
// (a 32-move 6 x 6 board: 6,480 nodes in 8 ms, where linear conflicts
// take 9,032 in 1.6 ms). The command "slide pdb build -size 3x5
// -partition ..." builds one, and "slide solve -partition ..." uses it.
//
// Tables live in the disk cache (os.UserCacheDir()/slide/pdb, or
// WithCacheDir's directory; WithCacheDir("") keeps them in memory only),
// named after the goal and the groups, and in memory once used, shared by
// every search of the process until ReleaseDatabases. Builds write a
// temporary file and rename it; temporaries left by builds killed while
// writing are removed by later builds (unlocked, and older than a few
// seconds). A build that cannot write the cache still serves the process
// and says why with ErrCache. The default heuristic depends on this cache:
// see SolveContext for how it chooses, and keeps small problems from
// paying for large tables.
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
// commands): Korf's 100 with 6-6-3, 2.08 s on one worker, 1.09 s on two
// (0.53 x; 69.3 and 69.8 million nodes), 0.97 s solving two instances at
// once on one worker each (0.47 x, as slide bench -j 2); the ten easiest
// of Korf and Felner's 24-puzzles with 6-6-6-6, 239.6 s on one worker,
// 120.6 s on two (0.50 x; 6.04 and 6.08 billion nodes).
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
// positions packed into a uint64 where they fit. ReadBlocks reads the text
// format from an io.Reader a field at a time, in memory that grows with
// the pieces only.
//
// # Pictures
//
// WriteSVG draws a solution's boards, and WriteBlocksSVG a sliding-block
// solution's positions, as one animated SVG image: tiles or pieces slide
// from the start to the goal under a move counter, by SMIL animation, with
// no script. Large boards scale down to stay legible; a solution longer
// than SVGOptions.MaxMoves (DefaultSVGMoves) shows its first moves and
// says so. A Solution too long to keep its Boards is drawn from the first
// boards of All, with SVGOptions.TotalMoves set to its length.
//
// # The generic engines
//
// AStar, IDAStar and BFS search any type that implements Node: a
// comparable value with Successors. The goal test and the heuristic are
// the engines' GoalFunc and HeuristicFunc fields, which can close over the
// target instead of storing it in every state, or else the state's own
// IsGoal and Heuristic methods (a State has both); BFS needs no heuristic,
// and Bidirectional and Layers no goal test. The engines return the path
// from start to goal, its cost, and the nodes expanded and generated (for
// tuning heuristics). They break ties deterministically (A*: lowest f = g
// + h, then the state generated last), keep their scratch memory between
// searches (keep a searcher to reuse it), and allocate nothing per node
// once warm. Costs may be any integer or float type; integer costs with
// small path costs get a bucket queue, others a binary heap. A negative
// move cost or heuristic, or a path cost that overflows an integer type,
// is an ErrCost error. A state that packs into a uint64 can give the
// engine a Key function, which replaces the Go map with an open-addressing
// table.
//
// Distances takes a census of a puzzle: every board that can reach a goal,
// counted by distance, and the farthest boards. BFS.Layers does the same
// for any State.
//
// # Encodings
//
// Heuristic, Algorithm, Metric, BlockMetric and Direction read and write
// themselves by name (MarshalText, UnmarshalText), so they can be JSON
// fields and flag.TextVar values; Board and Blocks write their text forms.
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
