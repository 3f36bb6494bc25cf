//go:build !unix

package outfile

import "io/fs"

// linkCount returns the number of hard links of the file fi describes: 1,
// where the system does not say.
func linkCount(fs.FileInfo) uint64 { return 1 }

// writable reports whether the user may write the file path: true, where
// only the permission bits (a read-only file on Windows) tell.
func writable(string) bool { return true }
