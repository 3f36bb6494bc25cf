package pdbcache

import (
	"os"
	"syscall"
)

// dropPages asks the system to drop f's pages from the page cache.
func dropPages(f *os.File) bool {
	_, _, errno := syscall.Syscall6(syscall.SYS_FADVISE64, f.Fd(), 0, 0, 4 /* POSIX_FADV_DONTNEED */, 0, 0)
	return errno == 0
}
