//go:build !unix

package idastar

import "time"

var startWall = time.Now()

// cpuTime falls back to wall time where rusage is missing.
func cpuTime() time.Duration { return time.Since(startWall) }
