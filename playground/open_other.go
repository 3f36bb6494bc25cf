//go:build !unix

package main

import "os"

// openFlags open a file for reading.
const openFlags = os.O_RDONLY
