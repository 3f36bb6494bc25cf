//go:build !linux

package pdbcache

import "os"

// readPages reads nothing ahead on this system.
func readPages(*os.File, int64) {}

// memoryTotal does not tell the machine's memory on this system.
func memoryTotal() (int64, bool) { return 0, false }
