package slide

// The memory of pattern databases. Their tables count against a search's
// Limits.MaxMemory like the rest of what it holds: Solve refuses a
// database heuristic whose tables (or their build, when they are neither
// in memory nor on disk) need more, before reading or building anything,
// and Auto passes over the databases that do not fit.

// databaseMemory returns the bytes the database heuristic h needs on a
// rows x cols board whose blank belongs on cell blank: its tables, and the
// peak of their build if it must be built. It returns 0 when h does not
// fit the board (an error Solve reports later).
func databaseMemory(h Heuristic, rows, cols, blank int) int64 {
	_, spec, err := orient(h, rows, cols, blank)
	if err != nil {
		return 0
	}
	tables, build := spec.Memory()
	if !databaseAvailable(spec) {
		return max(tables, build)
	}
	return tables
}

// checkDatabaseMemory returns an error wrapping ErrLimit if the database
// heuristic h needs more memory than lim allows.
func checkDatabaseMemory(fn string, h Heuristic, rows, cols, blank int, lim Limits) error {
	if !h.IsDatabase() {
		return nil
	}
	if need := databaseMemory(h, rows, cols, blank); need > lim.memory() {
		return errorf(fn, ErrLimit, "the tables of %v need %s, more than the memory limit of %s: raise Limits.MaxMemory, or choose another heuristic",
			h, formatBytes(need), formatBytes(lim.memory()))
	}
	return nil
}
