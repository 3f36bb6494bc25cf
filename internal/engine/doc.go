// Package engine holds the parts every search of slide is built from:
//
//   - Bounds, a search's limits as numbers (the root package's Limits
//     gives them), and the Guard that enforces them while a search runs:
//     a flag for the context (one load to poll), the node limit, and the
//     Budget of bytes the search holds;
//   - the containers a search keeps its nodes in, each charging the
//     Budget before it grows: Chunked arrays that never move, an Arena of
//     interned records, the open-addressing Map and Set of packed keys,
//     and a BucketQueue of small integer priorities;
//   - Error, the errors of the internal packages, which the root package
//     turns into its own, and LimitError, a search stopped at a bound,
//     which is the root package's (an alias there);
//   - Yield, by which the loops that look at their context let its timers
//     fire where one thread runs every goroutine and none is preempted
//     (WebAssembly); elsewhere it compiles to nothing.
//
// Invariants: a container charges its Budget for memory before it holds
// it, and keeps what it has when a charge fails (the Budget's Over flag
// then tells the search to stop); an old array that a container replaces
// stays charged until the next replacement, since the garbage collector
// frees it only later. Nothing here allocates once a container has grown
// to its working size.
package engine
