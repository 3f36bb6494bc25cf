// Package bench runs the batches of "slide bench": it solves instances
// some at once and hands their results on in the order of the file
// (Run), takes a shard of them (Shard), judges each result against the
// file's reference (Verdict) and writes the lines and totals that bench
// prints (WriteResult, Totals). Reading the file is the command's.
//
// Run holds at most jobs searches and AheadPerJob*jobs results at once,
// however many instances come; a result is handed on as soon as it and
// those before it are done.
package bench
