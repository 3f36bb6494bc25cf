//go:build !linux

package pdbcache

import "os"

// hintWillNeed gives no hint on this system.
func hintWillNeed(*os.File, int64) {}

// memoryTotal does not tell the machine's memory on this system.
func memoryTotal() (int64, bool) { return 0, false }
