//go:build !unix

package pdbcache

import "os"

// openFlags open a cache file for reading: on this system, the status
// that openFile checks first tells the files that would block.
const openFlags = os.O_RDONLY
