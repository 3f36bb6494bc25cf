// Package play answers the requests of slide's playground, the web page
// in playground/site that solves sliding puzzles in the browser: its Web
// Worker hands each request, one JSON object, to [Handler.Handle] through
// the WebAssembly program of playground/wasm, and relays the messages
// Handle emits. It is a thin layer over the public API of
// github.com/slidekit/slide, answering with the JSON report and the texts
// of the slide command (internal/report), and it builds and is tested on
// every platform.
//
// A request is {"id": ID, "op": OP, ...}: ID any JSON value of at most
// 256 bytes, echoed in every message (null if the request has none, or is
// not an object, or its id is longer); a field the op does not take is
// refused, and so is a request of more than 1 MiB, before it is decoded
// (its id is still found and echoed). Handle emits any number of progress
// messages, then one result:
//
//	{"type": "progress", "id": ID, "build": {"name", "table", "tables", "depth", "reached", "entries"}}
//	{"type": "progress", "id": ID, "search": {"bound", "generated", "best", "lower_bound", "seconds"}}
//	{"type": "progress", "id": ID, "best": {"length", "lower_bound", "optimal", "moves", "seconds"}}
//	{"type": "result", "id": ID, "ok": true, "result": {...}}
//	{"type": "result", "id": ID, "ok": false, "error": "what was wrong"}
//
// A solve in the anytime mode tells each shorter answer it finds, as
// "best": its moves in the result's letters, and the lower bound proven
// by then, so that a page that stops the search keeps the best answer
// found; only on boards whose answers take at most 1 MiB of letters (up
// to 63 x 63), whose copies the memory bound counts.
//
// A board is {"rows", "cols", "tiles": [row-major, 0 the blank]}, and its
// goal slide.Goal(rows, cols): 1 2 3 ... with the blank last. Boards have
// 2 to 255 rows and 2 to 255 columns, in every op: a size past them is
// refused before any work. The ops, their fields (? optional) and their
// results:
//
//	parse     text (slide solve's file format)        {board, solvable}
//	shuffle   rows, cols, seed (a decimal uint64)    {board, solvable}: slide.RandomBoard from rand.NewPCG(seed, 0), as slide random -seed
//	solvable  board                                  {solvable}
//	tables    (none)                                 {tables: [{name, board, cached, bytes}]}
//	build     name                                   {name, board, cached, bytes, seconds, warning?}, with build progress
//	solve     board, mode?, budget_ms?, weight?,     {solvable, report, moves, length, optimal, lower_bound,
//	          metric?, svg? (true or false)          expanded, generated, seconds, text, svg, built}
//	hint      board                                  {solvable, move, length?, optimal, built}
//	blocks    text, metric?                          {report, rows, cols, pieces, moves, positions, discarded, text, svg}
//	warm      (none)                                 {tables, seconds}: the cached tables read, their search run briefly
//	deal      rows, cols, seed, moves                {board, solvable, length, proven, lower_bound, seconds, built}
//	deal      text, seed, moves?, metric?            {text, length, metric, discarded, seconds}
//
// Solve's mode is optimal (the default; boards of at most 4 rows and 4
// columns, 4 x 4 searched with pdb663, built first if need be), weighted
// (weight, a factor of at least 1: at most that many times the fewest
// moves, as slide solve -w), anytime (budget_ms, the best found within
// it) or fast; its metric tile (the default) or line.
// Its report is what slide solve -json prints, its text what slide solve
// -moves prints, its svg slide solve -svg's picture ("" if the request's
// svg is false: on a large board, drawing it takes a good part of the
// search's time, and its text a third of the answer), its seconds the
// search's, and built the tables built on the way; a board that cannot
// reach the goal is answered with solvable false, no moves and the text
// "No solution possible". Moves holds every move; past 1 MiB of them, the
// text and the report leave them out, as slide solve -count and -count
// -json do, so that the answer holds them once. Hint gives the first move
// of a shortest solution up to 4 x 4, past it of the anytime mode's answer
// within a second, and if there is none by then, the fast mode's first
// move, of a length not known: length is then left out ("" at the goal).
// Deal deals, from rand.NewPCG(seed, 0) as slide random -moves -seed
// does, a board of rows x cols whose shortest solution has exactly moves
// moves, proven by optimal search (slide.Solver.Random in the Optimal
// mode, 4 x 4 with pdb663), on boards of up to 25 cells; past them a board
// whose tiles lie moves from home by Manhattan distance, a lower bound
// (the Fast mode): proven says whether length is the fewest. Given a
// block puzzle's text instead, it deals a position of its pieces moves
// from solved under the metric (slide.BlockSolver.Random), or without
// moves the farthest (slide.BlockSolver.Farthest), written in slide
// blocks's file format.
// Blocks reads the puzzle in slide blocks's file format
// and solves it under the metric straight (the default), step or piece:
// pieces are {name, row, col, width, height, motion, goal} (rows and
// columns from 0, motion fixed, horizontal, vertical or both), moves
// {piece, index, text, slides: [{piece, dir, distance}]} (index into
// pieces), positions the start and the puzzle after each move, each the
// pieces' cells [{row, col}] in the order of pieces, and discarded the
// messages of the piece lines left out.
//
// A request holds at most 1 GiB of memory: its search, tables included,
// and its answer. The answer's moves take a byte a move (a line move's
// letter and count take fewer bytes than its tiles), are kept up to twice
// the fast mode's moves on a random board of the size (a solve past them
// is stopped and refused), and are held in at most three copies at once
// (the moves, the result message, and the caller's copy of it); the search
// is bounded by what that share leaves, which on 255 x 255 is over four
// fifths of the whole.
package play
