// Package bench runs the batches of "slide bench": it solves instances
// with one Solver (Search), some at once, and hands their results on in
// the order of the file (Run); it divides the cores and the memory bound
// among the searches under way (Workers, ShareMemory), loads the anytime
// mode's tables before the first instance (ReadAhead), takes a shard of
// the instances (Shard), judges each result against the file's reference
// (Verdict), prints the lines and totals that bench prints (Printer,
// WriteResult, Totals) and reads the instances of a bench file (Reader).
//
// Run holds at most jobs searches and AheadPerJob*jobs results at once,
// however many instances come; a result is handed on as soon as it and
// those before it are done.
package bench
