// Package play answers the requests of slide's playground, the web page
// in playground/site that solves sliding puzzles in the browser: its Web
// Worker hands each request, one JSON object, to [Handler.Handle] through
// the WebAssembly program of playground/wasm, and relays the messages
// Handle emits. It is a thin layer over the public API of
// github.com/slidekit/slide, answering with the JSON report and the texts
// of the slide command (internal/report), and it builds and is tested on
// every platform.
//
// A request is {"id": ID, "op": OP, ...}: ID any JSON value, echoed in
// every message (null if the request has none, or is not an object); a
// field the op does not take is refused. Handle emits any number of
// progress messages, then one result:
//
//	{"type": "progress", "id": ID, "build": {"name", "table", "tables", "depth", "reached", "entries"}}
//	{"type": "progress", "id": ID, "search": {"bound", "generated", "best", "lower_bound", "seconds"}}
//	{"type": "result", "id": ID, "ok": true, "result": {...}}
//	{"type": "result", "id": ID, "ok": false, "error": "what was wrong"}
//
// A board is {"rows", "cols", "tiles": [row-major, 0 the blank]}, and its
// goal slide.Goal(rows, cols): 1 2 3 ... with the blank last. The ops, their
// fields (? optional) and their results:
//
//	parse     text (slide solve's file format)        {board, solvable}
//	shuffle   rows, cols, seed (a decimal uint64)    {board, solvable}: slide.RandomBoard from rand.NewPCG(seed, 0), as slide random -seed
//	solvable  board                                  {solvable}
//	tables    (none)                                 {tables: [{name, board, cached, bytes}]}
//	build     name                                   {name, board, cached, bytes, seconds, warning?}, with build progress
//	solve     board, mode?, budget_ms?, metric?      {solvable, report, moves, length, optimal, lower_bound,
//	                                                  expanded, generated, seconds, text, svg, built}
//	hint      board                                  {solvable, move, length, optimal, built}
//	blocks    text, metric?                          {report, rows, cols, pieces, moves, positions, discarded, text, svg}
//	warm      (none)                                 {tables, seconds}: the cached tables read, their search run briefly
//
// Solve's mode is optimal (the default; boards of at most 4 rows and 4
// columns, 4 x 4 searched with pdb663, built first if need be), anytime (budget_ms, the
// best found within it) or fast; its metric tile (the default) or line.
// Its report is what slide solve -json prints, its text what slide solve
// -moves prints, its svg slide solve -svg's picture, its seconds the
// search's, and built the tables built on the way; a board that cannot
// reach the goal is answered with solvable false, no moves and the text
// "No solution possible". Hint gives the first move of a shortest solution
// up to 4 x 4, past it of the anytime mode's answer within a second
// ("" at the goal). Blocks reads the puzzle in slide blocks's file format
// and solves it under the metric straight (the default), step or piece:
// pieces are {name, row, col, width, height, motion, goal} (rows and
// columns from 0, motion fixed, horizontal, vertical or both), moves
// {piece, index, text, slides: [{piece, dir, distance}]} (index into
// pieces), positions the start and the puzzle after each move, each the
// pieces' cells [{row, col}] in the order of pieces, and discarded the
// messages of the piece lines left out. Every search is bounded by 1 GiB
// of memory.
package play
