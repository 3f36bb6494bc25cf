package pdb

import (
	"syscall"
	"unsafe"
)

// adviseHugePages asks the kernel to back s with huge pages, as the tables'
// builds and lookups touch memory at random and would otherwise miss the
// TLB on most probes. Best effort: the kernel may decline.
func adviseHugePages[T any](s []T) {
	if len(s) == 0 {
		return
	}
	b := unsafe.Slice((*byte)(unsafe.Pointer(&s[0])), uintptr(len(s))*unsafe.Sizeof(s[0]))
	_ = syscall.Madvise(b, syscall.MADV_HUGEPAGE)
}
