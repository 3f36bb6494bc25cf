//go:build !linux

package pdbcache

import "os"

// dropPages cannot drop a file's pages on this system.
func dropPages(*os.File) bool { return false }
