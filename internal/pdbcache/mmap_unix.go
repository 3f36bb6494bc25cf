//go:build unix

package pdbcache

import (
	"io/fs"
	"os"
	"syscall"
)

// canMap reports whether mapFile maps files.
const canMap = true

// mapFile maps the size bytes of f read-only, shared with the page cache
// (see map.go); the mapping outlives f.
func mapFile(f *os.File, size int64) ([]byte, error) {
	m, err := mapOnly(f, size)
	if err != nil {
		return nil, err
	}
	adviseMapping(m)
	return m, nil
}

// mapOnly maps the size bytes of f read-only and shared, advising nothing
// and touching no page.
func mapOnly(f *os.File, size int64) ([]byte, error) {
	if size <= 0 || int64(int(size)) != size {
		return nil, errNoMapping
	}
	rc, err := f.SyscallConn()
	if err != nil {
		return nil, err
	}
	var m []byte
	cerr := rc.Control(func(fd uintptr) {
		m, err = syscall.Mmap(int(fd), 0, int(size), syscall.PROT_READ, mapFlags)
	})
	if cerr != nil {
		return nil, cerr
	}
	if err != nil {
		return nil, err
	}
	return m, nil
}

// unmapFile unmaps a mapping of mapFile.
func unmapFile(m []byte) { syscall.Munmap(m) }

// identify returns the identity of the file of status st.
func identify(st fs.FileInfo) (fileID, bool) {
	sys, ok := st.Sys().(*syscall.Stat_t)
	if !ok {
		return fileID{}, false
	}
	return fileID{dev: uint64(sys.Dev), ino: uint64(sys.Ino), size: st.Size(),
		mtime: st.ModTime().UnixNano(), ctime: ctime(sys)}, true
}
