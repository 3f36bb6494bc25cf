package pdbcache

import (
	"os"
	"syscall"
	"unsafe"
)

// residentBytes returns about how many of the first size bytes of f the
// page cache holds: mincore over a mapping of f that touches none of its
// pages, on the pages sampledRuns picks; false where that fails.
func residentBytes(f *os.File, size int64) (int64, bool) {
	m, err := mapOnly(f, size)
	if err != nil {
		return 0, false
	}
	defer unmapFile(m)
	pages := (size + pageSize - 1) / pageSize
	vec := make([]byte, min(pages, residentSample*residentRun))
	var in int64
	scale, ok := sampledRuns(pages, func(first, n int64) bool {
		b := m[first*pageSize : min(int64(len(m)), (first+n)*pageSize)]
		_, _, errno := syscall.Syscall(syscall.SYS_MINCORE, uintptr(unsafe.Pointer(unsafe.SliceData(b))), uintptr(len(b)), uintptr(unsafe.Pointer(unsafe.SliceData(vec))))
		if errno != 0 {
			return false
		}
		for _, v := range vec[:n] {
			in += int64(v & 1)
		}
		return true
	})
	if !ok {
		return 0, false
	}
	return min(size, int64(float64(in)*scale)*pageSize), true
}
