package tiles

// Stats count a search's work, for the caller's answer.
type Stats struct {
	Expanded, Generated int64
	Workers             int  // the goroutines the search could use
	Fallback            bool // AutoDatabaseIDA of internal/idastar: linear conflicts answered
}
