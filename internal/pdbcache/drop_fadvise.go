//go:build linux && (amd64 || arm64 || riscv64 || loong64 || ppc64le)

package pdbcache

import (
	"os"
	"syscall"
)

// dropPages asks the system to drop f's pages from the page cache
// (POSIX_FADV_DONTNEED, which keeps those not yet written back), and
// reports whether it took the request.
func dropPages(f *os.File) bool {
	rc, err := f.SyscallConn()
	if err != nil {
		return false
	}
	var errno syscall.Errno
	if rc.Control(func(fd uintptr) {
		_, _, errno = syscall.Syscall6(syscall.SYS_FADVISE64, fd, 0, 0, 4 /* POSIX_FADV_DONTNEED */, 0, 0)
	}) != nil {
		return false
	}
	return errno == 0
}
