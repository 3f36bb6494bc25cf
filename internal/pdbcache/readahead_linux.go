package pdbcache

import (
	"os"
	"syscall"
)

// readAheadWindow is the bytes of a file readPages maps at a time: a
// whole number of huge pages, and little of the process's memory.
const readAheadWindow = 8 << 20

// readPages reads the first size bytes of f into the page cache: it
// maps them a window at a time, advising huge pages and populating the
// window (as a load does, see mapFile and populate), and unmaps it, so
// that the process holds at most a window of them. The kernel then reads
// the file in huge pages where its file system allows, which later
// mappings of it map whole: mapped in small pages, a table of a gigabyte
// takes tens of milliseconds to map and as many to unmap at exit.
func readPages(f *os.File, size int64) {
	rc, err := f.SyscallConn()
	if err != nil {
		return
	}
	_ = rc.Control(func(fd uintptr) {
		for off := int64(0); off < size; off += readAheadWindow {
			m, err := syscall.Mmap(int(fd), off, int(min(readAheadWindow, size-off)), syscall.PROT_READ, mapFlags)
			if err != nil {
				return
			}
			adviseMapping(m)
			populate(m)
			unmapFile(m)
		}
	})
}

// memoryTotal returns the bytes of the machine's memory.
func memoryTotal() (int64, bool) {
	var in syscall.Sysinfo_t
	if syscall.Sysinfo(&in) != nil {
		return 0, false
	}
	return int64(in.Totalram) * int64(in.Unit), true
}
