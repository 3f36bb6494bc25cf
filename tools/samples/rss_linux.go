package main

import (
	"os"
	"syscall"
)

// maxRSS returns the peak resident memory of the ended process p in bytes
// (Linux counts Maxrss in KiB).
func maxRSS(p *os.ProcessState) int64 {
	if u, ok := p.SysUsage().(*syscall.Rusage); ok {
		return u.Maxrss * 1024
	}
	return 0
}
