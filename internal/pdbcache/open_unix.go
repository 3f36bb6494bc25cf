//go:build unix

package pdbcache

import (
	"os"
	"syscall"
)

// openFlags open a cache file for reading without blocking: a FIFO opens
// at once, to be refused (see openFile), and a terminal does not become
// the process's controlling terminal.
const openFlags = os.O_RDONLY | syscall.O_NONBLOCK | syscall.O_NOCTTY
