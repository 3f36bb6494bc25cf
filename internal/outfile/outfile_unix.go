//go:build unix

package outfile

import (
	"io/fs"
	"syscall"
)

// linkCount returns the number of hard links of the file fi describes.
func linkCount(fi fs.FileInfo) uint64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Nlink)
	}
	return 1
}

// writable reports whether the user may write the file path, as the
// system's permissions say.
func writable(path string) bool {
	const wOK = 2 // access(2)'s W_OK
	return syscall.Access(path, wOK) == nil
}
