//go:build unix

package main

import (
	"os"
	"syscall"
)

// openFlags open a file for reading without waiting for a writer, should
// a named pipe take the place of a regular file between the look and the
// open.
const openFlags = os.O_RDONLY | syscall.O_NONBLOCK
