//go:build !unix

package testsets

import "time"

// startWall is when the process began, near enough: when the package
// initialized.
var startWall = time.Now()

// CPUTime falls back to the wall time since the process began where
// rusage is missing.
func CPUTime() time.Duration { return time.Since(startWall) }
